/**
 * A solitaire game [001] running in the page: the engine, and the Emperor's player (a person, or an AI
 * agent from the registry; Chaos is the rules' automaton and never decides). A whole game is light, so
 * it runs on the page's thread. This is the one place the solitaire screens write to the game, and only
 * through the engine's `apply`; the screens draw from `solitaireView` and from what each step says.
 */
import { apply, newGame } from '../../core/engine/game';
import type { Content } from '../../core/content/validate';
import type { Command, Decision, GameEvent, Json } from '../../core/engine/types';
import { loadSave, saveToText, type Seat } from '../../core/save';
import type { SolitaireAgent } from '../../ai/solitaire/agent';
import { SOLITAIRE_AGENTS } from '../../ai/solitaire/registry';
import { OPTIONAL_RULES, solitaireContent, type OptionalRule, type SolitaireScenario } from '../../../systems/solitaire/content';
import { solitaireRuleset } from '../../../systems/solitaire/ruleset';
import type { Side, SolitaireGame } from '../../../systems/solitaire/state';
import { solitaireView, type SolitaireView } from '../../../systems/solitaire/view';
import type { Guide } from '../shell/mode';

/** Everything the setup screen chooses. */
export interface SolitaireSetup {
  scenario: string;
  seed: string;
  /** Optional rules chosen for the game (the scenario's own are always in play). */
  rules: OptionalRule[];
  /** Who plays the Emperor: 'human', or an AI agent's name (a watched game). */
  emperor: 'human' | string;
  /** The player places the starting Imperial forces himself [001 Scenarios]; else the computer does. */
  placeByHand?: boolean;
}

/** What one answered decision did: the question, the answer, and the events it brought. */
export interface SolitaireStep {
  decision: Decision<Side>;
  command: Command<Side>;
  events: GameEvent<Side>[];
}

/** Why these choices cannot start a game, or null. */
export function setupProblem(content: Content, setup: SolitaireSetup): string | null {
  const scenario = solitaireContent(content).scenarios.get(setup.scenario);
  if (!scenario) return `there is no solitaire scenario "${setup.scenario}"`;
  if (setup.emperor !== 'human' && !SOLITAIRE_AGENTS[setup.emperor])
    return `there is no solitaire AI "${setup.emperor}"; there are: ${Object.keys(SOLITAIRE_AGENTS).join(', ')}`;
  for (const r of setup.rules) if (!OPTIONAL_RULES.includes(r)) return `there is no optional rule "${r}"`;
  return solitaireRuleset.optionsProblem?.(optionsOf(setup), scenario) ?? null;
}

/** The new-game options of these choices: the optional rules chosen beyond the scenario's own. */
export function optionsOf(setup: SolitaireSetup): { [key: string]: Json } {
  return setup.rules.length ? { rules: [...setup.rules] } : {};
}

export class SolitaireSession {
  readonly game: SolitaireGame;
  private readonly agent: SolitaireAgent | null;
  /** A tutorial's guide [issue 56]: it lights only the taught answer (Chaos never decides: there is no opponent to answer for). */
  guide: Guide | null = null;

  constructor(
    readonly content: Content,
    readonly setup: SolitaireSetup,
    game?: SolitaireGame,
  ) {
    const problem = setupProblem(content, setup);
    if (problem) throw new Error(problem);
    this.game =
      game ??
      newGame({ content, ruleset: solitaireRuleset, scenario: setup.scenario, seed: setup.seed, options: optionsOf(setup), handPlacement: setup.placeByHand ? ['empire'] : [] });
    this.agent = setup.emperor === 'human' ? null : SOLITAIRE_AGENTS[setup.emperor]!({ seed: setup.seed });
  }

  get human(): boolean {
    return this.setup.emperor === 'human';
  }

  get scenario(): SolitaireScenario {
    return this.game.scenario;
  }

  get turn(): number {
    return this.game.turn;
  }

  get over(): boolean {
    return this.game.winner !== null;
  }

  get winner(): Side | 'draw' | null {
    return this.game.winner;
  }

  get decision(): Decision<Side> | null {
    const d = this.game.winner ? null : this.game.pending;
    return this.guide ? this.guide.lit(d, this.game.log.length) : d;
  }

  get events(): readonly GameEvent<Side>[] {
    return this.game.events;
  }

  view(): SolitaireView {
    return solitaireView(this.game);
  }

  score(): { index: number; vp: number; level: string; systems: number; rp: number } {
    return solitaireRuleset.score!(this.game) as { index: number; vp: number; level: string; systems: number; rp: number };
  }

  winnerText(): string {
    return solitaireRuleset.winnerText ? solitaireRuleset.winnerText(this.game.winner as Side, this.game) : '';
  }

  /** Who sits at the Emperor's side, as a save keeps it (Chaos has no seat: it never decides). */
  savedSeats(): Partial<Record<Side, Seat>> {
    return { empire: this.human ? { kind: 'human' } : { kind: 'ai', agent: this.setup.emperor } };
  }

  saveText(): string {
    return saveToText(this.game, this.savedSeats());
  }

  /** The AI Emperor answers the pending decision; null when a person is to decide or the game is over. */
  stepAi(): SolitaireStep | null {
    const d = this.decision;
    if (!d || !this.agent) return null;
    return this.answer(this.agent.decide(this.view(), d));
  }

  /** Answer the pending decision. Throws on an answer the engine refuses (the screens offer only options). */
  answer(command: Command<Side>): SolitaireStep {
    const decision = this.decision;
    if (!decision) throw new Error('the game is not waiting for a decision');
    const from = this.game.events.length;
    const result = apply(this.game, command);
    if (!result.ok) throw new Error(result.reason);
    return { decision, command, events: this.game.events.slice(from) };
  }
}

/**
 * A solitaire game resumed from a save's text: replayed by `loadSave` (which refuses a broken or foreign
 * save with a clear message), with the Emperor's seat it names; a save without seats resumes watched,
 * with the first AI of the registry.
 */
export function sessionFromSave(content: Content, text: string): { ok: true; session: SolitaireSession } | { ok: false; message: string } {
  const loaded = loadSave(text, { content, ruleset: solitaireRuleset });
  if (!loaded.ok) return loaded;
  const game = loaded.game as SolitaireGame;
  const seat = (loaded.save.seats as Partial<Record<Side, Seat>> | undefined)?.empire;
  const emperor = seat ? (seat.kind === 'human' ? 'human' : seat.agent) : (Object.keys(SOLITAIRE_AGENTS)[0] ?? 'random');
  const rules = Array.isArray(game.options.rules) ? (game.options.rules as OptionalRule[]) : [];
  try {
    return { ok: true, session: new SolitaireSession(content, { scenario: game.scenario.id, seed: game.seed, rules, emperor, placeByHand: game.handPlacement.includes('empire') }, game) };
  } catch (e) {
    return { ok: false, message: `The save cannot be resumed: ${(e as Error).message}.` };
  }
}
