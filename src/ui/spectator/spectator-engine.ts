/**
 * The spectator's game runner, free of any worker or DOM so it can be tested in Node: it owns one game
 * (a live AI-vs-AI game, or a replay being watched), advances it a decision at a time, and describes
 * it as views and new events. The worker (`spectator-worker.ts`) drives it with a timer.
 */
import { playOne } from '../../ai/play';
import { agentFactory } from '../../ai/registry';
import type { Agent } from '../../ai/agent';
import type { SideId } from '../../core/content/schema';
import { bundledContent } from '../../core/content/bundled';
import type { Content } from '../../core/content/validate';
import { apply, newGame, stateHash } from '../../core/engine/game';
import type { Game, GameEvent } from '../../core/engine/types';
import { gameAtStart, loadSave, type SaveFile } from '../../core/save';
import { viewFor } from '../../core/view';
import { starSystemRuleset } from '../../../systems/rebels-vs-empire/star-system-ruleset';
import type { EntityRefs } from '../../render/types';
import type { FromWorker, GameInfo, StepUnit } from './spectator-protocol';
import { entityRefs } from '../../core/world/entity-refs';

export class SpectatorEngine {
  game: Game | null = null;
  info: GameInfo | null = null;
  private agents: Record<string, Agent> | null = null;
  private save: SaveFile | null = null;
  side: SideId | null = null;
  private sentEvents = 0;
  private resetPending = true;

  constructor(readonly content: Content = bundledContent()) {}

  /** A new AI-vs-AI game. */
  newGame(scenario: string, seed: string, agentNames: Record<SideId, string>, side: SideId | null): FromWorker[] {
    if (!this.content.scenarios.has(scenario)) return [{ type: 'error', message: `There is no scenario "${scenario}".` }];
    let agents: Record<string, Agent>;
    try {
      agents = Object.fromEntries(
        starSystemRuleset.sides.map((s) => [s, agentFactory(agentNames[s] ?? 'normal')({ side: s, seed: `${seed}-${s}` })]),
      );
    } catch (e) {
      return [{ type: 'error', message: (e as Error).message }];
    }
    this.game = newGame({ content: this.content, ruleset: starSystemRuleset, scenario, seed });
    this.agents = agents;
    this.save = null;
    this.side = side;
    this.info = { scenario, seed, replay: false, agents: { ...agentNames } };
    this.lastPhase = `${this.game.turn}|${phaseKey(this.game)}`;
    return this.started();
  }

  /**
   * Resume a save as a live AI-vs-AI game (fresh agents take over both sides). A broken or hostile save
   * gets a clear message and the current game stays.
   */
  resumeSave(text: string, agentNames: Record<SideId, string>, side: SideId | null): FromWorker[] {
    const loaded = loadSave(text, { content: this.content, ruleset: starSystemRuleset });
    if (!loaded.ok) return [{ type: 'error', message: `This save cannot be loaded: ${loaded.message}` }];
    let agents: Record<string, Agent>;
    try {
      agents = Object.fromEntries(
        starSystemRuleset.sides.map((s) => [s, agentFactory(agentNames[s] ?? 'normal')({ side: s, seed: `${loaded.save.seed}-${s}-resumed` })]),
      );
    } catch (e) {
      return [{ type: 'error', message: (e as Error).message }];
    }
    this.game = loaded.game;
    this.agents = agents;
    this.save = null;
    this.side = side;
    this.info = { scenario: loaded.save.scenario, seed: loaded.save.seed, replay: false, agents: { ...agentNames } };
    this.lastPhase = phaseKey(loaded.game);
    return this.started();
  }

  /** The phase last seen by `phaseEnded` (turn and phase), to autosave once per phase. */
  private lastPhase = '';

  /** True once each time the live game moves into a new phase (the worker autosaves then). */
  phaseEnded(): boolean {
    const g = this.game;
    if (!g || this.save) return false;
    const now = `${g.turn}|${phaseKey(g)}`;
    if (now === this.lastPhase) return false;
    const first = this.lastPhase === '';
    this.lastPhase = now;
    return !first;
  }

  /** Load a replay. A broken save gets a clear message and the current game stays. */
  loadReplay(text: string, side: SideId | null): FromWorker[] {
    const loaded = loadSave(text, { content: this.content, ruleset: starSystemRuleset });
    if (!loaded.ok) return [{ type: 'error', message: `This replay cannot be watched: ${loaded.message}` }];
    this.save = loaded.save;
    this.agents = null;
    this.side = side;
    this.info = { scenario: loaded.save.scenario, seed: loaded.save.seed, replay: true, agents: null };
    this.game = gameAtStart(loaded.save, { content: this.content, ruleset: starSystemRuleset });
    return this.started();
  }

  private started(): FromWorker[] {
    this.sentEvents = 0;
    this.resetPending = true;
    return [{ type: 'started', info: this.info as GameInfo, refs: this.refs() }, this.state(false)];
  }

  /** Static entities by id, for placing events in the picture. */
  refs(): EntityRefs {
    return entityRefs(this.game?.world);
  }

  get finished(): boolean {
    const g = this.game;
    if (!g) return true;
    if (g.winner || !g.pending) return true;
    return this.save ? g.log.length >= this.save.commands.length : false;
  }

  /** Apply one decision: the agent's answer, or the replay's next command. False when nothing is left. */
  stepDecision(): boolean {
    const g = this.game;
    if (!g || this.finished) return false;
    if (this.save) {
      const result = apply(g, this.save.commands[g.log.length]);
      if (!result.ok) throw new Error(`the replay's command ${g.log.length + 1} was refused: ${result.reason}`);
      return true;
    }
    if (!this.agents) return false;
    return playOne(g, this.agents);
  }

  /** Step until the phase (or, for 'turn', the game-turn) changes, or the game ends. */
  step(unit: StepUnit, limit = 5000): number {
    const g = this.game;
    if (!g) return 0;
    if (unit === 'decision') return this.stepDecision() ? 1 : 0;
    const phaseOf = () => (unit === 'turn' ? String(g.turn) : `${g.turn}|${phaseKey(g)}`);
    const start = phaseOf();
    let n = 0;
    while (n < limit && phaseOf() === start && this.stepDecision()) n++;
    return n;
  }

  /** Replays: rebuild the game after its first `index` commands (a timeline scrub). */
  seek(index: number): FromWorker[] {
    if (!this.save || !this.info) return [{ type: 'error', message: 'Only a replay has a timeline.' }];
    const n = Math.max(0, Math.min(this.save.commands.length, Math.floor(index)));
    const g = gameAtStart(this.save, { content: this.content, ruleset: starSystemRuleset });
    for (let i = 0; i < n; i++) {
      const r = apply(g, this.save.commands[i]);
      if (!r.ok) return [{ type: 'error', message: `The replay's command ${i + 1} was refused: ${r.reason}` }];
    }
    this.game = g;
    this.sentEvents = 0;
    this.resetPending = true;
    return [this.state(false)];
  }

  setSide(side: SideId | null): FromWorker[] {
    this.side = side;
    this.sentEvents = 0;
    this.resetPending = true;
    return this.game ? [this.state(false)] : [];
  }

  /** The current view and the events not sent yet, as the chosen side may see them. */
  state(playing: boolean): FromWorker {
    const g = this.game as Game;
    const side = this.side;
    const fresh = g.events.slice(this.sentEvents).filter((e: GameEvent) => side === null || e.visibleTo === 'all' || e.visibleTo === side);
    this.sentEvents = g.events.length;
    const reset = this.resetPending;
    this.resetPending = false;
    return {
      type: 'state',
      view: viewFor(g, side, { events: false }),
      events: fresh,
      reset,
      index: g.log.length,
      total: this.save ? this.save.commands.length : null,
      playing,
      hash: stateHash(g),
    };
  }
}

/** "rebel/operations": the player-turn and phase, without the segment. */
function phaseKey(g: Game): string {
  if (g.segment < 0) return 'setup';
  const seg = g.ruleset.sequence[g.segment];
  return seg ? `${seg.player ?? ''}/${seg.phase}` : 'setup';
}
