/**
 * Solitaire test fixtures [001]: a game on the bundled galaxy, a board laid out by hand (systems, units,
 * forces, the index and RP set in `stateOf(game)` directly), scripted dice, one Chaos Events marker
 * resolved by id, and a turn played again from its Chaos Events phase on a board a test laid out; for
 * the rules tests, a battle fought to the result wanted, found on the combat table itself.
 */
import { expect } from 'vitest';
import { advance, apply, newGame } from '../../../src/core/engine/game';
import type { Command, Json } from '../../../src/core/engine/types';
import { content } from '../../fixtures';
import type { UnitType } from '../../../systems/solitaire/content';
import { combatResult, fight, type Battle } from '../../../systems/solitaire/combat';
import { EVENTS, SUBSTITUTE, type EventChoice } from '../../../systems/solitaire/events';
import { solitaireRuleset } from '../../../systems/solitaire/ruleset';
import {
  contentOf,
  freshEffects,
  newForce,
  sectorAt,
  stateOf,
  type ChaosForce,
  type Side,
  type SolitaireGame,
  type Unit,
} from '../../../systems/solitaire/state';

export { content };

export function solitaireGame(scenario = 'chaos-long-twilight', seed: string | number = 1, rules?: string[]): SolitaireGame {
  return newGame({ content, ruleset: solitaireRuleset, scenario, seed, ...(rules ? { options: { rules } } : {}) }) as SolitaireGame;
}

/** Apply a command that must be legal. */
export function play(game: SolitaireGame, command: Command<Side>): void {
  const result = apply(game, command);
  if (!result.ok) throw new Error(result.reason);
}

/** The pending decision's first option of a type (throws if there is none). */
export function option(game: SolitaireGame, type: string, where: Partial<Record<string, Json>> = {}): Command<Side> {
  const found = game.pending?.options.find((o) => o.type === type && Object.entries(where).every(([k, v]) => JSON.stringify(o[k]) === JSON.stringify(v)));
  if (!found) throw new Error(`no "${type}" option ${JSON.stringify(where)} in ${game.pending?.kind}: ${JSON.stringify(game.pending?.options.slice(0, 5))}`);
  return found;
}

/** Sector number `n` (01 is the Core) as its id. */
export const sec = (game: SolitaireGame, n: number): string => sectorAt(game, n);

/**
 * Script the game's randomness: its next `rng.int(n)` calls (every d10, every sector "determined at
 * random", every pick) return these values in order. A value out of range, or a roll past the script,
 * is an error: a test that rolls other than it planned is wrong. For a sector drawn at random, give its
 * number less one (`n - 1`).
 */
export function rig(game: SolitaireGame, values: number[]): { left: () => number } {
  const queue = [...values];
  game.rng.int = (n: number) => {
    if (!queue.length) throw new Error(`the rigged rolls ran out (an rng.int(${n}) was not planned)`);
    const v = queue.shift()!;
    if (v < 0 || v >= n) throw new Error(`rigged roll ${v} is out of range for rng.int(${n})`);
    return v;
  };
  return { left: () => queue.length };
}

export type SystemSpec = [side: Side, resource: number, military: number, morph: number, force?: string | null];
export interface UnitSpec {
  at: number;
  type: UnitType;
  side: Side;
  force?: string | null;
  leader?: number | null;
  th?: [number, number];
}

export interface Board {
  /** What every sector not listed holds: no system unit (null), or a system of that side (resource 2, 2/2). */
  rest?: Side | null;
  /** By sector number. */
  systems?: Record<number, SystemSpec | null>;
  units?: UnitSpec[];
  index?: number;
  rp?: number;
  turn?: number;
}

/**
 * Lay out the board by hand: no units, forces, aliens or markers but those listed, the turn's effects
 * fresh, no Leviathan. Returns the units made, in the order given.
 */
export function layBoard(game: SolitaireGame, board: Board): Unit[] {
  const s = stateOf(game);
  const { rest = null, systems = {}, units = [], index = 50, rp = 0 } = board;
  if (board.turn !== undefined) game.turn = board.turn;
  s.index = index;
  s.rp = rp;
  s.units = [];
  s.forces = [];
  s.aliens = [];
  s.nexus = [];
  s.illuminated = [];
  s.institute = null;
  s.leviathan = false;
  s.expeditions = [];
  s.fx = freshEffects();
  s.outcome = null;
  for (const [i, x] of contentOf(game).sectors.entries()) {
    const spec = systems[i + 1];
    if (spec === undefined) s.systems[x] = rest ? { side: rest, resource: 2, military: 2, morph: 2, force: null } : null;
    else s.systems[x] = spec ? { side: spec[0], resource: spec[1], military: spec[2], morph: spec[3], force: spec[4] ?? null } : null;
  }
  return units.map((u) => addUnit(game, u));
}

export function addUnit(game: SolitaireGame, spec: UnitSpec): Unit {
  const s = stateOf(game);
  const unit: Unit = {
    id: s.nextUnit++,
    type: spec.type,
    side: spec.side,
    sector: sec(game, spec.at),
    force: spec.side === 'empire' ? null : (spec.force ?? null),
    leader: spec.leader ?? null,
    th: spec.type === 'TH' ? (spec.th ?? [3, 3]) : null,
  };
  s.units.push(unit);
  return unit;
}

/** A Chaos force with a marker (its units are made with `force: f.id`). */
export function addForce(game: SolitaireGame, kind: ChaosForce['kind'], leader = 2, homeSector: number | null = null, mutant = false): ChaosForce {
  return newForce(game, kind, leader, homeSector === null ? null : sec(game, homeSector), mutant);
}

/**
 * Resolve one Chaos Events marker by id, as the events phase does: `resolve`, then `chosen` with the
 * player's answer when a choice comes back (the first option unless `answer` picks one).
 */
export function resolveEvent(
  game: SolitaireGame,
  id: string,
  answer?: (choice: EventChoice) => Command<Side> | undefined,
): EventChoice | void {
  const event = EVENTS[id];
  if (!event) throw new Error(`there is no event "${id}"`);
  const choice = event.resolve(game);
  if (choice && choice !== SUBSTITUTE && choice.options.length) {
    const command = answer ? answer(choice) : choice.options[0];
    if (command) event.chosen!(game, command);
  }
  return choice;
}

/** Play the turn again from its Chaos Events phase, on the board as a test left it (the pool too); the event log starts afresh. */
export function restartTurn(game: SolitaireGame, turn = game.turn): void {
  game.turn = turn;
  game.events = [];
  game.segment = 0;
  game.stack = [{ proc: solitaireRuleset.sequence[0]!.procedure, data: {} }];
  game.interrupts = [];
  game.pending = null;
  game.winner = null;
  advance(game);
}

/** Answer decisions (the first option, or `answer`'s) until `until` holds or the game ends. */
export function playUntil(game: SolitaireGame, until: (game: SolitaireGame) => boolean, answer?: (game: SolitaireGame) => Command<Side> | undefined, max = 500): void {
  for (let i = 0; i < max && game.pending && !until(game); i++) play(game, answer?.(game) ?? game.pending.options[0]!);
  if (game.pending && !until(game)) throw new Error(`still not there after ${max} decisions (at ${game.pending.kind})`);
}

/** Let every event happen: never use the Institute or a Repression marker, take the first answer otherwise. */
export function letHappen(game: SolitaireGame): Command<Side> | undefined {
  const p = game.pending!;
  return p.options.find((o) => o.type === 'institute-let' || o.type === 'let-happen') ?? p.options[0];
}

export const atBuild = (game: SolitaireGame): boolean => game.pending?.kind === 'chaos-build';

/** The six scenarios [001 Scenarios]. */
export const SCENARIOS = ['chaos-long-twilight', 'chaos-divided-heavens', 'chaos-reconquest', 'chaos-undying-emperor', 'chaos-transhuman-revolt', 'chaos-second-empire'];

/** A game on turn 2 (no first-turn cap), ready for a board laid by hand. */
export const game2 = (scenario = 'chaos-long-twilight'): SolitaireGame => {
  const game = solitaireGame(scenario, 'rules');
  game.turn = 2;
  return game;
};

/** The die that gives `want` ("D3", "A1", "-") in this battle, found on the table itself. */
function dieFor(game: SolitaireGame, b: Battle, want: string): number {
  for (let die = 0; die < 10; die++) {
    const r = combatResult(game, b.attack - b.defence, die + b.dieModifier);
    if ((r.who ? `${r.who}${r.level}` : '-') === want) return die;
  }
  throw new Error(`no die gives ${want} at ${b.attack} against ${b.defence} (${b.dieModifier >= 0 ? '+' : ''}${b.dieModifier})`);
}

/** Fight a battle whose die is rigged to give `want`. */
export function fightFor(game: SolitaireGame, b: Battle, want: string): void {
  rig(game, [dieFor(game, b, want)]);
  const { result } = fight(game, b);
  expect(result.who ? `${result.who}${result.level}` : '-').toBe(want);
}

export const alive = (game: SolitaireGame, u: Unit): boolean => stateOf(game).units.includes(u);

/** The answer that lets the phase pass (ends the build, the moves, the turn; lets an event happen), else the first. */
export const pass = (game: SolitaireGame): Command<Side> | undefined =>
  game.pending!.options.find((o) => ['end-build', 'end-move', 'end-turn', 'institute-let', 'let-happen'].includes(o.type)) ?? game.pending!.options[0];

/** The markers drawn on a turn, in order. */
export const drawn = (game: SolitaireGame, turn: number): string[] => game.events.filter((e) => e.kind === 'chaos-marker' && e.turn === turn).map((e) => e.data!.marker as string);
