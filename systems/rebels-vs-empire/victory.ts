/**
 * Victory in the star-system and province scenarios (tables.md "Loyalty, control and victory").
 * Rebel victory points: each Rebel-controlled planet +9, in rebellion +6, at unrest +3, patriotic -2;
 * plus the tallies kept as play goes (characters killed and captured, gathered information: tally.ts).
 *
 * Each scenario names its target and length (scenarios.json): start of rebellion 6 turns / 12 VP or at
 * once on a new Rebel-controlled planet, armageddon 7 turns / 20 VP, the province scenarios 7 turns /
 * 15 VP and 10 turns / 35 VP. At the end of the last turn the Rebel wins with at least the target;
 * otherwise the Empire wins (there is no draw).
 *
 * The galactic game (tables.md) counts only Rebel-controlled planets, each by its galactic value, and the
 * Rebel wins as soon as he holds 26 or more; else the Empire wins at the end of turn 20.
 */
import { isGalactic, isStarFaringHome, type Content } from '../../src/core/content/validate';
import type { Game, Json, Winner } from '../../src/core/engine/types';
import { REBELLION, REBEL_CONTROL } from '../../src/core/world/components';
import { PATRIOTIC, UNREST } from './loyalty';
import { VP_RULE, type TallyEntry } from './tally';
import { planetsInPlay } from './sides';
import { chaosIndex, victoryLevel } from './chaos';
import { refOf } from '../../src/core/world/world';

/** One source of Rebel victory points: a planet by its state or loyalty, or one scoring event. */
export interface VictorySource {
  /** 'planet' lines are as the planets stand now; 'event' lines were scored once, on `turn`. */
  kind: 'planet' | 'event';
  points: number;
  text: string;
  rule: string;
  /** The planet's content id, for planet lines. */
  planet?: string;
  turn?: number;
}

/**
 * What one planet in play scores, if anything: by its state first (Rebel control, rebellion), else by
 * its loyalty (unrest, patriotic). The one test behind both the breakdown and the sources.
 */
function planetScore(game: Game, planet: number): { category: PlanetCategory; points: number; words: string } | null {
  const c = game.world.c;
  const vp = game.content.tables.victoryPoints;
  const state = c.PlanetState.value[planet];
  if (isGalactic(game.scenario)) {
    // tables.md: in the galactic game only Rebel-controlled planets score, each by its galactic value
    if (state !== REBEL_CONTROL) return null;
    const value = galacticValue(game.content, refOf(game.world, planet));
    return { category: 'rebelControlled', points: value.points, words: `Rebel control (${value.words})` };
  }
  if (state === REBEL_CONTROL) return { category: 'rebelControlled', points: vp.rebelControlled, words: 'Rebel control' };
  if (state === REBELLION) return { category: 'rebellion', points: vp.rebellion, words: 'in rebellion' };
  if (c.Loyalty.value[planet] === UNREST) return { category: 'unrest', points: vp.unrest, words: 'at unrest' };
  if (c.Loyalty.value[planet] === PATRIOTIC) return { category: 'patriotic', points: vp.patriotic, words: 'patriotic' };
  return null;
}

/** Each planet's galactic victory points and why, by content (the same for every game on it). */
const galacticValues = new WeakMap<Content, Map<string, { points: number; words: string }>>();

/**
 * A planet's galactic victory points (tables.md): the throne world or the first province's capital 5,
 * another capital 4, the home planet of a star-faring race 3, any other planet 1.
 */
export function galacticValue(content: Content, planet: string): { points: number; words: string } {
  let values = galacticValues.get(content);
  if (!values) {
    const vp = content.tables.galacticVictoryPoints;
    const provinces = [...content.galaxy.provinces].sort((a, b) => a.number - b.number);
    const firstCapital = provinces[0]?.capital;
    const capitals = new Set(provinces.map((p) => p.capital));
    values = new Map();
    for (const p of content.galaxy.planets) {
      const value =
        p.id === content.galaxy.throne
          ? { points: vp.throneOrFirstCapital, words: 'the throne world' }
          : p.id === firstCapital
            ? { points: vp.throneOrFirstCapital, words: 'the first capital' }
            : capitals.has(p.id)
              ? { points: vp.capital, words: 'a capital' }
              : isStarFaringHome(content, p.id)
                ? { points: vp.starFaringHome, words: 'a star-faring home world' }
                : { points: vp.planet, words: 'a planet' };
      values.set(p.id, value);
    }
    galacticValues.set(content, values);
  }
  return values.get(planet) ?? { points: 0, words: 'not a planet' };
}

/**
 * Every source of the Rebel's points, line by line: each planet that scores, then each kill, capture
 * and gathering of information. The lines add up to the total.
 */
export function victorySources(game: Game): VictorySource[] {
  const out: VictorySource[] = [];
  for (const planet of planetsInPlay(game)) {
    const scored = planetScore(game, planet);
    if (!scored) continue;
    const id = refOf(game.world, planet);
    const name = game.content.planets.get(id)?.name ?? id;
    out.push({ kind: 'planet', points: scored.points, text: `${name}: ${scored.words}`, rule: VP_RULE, planet: id });
  }
  if (isGalactic(game.scenario)) return out; // galactic points are planets only (tables.md)
  for (const e of (game.vars.tallyLog as unknown as TallyEntry[] | undefined) ?? []) out.push({ kind: 'event', points: e.points, text: e.text, rule: e.rule, turn: e.turn });
  return out;
}

/** The Rebel's victory points, line by line: planets by state and loyalty, then the tallies. */
export interface VictoryBreakdown {
  rebelControlled: number;
  rebellion: number;
  unrest: number;
  patriotic: number;
  tally: number;
  total: number;
}

/** The kinds of scoring planet, as the breakdown counts them. */
type PlanetCategory = 'rebelControlled' | 'rebellion' | 'unrest' | 'patriotic';

export function victoryBreakdown(game: Game): VictoryBreakdown {
  // the galactic game counts planets only: kills and captures are not galactic victory points (tables.md)
  const tally = isGalactic(game.scenario) ? 0 : ((game.vars.tally as number | undefined) ?? 0);
  const b: VictoryBreakdown = { rebelControlled: 0, rebellion: 0, unrest: 0, patriotic: 0, tally, total: 0 };
  for (const planet of planetsInPlay(game)) {
    const scored = planetScore(game, planet);
    if (scored) b[scored.category] += scored.points;
  }
  b.total = b.rebelControlled + b.rebellion + b.unrest + b.patriotic + b.tally;
  return b;
}

export function rebelVictoryPoints(game: Game): number {
  return victoryBreakdown(game).total;
}

/** Planets Rebel-controlled at the start (the "AC" planets) do not win a start-of-rebellion game at once. */
export function recordStartingRebelControl(game: Game): void {
  const c = game.world.c;
  game.vars.startRebelControl = planetsInPlay(game).filter((p) => c.PlanetState.value[p] === REBEL_CONTROL);
}

/** Start of rebellion: a planet that was not Rebel-controlled at the start now is. */
function newRebelControl(game: Game): number[] {
  const c = game.world.c;
  const atStart = (game.vars.startRebelControl as number[] | undefined) ?? [];
  return planetsInPlay(game).filter((p) => c.PlanetState.value[p] === REBEL_CONTROL && !atStart.includes(p));
}

export function victory(game: Game, final: boolean): Winner | null {
  const { victory: rules } = game.scenario;
  if (rules.rebelControlWinsAtOnce && newRebelControl(game).length > 0) return 'rebel';
  // the galactic game: the Rebel wins as soon as he holds his target, on any turn up to the last
  if (isGalactic(game.scenario) && rebelVictoryPoints(game) >= rules.rebelPoints) return 'rebel';
  if (!final) return null;
  return rebelVictoryPoints(game) >= rules.rebelPoints ? 'rebel' : 'imperial';
}

function turnsLeftText(n: number): string {
  return n === 1 ? 'last turn' : `${n} turns left`;
}

/**
 * The Rebel's points against his target. Where the points are counted only at the end (the star-system and
 * province games [VP]) a Rebel past the target mid-game has not won yet: "Rebel 20 VP (12 wins at the end)",
 * not "20 of 12"; the galactic game's target wins at once.
 */
function pointsText(game: Game, points: number, target: number): string {
  if (points > target && !game.winner && !isGalactic(game.scenario)) return `Rebel ${points} VP (${target} wins at the end)`;
  return `Rebel ${points} of ${target} VP`;
}

/**
 * For the spectator and the event log: the Rebel's points against the target, the game-turns still to
 * play (this one included), and where the points come from.
 */
export function score(game: Game): { [key: string]: Json } {
  const b = victoryBreakdown(game);
  const { victory: rules, turns } = game.scenario;
  const turnsLeft = Math.max(0, turns - game.turn + 1);
  const galactic = isGalactic(game.scenario) ? { chaos: chaosIndex(game), level: victoryLevel(game).name } : null;
  return {
    rebelPoints: b.total,
    rebelTarget: rules.rebelPoints,
    turn: game.turn,
    lastTurn: turns,
    turnsLeft,
    rebelControlWinsAtOnce: rules.rebelControlWinsAtOnce,
    breakdown: isGalactic(game.scenario) ? { 'Rebel-controlled planets': b.rebelControlled } : {
      'Rebel-controlled planets': b.rebelControlled,
      'planets in rebellion': b.rebellion,
      'planets at unrest': b.unrest,
      'patriotic planets': b.patriotic,
      ...((game.vars.tallies as Record<string, number> | undefined) ?? {}),
    },
    // line by line, for the VP meter's breakdown (JSON for the view)
    sources: victorySources(game) as unknown as Json,
    text: `${pointsText(game, b.total, rules.rebelPoints)}, ${game.winner ? 'final' : turnsLeftText(turnsLeft)}`,
    // the galactic game: the Empire's Chaos Index and the victory level it stands at now (the HUD's second meter)
    ...(galactic ? { chaos: galactic.chaos, level: galactic.level } : {}),
  };
}
