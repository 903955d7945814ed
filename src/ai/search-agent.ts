/**
 * `hard`: `normal`'s plans with its skills, plus search where a choice matters. As the Rebel in the
 * star-system games, on the decisions that shape a game (declaring combat, choosing missions, domino
 * effects, combat choices, reaction moves...), it imagines games consistent with what its side knows (`Belief`), plays each
 * option, lets both sides play on by the plans for a while (dice fall, the enemy answers), judges the
 * result (`evaluate`) and keeps the best. As the Empire it weighs its movement, move by move, a whole
 * game-turn ahead (`searchMovement`), and answers the rest by its plans: the same search on the Empire's
 * other decisions lost it games (see `LEVELS`).
 *
 * `easy` is the plans with a share of random choices: a commander who means well but blunders.
 * The strengths are data (`LEVELS`), not code paths.
 */
import { bundledContent } from '../core/content/bundled';
import type { Belief, Sightings } from '../core/belief';
import type { ScenarioDef, SideId } from '../core/content/schema';
import type { Content } from '../core/content/validate';
import { apply } from '../core/engine/game';
import type { Command, Decision, Game } from '../core/engine/types';
import { Rng } from '../core/rng';
import { viewFor, type GameView } from '../core/view';
import type { Agent, AgentFactory } from './agent';
import { DEFAULT_WEIGHTS, evaluate, type EvaluationWeights } from './evaluate';
import { beginMovementMemory, imperialMoveAlternatives, leaveDrift, planFor, rememberMove, type PlanContext, type PlanSkills } from './plans';

export interface SearchLevel {
  name: string;
  /** Share of decisions answered at random instead of by the plan (0..1). */
  blunder: number;
  /** Decision kinds searched instead of answered by the plan, for each side. */
  searched: Record<SideId, readonly string[]>;
  /**
   * Scenario kinds where those decisions are searched at all (the Empire's movement has its own,
   * `movementSearchKinds`). The Rebel's search pays in the star-system games and adds nothing measurable
   * in the province and galactic games (see `LEVELS`), where it made a game take 9-17 s and more.
   */
  searchKinds: readonly ScenarioDef['kind'][];
  /** Imagined games per option. */
  samples: number;
  /** Decisions played on by the plans after the option before judging. */
  horizon: number;
  /** Options compared at most (the plan's own choice always among them). */
  maxOptions: number;
  /**
   * How much better (in evaluation points) another option must look than the plan's own choice to be
   * taken instead: a few imagined games flatter whichever option drew the best dice.
   */
  margin: number;
  /**
   * The Empire's movement: imagined games per move weighed against the plan's (0: the plan moves alone).
   * Each imagined game runs a whole game-turn on, to the same segment of the next turn.
   */
  movementSamples: number;
  /** The margin another move must win by in the Empire's movement search, as `margin` in the others. */
  movementMargin: number;
  /**
   * Scenario kinds where the Empire's movement is searched at all. A galactic game-turn is some ten times
   * a province's: imagining one ahead for each move took 27 s a movement decision, so there the plan moves.
   */
  movementSearchKinds: readonly ScenarioDef['kind'][];
  weights: EvaluationWeights;
  /** Plays beyond `normal`'s plans, for each side, in the agent's own choices and in its imagined games. */
  skills: Record<SideId, PlanSkills>;
}

/**
 * Public events that tell where the enemy performed a mission: its results (a loyalty shift by
 * diplomacy or a coup, a rising, a sabotaged PDB, a unit subverted or too strong to be, a sovereign
 * summoned [13.2 E]) and the action cards drawn there. The one environ among an event's entities is
 * where the mission group was.
 */
const TRACE_KINDS: ReadonlySet<string> = new Set(['loyalty', 'rebellion', 'pdb', 'coup', 'subverted', 'subvert-failed', 'action-event', 'sovereign']);

const KEY_DECISIONS = [
  'assign-mission',
  'declare-combat',
  'domino-option',
  'domino-planet',
  'break-off',
  'attack-found',
  'search-by',
  'combat-intent',
  'combat-style',
  'raise-rebel-unit',
  'reaction',
  'place-reinforcement',
] as const;

export const LEVELS: Record<'easy' | 'hard', SearchLevel> = {
  easy: { name: 'easy', blunder: 0.4, searched: { rebel: [], imperial: [] }, searchKinds: [], samples: 0, horizon: 0, maxOptions: 0, margin: 0, movementSamples: 0, movementMargin: 0, movementSearchKinds: [], weights: DEFAULT_WEIGHTS, skills: { rebel: {}, imperial: {} } },
  hard: {
    name: 'hard',
    blunder: 0,
    // Measured against `normal` on the first 46 seeds of Wendmoor: the Empire won 25 searching its key
    // decisions, 34 without (normal: 35); the searches mostly traded a mission or a search for another
    // on the luck of two imagined games. The Rebel's add a few games to his recruiting skill, or none
    // (first seeds, with the margin below: Wendmoor 37 of 50 against 35 with the skill alone; Hrodmar
    // 18 of 40 against 18; Embers 19 of 31 against 19).
    searched: { rebel: KEY_DECISIONS, imperial: [] },
    // Where the Rebel's search adds nothing it is left out: against `normal`, with the chapter whole
    // (`chain`), 200 games seed table, Embers of the Reach 115 wins searching and 114 without (before
    // `aimsAtTheHubs`), the galactic game 28 and 28 of the first 40 (normal 26); the Verdant Drift
    // (`single`) 154 and 150. Searching, a galactic game took 9-17 s here and an Embers game 9 s;
    // without, 1 s and a tenth of one. In Wendmoor it adds a few games (158 of 200, 142 without).
    searchKinds: ['star-system'],
    samples: 2,
    horizon: 24,
    maxOptions: 6,
    // Two imagined games an option, five options against the plan's: the luckiest of five beats the
    // plan's by 20 points often enough that the Rebel traded Start Rebellion for Assassination
    // (Hrodmar's first 40 seeds: 13 wins at 20, 18 at 100). At 100 only a clear gain overrules the
    // plan (Wendmoor's first 50: 37 wins, 40 at 20; Embers' first 31: 19, 17 at 20).
    margin: 100,
    movementSamples: 3,
    movementMargin: 20,
    movementSearchKinds: ['star-system', 'province'],
    weights: DEFAULT_WEIGHTS,
    // The cautious searches serve the Empire too: against `normal`, Hrodmar 156 of 200 with them and
    // 130 without, Embers 159 and 143, the Verdant Drift 110 and 100 of 147, Wendmoor 133 and 136.
    // The creature-shy landings made no difference to it.
    skills: { rebel: { recruiting: true, avoidsCreatures: true, cautiousSearches: true, splitsTeam: true, aimsAtTheHubs: true }, imperial: { imperialVoyages: true, cautiousSearches: true, routeAware: true, firebreaks: true, holdsFast: true } },
  },
};

/**
 * Options that only step back in a two-step choice ([13.1] cancel a pick, to pick again). They are
 * not choices of their own: after one, the plan picks the same piece again, so an imagined game values
 * a step back like the plan's own answer, and a search that took it on lucky dice would step back and
 * forth without end. The plan's answer is never one of them.
 */
const STEPS_BACK: ReadonlySet<string> = new Set(['cancel-pick']);

/** The options a search compares with the plan's answer. */
export function searchableAlternatives(decision: Decision, planned: Command): Command[] {
  return decision.options.filter((o) => o !== planned && !STEPS_BACK.has(o.type));
}

type Memory = PlanContext['memory'];

/**
 * Play on with the plans for both sides, until `done` or the end: the searching side (`own`) with its
 * skills, the enemy imagined to play like `normal`. `memories` carries what a side's plan was in the
 * middle of (a unit picked, where it goes).
 */
function playOn(
  game: Game,
  content: Content,
  own: { side: SideId; skills: PlanSkills },
  done: (steps: number) => boolean,
  memories: Record<SideId, Memory> = { rebel: {}, imperial: {} },
): void {
  const views = new ViewsWhileUnchanged();
  for (let steps = 0; !done(steps) && !game.winner && game.pending; steps++) {
    const decision = game.pending;
    const side = decision.side;
    const skills = side === own.side ? own.skills : undefined;
    apply(game, planFor({ content, view: views.of(game, side), decision, side, memory: memories[side], skills }));
  }
}

/**
 * A side's view in an imagined game, built again only when what it shows may have changed. Most steps of
 * a plan change nothing a view shows (a piece picked, a mission chosen: four steps in five in a galactic
 * game), and a view of the galaxy is the largest single cost of imagining one. What it shows is the
 * world (its `revision` counts every change), the turn and segment, and three public records kept in
 * `game.vars`; the pending decision is always the game's own.
 */
class ViewsWhileUnchanged {
  private key = '';
  private view: GameView | null = null;

  of(game: Game, side: SideId): GameView {
    const { vars } = game;
    const key = `${side}:${game.world.revision}:${game.turn}:${game.segment}:${JSON.stringify([vars.questioned, vars.assignment, vars.sovereignCourts])}`;
    if (this.view && key === this.key) return { ...this.view, decision: game.pending, winner: game.winner };
    this.key = key;
    this.view = viewFor(game, side, { events: false });
    return this.view;
  }
}

export function searchAgent(level: SearchLevel): AgentFactory {
  return ({ side, seed, seedHash, content }) => {
    const rng = Rng.fromSeed(`${level.name}:${side}:${seed}`, seedHash);
    const c = content ?? bundledContent();
    const skills = level.skills[side];
    const own = { side, skills };
    const memory: { [key: string]: unknown } = {};
    /** What this side remembers of unseen enemies, from its own views and events (the belief's best guess). */
    const seen: Record<number, number> = {};
    const lastAtWork = new Map<number, number>();
    let sightings: Sightings = { seen, traces: [] };

    /** Remember where enemies were seen, and where unseen ones were at work, this turn or the last. */
    function remember(view: GameView): void {
      for (const ch of view.characters) if (ch.side !== side && ch.environ && !ch.dead && !ch.captured) seen[ch.eid] = ch.environ;
      const enemy = side === 'rebel' ? 'imperial' : 'rebel';
      for (const event of view.events) {
        if (!TRACE_KINDS.has(event.kind) || !event.when.startsWith(`${enemy} /`)) continue;
        const environ = event.entities?.find((eid) => view.environs.some((e) => e.eid === eid));
        if (environ !== undefined) lastAtWork.set(environ, event.turn);
      }
      const recent = [...lastAtWork].filter(([, turn]) => turn >= view.turn - 1).sort((a, b) => b[1] - a[1]);
      sightings = { seen, traces: recent.map(([environ]) => environ) };
    }
    let count = 0;

    /**
     * The mean of `judge` over `samples` imagined games. The same seeds for every choice compared, so
     * choices are compared on equal terms.
     */
    function meanOverImagined(belief: Belief, key: string, samples: number, judge: (game: Game) => number): number {
      let total = 0;
      for (let s = 0; s < samples; s++) total += judge(belief.sample(`${seed}:${key}:${s}`, sightings));
      return total / samples;
    }

    function search(decision: Decision, belief: Belief, planned: Command): Command {
      const others = rng.shuffle(searchableAlternatives(decision, planned)).slice(0, level.maxOptions - 1);
      const candidates = [planned, ...others];
      count += 1;
      let bestOption = planned;
      let bestValue = -Infinity;
      candidates.forEach((option, i) => {
        const mean = meanOverImagined(belief, `${count}`, level.samples, (game) => {
          const result = apply(game, option);
          if (!result.ok) throw new Error(`option ${i} of "${decision.kind}" is not legal in an imagined game: ${result.reason}`);
          playOn(game, c, own, (steps) => steps >= level.horizon);
          return evaluate(game, side, level.weights);
        });
        // The plan's choice comes first and keeps ties; another option must beat it by the margin.
        const value = mean - (i === 0 ? 0 : level.margin);
        if (value > bestValue) {
          bestValue = value;
          bestOption = option;
        }
      });
      return bestOption;
    }

    /**
     * [9.0] The Empire's movement, one group at a time: the plan's next move (or its end of movement)
     * against each alternative move, each followed in imagined games by the plans for a whole game-turn.
     * Where units stand when the Rebel next strikes decides whether a rebellion's first combat wipes out
     * a garrison, and whether a planet in rebellion is left empty to fall [15.53].
     */
    function searchMovement(view: GameView, decision: Decision, belief: Belief): Command {
      const ctx = { content: c, view, decision, side, memory, skills };
      beginMovementMemory(ctx);
      const before = structuredClone(memory);
      const planned = planFor(ctx);
      const afterPlan = structuredClone(memory);
      const alternatives = imperialMoveAlternatives({ ...ctx, memory: before });
      if (!alternatives.length) return planned;
      count += 1;
      const judge = (first: Command, planMemory: Memory) => (game: Game) => {
        const start = { turn: game.turn, segment: game.segment };
        const result = apply(game, first);
        if (!result.ok) throw new Error(`a move weighed in "${decision.kind}" is not legal in an imagined game: ${result.reason}`);
        const memories = { rebel: {}, imperial: {}, [side]: structuredClone(planMemory) } as Record<SideId, Memory>;
        playOn(game, c, own, () => game.turn > start.turn && game.segment >= start.segment, memories);
        return evaluate(game, side, level.weights);
      };
      let bestValue = meanOverImagined(belief, `${count}`, level.movementSamples, judge(planned, afterPlan));
      let chosen: { command: Command; memory: Memory } = { command: planned, memory: afterPlan };
      for (const move of alternatives) {
        const altMemory = structuredClone(before);
        rememberMove(altMemory, move);
        const value = meanOverImagined(belief, `${count}`, level.movementSamples, judge(move.pick, altMemory)) - level.movementMargin;
        if (value > bestValue) {
          bestValue = value;
          chosen = { command: move.pick, memory: altMemory };
        }
      }
      for (const key of Object.keys(memory)) delete memory[key];
      Object.assign(memory, chosen.memory);
      return chosen.command;
    }

    const agent: Agent = {
      name: level.name,
      decide(view, decision, belief?: Belief): Command {
        remember(view);
        if (decision.options.length === 1) return decision.options[0] as Command;
        if (level.blunder > 0 && rng.chance(level.blunder)) return rng.pick(decision.options);
        if (decision.kind === 'movement') {
          const drifting = leaveDrift(view, decision, side); // [5.22] a stack adrift lands first
          if (drifting) return drifting;
        }
        const kind = c.scenarios.get(view.scenario)?.kind ?? 'star-system';
        if (belief && level.movementSamples > 0 && level.movementSearchKinds.includes(kind) && side === 'imperial' && decision.kind === 'movement')
          return searchMovement(view, decision, belief);
        const planned = planFor({ content: c, view, decision, side, memory, skills });
        if (!belief || !level.searched[side].includes(decision.kind) || !level.searchKinds.includes(kind)) return planned;
        return search(decision, belief, planned);
      },
    };
    return agent;
  };
}
