/**
 * A solitaire game's state [001]. It is plain data in `game.vars`, like a conquest game's: the board is
 * 25 sectors holding counters (a system unit each, mobile units in stacks, markers), which a list says
 * better than entities would, and plain data is hashed, saved and copied with the rest of the game.
 *
 * The two sides are the Empire (the player) and Chaos (the rules' automaton, never asked anything).
 */
import { emit } from '../../src/core/engine/game';
import type { Game, Json } from '../../src/core/engine/types';
import { solitaireContent, strengthOf, type ChaosForceKind, type OptionalRule, type SolitaireContent, type SolitaireScenario, type UnitDef, type UnitType } from './content';

export const SIDES = ['empire', 'chaos'] as const;
export type Side = (typeof SIDES)[number];
export type SolitaireGame = Game<Side, SolitaireScenario>;

export interface Unit {
  id: number;
  type: UnitType;
  side: Side;
  sector: string;
  /** The Chaos force it belongs to (a usurper's, an Independent Empire's...); null for Imperial units and Rebels. */
  force: string | null;
  /** An Imperial leader on this unit, by value. */
  leader: number | null;
  /** Trans-humans' strengths this turn, rolled at the start of every turn [001 31.0: "variable"]. */
  th: [number, number] | null;
}

export interface SystemUnit {
  side: Side;
  resource: number;
  military: number;
  morph: number;
  /** The Independent Empire it is part of, if any. */
  force: string | null;
}

/** A Chaos force with a marker: a Usurper (or the Mutant), an Independent Empire, Invaders. Rebels have none. */
export interface ChaosForce {
  id: string;
  kind: Exclude<ChaosForceKind, 'rebel'>;
  mutant: boolean;
  leader: number;
  /** An Independent Empire's home sector (moved to another of its systems if it loses it). */
  home: string | null;
  /** The Chaos Events marker on the force, discarded when the force is gone [001 32.0]; null if a scenario set it up. */
  marker: string | null;
}

export type AlienKind = 'biomech' | 'dark-empire' | 'hive' | 'living-nebula' | 'messiah' | 'probe' | 'randoids';

export interface AlienMarker {
  kind: AlienKind;
  sector: string;
  placedOnTurn: number;
}

/** What an event does for the rest of the turn; cleared at its end. */
export interface TurnEffects {
  spectacle: boolean;
  militarism: boolean;
  pacifism: boolean;
  paranoia: boolean;
  enlightenment: boolean;
  elites: boolean;
  /** The Institute let the player send one event back this turn. */
  instituteUsed: boolean;
  /** Alliance: the Chaos force the player moves this turn instead of the table. */
  alliance: string | null;
  colonizations: number;
  extropyOperations: number;
  /** Markers in effect this turn, discarded at its end [001 32.0 "Discard this marker at the end of the turn"]. */
  held: string[];
  /** Units that have moved or attacked this turn. */
  moved: number[];
  attacked: number[];
  /** "sector:military" / "sector:morph": one Imperial attack of each kind per sector and turn. */
  attacks: string[];
}

export interface SolitaireState {
  /** The Chaos Index, 0-100; halves of a point are kept while Leviathan is in effect. */
  index: number;
  /** Imperial resource points. */
  rp: number;
  systems: Record<string, SystemUnit | null>;
  units: Unit[];
  nextUnit: number;
  forces: ChaosForce[];
  nextForce: number;
  aliens: AlienMarker[];
  nexus: string[];
  illuminated: string[];
  /** Imperial markers in the Available box. */
  repression: number;
  illumination: number;
  institute: string | null;
  /** The turn the Institute came: it works from the turn after [001 32.0 The Institute]. */
  instituteSince: number;
  leviathan: boolean;
  expeditions: string[];
  /** The Chaos Events pool, drawn from the end; `discard` goes back in when it runs out. */
  pool: string[];
  discard: string[];
  /** Markers removed from play for good (the Probe). */
  outOfPlay: string[];
  leaderPool: number[];
  counters: [number, number, number][];
  fx: TurnEffects;
  /** Starting Imperial units still to be placed by the player, the next first. */
  toPlace: UnitType[];
  /** The end: victory points and level, set when the game is over. */
  outcome: { vp: number; level: Level; universal: boolean } | null;
}

export const LEVELS = ['collapse', 'decline', 'survival', 'expanding', 'galactic'] as const;
export type Level = (typeof LEVELS)[number];
export const LEVEL_NAMES: Record<Level, string> = { collapse: 'Collapse', decline: 'Decline', survival: 'Survival', expanding: 'Expanding', galactic: 'Galactic' };

export function stateOf(game: SolitaireGame): SolitaireState {
  return game.vars as unknown as SolitaireState;
}

export function setState(game: SolitaireGame, state: SolitaireState): void {
  game.vars = state as unknown as { [key: string]: Json };
}

export function contentOf(game: SolitaireGame): SolitaireContent {
  return solitaireContent(game.content);
}

export function freshEffects(): TurnEffects {
  return {
    spectacle: false, militarism: false, pacifism: false, paranoia: false, enlightenment: false, elites: false, instituteUsed: false,
    alliance: null, colonizations: 0, extropyOperations: 0, held: [], moved: [], attacked: [], attacks: [],
  };
}

/** Whether an optional rule [001] is in play: the scenario's own, or chosen for the game. */
export function optionOn(game: SolitaireGame, rule: OptionalRule): boolean {
  return game.scenario.options.includes(rule) || (Array.isArray(game.options.rules) && game.options.rules.includes(rule));
}

// ------------------------------------------------------------------ the map

export function sectorNumber(game: SolitaireGame, sector: string): number {
  return contentOf(game).sectors.indexOf(sector) + 1;
}

export function sectorAt(game: SolitaireGame, number: number): string {
  const s = contentOf(game).sectors[number - 1];
  if (!s) throw new Error(`there is no sector ${number}`);
  return s;
}

export function sectorName(game: SolitaireGame, sector: string): string {
  const name = game.content.systems.get(sector)?.name ?? sector;
  return `${name} (${String(sectorNumber(game, sector)).padStart(2, '0')})`;
}

export function neighboursOf(game: SolitaireGame, sector: string): readonly string[] {
  return contentOf(game).neighbours.get(sector) ?? [];
}

export function coreDistance(game: SolitaireGame, sector: string): number {
  return contentOf(game).coreDistance.get(sector) ?? 0;
}

export function core(game: SolitaireGame): string {
  return contentOf(game).sectors[0]!;
}

/** A sector drawn at random [001 "determine a sector at random"]. */
export function randomSector(game: SolitaireGame): string {
  return game.rng.pick(contentOf(game).sectors);
}

/** Sectors within `steps` jumps (the sector itself included), nearest first; none beyond a sector not `leavable`. */
export function sectorsWithin(game: SolitaireGame, from: string, steps: number, leavable: (sector: string) => boolean = () => true): Map<string, number> {
  const seen = new Map<string, number>([[from, 0]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift()!;
    const d = seen.get(at)!;
    if (d >= steps || !leavable(at)) continue;
    for (const n of neighboursOf(game, at)) if (!seen.has(n)) (seen.set(n, d + 1), queue.push(n));
  }
  return seen;
}

/** The next sector on a shortest path from `from` to `to` (lowest number first on ties), or null when there. */
export function stepToward(game: SolitaireGame, from: string, to: string): string | null {
  if (from === to) return null;
  const dist = sectorsWithin(game, to, 25);
  const here = dist.get(from) ?? 99;
  return neighboursOf(game, from).find((n) => (dist.get(n) ?? 99) < here) ?? null;
}

// ------------------------------------------------------------------ units

export function unitDef(game: SolitaireGame, type: UnitType): UnitDef {
  return contentOf(game).units.get(type)!;
}

export function unitName(game: SolitaireGame, unit: Unit): string {
  return unitDef(game, unit.type).name;
}

export type CombatType = 'military' | 'morph';

/** A unit's strength of one kind: attacking counts only unbracketed strengths, defending counts all [001 31.0]. */
export function unitStrength(game: SolitaireGame, unit: Unit, type: CombatType, attacking: boolean): number {
  return strengthOf(unitDef(game, unit.type), unit, type, attacking);
}

export function unitsIn(game: SolitaireGame, sector: string, side?: Side): Unit[] {
  return stateOf(game).units.filter((u) => u.sector === sector && (side === undefined || u.side === side));
}

export function imperialUnits(game: SolitaireGame): Unit[] {
  return stateOf(game).units.filter((u) => u.side === 'empire');
}

export function newUnit(game: SolitaireGame, type: UnitType, side: Side, sector: string, force: string | null): Unit {
  const s = stateOf(game);
  const unit: Unit = { id: s.nextUnit++, type, side, sector, force: side === 'empire' ? null : force, leader: null, th: type === 'TH' ? rollTransHuman(game) : null };
  s.units.push(unit);
  return unit;
}

/** Trans-humans' strengths: each 1-5, rolled anew every turn [001 31.0: "you never know their exact capabilities"]. */
export function rollTransHuman(game: SolitaireGame): [number, number] {
  return [1 + Math.floor(game.rng.int(10) / 2), 1 + Math.floor(game.rng.int(10) / 2)];
}

export function removeUnit(game: SolitaireGame, unit: Unit): void {
  const s = stateOf(game);
  s.units = s.units.filter((u) => u !== unit);
  if (unit.leader !== null) s.leaderPool.push(unit.leader);
  forgetEmptyForces(game);
}

/** A Chaos force whose every unit is gone loses its marker [001 32.0: "until the force is entirely eliminated or converted"]. */
export function forgetEmptyForces(game: SolitaireGame): void {
  const s = stateOf(game);
  const systemsOf = (f: ChaosForce) => contentOf(game).sectors.filter((x) => s.systems[x]?.force === f.id);
  const gone = s.forces.filter((f) => !s.units.some((u) => u.force === f.id) && !(f.kind === 'independent' && systemsOf(f).length));
  for (const f of gone) {
    // its marker goes to the discard, its leader back to the pool (the Mutant is a marker of his own; 0: it had none)
    if (f.marker) s.discard.push(f.marker);
    if (!f.mutant && f.leader > 0) s.leaderPool.push(f.leader);
  }
  if (gone.length) s.forces = s.forces.filter((f) => !gone.includes(f));
  // an Independent Empire that lost its home makes another of its systems its home
  for (const f of s.forces) if (f.kind === 'independent' && f.home && s.systems[f.home]?.force !== f.id) f.home = systemsOf(f)[0] ?? null;
}

export function forceOf(game: SolitaireGame, id: string | null): ChaosForce | null {
  return id === null ? null : (stateOf(game).forces.find((f) => f.id === id) ?? null);
}

export function forceName(game: SolitaireGame, force: ChaosForce | null): string {
  if (!force) return 'Rebels';
  if (force.mutant) return 'the Mutant';
  const n = force.id.split('-').pop();
  return force.kind === 'usurper' ? `Usurper #${n}` : force.kind === 'independent' ? `Independent Empire #${n}` : `Invaders #${n}`;
}

export function newForce(game: SolitaireGame, kind: ChaosForce['kind'], leader: number, home: string | null, mutant = false, marker: string | null = null): ChaosForce {
  const s = stateOf(game);
  const force: ChaosForce = { id: `${kind}-${s.nextForce++}`, kind, mutant, leader, home, marker };
  s.forces.push(force);
  return force;
}

/**
 * A leader counter drawn at random from the pool, or null when none is left there [001 Leaders]: the
 * counters are the mix's, whoever holds them, so an empty pool waits for a leader to fall and return
 * (one lost to the Messiah never does).
 */
export function drawLeader(game: SolitaireGame): number | null {
  const s = stateOf(game);
  if (!s.leaderPool.length) return null;
  const i = game.rng.int(s.leaderPool.length);
  return s.leaderPool.splice(i, 1)[0]!;
}

/** A Chaos force's leader in words: its value, or none when the pool had no counter left for it (0). */
export function leaderWords(value: number): string {
  return value > 0 ? `leader ${value}` : 'no leader: no counter is left in the pool';
}

/** The Chaos stacks that act in the Chaos Operations phase: each marked force, and the Rebels of each sector. */
export interface ChaosStack {
  /** The force's id, or `rebels@<sector>`. */
  id: string;
  kind: ChaosForceKind;
  force: ChaosForce | null;
  sector: string;
  units: Unit[];
}

export function chaosStacks(game: SolitaireGame): ChaosStack[] {
  const s = stateOf(game);
  const stacks = new Map<string, ChaosStack>();
  for (const u of s.units) {
    if (u.side !== 'chaos') continue;
    const force = forceOf(game, u.force);
    const id = force ? `${force.id}@${u.sector}` : `rebels@${u.sector}`;
    let stack = stacks.get(id);
    if (!stack) stacks.set(id, (stack = { id, kind: force?.kind ?? 'rebel', force, sector: u.sector, units: [] }));
    stack.units.push(u);
  }
  // the Chaos Operations table's order: usurpers, Independent Empires, invaders, rebels; then by sector
  const order = ['usurper', 'independent', 'invader', 'rebel'];
  return [...stacks.values()].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || sectorNumber(game, a.sector) - sectorNumber(game, b.sector) || a.id.localeCompare(b.id));
}

/** A Living Nebula holds this sector: nothing leaves it, no RP from it [001 32.0 Aliens—Living Nebula]. */
export function livingNebulaAt(game: SolitaireGame, sector: string): boolean {
  return stateOf(game).aliens.some((a) => a.kind === 'living-nebula' && a.sector === sector);
}

export function stackMovement(game: SolitaireGame, units: readonly Unit[]): number {
  return Math.min(...units.map((u) => unitDef(game, u.type).movement));
}

// ------------------------------------------------------------------ systems, the index, victory

export function imperialSystems(game: SolitaireGame): string[] {
  const s = stateOf(game);
  return contentOf(game).sectors.filter((x) => s.systems[x]?.side === 'empire');
}

/** Victory points (ours; 001's victory rules are not in our copy): one per Imperial system unit, and 10 less a tenth of the index. */
export function victoryPoints(game: SolitaireGame): number {
  const s = stateOf(game);
  return imperialSystems(game).length + Math.floor((100 - s.index) / 10);
}

export function levelOf(game: SolitaireGame, vp: number): Level {
  const l = game.scenario.levels;
  return vp >= l.galactic ? 'galactic' : vp >= l.expanding ? 'expanding' : vp >= l.survival ? 'survival' : vp >= l.decline ? 'decline' : 'collapse';
}

/** A Universal Victory [001 Scenario 7]: an Imperial system unit in every sector and the index at 10 or less. */
export function universalVictory(game: SolitaireGame): boolean {
  return imperialSystems(game).length === contentOf(game).sectors.length && stateOf(game).index <= 10;
}

export type IndexCause = 'event' | 'combat' | 'extropy' | 'suppression' | 'nexus' | 'expedition' | 'alien';

/**
 * Move the Chaos Index [001 Chaos Index Changes Summary Chart]. Spectacle doubles every change this turn
 * and cancels Leviathan, which otherwise halves it (halves kept); the index stays within 0-100, and on
 * the first turn an event may not raise it above 95 [001 scenarios, special rules].
 */
export function changeIndex(game: SolitaireGame, delta: number, why: string, cause: IndexCause): void {
  const s = stateOf(game);
  if (delta === 0) return;
  leviathanCheck(game);
  let change = delta;
  // with both in play, "use normal Chaos point changes" [001 32.0 Spectacle]
  if (s.fx.spectacle && !s.leviathan) change *= 2;
  else if (s.leviathan && !s.fx.spectacle) change /= 2;
  const before = s.index;
  let after = Math.max(0, Math.min(100, before + change));
  // whatever an event sets off on turn 1 (a Nexus lost to Web Raiders too) is held to 95
  const duringEvents = game.turn === 1 && game.stack.some((f) => f.proc === 'chaos-events');
  if ((cause === 'event' || duringEvents) && game.turn === 1 && change > 0) after = Math.min(after, Math.max(before, 95));
  s.index = after;
  if (after !== before) tell(game, 'index', `Chaos Index ${fmt(before)} → ${fmt(after)}: ${why}.`, '[001 Chaos Index Changes]', { before, after, cause });
}

/** The Leviathan is discarded the instant no Imperial system unit holds the Core [001 32.0 Leviathan]. */
export function leviathanCheck(game: SolitaireGame): void {
  const s = stateOf(game);
  if (!s.leviathan || s.systems[core(game)]?.side === 'empire') return;
  s.leviathan = false;
  s.discard.push('leviathan');
  tell(game, 'chaos-event', 'The Core is lost: the Leviathan is no more.', '[001 32.0 Leviathan]');
}

export function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** Say something: a solitaire game has nothing hidden from its one player. */
export function tell(game: SolitaireGame, kind: string, text: string, rule: string, data?: { [key: string]: Json }): void {
  emit(game, { kind, text, rule, visibleTo: 'all', ...(data ? { data } : {}) });
}

/** A die 0-9, as 001's tables are read. */
export function d10(game: SolitaireGame): number {
  return game.rng.int(10);
}
