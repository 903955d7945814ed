/**
 * A conquest move shown as it happens [002]: an attack's arc, a battle's hits and taking, a move's arc, a
 * placement's pulse on the map, the battle's dice in their tray, and the sound of it; at the speed the
 * player set (Settings > Motion) and quicker as the AI's pace is. Each returns how long the next AI move
 * should wait for what it started.
 */
import type { Vector3 } from 'three';
import type { FactionId } from '../../../systems/conquest/content';
import type { Host } from '../shell/mode';
import { BattleDice } from './battle-dice';
import { battleResult, type Battle, type GameNow } from './moves-told';
import type { Step } from './session';
import type { FactionFaces } from './side-panels';
import { rollDice } from './words';

export class StepAnimation {
  constructor(
    private readonly app: Host,
    private readonly dice: BattleDice,
    private readonly faces: FactionFaces,
    /** Put the dice tray where it covers no system (the screen knows where its panels stand). */
    private readonly placeDice: () => void,
  ) {}

  /**
   * Animate what a step of `game` did on the map (arcs, pulses) and as dice (unless `dice` is false),
   * `battle` the battle it belongs to, the AI at `aiSpeed`; returns how long the next AI move should wait (ms).
   */
  play(game: GameNow, step: Step, battle: Battle | null, aiSpeed: number, dice = true): number {
    const speed = this.app.settings.animationSpeed * Math.max(1, aiSpeed / 2);
    const g = this.app.galaxy;
    const { colour, name } = this.faces;
    const pos = (t: string) => g.layout.systems[g.layout.systemIndex.get(t) ?? -1]?.position;
    const c = step.command;
    const owner = (t: string) => step.ownerBefore[t] ?? null;
    const rolls = step.events.filter((e) => e.kind === 'roll');
    const taken = step.events.find((e) => e.kind === 'conquest');
    this.playSounds(step);
    let hold = 0;
    if (speed <= 0) return 0;
    // the effects are sized for the whole galaxy in view: smaller as the camera comes closer
    const scale = (p: Vector3) => Math.min(1.3, g.cameraDistanceTo(p) / 300);
    const arc = (kind: string, from: string, to: string, colour: string) => {
      const a = pos(from);
      const b = pos(to);
      if (a && b) g.animateAt(kind, b, a, colour, scale(b));
    };
    const at = (kind: string, t: string, colour: string) => {
      const p = pos(t);
      if (p) g.animateAt(kind, p, undefined, colour, scale(p));
    };
    if (c.type === 'attack') {
      arc('conquest-attack', String(c.from), String(c.to), colour(owner(String(c.from))));
      hold = 500;
    }
    if (rolls.length && battle) {
      const { from, to } = battle;
      const attacker: FactionId | null = owner(from);
      const defender: FactionId | null = owner(to);
      arc('conquest-attack', from, to, colour(attacker));
      at('conquest-hit', to, colour(attacker));
      if (taken) at('conquest-taken', to, colour(attacker));
      const last = rollDice(rolls[rolls.length - 1] as (typeof rolls)[number]);
      if (last && this.app.settings.showDice && dice) {
        this.dice.show(
          {
            attack: last.attack,
            defence: last.defence,
            attackColour: colour(attacker),
            defenceColour: colour(defender),
            title: `${name(attacker)} attacks ${game.nameOf(to)} from ${game.nameOf(from)}`,
            result: battleResult(game, step, rolls, battle, { attacker: name(attacker), defender: name(defender) }, !!taken),
          },
          speed,
        );
        this.placeDice();
        hold = BattleDice.duration(speed);
      } else hold = 900 / speed;
    }
    if (c.type === 'move-in' || c.type === 'move') {
      const from = String(step.decision.context?.from ?? '');
      const to = String(step.decision.context?.to ?? '');
      arc('conquest-move', from, to, colour(owner(from)));
      hold = Math.max(hold, 600 / speed);
    }
    if (['claim', 'place', 'bonus', 'capital'].includes(c.type) && typeof c.territory === 'string') {
      at('conquest-place', c.territory, colour(c.side));
      hold = Math.max(hold, 150 / speed);
    }
    return hold;
  }

  private playSounds(step: Step): void {
    const kinds = new Set(step.events.map((e) => e.kind));
    if (kinds.has('conquest') || kinds.has('eliminated')) this.app.audio.play('combat');
    else if (kinds.has('roll')) this.app.audio.play('dice');
    else if (kinds.has('card') || kinds.has('trade')) this.app.audio.play('card');
    else if (kinds.has('fortify')) this.app.audio.play('move');
  }
}
