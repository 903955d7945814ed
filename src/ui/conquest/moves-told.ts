/**
 * What the moves of a conquest game did, told [002]: the battle a step belongs to, the territories it
 * acted on (marked on the map), its events that everyone may read, what a roll cost each side, and a
 * beat of the AI's (fast) in one line for the summary after its turns. Pure functions of the steps.
 */
import type { GameEvent } from '../../core/engine/types';
import type { FactionId } from '../../../systems/conquest/content';
import type { Beat } from './pace';
import type { Step } from './session';

/** The battle under way: its territories, and the attacker's last dice (0: not known). */
export interface Battle {
  from: string;
  to: string;
  dice: number;
}

/** What the words need of the game: its territories' names and the armies on the board now. */
export interface GameNow {
  nameOf(territory: string): string;
  view(viewer: null): { armies: Readonly<Record<string, number>> };
}

/** The battle a step belongs to (its territories and the attacker's dice, for a defence, the dice and the odds), else the one before. */
export function battleOf(step: Step, before: Battle | null): Battle | null {
  const d = step.decision;
  let battle = before;
  if (d.kind === 'conquest-battle' && typeof d.context?.from === 'string' && typeof d.context?.to === 'string')
    battle = { from: d.context.from, to: d.context.to, dice: typeof step.command.dice === 'number' ? step.command.dice : 0 };
  if (step.command.type === 'attack') battle = { from: String(step.command.from), to: String(step.command.to), dice: 0 };
  return battle;
}

/** The territories a step acted on. */
export function placesOf(step: Step, battle: Battle | null): Set<string> {
  const c = step.command;
  const places = [c.territory, c.from, c.to].filter((t): t is string => typeof t === 'string');
  if (['roll', 'annihilate', 'defend', 'retreat'].includes(c.type) && battle) places.push(battle.from, battle.to);
  if (typeof step.decision.context?.from === 'string') places.push(step.decision.context.from, String(step.decision.context.to));
  return new Set(places);
}

/** The events of these steps that everyone may read, as lines (the viewer's own are in the log): the last three. */
export function publicLines(steps: readonly Step[]): string[] {
  const lines = steps.flatMap((s) => s.events.filter((e) => e.visibleTo === 'all' && e.kind !== 'turn').map((e) => e.text));
  return lines.slice(-3);
}

/** What a roll (or an Annihilate's many: `rolls`) cost each side since `step` began, and whether the territory fell. */
export function battleResult(
  game: GameNow,
  step: Step,
  rolls: readonly GameEvent<FactionId>[],
  battle: { from: string; to: string },
  sides: { attacker: string; defender: string },
  taken: boolean,
): string {
  const { from, to } = battle;
  const now = game.view(null).armies;
  const before = step.armiesBefore;
  // after a conquest the attackers that rolled already stand in the new territory
  const attackerLoss = (before[from] ?? 0) - (now[from] ?? 0) - (taken ? (now[to] ?? 0) : 0);
  const defenderLoss = taken ? (before[to] ?? 0) : (before[to] ?? 0) - (now[to] ?? 0);
  const rolled = rolls.length > 1 ? `${rolls.length} rolls: ` : '';
  const lost = `${sides.attacker} loses ${attackerLoss}, ${sides.defender} loses ${defenderLoss}.`;
  return `${rolled}${lost}${taken ? ` ${game.nameOf(to)} is taken!` : ''}`;
}

/** A beat in one line for the summary: a battle's rolls and losses summed, the other steps' own words. */
export function beatLine(game: GameNow, beat: Beat, steps: readonly Step[], battle: Battle | null, name: (f: FactionId | null) => string): string {
  const first = steps[0];
  const rolls = steps.flatMap((st) => st.events.filter((e) => e.kind === 'roll'));
  if (beat === 'battle' && first && battle && rolls.length) {
    const { from, to } = battle;
    const attacker = first.ownerBefore[from] ?? null;
    const defender = first.ownerBefore[to] ?? null;
    const taken = steps.some((st) => st.events.some((e) => e.kind === 'conquest'));
    const eliminated = steps.flatMap((st) => st.events.filter((e) => e.kind === 'eliminated' && e.visibleTo === 'all').map((e) => e.text));
    const result = battleResult(game, first, rolls, battle, { attacker: name(attacker), defender: name(defender) }, taken);
    return [`${name(attacker)} attacks ${game.nameOf(to)} from ${game.nameOf(from)}: ${result}`, ...eliminated].join(' ');
  }
  return publicLines(steps).join(' ');
}
