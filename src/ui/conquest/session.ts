/**
 * A conquest game [002] running in the page: the engine, one agent per AI seat, and who is human. The
 * game is light (a whole AI game is a few hundred milliseconds), so it runs on the page's thread and
 * needs no worker. This is the one place the conquest screens write to the game, and only through the
 * engine's `apply`: the screens draw from views (`conquestView`) and from what each step says happened.
 */
import { apply, newGame } from '../../core/engine/game';
import type { Content } from '../../core/content/validate';
import type { Command, Decision, GameEvent } from '../../core/engine/types';
import { conquestAgentFactory } from '../../ai/conquest/registry';
import type { ConquestAgent } from '../../ai/conquest/agent';
import { conquestContent, conquestOptionsProblem, type ConquestOptionsDef, type FactionId } from '../../../systems/conquest/content';
import { conquestRuleset } from '../../../systems/conquest/ruleset';
import { stateOf, type ConquestGame } from '../../../systems/conquest/state';
import { conquestView, type ConquestView } from '../../../systems/conquest/view';

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
  autoPlace: boolean;
  recycle: boolean;
  autoDefend: boolean;
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
  return conquestOptionsProblem(optionsOf(setup), scenario);
}

function optionsOf(setup: ConquestSetup) {
  return { players: setup.seats.map((s) => s.faction), cards: setup.cards, autoPlace: setup.autoPlace, recycle: setup.recycle, autoDefend: setup.autoDefend };
}

export class ConquestSession {
  readonly game: ConquestGame;
  /** The human seats' factions, in seat order. */
  readonly humans: FactionId[];
  private readonly agents: Partial<Record<FactionId, ConquestAgent>> = {};

  constructor(
    readonly content: Content,
    readonly setup: ConquestSetup,
  ) {
    const problem = setupProblem(content, setup);
    if (problem) throw new Error(problem);
    this.game = newGame({ content, ruleset: conquestRuleset, scenario: setup.scenario, seed: setup.seed, options: optionsOf(setup) });
    this.humans = setup.seats.filter((s) => s.player === 'human').map((s) => s.faction);
    for (const seat of setup.seats)
      if (seat.player !== 'human') this.agents[seat.faction] = conquestAgentFactory(seat.player)({ faction: seat.faction, seed: setup.seed });
  }

  get decision(): Decision<FactionId> | null {
    return this.game.winner ? null : this.game.pending;
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
    for (let i = this.game.stack.length - 1; i >= 0; i--) {
      const frame = this.game.stack[i]!;
      if (frame.proc === 'conquest-turn') return frame.data.player as FactionId;
    }
    return null;
  }

  /** Events a viewer may see (a spectator, null, sees them all), from index `from` on. */
  eventsFor(viewer: FactionId | null, from = 0): GameEvent<FactionId>[] {
    return this.game.events.slice(from).filter((e) => viewer === null || e.visibleTo === 'all' || e.visibleTo === viewer);
  }

  /** The AI seat whose decision is pending answers it; null when a human is to decide or the game is over. */
  stepAi(): Step | null {
    const d = this.decision;
    if (!d) return null;
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
