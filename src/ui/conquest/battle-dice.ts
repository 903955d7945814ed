/**
 * A conquest roll shown as dice [002 II.3]: the attacker's dice against the defender's, each side in its
 * colour, tumbling onto the faces the engine rolled, with what the roll cost beneath; then they fade. A
 * click on them, or any key, skips them; Settings > Motion > "Show rolls as dice" turns them off.
 */
import { face, makeDie } from '../play/dice-tray';
import { prefersReducedMotion } from '../motion';

export interface ShownBattle {
  attack: number[];
  defence: number[];
  attackColour: string;
  defenceColour: string;
  /** The roll in words ("Crimson attacks Ivoris from Solenne"), and what it cost. */
  title: string;
  result: string;
}

export class BattleDice {
  readonly el: HTMLElement;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private spin: ReturnType<typeof setInterval> | null = null;

  constructor(host: HTMLElement, onSkip: () => void) {
    this.el = document.createElement('div');
    this.el.className = 'cq-dice';
    this.el.dataset.testid = 'cq-dice';
    this.el.hidden = true;
    this.el.title = 'Click, or press any key, to skip';
    this.el.addEventListener('click', () => {
      this.skip();
      onSkip();
    });
    host.appendChild(this.el);
  }

  get shown(): boolean {
    return !this.el.hidden;
  }

  /** Milliseconds the dice stay at this animation speed (1 normal). */
  static duration(speed: number): number {
    return speed > 0 ? (550 + 1300 + 350) / speed : 0;
  }

  /** Tumble, settle, hold, fade; a newer roll replaces the one on show. `speed` 0 shows nothing. */
  show(battle: ShownBattle, speed: number): void {
    if (speed <= 0) return;
    this.skip();
    const dice: { el: HTMLElement; value: number }[] = [];
    // asked for less motion, the dice lie on their faces from the start
    const still = prefersReducedMotion();
    const side = (values: number[], colour: string, who: string) => {
      const row = document.createElement('div');
      row.className = 'cq-dice-side';
      row.style.setProperty('--c', colour);
      row.setAttribute('aria-label', `${who}: ${values.join(', ')}`);
      for (const value of [...values].sort((a, b) => b - a)) {
        const die = makeDie();
        face(die, still ? value : 1 + Math.floor(Math.random() * 6));
        if (!still) die.classList.add('tumbling');
        row.appendChild(die);
        dice.push({ el: die, value });
      }
      return row;
    };
    const head = document.createElement('p');
    head.textContent = battle.title;
    const faces = document.createElement('div');
    faces.className = 'cq-dice-faces';
    const vs = document.createElement('span');
    vs.className = 'cq-vs';
    vs.textContent = 'against';
    faces.append(side(battle.attack, battle.attackColour, 'attacker'), vs, side(battle.defence, battle.defenceColour, 'defender'));
    const result = document.createElement('p');
    result.className = 'cq-dice-result';
    result.textContent = battle.result;
    this.el.replaceChildren(head, faces, result);
    this.el.classList.remove('fading');
    this.el.hidden = false;
    // random faces while they tumble (only the look: the values are the engine's)
    if (!still)
      this.spin = setInterval(() => {
        for (const d of dice) face(d.el, 1 + Math.floor(Math.random() * 6));
      }, 70);
    this.timers.push(
      setTimeout(() => {
        this.stopSpin();
        for (const d of dice) {
          d.el.classList.remove('tumbling');
          face(d.el, d.value);
        }
      }, 550 / speed),
      setTimeout(() => this.el.classList.add('fading'), (550 + 1300) / speed),
      setTimeout(() => this.skip(), BattleDice.duration(speed)),
    );
  }

  skip(): void {
    this.stopSpin();
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    this.el.hidden = true;
    this.el.classList.remove('fading');
  }

  private stopSpin(): void {
    if (this.spin) clearInterval(this.spin);
    this.spin = null;
  }
}
