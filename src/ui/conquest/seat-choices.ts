/**
 * Auto Place All and Auto-Defend are each player's own [002 I "the computer will automatically place your
 * armies for you"; II.3 "Auto-Defend ensures you automatically roll 2 dice"]: a pair of boxes on every
 * seat of the setup screen. The screen's "every seat" boxes stand for all of them at once (the options'
 * `true`); otherwise the seats ticked are the option's list. Kept by seat, across the seats' re-drawing.
 */
import type { FactionId } from '../../../systems/conquest/content';

export type SeatChoice = 'autoPlace' | 'autoDefend';

const DEFAULTS: Record<SeatChoice, boolean> = { autoPlace: false, autoDefend: true };
const LABELS: Record<SeatChoice, [string, string]> = {
  autoPlace: ['auto place', 'The computer claims and places this seat\'s starting armies'],
  autoDefend: ['auto-defend', 'This seat always defends with the most dice it may; off, it chooses'],
};

export class SeatChoices {
  private readonly chosen: Record<SeatChoice, boolean[]> = { autoPlace: [], autoDefend: [] };

  /** The seat's two boxes, for its row. */
  html(seat: number): string {
    const boxes = (['autoPlace', 'autoDefend'] as const)
      .map((key) => {
        const on = this.chosen[key][seat] ?? DEFAULTS[key];
        const [label, title] = LABELS[key];
        return `<label class="cq-seat-choice muted small" title="${title}"><input type="checkbox" data-seat-${key.toLowerCase()}="${seat}"${on ? ' checked' : ''} data-testid="cq-seat-${key}"> ${label}</label>`;
      })
      .join('');
    return `<span class="cq-seat-choices">${boxes}</span>`;
  }

  /** A box of a seat was ticked or cleared: true when the event was one. */
  changed(target: HTMLElement): boolean {
    if (!(target instanceof HTMLInputElement) || target.type !== 'checkbox') return false;
    for (const key of ['autoPlace', 'autoDefend'] as const) {
      const seat = target.dataset[`seat${key[0]!.toUpperCase()}${key.slice(1).toLowerCase()}`];
      if (seat !== undefined) {
        this.chosen[key][Number(seat)] = target.checked;
        return true;
      }
    }
    return false;
  }

  /** The option as the engine takes it: every seat (`true` when `everySeat`), else the factions ticked. */
  option(key: SeatChoice, seats: readonly { faction: FactionId }[], everySeat: boolean): boolean | FactionId[] {
    if (everySeat) return true;
    const list = seats.filter((_, i) => this.chosen[key][i] ?? DEFAULTS[key]).map((s) => s.faction);
    return list.length === seats.length ? true : list.length ? list : false;
  }

  /** Show a seat's boxes only where the "every seat" box does not already decide for all. */
  show(root: HTMLElement, everySeat: Record<SeatChoice, boolean>): void {
    for (const key of ['autoPlace', 'autoDefend'] as const)
      for (const box of root.querySelectorAll<HTMLInputElement>(`[data-seat-${key.toLowerCase()}]`)) box.closest('label')!.hidden = everySeat[key];
  }
}
