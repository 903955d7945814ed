/**
 * [issue 44] the opponent's turn, summed up: while the AI decides, the events the player may read are
 * gathered; when his own decision comes, they are shown as a few lines of what changed and why, by
 * heading (victory points, loyalty and rebellion, losses, detections and searches, combat), each line a
 * button that flies the camera to its place. The moves themselves play on the map at the pace the
 * player set (Settings > Motion > Opponent's moves, also on the setup screen; any key or click skips
 * the rest of the turn), the latest of them listed in the panel as they come (`recent`). Dismissed with
 * its close button or the next AI turn.
 */
import type { GameEvent } from '../../../core/engine/types';
import type { EntityRefs } from '../../../core/world/entity-refs';
import { esc } from '../../html';

const HEADINGS: { title: string; kinds: RegExp }[] = [
  { title: 'Loyalty and rebellion', kinds: /^(loyalty|rebellion|rebel-control|imperial-control|domino)/ },
  { title: 'Losses', kinds: /^(character-killed|capture|unit-eliminated|eliminated|ship-lost|units-lost)/ },
  { title: 'Detections and searches', kinds: /^(detection|search|found)/ },
  { title: 'Combat', kinds: /^(military-combat|character-combat|pdb-attack|pdb-racking)/ },
  { title: 'The galaxy', kinds: /^(assignment|galactic|chaos)/ },
];

/** An event's place for the map: the first planet or environ it names (content id), or null. */
function placeOf(e: GameEvent, refs: EntityRefs): { kind: string; id: string } | null {
  for (const eid of e.entities ?? []) {
    const r = refs[eid];
    if (r && (r.kind === 'planet' || r.kind === 'environ' || r.kind === 'system')) return r;
  }
  return null;
}

export class TurnSummary {
  private gathered: GameEvent[] = [];
  private pointsBefore: number | null = null;
  private shown: { html: string } | null = null;
  /** The player closed it. */
  private closed = false;

  /** While the AI decides: keep what the player may read (the worker sends only that). */
  gather(events: readonly GameEvent[], rebelPoints: number | null): void {
    if (!this.gathered.length && this.pointsBefore === null) this.pointsBefore = rebelPoints;
    this.gathered.push(...events);
    this.shown = null;
    this.closed = false;
  }

  /** The last `n` events gathered in the AI's turn so far (the thinking box's lines of what is being shown). */
  recent(n: number): readonly GameEvent[] {
    return this.gathered.filter((e) => e.kind !== 'turn').slice(-n);
  }

  /** The player's decision has come: sum up what was gathered, once. */
  settle(refs: EntityRefs, rebelPoints: number | null, opponent: string): void {
    if (!this.gathered.length) return;
    const events = this.gathered;
    this.gathered = [];
    const lines: string[] = [];
    if (rebelPoints !== null && this.pointsBefore !== null && rebelPoints !== this.pointsBefore) {
      const d = rebelPoints - this.pointsBefore;
      lines.push(`<h4>Victory points</h4><p class="small">The Rebel ${d > 0 ? 'gained' : 'lost'} ${Math.abs(d)} (${this.pointsBefore} → ${rebelPoints}).</p>`);
    }
    this.pointsBefore = null;
    let counted = 0;
    for (const h of HEADINGS) {
      // a fight's steps (its rounds) stay in the log: the summary says who fought whom, where, and how it ended
      const these = events.filter((e) => h.kinds.test(e.kind) && e.data?.step !== true);
      counted += these.length;
      if (!these.length) continue;
      const items = these.slice(-6).map((e) => {
        const at = placeOf(e, refs);
        const text = `${esc(e.text)} <span class="rule">${esc(e.rule ?? '')}</span>`;
        return at ? `<li><button class="link" data-summary-place="${esc(at.kind)}:${esc(at.id)}" title="Show it on the map">${text}</button></li>` : `<li>${text}</li>`;
      });
      const more = these.length > 6 ? `<li class="muted">and ${these.length - 6} more in the event log</li>` : '';
      lines.push(`<h4>${esc(h.title)}</h4><ul class="context">${items.join('')}${more}</ul>`);
    }
    const rest = events.length - counted;
    if (!lines.length) return;
    this.shown = {
      html: `<div class="turn-summary" data-testid="turn-summary"><b>${esc(opponent)}'s turn</b> <button data-summary-close title="Close">×</button>${lines.join('')}${
        rest > 0 ? `<p class="muted small">${rest} other event${rest === 1 ? '' : 's'}: see the event log.</p>` : ''
      }</div>`,
    };
  }

  html(): string {
    return this.shown && !this.closed ? this.shown.html : '';
  }

  /** A click in the summary: close it, or fly to a line's place (returns the place, or true when closed). */
  click(target: HTMLElement): { kind: string; id: string } | boolean {
    if (target.closest('[data-summary-close]')) {
      this.closed = true;
      return true;
    }
    const at = target.closest<HTMLElement>('[data-summary-place]')?.dataset.summaryPlace;
    if (!at) return false;
    const [kind, id] = at.split(':');
    return { kind: kind ?? '', id: id ?? '' };
  }
}
