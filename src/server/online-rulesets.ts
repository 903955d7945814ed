/**
 * What the game server needs of each ruleset to host it [issue 27]: the sides that take seats in a game,
 * a side's view (what it may know, nothing more), its events, and its AI players. The server itself knows
 * no ruleset; a new ruleset plays online once it is listed here.
 */
import type { AnyGame, Command, Decision, Game, GameEvent, Json } from '../core/engine/types';
import type { SideId } from '../core/content/schema';
import type { Content } from '../core/content/validate';
import { newGame } from '../core/engine/game';
import type { SeedHash } from '../core/rng';
import { viewFor, worldView, worldViewKey, type WorldView } from '../core/view';
import { beliefOf } from '../core/belief';
import { namesIn } from '../words/describe';
import { decisionScreen, sequenceLabels } from '../words/decision-info';
import { entityRefs } from '../core/world/entity-refs';
import { pickFacts, stackPieces } from '../words/board/stacks';
import { assignmentFacts } from '../words/assignment';
import type { OnlinePlayFacts } from '../online/protocol';
import { AGENTS } from '../ai/registry';
import { CONQUEST_AGENTS } from '../ai/conquest/registry';
import { byName } from '../ai/by-name';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { conquestRuleset } from '../../systems/conquest/ruleset';
import { optionsOfGame, type ConquestGame } from '../../systems/conquest/state';
import { conquestView } from '../../systems/conquest/view';
import { FACTIONS, type FactionId } from '../../systems/conquest/content';

/** An AI seat's player: it answers its side's decisions from what its side may know. */
export interface OnlineAgent {
  decide(game: AnyGame, decision: Decision<string>): Command<string>;
}

export interface OnlineRuleset {
  id: string;
  ruleset: AnyGame['ruleset'];
  /** The sides that take seats in this game, in the rules' order. */
  seatsOf(game: AnyGame): string[];
  /** A side's view of the game as plain data (null: a spectator's, everything). */
  view(game: AnyGame, side: string | null): Json;
  /** The events a side may see, from index `from` of the game's events on (`screen`: worded for a person). */
  events(game: AnyGame, side: string | null, from: number, screen: boolean): GameEvent<string>[];
  /** What this ruleset's screen shows beyond the view, for one side only (`first`: the client's first state). */
  present?(game: AnyGame, side: string, first: boolean): Json;
  /**
   * [issue 47] where `pieces` may go together now, for the board of the seat `side`: made for its own pending
   * decision only, from its own pieces only (plain data), or why it may not ask.
   */
  dests?(game: AnyGame, side: string, place: string, pieces: number[]): { facts: Json } | { refused: string };
  /**
   * [issue 47] the commands a move of several (made on the map) may hold before its last: answers that only
   * gather the seat's choice (roll no die, tell nothing, leave the decision with the seat). A move refused
   * after them and undone has then taught its seat nothing it did not know; a command that reveals
   * something must end its move, so no seat can try a move, learn what it would bring, and take it back.
   * Absent: moves of one command only.
   */
  leadingCommands?: readonly string[];
  /** The AI levels, by name. */
  agentNames: string[];
  /** The options of the games a fresh server plays to warm up (warm-up.ts); absent, none. */
  warmUpOptions?: { [key: string]: Json };
  agent(name: string, side: string, seed: string, seedHash: SeedHash): OnlineAgent;
}

/**
 * Each side's world view of a star-system game as last made, and the key it was made under: while the key
 * stands (the world unchanged, most answers: picks, choices asked one after another), a state's view takes
 * it as it is instead of reading the world again [issue 55].
 */
const worldViews = new WeakMap<Game, Map<string | null, { key: string; world: WorldView }>>();
function worldViewOf(game: Game, side: SideId | null): WorldView {
  const key = worldViewKey(game);
  let bySide = worldViews.get(game);
  if (!bySide) worldViews.set(game, (bySide = new Map()));
  const kept = bySide.get(side);
  if (kept?.key === key) return kept.world;
  const world = worldView(game, side);
  bySide.set(side, { key, world });
  return world;
}

const visibleTo = (game: AnyGame, side: string | null, from: number) =>
  (game.events as GameEvent<string>[]).slice(from).filter((e) => side === null || e.visibleTo === 'all' || e.visibleTo === side);

const starSystem: OnlineRuleset = {
  id: starSystemRuleset.id,
  ruleset: starSystemRuleset as AnyGame['ruleset'],
  seatsOf: () => [...starSystemRuleset.sides],
  // the decision goes beside the view, in the state's own `decision` (once, not twice)
  view: (game, side) => viewFor(game as Game, side as SideId | null, { events: false, decision: false, world: worldViewOf(game as Game, side as SideId | null) }) as unknown as Json,
  // for a screen in names, not ids, as the play screen's log shows them
  events: (game, side, from, screen) => (screen ? visibleTo(game, side, from).map((e) => ({ ...e, text: namesIn(game as Game, e.text) })) : visibleTo(game, side, from)),
  present(game, side, first) {
    const g = game as Game;
    const pending = g.pending && !g.winner && g.pending.side === side ? g.pending : null;
    const screen = pending ? decisionScreen(g, pending) : null;
    const facts: OnlinePlayFacts = {
      segment: g.segment,
      ...(first ? { refs: entityRefs(g.world), sequence: sequenceLabels(g) } : {}),
      // [issue 44] the board's facts for the seat's own decision only: its movers, grouped list and notes
      ...(screen
        ? {
            decision: {
              prompt: screen.info.decision.prompt,
              ...(screen.info.decision.context ? { context: screen.info.decision.context } : {}),
              options: screen.info.options,
              combat: screen.info.combat,
              notes: screen.info.notes,
              board: screen.board,
              groups: screen.groups,
            },
          }
        : {}),
      assignment: assignmentFacts(g),
    };
    return facts as unknown as Json;
  },
  // [9.0] a piece picked into the moving stack, [13.1] a character picked for a mission, [10.0] the environ
  // where combat may be declared next: each only narrows the seat's own next decision
  leadingCommands: ['pick', 'pick-for-mission', 'next-environ'],
  dests(game, side, place, pieces) {
    const g = game as Game;
    const pending = g.pending && !g.winner && g.pending.side === side ? g.pending : null;
    if (!pending || (pending.kind !== 'movement' && pending.kind !== 'move-group')) return { refused: 'you have no stack to move now' };
    // only a stack of the seat's own that its decision lets it pick from (or holds in hand), and only its
    // pieces: any other place or id, an enemy's seen or hidden, gets the same words, so an answer tells nothing of the enemy
    const stack = stackPieces(g, pending, place);
    if (!stack.length || pieces.some((p) => !stack.includes(p))) return { refused: 'you may ask only about a stack of yours you may move now, and its own pieces' };
    // the local board's own answer (the play worker's `pickFacts`), made where the game is
    return { facts: pickFacts(g, pending, place, pieces) as unknown as Json };
  },
  agentNames: Object.keys(AGENTS),
  agent(name, side, seed, seedHash) {
    const factory = AGENTS[name];
    if (!factory) throw new Error(`there is no AI "${name}"; there are: ${Object.keys(AGENTS).join(', ')}`);
    const agent = factory({ side: side as SideId, seed, seedHash });
    return {
      decide: (game, decision) => {
        const g = game as Game;
        return agent.decide(viewFor(g, side as SideId, { events: false }), decision as Decision, beliefOf(g, side as SideId)) as Command<string>;
      },
    };
  },
};

const conquest: OnlineRuleset = {
  id: conquestRuleset.id,
  ruleset: conquestRuleset as unknown as AnyGame['ruleset'],
  seatsOf: (game) => [...optionsOfGame(game as unknown as ConquestGame).players],
  view: (game, side) => conquestViewJson(game as unknown as ConquestGame, side as FactionId | null),
  events: visibleTo,
  // four factions, as the simulator's games have unless told: one of each bloc in a blocs scenario [3A2b]
  warmUpOptions: { players: FACTIONS.slice(0, 4) },
  agentNames: Object.keys(CONQUEST_AGENTS),
  agent(name, side, seed, seedHash) {
    const factory = CONQUEST_AGENTS[name];
    if (!factory) throw new Error(`there is no AI "${name}"; there are: ${Object.keys(CONQUEST_AGENTS).join(', ')}`);
    const agent = factory({ faction: side as FactionId, seed, seedHash });
    return {
      decide: (game, decision) => agent.decide(conquestView(game as unknown as ConquestGame, side as FactionId), decision as Decision<FactionId>),
    };
  },
};

/** A conquest view as plain data: the map travels as its file (the lookups are rebuilt by the client). */
function conquestViewJson(game: ConquestGame, side: FactionId | null): Json {
  const { map, options, ...rest } = conquestView(game, side);
  const { map: _ownMap, ...plainOptions } = options;
  return { ...(rest as unknown as { [key: string]: Json }), options: plainOptions as unknown as Json, map: map.def as unknown as Json };
}

// looked up by the name a client sends: no prototype, so "constructor" is no ruleset [issue 47]
export const ONLINE_RULESETS = byName<OnlineRuleset>({ [starSystem.id]: starSystem, [conquest.id]: conquest });

/** The start of a stored game (a new game, no command yet): the same everywhere it is made (room, AI workers). */
export function startStoredGame(content: Content, stored: { ruleset: string; scenario: string; seed: string; seedHash: SeedHash; options: { [key: string]: Json }; handPlacement?: string[] }): AnyGame {
  const online = ONLINE_RULESETS[stored.ruleset];
  if (!online) throw new Error(`this server plays no ${stored.ruleset} games`);
  return newGame({ content, ruleset: online.ruleset, scenario: stored.scenario, seed: stored.seed, seedHash: stored.seedHash, options: stored.options, handPlacement: stored.handPlacement ?? [] }) as AnyGame;
}
