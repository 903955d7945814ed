/**
 * Conquest test fixtures: a game on the bundled galaxy, a board laid out by hand, and the pending
 * decision asked again after a test changed the state (the engine asks from the state it finds).
 */
import { advance, apply, newGame } from '../../../src/core/engine/game';
import type { Command, Json } from '../../../src/core/engine/types';
import { content } from '../../fixtures';
import type { FactionId } from '../../../systems/conquest/content';
import { conquestRuleset } from '../../../systems/conquest/ruleset';
import { mapOf, stateOf, type ConquestGame } from '../../../systems/conquest/state';

export { content };

export interface ConquestSetup {
  scenario?: string;
  players?: FactionId[];
  cards?: 'increasing' | 'fixed' | 'italian';
  /** The deck [002 I Cards]: 'classic' or 'wild' (anything else is refused). */
  deck?: string;
  /** Every player, or those who chose it [002 I Auto Place All]. */
  autoPlace?: boolean | FactionId[];
  recycle?: boolean;
  /** Every player, or those who chose it [002 II.3 Auto-Defend]. */
  autoDefend?: boolean | FactionId[];
  /** A map file of one's own [002 I Maps]. */
  map?: unknown;
  seed?: string | number;
}

export function conquestGame(setup: ConquestSetup = {}): ConquestGame {
  const { scenario = 'conquest-domination', players = ['crimson', 'azure', 'emerald', 'amber'], seed = 1, ...rest } = setup;
  return newGame({ content, ruleset: conquestRuleset, scenario, seed, options: { players, ...rest } as { [k: string]: Json } });
}

/** Apply a command that must be legal. */
export function play(game: ConquestGame, command: Command<FactionId>): void {
  const result = apply(game, command);
  if (!result.ok) throw new Error(result.reason);
}

/** The pending decision's first option of a type (throws if there is none). */
export function option(game: ConquestGame, type: string, where: Partial<Record<string, Json>> = {}): Command<FactionId> {
  const found = game.pending?.options.find((o) => o.type === type && Object.entries(where).every(([k, v]) => o[k] === v));
  if (!found) throw new Error(`no "${type}" option ${JSON.stringify(where)} in ${game.pending?.kind}: ${JSON.stringify(game.pending?.options.slice(0, 5))}`);
  return found;
}

/** Ask the pending decision again from the state as a test left it. */
export function reask(game: ConquestGame): void {
  game.pending = null;
  advance(game);
}

/**
 * Lay out the board: every territory to `rest` with 1 army, then the listed ones. The territory ids are
 * the galaxy's star systems.
 */
export function layBoard(game: ConquestGame, rest: FactionId, board: Record<string, [FactionId, number]>): void {
  const s = stateOf(game);
  for (const t of mapOf(game).territories) {
    s.owner[t] = rest;
    s.armies[t] = 1;
  }
  for (const [t, [owner, armies]] of Object.entries(board)) {
    if (!(t in s.owner)) throw new Error(`no territory "${t}"`);
    s.owner[t] = owner;
    s.armies[t] = armies;
  }
}

/** A border of the map (two neighbouring territories). */
export function aBorder(game: ConquestGame): [string, string] {
  const map = mapOf(game);
  const a = map.territories[0]!;
  return [a, map.neighbours.get(a)![0]!];
}
