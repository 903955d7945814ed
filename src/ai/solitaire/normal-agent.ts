/**
 * `normal`: an Emperor of rules of thumb, reading only its view. It keeps Repression in hand and spends
 * it on every Rebellion and Usurper (not on invasions or breakaway empires); refuses the Leviathan; recruits where Chaos presses hardest;
 * moves its stacks to where an attack pays and fights when the expected gain of the exact odds is
 * positive (a stack does not sit home to guard); converts (morphogenetic attacks) rather than destroys where it can, since a converted system
 * is a victory point and twice its resource off the Chaos Index [001 Chaos Index Changes]. Before any
 * recruit it buys extropy operations, up to three a turn, while the index is above 0: the index is a
 * tenth of the score and sets how many markers Chaos draws. Measured in issue 47, 200 games a scenario
 * (seed table), with its attacks at any expected gain (threshold 0, was 0.2): Survival or better 66, 102,
 * 54, 68, 66 in scenarios 2-6 before, 100, 103, 91, 106, 99 after (The Long Twilight 181, then 188);
 * and with no bonus for guarding a lone system (`moveScores`) 127, 130, 96, 125, 108 (194). It refuses the
 * Leviathan and spends Repression only on a Rebellion or a Usurper (`decideNormal`): 137, 144, 96, 130,
 * 135 (199). While the Leviathan is in play (it cannot be refused where a scenario starts with it) an
 * extropy operation buys half as much, so it keeps a point per system or unit from recruits and leaders
 * against Citizens Demand Reforms and Troops Demand Pay, as `hard` always does (`leviathanReserve`):
 * 137, 144, 127, 142, 135 (199).
 */
import type { Command, Decision } from '../../core/engine/types';
import { Rng } from '../../core/rng';
import { readCombatTable, strengthOf, type UnitType } from '../../../systems/solitaire/content';
import type { Side, Unit } from '../../../systems/solitaire/state';
import type { SolitaireView } from '../../../systems/solitaire/view';
import type { SolitaireAgent, SolitaireAgentFactory } from './agent';

type CombatType = 'military' | 'morph';

/** Markers the Institute should send back before they strike. */
const BAD_EVENTS = new Set([
  'rebellion', 'usurper', 'independent-empire', 'invaders', 'mutant', 'smash', 'attrition', 'tech-collapse', 'web-raiders', 'power-struggle',
  'citizens-demand-reforms', 'troops-demand-pay', 'aliens-biomech', 'aliens-dark-empire', 'aliens-probe',
]);

/** The suppressible events that always strike Imperial units [001 32.0 Rebellion, Usurper]. */
const STRIKES_THE_EMPIRE = new Set(['rebellion', 'usurper']);

export interface NormalTuning {
  /** The least expected gain worth an attack. */
  attackThreshold: number;
  /** Mobile units kept per RP of income: more and the upkeep eats the treasury. */
  armyPerIncome: number;
  /** Extropy operations only above this index. */
  extropyAbove: number;
  /**
   * RP kept back, per Imperial system or mobile unit (whichever are more), against Citizens Demand
   * Reforms and Troops Demand Pay, which strike before the next income [001 32.0].
   */
  reserve: number;
  /**
   * Reckons where the next Rebellions and Usurpers land (`landingOdds`): a move is charged what it adds
   * to the units and systems they are expected to take, and Illumination goes where Rebellions land.
   */
  strikeAware?: boolean;
  /**
   * RP kept back, per Imperial system or mobile unit (whichever are more), while the Leviathan halves every
   * change of the index [001 32.0 Leviathan]: an extropy operation then buys half as much, and what Citizens
   * Demand Reforms and Troops Demand Pay turn over weighs as much as ever.
   */
  leviathanReserve: number;
  /**
   * Founds systems: a colonization fleet, one at a time, recruited before extropy and whatever the reserve
   * when open ground (no system, no Chaos unit) lies within its reach of an Imperial system; it goes there
   * and founds a system in the attack step [001 Colonization Fleets].
   */
  colonize?: boolean;
}

export const NORMAL_TUNING: NormalTuning = { attackThreshold: 0, armyPerIncome: 0.7, extropyAbove: 0, reserve: 0, leviathanReserve: 1 };

// ------------------------------------------------------------------ reading the view

export function strength(view: SolitaireView, unit: Unit, type: CombatType, attacking: boolean): number {
  return strengthOf(view.tables.units.find((u) => u.id === unit.type)!, unit, type, attacking);
}

function cost(view: SolitaireView, type: UnitType): number {
  return view.tables.units.find((u) => u.id === type)!.cost;
}

/** What a unit is worth to the Empire, in victory points (a system is one). */
function unitWorth(view: SolitaireView, unit: Unit): number {
  return 0.15 + cost(view, unit.type) / 12;
}

function unitsAt(view: SolitaireView, sector: string, side: Side): Unit[] {
  return view.units.filter((u) => u.sector === sector && u.side === side);
}

/** The expected gain of an Imperial attack, in victory points, from the exact odds of the table. */
export function attackGain(view: SolitaireView, sector: string, type: CombatType, attackers: Unit[], extra: Unit[] = []): number {
  const group = [...attackers, ...extra];
  const enemies = unitsAt(view, sector, 'chaos');
  const sys = view.systems[sector];
  const chaosSystem = sys?.side === 'chaos' ? sys : null;
  const mutant = enemies.some((u) => view.forces.find((f) => f.id === u.force)?.mutant);
  const attack = group.reduce((n, u) => n + strength(view, u, type, true), 0) + Math.max(0, ...group.map((u) => u.leader ?? 0));
  if (attack === 0) return -1;
  const defence = enemies.reduce((n, u) => n + strength(view, u, type, false), 0) + (chaosSystem ? chaosSystem[type] : 0) + (type === 'morph' && mutant ? 3 : 0);
  let modifier = view.nexus.includes(sector) ? 1 : 0;
  if (view.fx.militarism !== view.fx.pacifism) modifier += (view.fx.militarism ? 1 : -1) * (type === 'military' ? 1 : -1);
  const indexWorth = 0.1; // ten points of the index are one victory point
  let total = 0;
  for (let die = 0; die < 10; die++) {
    const r = readCombatTable(view.tables.combatTable, attack - defence, die + modifier);
    let gain = 0;
    if (r.who === 'D') {
      for (const u of enemies)
        if (strength(view, u, type, false) <= r.level && !(type === 'morph' && r.level < 3 && mutant)) gain += type === 'military' ? unitWorth(view, u) * 0.8 + indexWorth : unitWorth(view, u) * 1.6 + 2 * indexWorth;
      if (chaosSystem && chaosSystem[type] <= r.level)
        gain += type === 'military' ? 0.3 + chaosSystem.resource * indexWorth : 1 + chaosSystem.resource * (2 * indexWorth + 0.25);
    } else if (r.who === 'A') {
      for (const u of group) if (strength(view, u, type, false) <= r.level) gain -= type === 'military' ? unitWorth(view, u) + 2 * indexWorth : 2 * unitWorth(view, u) + indexWorth;
    }
    total += gain / 10;
  }
  return total;
}

/** How hard Chaos presses on a sector: the strength of Chaos stacks in it and next to it. */
function threat(view: SolitaireView, sector: string): number {
  let t = 0;
  for (const s of [sector, ...(view.neighbours.get(sector) ?? [])])
    for (const u of unitsAt(view, s, 'chaos')) t += Math.max(strength(view, u, 'military', true), strength(view, u, 'morph', true)) * (s === sector ? 1.5 : 1);
  // Chaos systems next door are targets as much as threats
  for (const n of view.neighbours.get(sector) ?? []) if (view.systems[n]?.side === 'chaos') t += 1;
  return t;
}

function income(view: SolitaireView): number {
  return view.sectors.reduce((n, s) => n + (view.systems[s]?.side === 'empire' ? view.systems[s]!.resource : 0), 0);
}

/**
 * Where the next Rebellion and the next Usurper land, as the chance of each sector: each starts on a
 * sector drawn at random; a Rebellion walks up the numbers to the first Imperial unit or system, then
 * down [001 32.0 Rebellion], a Usurper walks down to the first Imperial mobile unit [001 32.0 Usurper].
 * The Empire's highest-numbered holding catches every draw above it.
 */
export function landingOdds(view: SolitaireView, units: readonly Unit[] = view.units): { rebellion: Map<string, number>; usurper: Map<string, number> } {
  const { rising, claimant } = landings(view, sectorsHeld(view, units).withUnits);
  const rebellion = new Map<string, number>();
  const usurper = new Map<string, number>();
  const n = view.sectors.length;
  const add = (m: Map<string, number>, i: number) => i >= 0 && m.set(view.sectors[i]!, (m.get(view.sectors[i]!) ?? 0) + 1 / n);
  for (let start = 0; start < n; start++) (add(rebellion, rising[start]!), add(usurper, claimant[start]!));
  return { rebellion, usurper };
}

/** Each view's sectors by name, and which hold an Imperial system or are illuminated. */
interface SectorIndex {
  of: Map<string, number>;
  empireSystem: Uint8Array;
  illuminated: Uint8Array;
}
const sectorIndexes = new WeakMap<SolitaireView, SectorIndex>();

function sectorIndex(view: SolitaireView): SectorIndex {
  let index = sectorIndexes.get(view);
  if (!index) {
    const n = view.sectors.length;
    index = { of: new Map(view.sectors.map((x, i) => [x, i])), empireSystem: new Uint8Array(n), illuminated: new Uint8Array(n) };
    for (let i = 0; i < n; i++) {
      index.empireSystem[i] = view.systems[view.sectors[i]!]?.side === 'empire' ? 1 : 0;
      index.illuminated[i] = view.illuminated.includes(view.sectors[i]!) ? 1 : 0;
    }
    sectorIndexes.set(view, index);
  }
  return index;
}

/**
 * The strike risk's working arrays by sector index, made once for a number of sectors and filled again at
 * every call: `hard` weighs the risk of every move it considers, and six typed arrays made for each were
 * a fifth of its time. What a call fills is read before the next call fills it again (nothing keeps them).
 */
class StrikeScratch {
  private sectors = -1;
  withUnits = new Uint8Array(0);
  worth = new Float64Array(0);
  rising = new Int32Array(0);
  claimant = new Int32Array(0);
  rebellion = new Float64Array(0);
  usurper = new Float64Array(0);

  for(sectors: number): this {
    if (sectors !== this.sectors) {
      this.sectors = sectors;
      this.withUnits = new Uint8Array(sectors);
      this.worth = new Float64Array(sectors);
      this.rising = new Int32Array(sectors);
      this.claimant = new Int32Array(sectors);
      this.rebellion = new Float64Array(sectors);
      this.usurper = new Float64Array(sectors);
    }
    return this;
  }
}
const scratch = new StrikeScratch();

/**
 * Where the Empire's units stand, by sector: whether any does (`withUnits`) and what they are worth
 * (`worth`, added up in the units' order). `movedTo` puts the units it names in another sector.
 */
function sectorsHeld(view: SolitaireView, units: readonly Unit[], movedTo?: { ids: readonly number[]; to: string }): { withUnits: Uint8Array; worth: Float64Array } {
  const index = sectorIndex(view);
  const { withUnits, worth } = scratch.for(view.sectors.length);
  withUnits.fill(0);
  worth.fill(0);
  for (const u of units) {
    if (u.side !== 'empire') continue;
    const i = index.of.get(movedTo && movedTo.ids.includes(u.id) ? movedTo.to : u.sector);
    if (i === undefined) continue;
    withUnits[i] = 1;
    worth[i] = (worth[i] as number) + unitWorth(view, u);
  }
  return { withUnits, worth };
}

/**
 * Where the next Rebellion and the next Usurper land from each start, by sector index (-1: nowhere). For
 * each start, the first sector up the numbers (itself included) a Rebellion stops at, else the first below
 * it, and the first down the numbers a Usurper stops at are found in one pass each way, not walked from
 * every start (`hard` asks for every move it weighs).
 */
function landings(view: SolitaireView, withUnits: Uint8Array): { rising: Int32Array; claimant: Int32Array } {
  const { empireSystem } = sectorIndex(view);
  const n = view.sectors.length;
  const { rising, claimant } = scratch.for(n); // every entry written below
  for (let i = n - 1, next = -1; i >= 0; i--) {
    if (withUnits[i] || empireSystem[i]) next = i;
    rising[i] = next;
  }
  for (let i = 0, last = -1, lastUnits = -1; i < n; i++) {
    if (rising[i]! < 0) rising[i] = last; // nothing up the numbers: the first below
    if (withUnits[i] || empireSystem[i]) last = i;
    if (withUnits[i]) lastUnits = i;
    claimant[i] = lastUnits;
  }
  return { rising, claimant };
}

/** The chance that the next Rebellion and the next Usurper land on each sector, by index: 1/n a start that ends there, in the starts' order. */
function landingShares(view: SolitaireView, withUnits: Uint8Array): { rebellion: Float64Array; usurper: Float64Array } {
  const { rising, claimant } = landings(view, withUnits);
  const n = view.sectors.length;
  const { rebellion, usurper } = scratch.for(n);
  rebellion.fill(0);
  usurper.fill(0);
  for (let start = 0; start < n; start++) {
    const r = rising[start]!;
    if (r >= 0) rebellion[r] = (rebellion[r] as number) + 1 / n;
    const u = claimant[start]!;
    if (u >= 0) usurper[u] = (usurper[u] as number) + 1 / n;
  }
  return { rebellion, usurper };
}

/** Each view's strikes a turn: the same for every option a decision weighs. */
const strikesOf = new WeakMap<SolitaireView, { rebellion: number; usurper: number }>();

/**
 * How many Rebellions and Usurpers a turn's draws bring, on average: the pool's make-up in the rules, less
 * what the scenario takes out and plus what it has added by this turn (The Second Empire takes every
 * Rebellion and Usurper out and adds them back a few a turn) [001 Scenarios 5, 6].
 */
function strikesPerTurn(view: SolitaireView): { rebellion: number; usurper: number } {
  const kept = strikesOf.get(view);
  if (kept) return kept;
  const changes = view.scenario.poolChanges;
  const count = (id: string) =>
    Math.max(0, (view.tables.events.find((e) => e.id === id)?.count ?? 0) - (changes?.remove[id] ?? 0) +
      (changes?.addOnTurn ?? []).filter((a) => a.event === id && a.turn <= view.turn).reduce((n, a) => n + a.count, 0));
  const total = view.tables.events.reduce((n, e) => n + count(e.id), 0);
  const draws = view.tables.eventsPerTurn.find((t) => view.index <= t.upTo)?.events ?? 8;
  const strikes = { rebellion: (draws * count('rebellion')) / total, usurper: (draws * count('usurper')) / total };
  strikesOf.set(view, strikes);
  return strikes;
}

/** What the Empire expects to lose to Rebellions and Usurpers in a turn, with its units where `units` puts them. */
export function strikeRisk(view: SolitaireView, units: readonly Unit[]): number {
  return riskOf(view, sectorsHeld(view, units));
}

/** The same, with the units `ids` names moved to `to` (the rest where the view shows them). */
function strikeRiskAfterMove(view: SolitaireView, ids: readonly number[], to: string): number {
  return riskOf(view, sectorsHeld(view, view.units, { ids, to }));
}

function riskOf(view: SolitaireView, held: { withUnits: Uint8Array; worth: Float64Array }): number {
  const odds = landingShares(view, held.withUnits);
  const per = strikesPerTurn(view);
  const { empireSystem, illuminated } = sectorIndex(view);
  let risk = 0;
  for (let i = 0; i < view.sectors.length; i++) {
    const mine = held.worth[i] as number;
    const quelled = illuminated[i] ? 0 : 1;
    risk += per.rebellion * (odds.rebellion[i] as number) * quelled * (mine + (empireSystem[i] as number)) + per.usurper * (odds.usurper[i] as number) * mine;
  }
  return risk;
}

/** Open ground, where a colonization fleet may found a system: no system and no Chaos unit [001 Colonization Fleets]. */
function openGround(view: SolitaireView, sector: string): boolean {
  return !view.systems[sector] && !unitsAt(view, sector, 'chaos').length;
}

/** Where a unit at `from` may go with `movement` jumps: as the rules' movement, no farther than a sector with Chaos units. */
function reach(view: SolitaireView, from: string, movement: number): Set<string> {
  const seen = new Map<string, number>([[from, 0]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift()!;
    const dist = seen.get(at)!;
    if (dist >= movement || (at !== from && unitsAt(view, at, 'chaos').length)) continue;
    for (const n of view.neighbours.get(at) ?? []) if (!seen.has(n)) (seen.set(n, dist + 1), queue.push(n));
  }
  return new Set(seen.keys());
}

/** A colonization fleet, one at a time, on the Imperial system with the least threatened open ground in its reach. */
function colonizationRecruit(view: SolitaireView, recruits: Command<Side>[]): Command<Side> | undefined {
  if (view.units.some((u) => u.side === 'empire' && u.type === 'CF')) return undefined;
  const movement = view.tables.units.find((u) => u.id === 'CF')!.movement;
  let best: Command<Side> | undefined;
  let bestThreat = Infinity;
  for (const o of recruits.filter((r) => r.unit === 'CF'))
    for (const x of reach(view, o.sector as string, movement))
      if (openGround(view, x) && threat(view, x) < bestThreat) ((bestThreat = threat(view, x)), (best = o));
  return best;
}

// ------------------------------------------------------------------ the decisions

function build(view: SolitaireView, options: Command<Side>[], tuning: NormalTuning, extropyCost: number): Command<Side> {
  const reserve = view.leviathan ? Math.max(tuning.reserve, tuning.leviathanReserve) : tuning.reserve;
  const kept = Math.ceil(reserve * Math.max(view.imperialSystems, view.units.filter((u) => u.side === 'empire').length));
  const spendable = (price: number) => view.rp - price >= kept;
  const find = (type: string) =>
    options.filter((o) => {
      if (o.type === 'recruit') return spendable(cost(view, o.unit as UnitType));
      // an operation (1 RP per 4 systems) takes more off the index than the point it risks: the reserve
      // holds back recruits and leaders only
      if (o.type === 'extropy') return view.rp >= extropyCost;
      if (o.type === 'buy-leader') return spendable(view.tables.costs.leader);
      return o.type === type;
    }).filter((o) => o.type === type);
  const end = options.find((o) => o.type === 'end-build')!;
  const repression = find('buy-repression')[0];
  if (repression && view.repression < 2) return repression;
  // the index is the score (a tenth of a victory point a point) and sets how many markers Chaos draws:
  // an extropy operation (1 RP per 4 systems, 1.4 points off on average) comes before any recruit
  // a system founded is a victory point, and income, where an operation takes 1.4 points (0.14) off the index
  const fleet = tuning.colonize ? colonizationRecruit(view, options.filter((o) => o.type === 'recruit')) : undefined;
  if (fleet) return fleet;
  const extropy = find('extropy')[0];
  if (extropy && view.index > tuning.extropyAbove) return extropy;
  const illuminate = find('illuminate');
  if (illuminate.length) {
    if (tuning.strikeAware) {
      // where the next Rebellion lands: there an Illumination quells it [001 32.0 Rebellion]
      const odds = landingOdds(view).rebellion;
      const land = (o: Command<Side>) => odds.get(o.sector as string) ?? 0;
      return illuminate.sort((a, b) => land(b) - land(a) || view.systems[b.sector as string]!.resource - view.systems[a.sector as string]!.resource)[0]!;
    }
    return illuminate.sort((a, b) => view.systems[b.sector as string]!.resource - view.systems[a.sector as string]!.resource)[0]!;
  }
  const army = view.units.filter((u) => u.side === 'empire').length;
  const recruits = find('recruit');
  if (recruits.length && army < Math.max(6, income(view) * tuning.armyPerIncome)) {
    // where Chaos presses hardest; a control group to convert, a star fleet where minds are guarded
    const sectors = [...new Set(recruits.map((o) => o.sector as string))].sort((a, b) => threat(view, b) - threat(view, a));
    const where = sectors[0]!;
    const near = [where, ...(view.neighbours.get(where) ?? [])];
    const morphNeeded = near.reduce((n, s) => n + (view.systems[s]?.side === 'chaos' ? view.systems[s]!.morph : 0), 0);
    const militaryNeeded = near.reduce((n, s) => n + unitsAt(view, s, 'chaos').reduce((m, u) => m + strength(view, u, 'military', false), 0), 0);
    const wanted: UnitType[] = view.rp >= 14 ? ['IO', 'CG', 'SF'] : morphNeeded >= militaryNeeded ? ['CG', 'SF'] : ['SF', 'CG'];
    for (const type of wanted) {
      const o = recruits.find((r) => r.sector === where && r.unit === type);
      if (o) return o;
    }
  }
  const leader = find('buy-leader');
  if (leader.length && view.rp >= 8) {
    const stackSize = (o: Command<Side>) => {
      const u = view.units.find((x) => x.id === o.unit)!;
      return unitsAt(view, u.sector, 'empire').length * 10 + cost(view, u.type);
    };
    return leader.sort((a, b) => stackSize(b) - stackSize(a))[0]!;
  }
  return end;
}

/** Every move option with the gain normal sees in it (the end of movement scores the threshold). */
export function moveScores(view: SolitaireView, options: Command<Side>[], tuning: NormalTuning): { option: Command<Side>; score: number }[] {
  const scored: { option: Command<Side>; score: number }[] = [];
  // the risk where the units stand now, which every move is weighed against
  const riskNow = tuning.strikeAware ? strikeRisk(view, view.units) : 0;
  for (const o of options) {
    if (o.type !== 'move') {
      scored.push({ option: o, score: tuning.attackThreshold });
      continue;
    }
    const ids = o.units as number[];
    const group = view.units.filter((u) => ids.includes(u.id));
    const from = group[0]!.sector;
    const to = o.to as string;
    const here = unitsAt(view, to, 'empire').filter((u) => !ids.includes(u.id) && !view.fx.attacked.includes(u.id));
    // a colonization fleet goes to open ground, where it founds a system in the attack step
    const founding = tuning.colonize && ids.length === 1 && group[0]!.type === 'CF' && openGround(view, to) && !openGround(view, from) ? 1 : 0;
    const stayValue = chaosPresent(view, from) ? Math.max(attackGain(view, from, 'military', group), attackGain(view, from, 'morph', group), 0) : 0;
    let score = chaosPresent(view, to)
      ? Math.max(attackGain(view, to, 'military', here, group), attackGain(view, to, 'morph', here, group)) -
        Math.max(0, ...(['military', 'morph'] as const).map((t) => (here.length ? attackGain(view, to, t, here) : 0)))
      : 0;
    // No bonus for guarding a threatened Imperial system that stands alone: measured in issue 47 (200
    // games a scenario, seed table), the stacks kept home so stood idle while Chaos grew, and without
    // it `normal` reached Survival or better in 127, 130, 96, 125, 108 games of scenarios 2-6 against
    // 100, 103, 91, 106, 99 (half the bonus: 107, -, 91, -, 99).
    if (tuning.strikeAware) {
      // what the move adds to the units and systems the next Rebellions and Usurpers are expected to take
      score -= strikeRiskAfterMove(view, ids, to) - riskNow;
    }
    scored.push({ option: o, score: score - stayValue + founding });
  }
  return scored;
}

function move(view: SolitaireView, options: Command<Side>[], tuning: NormalTuning): Command<Side> {
  return bestOf(moveScores(view, options, tuning), options.find((o) => o.type === 'end-move')!);
}

/** The best-scored option; the fallback on ties with it. */
function bestOf(scored: { option: Command<Side>; score: number }[], fallback: Command<Side>): Command<Side> {
  let best = fallback;
  let bestScore = scored.find((x) => x.option === fallback)?.score ?? -Infinity;
  for (const x of scored) if (x.score > bestScore) ((bestScore = x.score), (best = x.option));
  return best;
}

function chaosPresent(view: SolitaireView, sector: string): boolean {
  return view.systems[sector]?.side === 'chaos' || unitsAt(view, sector, 'chaos').length > 0;
}

/** Every attack option with its expected gain (colonizing is always worth it; ending scores the threshold). */
export function attackScores(view: SolitaireView, options: Command<Side>[], tuning: NormalTuning): { option: Command<Side>; score: number }[] {
  return options.map((o) => {
    if (o.type === 'colonize') return { option: o, score: 10 };
    if (o.type !== 'attack') return { option: o, score: tuning.attackThreshold };
    const ids = o.units as number[];
    return { option: o, score: attackGain(view, o.sector as string, o.kind as CombatType, view.units.filter((u) => ids.includes(u.id))) };
  });
}

function attack(view: SolitaireView, options: Command<Side>[], tuning: NormalTuning): Command<Side> {
  return bestOf(attackScores(view, options, tuning), options.find((o) => o.type === 'end-turn')!);
}

function mostThreatened(view: SolitaireView, sectors: string[]): string {
  return [...sectors].sort((a, b) => threat(view, b) - threat(view, a) || (view.systems[b]?.resource ?? 0) - (view.systems[a]?.resource ?? 0))[0]!;
}

export function decideNormal(view: SolitaireView, decision: Decision<Side>, tuning: NormalTuning, rng: Rng): Command<Side> {
  const options = decision.options;
  const by = (type: string) => options.find((o) => o.type === type);
  switch (decision.kind) {
    case 'chaos-build':
      // the decision says what an extropy operation costs now
      return build(view, options, tuning, Number(decision.context?.extropyCost ?? 1));
    case 'chaos-move':
      return move(view, options, tuning);
    case 'chaos-attack':
      return attack(view, options, tuning);
    case 'chaos-institute':
      return BAD_EVENTS.has(decision.context?.marker as string) ? by('institute-return')! : by('institute-let')!;
    case 'chaos-suppress':
      // Repression is kept for the events that always find Imperial units: a Rebellion and a Usurper
      // walk the map until they do [001 32.0 Rebellion, Usurper]; Invaders land at the rim and an
      // Independent Empire rises on a random system, mostly Chaos's [001 32.0 Invaders Appear,
      // Independent Empire Arises]
      return STRIKES_THE_EMPIRE.has(decision.context?.marker as string) ? by('suppress')! : by('let-happen')!;
    case 'chaos-leviathan':
      // refused: the Leviathan halves every change of the index [001 32.0 Leviathan], and an Emperor who
      // buys extropy every turn and wins his battles moves it down faster than Chaos moves it up; the
      // marker goes back to the pool, where it is a draw that does nothing
      return by('refuse-leviathan')!;
    case 'chaos-crusade': {
      const mine = options.filter((o) => view.systems[o.sector as string]?.side === 'empire');
      const pool = mine.length ? mine : options;
      const sector = mostThreatened(view, [...new Set(pool.map((o) => o.sector as string))]);
      const here = pool.filter((o) => o.sector === sector);
      return here.find((o) => (o.cg as number) >= (o.sf as number) && (o.cg as number) - (o.sf as number) <= 1) ?? here[0]!;
    }
    case 'chaos-corps': {
      const mine = options.filter((o) => view.systems[o.sector as string]?.side === 'empire');
      const sector = mostThreatened(view, [...new Set((mine.length ? mine : options).map((o) => o.sector as string))]);
      return options.find((o) => o.sector === sector && o.unit === 'CG')!;
    }
    case 'chaos-leader':
      return [...options].sort((a, b) => {
        const ua = view.units.find((u) => u.id === a.unit)!;
        const ub = view.units.find((u) => u.id === b.unit)!;
        return unitsAt(view, ub.sector, 'empire').length - unitsAt(view, ua.sector, 'empire').length || cost(view, ub.type) - cost(view, ua.type);
      })[0]!;
    case 'chaos-alliance': {
      // steer away the stack that presses hardest on the Empire
      const allies = options.filter((o) => o.type === 'ally');
      const pressure = (o: Command<Side>) => {
        const st = view.stacks.find((s) => s.id === o.stack);
        if (!st) return 0;
        const near = [st.sector, ...(view.neighbours.get(st.sector) ?? [])].some((s) => view.systems[s]?.side === 'empire' || unitsAt(view, s, 'empire').length);
        return near ? st.units.length : 0;
      };
      const best = [...allies].sort((a, b) => pressure(b) - pressure(a))[0];
      return best && pressure(best) > 0 ? best : by('decline')!;
    }
    case 'chaos-alliance-move': {
      // somewhere with nothing Imperial to hurt, as far from the Empire as it can go
      const harmless = options.filter((o) => view.systems[o.to as string]?.side !== 'empire' && !unitsAt(view, o.to as string, 'empire').length);
      const pool = harmless.length ? harmless : options;
      return [...pool].sort((a, b) => (view.coreDistance.get(b.to as string) ?? 0) - (view.coreDistance.get(a.to as string) ?? 0))[0]!;
    }
    case 'chaos-alliance-attack':
      return by('ally-hold')!;
    case 'chaos-place': {
      // where Chaos presses hardest, spreading the forces: each unit already there counts against the sector
      const score = (o: Command<Side>) => threat(view, o.sector as string) - 2 * unitsAt(view, o.sector as string, 'empire').length + (view.systems[o.sector as string]?.resource ?? 0) * 0.5;
      return [...options].sort((a, b) => score(b) - score(a))[0]!;
    }
    case 'chaos-alien-leader':
      return by('no-leader')!;
    case 'chaos-expedition':
      return by('no-expedition')!;
    default:
      return rng.pick(options);
  }
}

export const normalSolitaireAgent: SolitaireAgentFactory = ({ seed, seedHash }) => {
  const rng = Rng.fromSeed(`solitaire-normal:${seed}`, seedHash);
  const agent: SolitaireAgent = { name: 'normal', decide: (view, decision) => decideNormal(view, decision, NORMAL_TUNING, rng) };
  return agent;
};


