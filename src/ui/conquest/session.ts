/**
 * A conquest game [002] running in the page: the engine, one agent per AI seat, and who is human. The
 * game is light (a whole AI game is a few hundred milliseconds), so it runs on the page's thread and
 * needs no worker. This is the one place the conquest screens write to the game, and only through the
 * engine's `apply`: the screens draw from views (`conquestView`) and from what each step says happened.
 */
import { apply, newGame } from '../../core/engine/game';
import type { Content } from '../../core/content/validate';
import type { Command, Decision, GameEvent, Json } from '../../core/engine/types';
import { conquestAgentFactory } from '../../ai/conquest/registry';
import type { ConquestAgent } from '../../ai/conquest/agent';
import { loadSave, saveToText, type Seat as SavedSeat } from '../../core/save';
import { conquestContent, conquestOptionsProblem, type ConquestOptionsDef, type FactionId } from '../../../systems/conquest/content';
import type { ConquestMapDef } from '../../../systems/conquest/map';
import { conquestRuleset } from '../../../systems/conquest/ruleset';
import { mapOf, optionsOfGame, stateOf, turnOf, type ConquestGame } from '../../../systems/conquest/state';
import { conquestView, type ConquestView } from '../../../systems/conquest/view';
import type { Guide } from '../shell/mode';

/** One seat at the table: its colour (the faction), and who plays it. */
export interface Seat {
  faction: FactionId;
  /** 'human', or the AI's level (random, easy, normal, hard). */
  player: 'human' | string;
}

/** Everything the setup screen chooses [002 I Game Set Up]. */
export interface ConquestSetup {
  scenario: string;
  seed: string;
  seats: Seat[];
  cards: ConquestOptionsDef['cards'];
  /** The deck [002 I Cards]; the classic one when not said. */
  deck?: ConquestOptionsDef['deck'];
  /** Auto Place All: every player (true), or those who chose it [002 I]. */
  autoPlace: ConquestOptionsDef['autoPlace'];
  recycle: boolean;
  /** Auto-Defend: every player (true), or those who chose it [002 II.3]. */
  autoDefend: ConquestOptionsDef['autoDefend'];
  /** A map of the player's own (a map file's content) played instead of the galaxy [002 I Maps]. */
  map?: ConquestMapDef;
}

/** What one answered decision did: the question, the answer, and the events it brought (all of them). */
export interface Step {
  decision: Decision<FactionId>;
  command: Command<FactionId>;
  /** The armies on the board before the answer (the screens animate what changed). */
  armiesBefore: Readonly<Record<string, number>>;
  ownerBefore: Readonly<Record<string, FactionId | null>>;
  events: GameEvent<FactionId>[];
}

/** Why these choices cannot start a game, or null. */
export function setupProblem(content: Content, setup: ConquestSetup): string | null {
  const scenario = conquestContent(content).scenarios.get(setup.scenario);
  if (!scenario) return `there is no conquest game type "${setup.scenario}"`;
  return seatsProblem(setup) ?? conquestOptionsProblem(optionsOf(setup), scenario);
}

/** Why these seats cannot play: a colour twice, an AI level that does not exist; or null. */
function seatsProblem(setup: ConquestSetup): string | null {
  const colours = new Map<FactionId, number>();
  for (const [i, seat] of setup.seats.entries()) {
    const before = colours.get(seat.faction);
    if (before !== undefined) return `seats ${before + 1} and ${i + 1} have the same colour: each player needs a colour of their own`;
    colours.set(seat.faction, i);
    if (seat.player !== 'human') {
      try {
        conquestAgentFactory(seat.player);
      } catch (e) {
        return `seat ${i + 1}: ${(e as Error).message}`;
      }
    }
  }
  return null;
}

/** The new-game options of these choices, as the engine (or a game server) takes them. */
export function optionsOf(setup: ConquestSetup): { [key: string]: Json } {
  const options = { players: setup.seats.map((s) => s.faction), cards: setup.cards, autoPlace: setup.autoPlace, recycle: setup.recycle, autoDefend: setup.autoDefend };
  // the classic deck is the default: a game that does not name another keeps the options it always had
  return { ...options, ...(setup.deck && setup.deck !== 'classic' ? { deck: setup.deck } : {}), ...(setup.map ? { map: setup.map as unknown as Json } : {}) };
}

export class ConquestSession {
  readonly game: ConquestGame;
  /** The human seats' factions, in seat order. */
  readonly humans: FactionId[];
  private readonly agents: Partial<Record<FactionId, ConquestAgent>> = {};
  /** A tutorial's guide [issue 56]: it lights only the taught answer and answers for the opponents. */
  guide: Guide | null = null;

  /** A new game with these choices; or, with `game`, a game resumed from a save (its seats in `setup`). */
  constructor(
    readonly content: Content,
    readonly setup: ConquestSetup,
    game?: ConquestGame,
  ) {
    const problem = game ? seatsProblem(setup) : setupProblem(content, setup);
    if (problem) throw new Error(problem);
    this.game = game ?? newGame({ content, ruleset: conquestRuleset, scenario: setup.scenario, seed: setup.seed, options: optionsOf(setup) });
    this.humans = setup.seats.filter((s) => s.player === 'human').map((s) => s.faction);
    for (const seat of setup.seats)
      if (seat.player !== 'human') this.agents[seat.faction] = conquestAgentFactory(seat.player)({ faction: seat.faction, seed: setup.seed });
  }

  /** Who sits at each faction, as a save keeps it. */
  savedSeats(): Partial<Record<FactionId, SavedSeat>> {
    return Object.fromEntries(this.setup.seats.map((s) => [s.faction, s.player === 'human' ? { kind: 'human' } : { kind: 'ai', agent: s.player }]));
  }

  /** The game as a save's text, with its seats (`src/core/save.ts`). */
  saveText(): string {
    return saveToText(this.game, this.savedSeats());
  }

  // What the screens read of the game, so they need no more than a view and these (an online game's
  // session will give the same from the server's messages).

  get scenario(): ConquestGame['scenario'] {
    return this.game.scenario;
  }

  get seed(): string {
    return this.game.seed;
  }

  get round(): number {
    return this.game.turn;
  }

  get winner(): FactionId | 'draw' | null {
    return this.game.winner;
  }

  /** Every event of the game so far (the screens show each viewer only what it may see). */
  get events(): readonly GameEvent<FactionId>[] {
    return this.game.events;
  }

  /** A territory's name on this game's map. */
  nameOf(territory: string): string {
    return mapOf(this.game).nameOf(territory);
  }

  get decision(): Decision<FactionId> | null {
    const d = this.game.winner ? null : this.game.pending;
    return this.guide ? this.guide.lit(d, this.game.log.length) : d;
  }

  get over(): boolean {
    return this.game.winner !== null;
  }

  /** The pending decision is a human's. */
  get humanToDecide(): boolean {
    const d = this.decision;
    return !!d && this.humans.includes(d.side);
  }

  /** Who plays a faction, in words: "you", "human", "AI (normal)". */
  playerOf(faction: FactionId): string {
    return this.setup.seats.find((s) => s.faction === faction)?.player ?? '';
  }

  view(viewer: FactionId | null): ConquestView {
    return conquestView(this.game, viewer);
  }

  /** The faction whose turn it is (the attacker during a defence), or null during the setup. */
  get turnOf(): FactionId | null {
    return turnOf(this.game);
  }

  /** Events a viewer may see (a spectator, null, sees them all), from index `from` on. */
  eventsFor(viewer: FactionId | null, from = 0): GameEvent<FactionId>[] {
    return this.game.events.slice(from).filter((e) => viewer === null || e.visibleTo === 'all' || e.visibleTo === viewer);
  }

  /** The AI seat whose decision is pending answers it; null when a human is to decide or the game is over. */
  stepAi(): Step | null {
    const d = this.decision;
    if (!d) return null;
    if (this.guide) return this.humans.includes(d.side) ? null : this.answer(this.guide.opponentAnswer(d, this.game.log.length));
    const agent = this.agents[d.side];
    if (!agent) return null;
    return this.answer(agent.decide(this.view(d.side), d));
  }

  /** Answer the pending decision (a human's choice, or an AI's). Throws on an answer the engine refuses: the screens offer only options. */
  answer(command: Command<FactionId>): Step {
    const decision = this.decision;
    if (!decision) throw new Error('the game is not waiting for a decision');
    const from = this.game.events.length;
    const armiesBefore = { ...stateOf(this.game).armies };
    const ownerBefore = { ...stateOf(this.game).owner };
    const result = apply(this.game, command);
    if (!result.ok) throw new Error(result.reason);
    return { decision, command, armiesBefore, ownerBefore, events: this.game.events.slice(from) };
  }
}

/**
 * A conquest game resumed from a save's text: replayed by `loadSave` (which refuses a broken or foreign
 * save with a clear message), with the seats it names. A save without seats (a watched game) resumes
 * with every seat an AI (normal).
 */
export function sessionFromSave(content: Content, text: string): { ok: true; session: ConquestSession } | { ok: false; message: string } {
  const loaded = loadSave(text, { content, ruleset: conquestRuleset });
  if (!loaded.ok) return loaded;
  const game = loaded.game;
  const options = optionsOfGame(game);
  const saved = loaded.save.seats as Partial<Record<FactionId, SavedSeat>> | undefined;
  const seats: Seat[] = [];
  for (const faction of options.players) {
    const seat: SavedSeat | undefined = saved ? saved[faction] : { kind: 'ai', agent: 'normal' };
    if (!seat) return { ok: false, message: `The save's seats do not say who plays ${faction}.` };
    seats.push({ faction, player: seat.kind === 'human' ? 'human' : seat.agent });
  }
  for (const faction of Object.keys(saved ?? {}))
    if (!options.players.includes(faction as FactionId)) return { ok: false, message: `The save's seats name ${faction}, which does not play in this game.` };
  const setup: ConquestSetup = {
    scenario: game.scenario.id,
    seed: game.seed,
    seats,
    cards: options.cards,
    ...(options.deck !== 'classic' ? { deck: options.deck } : {}),
    autoPlace: options.autoPlace,
    recycle: options.recycle,
    autoDefend: options.autoDefend,
    ...(options.map !== undefined ? { map: options.map as ConquestMapDef } : {}),
  };
  try {
    return { ok: true, session: new ConquestSession(content, setup, game) };
  } catch (e) {
    return { ok: false, message: `The save cannot be resumed: ${(e as Error).message}.` };
  }
}
