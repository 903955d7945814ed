/**
 * The engine: one write path into the game. `newGame` builds the world and runs until the first
 * decision; `apply` checks a command against the pending decision's options and, only if it is one of
 * them, applies it and runs on to the next decision. Every roll comes from `game.rng`, every command is
 * logged, so `replay(scenario, seed, commands)` rebuilds a game exactly.
 */
import type { Content } from '../content/validate';
import type { ScenarioDef } from '../content/schema';
import { Rng, type SeedHash } from '../rng';
import { hashString } from '../hash';
import { cloneWorld, worldText } from '../world/snapshot';
import { canonical, commandShapeProblem, describeCommand } from './commands';
import type { AnyGame, Command, Decision, SideOf, Frame, Game, GameEvent, GameResult, Json, Ruleset, ScenarioBase } from './types';
import type { SideId } from '../content/schema';

export interface NewGameOptions<S extends string = SideId, Scn extends ScenarioBase = ScenarioDef> {
  content: Content;
  ruleset: Ruleset<S, Scn>;
  scenario: string;
  seed: string | number;
  /** How the seed makes the generator's state (src/core/rng.ts); absent: 'xmur3', as every game before
   * online games drew 128-bit secrets [issue 55]. */
  seedHash?: SeedHash;
  /**
   * The sides that place their starting forces by hand [16.12-16.14]; absent or empty: all automatic
   * (by the game's RNG), as every save made before this option existed was played.
   */
  handPlacement?: readonly S[];
  /** The ruleset's own options (a conquest game's players and card option); absent: none. */
  options?: { [key: string]: Json };
}

/** Thrown for a bug in the rules (a procedure that loops or offers nothing), never for a bad command. */
export class EngineError extends Error {
  override name = 'EngineError';
}

/** A guard against a rules procedure that never reaches a decision. */
const MAX_STEPS_WITHOUT_DECISION = 100_000;

export function newGame<S extends string = SideId, Scn extends ScenarioBase = ScenarioDef>(
  start: NewGameOptions<S, Scn>,
): Game<S, Scn> {
  const { content, ruleset, scenario: scenarioId, seed, seedHash = 'xmur3', handPlacement = [], options = {} } = start;
  const scenarios = ruleset.scenarios(content);
  const scenario = scenarios.get(scenarioId);
  if (!scenario) throw new Error(`there is no scenario "${scenarioId}"; there are: ${[...scenarios.keys()].join(', ')}`);
  for (const side of handPlacement)
    if (!ruleset.sides.includes(side)) throw new Error(`placement by hand names "${side}", which is not a side of this game (${ruleset.sides.join(', ')})`);
  if (new Set(handPlacement).size !== handPlacement.length) throw new Error('placement by hand names a side twice');
  const optionsProblem = ruleset.optionsProblem ? ruleset.optionsProblem(options, scenario) : Object.keys(options).length ? `the ${ruleset.id} game takes no options` : null;
  if (optionsProblem) throw new Error(optionsProblem);
  const rng = Rng.fromSeed(`${scenarioId}:${seed}`, seedHash);
  const game: Game<S, Scn> = {
    content,
    ruleset,
    scenario,
    seed: String(seed),
    seedHash,
    // kept in the rules' order of sides, so the same choice is always written the same way in a save
    handPlacement: ruleset.sides.filter((s) => handPlacement.includes(s)),
    options: structuredClone(options),
    world: ruleset.buildWorld(content, scenario, ruleset.sides, rng),
    rng,
    turn: 1,
    segment: -1,
    stack: [],
    interrupts: [],
    pending: null,
    log: [],
    events: [],
    vars: {},
    winner: null,
  };
  ruleset.setup(game);
  ruleset.refresh(game);
  takeInterrupts(game);
  advance(game);
  return game;
}

export type ApplyResult = { ok: true } | { ok: false; reason: string };

/**
 * Answer the pending decision. An illegal command (malformed, out of turn, not among the options, or
 * after the game ended) is refused with a reason and the game is left exactly as it was.
 */
export function apply(game: AnyGame, command: unknown): ApplyResult {
  // an agent usually answers with one of the options itself: the rules made it, so its shape is known
  const decision = game.winner ? null : game.pending;
  let option = decision?.options.includes(command as Command) ? (command as Command) : undefined;
  const shape = option ? null : commandShapeProblem(command, game.ruleset.sides);
  if (shape) return { ok: false, reason: shape };
  const cmd = command as Command;
  if (game.winner) return { ok: false, reason: `the game is over (${game.winner === 'draw' ? 'a draw' : `${game.winner} won`})` };
  if (!decision) return { ok: false, reason: 'the game is not waiting for a decision' };
  if (cmd.side !== decision.side) return { ok: false, reason: `it is the ${decision.side} player's decision, not the ${cmd.side}'s` };
  // else compare canonical forms, same type first: a decision may list hundreds of options (armies to move), most of other types
  if (!option) {
    const key = canonical(cmd as unknown as Json);
    option = decision.options.find((o) => o.type === cmd.type && canonical(o as unknown as Json) === key);
  }
  if (!option)
    return {
      ok: false,
      reason: `"${describeCommand(cmd)}" is not a legal answer to "${decision.prompt}" ${decision.rule}`,
    };
  const frame = game.stack[game.stack.length - 1];
  if (!frame) throw new EngineError('a decision is pending but no procedure is running');
  game.pending = null;
  game.log.push(option);
  procedureOf(game, frame).answer(game, frame, option);
  refreshDerived(game);
  takeInterrupts(game);
  advance(game);
  return { ok: true };
}

/** Apply or throw: for replays and tests, where a refused command is an error. */
export function applyOrThrow(game: AnyGame, command: unknown): void {
  const result = apply(game, command);
  if (!result.ok) throw new Error(`command ${game.log.length + 1} refused: ${result.reason}`);
}

function procedureOf(game: AnyGame, frame: Frame) {
  const proc = game.ruleset.procedures[frame.proc];
  if (!proc) throw new EngineError(`the ruleset has no procedure "${frame.proc}"`);
  return proc;
}

/** Where a game stood at its last refresh that changed nothing itself: its revision, turn and segment. */
interface RefreshedAt {
  revision: number;
  turn: number;
  segment: number;
}

/** Where each game stood at its last refresh that changed nothing itself (absent: refresh next time). */
const refreshedAt = new WeakMap<AnyGame, RefreshedAt>();

/**
 * Make derived state fresh: the ruleset's refresh, skipped when its revision shows nothing has changed
 * since a refresh in the same segment. A refresh that changes the world itself (a ship lost for want of a
 * friend) is run again next time, as its change may call for more; when no segment is running (one has
 * just ended), it always runs, as the player-turn closes then. When the world stands as a refresh that
 * changed nothing left it and only the turn sequence has moved (a segment begun or ended: two of every
 * three refreshes of a random province game), only the ruleset's `refreshTurn` runs, where it has one.
 * A copy (`cloneGame`) is as fresh as its source.
 */
function refreshDerived(game: AnyGame): void {
  const { ruleset } = game;
  if (!ruleset.revision) return ruleset.refresh(game);
  const before = ruleset.revision(game);
  const last = refreshedAt.get(game);
  const worldStill = last !== undefined && last.revision === before;
  if (worldStill && game.stack.length && last.turn === game.turn && last.segment === game.segment) return;
  if (worldStill && ruleset.refreshTurn) ruleset.refreshTurn(game);
  else ruleset.refresh(game);
  const after = ruleset.revision(game);
  if (after !== before) refreshedAt.delete(game);
  else if (last) (last.revision = after), (last.turn = game.turn), (last.segment = game.segment);
  else refreshedAt.set(game, { revision: after, turn: game.turn, segment: game.segment });
}

/** Run the rules until the next decision or the end of the game. */
export function advance(game: AnyGame): void {
  for (let steps = 0; steps < MAX_STEPS_WITHOUT_DECISION; steps++) {
    if (game.winner) {
      game.pending = null;
      return;
    }
    const frame = game.stack[game.stack.length - 1];
    if (!frame) {
      nextSegment(game);
      continue;
    }
    const result = procedureOf(game, frame).step(game, frame);
    // A step may change the world before it asks: derived state (control, stacks...) is always fresh.
    refreshDerived(game);
    if ('decide' in result) {
      // Interrupts come first: run them, then ask this procedure again (its step is re-run on its data).
      if (game.interrupts.length) {
        takeInterrupts(game);
        continue;
      }
      checkDecision(result.decide, frame);
      game.pending = result.decide;
      return;
    }
    if ('push' in result) {
      game.stack.push(result.push);
    } else {
      game.stack.pop();
      const parent = game.stack[game.stack.length - 1];
      if (parent) parent.data.result = result.result ?? null;
      // A finished segment is a change too (a player-turn closes); a finished procedure inside one is
      // not: nothing has touched the world since the refresh after its last step.
      if (game.stack.length === 0) refreshDerived(game);
    }
    takeInterrupts(game);
    if (game.stack.length === 0) {
      const winner = game.ruleset.victory(game, false);
      if (winner) endGame(game, winner);
    }
  }
  throw new EngineError(`the rules ran ${MAX_STEPS_WITHOUT_DECISION} steps without a decision (in ${game.stack.at(-1)?.proc})`);
}

/**
 * Queue a procedure to run at once, before the procedure that queued it goes on: for rules code that
 * is not a procedure step (a loyalty shift that sparks a domino effect [000 15.1c], an action card
 * that calls a search [11.12]). Queued during a `step` that then asks a decision, the decision is set
 * aside: the interrupts run first and the step is asked again, so a step must decide from its data.
 */
export function interrupt(game: AnyGame, frame: Frame): void {
  game.interrupts.push(frame);
}

/** Put queued interrupts on the stack so the first queued runs first. */
function takeInterrupts(game: AnyGame): void {
  while (game.interrupts.length) {
    const frame = game.interrupts.pop() as Frame;
    game.stack.push(frame);
  }
}

function checkDecision(decision: Decision<string>, frame: Frame) {
  if (decision.options.length === 0) throw new EngineError(`procedure "${frame.proc}" asked "${decision.kind}" with no options`);
  for (const o of decision.options)
    if (o.side !== decision.side) throw new EngineError(`procedure "${frame.proc}" offered the ${o.side} an option in a ${decision.side} decision`);
}

/** Move the turn sequence on by one segment, ending the game-turn (and the game) when it wraps. */
function nextSegment(game: AnyGame): void {
  const { sequence } = game.ruleset;
  if (game.segment + 1 >= sequence.length) {
    const final = game.turn >= game.scenario.turns;
    const winner = game.ruleset.victory(game, final);
    if (winner) return endGame(game, winner);
    if (final) return endGame(game, 'draw');
    game.turn += 1;
    game.segment = 0;
  } else {
    game.segment += 1;
  }
  const seg = sequence[game.segment];
  if (!seg) throw new EngineError(`the turn sequence has no segment ${game.segment}`);
  game.stack.push({ proc: seg.procedure, data: {} });
}

function endGame(game: AnyGame, winner: NonNullable<AnyGame['winner']>) {
  game.winner = winner;
  game.pending = null;
  game.stack = [];
  game.interrupts = [];
  emit(game, {
    kind: 'game-over',
    text: winner === 'draw' ? 'The game ends in a draw.' : (game.ruleset.winnerText?.(winner, game) ?? `The ${winner} side wins.`),
    visibleTo: 'all',
  });
}

/** How the game ended (null while it goes on): its winner, and the coalition the winner led, if any. */
export function gameResult<G extends AnyGame>(game: G): GameResult<SideOf<G>> | null {
  if (!game.winner) return null;
  const coalition = game.winner === 'draw' ? null : (game.ruleset.coalition?.(game) ?? null);
  return { winner: game.winner, coalition };
}

/** Where the game is in the turn sequence, in words: "rebel / operations / movement". */
export function currentSegmentLabel(game: AnyGame): string {
  if (game.segment < 0) return 'setup';
  return labelsOf(game.ruleset)[game.segment] ?? 'setup';
}

/** Each segment's words, made once a ruleset: every event names the segment it happened in. */
const segmentLabels = new WeakMap<AnyGame['ruleset'], readonly string[]>();

function labelsOf(ruleset: AnyGame['ruleset']): readonly string[] {
  let labels = segmentLabels.get(ruleset);
  if (!labels) segmentLabels.set(ruleset, (labels = ruleset.sequence.map((seg) => (seg.player ? `${seg.player} / ${seg.phase} / ${seg.segment}` : seg.phase))));
  return labels;
}

/** Record something that happened, for the event log and the picture. */
export function emit<G extends AnyGame>(game: G, event: Omit<GameEvent<SideOf<G>>, 'turn' | 'when'>): void {
  game.events.push({ turn: game.turn, when: currentSegmentLabel(game), ...event });
}

/**
 * Everything that decides the game's future, as one canonical string: `canonical` of the game's parts and
 * its world's snapshot. The world, the largest part, is written by `worldText` (the same text, made
 * faster); its key sorts after every other, so it closes the object.
 */
export function stateText(game: AnyGame): string {
  const rest = canonical({
    scenario: game.scenario.id,
    turn: game.turn,
    segment: game.segment,
    winner: game.winner,
    rng: game.rng.state(),
    ...(Object.keys(game.options).length ? { options: game.options } : {}),
    stack: game.stack as unknown as Json,
    vars: game.vars,
  });
  return `${rest.slice(0, -1)},"world":${worldText(game.world)}}`;
}

/** The state hash: equal for equal states, whatever path led there. */
export function stateHash(game: AnyGame): string {
  return hashString(stateText(game));
}

/** An independent copy (for AI search): own world, own RNG, own frames. */
export function cloneGame<G extends AnyGame>(game: G): G {
  const copy = {
    ...game,
    world: cloneWorld(game.world),
    rng: game.rng.clone(),
    stack: structuredClone(game.stack),
    interrupts: structuredClone(game.interrupts),
    pending: game.pending ? structuredClone(game.pending) : null,
    log: [...game.log],
    events: [...game.events],
    vars: structuredClone(game.vars),
  };
  // the copy's world is the same, revision and all: refreshed as far as the game was
  const refreshed = refreshedAt.get(game);
  if (refreshed !== undefined) refreshedAt.set(copy, { ...refreshed });
  return copy;
}

/** Rebuild a game from its scenario, seed and commands. Throws naming the first refused command. */
/** The options that made this game (without its commands): for undo, replays and saves. */
export function optionsOf<S extends string, Scn extends ScenarioBase>(game: Game<S, Scn>): NewGameOptions<S, Scn> {
  return {
    content: game.content,
    ruleset: game.ruleset,
    scenario: game.scenario.id,
    seed: game.seed,
    ...(game.seedHash !== 'xmur3' ? { seedHash: game.seedHash } : {}),
    handPlacement: game.handPlacement,
    ...(Object.keys(game.options).length ? { options: game.options } : {}),
  };
}

export function replay<S extends string = SideId, Scn extends ScenarioBase = ScenarioDef>(
  options: NewGameOptions<S, Scn>,
  commands: readonly unknown[],
): Game<S, Scn> {
  const game = newGame(options);
  commands.forEach((command, i) => {
    const result = apply(game, command);
    if (!result.ok) throw new Error(`command ${i + 1} of ${commands.length} was refused: ${result.reason}`);
  });
  return game;
}
