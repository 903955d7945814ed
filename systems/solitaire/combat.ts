/**
 * Combat [001 31.0, designer's notes]: military combat destroys, morphogenetic combat converts. The
 * attacker adds up the unbracketed strengths of the kind chosen (and a leader's value), the defender every
 * strength of that kind, bracketed ones included; the difference picks a column of the combat results
 * table (ours: 001 names it without printing it) and a die (0-9) the result. A result hits *every* unit
 * of the side it names whose strength of that kind is at or below its number: "the more units you put
 * into a battle, the greater the chance for success, but there's also a chance for great disaster".
 */
import type { Json } from '../../src/core/engine/types';
import { readCombatTable, type CombatResult } from './content';
import {
  changeIndex,
  contentOf,
  d10,
  forceName,
  forceOf,
  forgetEmptyForces,
  removeUnit,
  sectorName,
  stateOf,
  tell,
  unitsIn,
  unitStrength,
  type CombatType,
  type Side,
  type SolitaireGame,
  type Unit,
} from './state';

/** The table's result for a strength difference and a modified die. */
export function combatResult(game: SolitaireGame, difference: number, die: number): CombatResult {
  return readCombatTable(contentOf(game).file.combatTable, difference, die);
}

export interface Battle {
  sector: string;
  type: CombatType;
  attackerSide: Side;
  attackers: Unit[];
  /** An Imperial leader's value, or a Chaos force's leader when it attacks. */
  leader: number;
  attack: number;
  defence: number;
  dieModifier: number;
  /** The defenders: the other side's mobile units in the sector, and its system unit (as null). */
  defenders: Unit[];
  system: boolean;
  /**
   * Set when an allied Chaos force attacks another Chaos force [001 32.0 Alliance]: the defending force's
   * id (null: the Rebels). Its units and its own system defend; the Empire's are not in the battle.
   */
  defenderForce?: string | null;
}

/** The Mutant's own morphogenetic strength, beside its force's [001 32.0 The Mutant 2]. */
const MUTANT_MORPH = 3;

/** Set up a battle: who fights, and the strengths. The attackers must be in the sector. */
export function battle(game: SolitaireGame, sector: string, type: CombatType, attackerSide: Side, attackers: Unit[]): Battle {
  const s = stateOf(game);
  const defenderSide: Side = attackerSide === 'empire' ? 'chaos' : 'empire';
  const defenders = unitsIn(game, sector, defenderSide);
  const system = s.systems[sector]?.side === defenderSide;
  let leader = 0;
  if (attackerSide === 'empire') leader = Math.max(0, ...attackers.map((u) => u.leader ?? 0));
  else {
    const force = forceOf(game, attackers[0]?.force ?? null);
    leader = force ? Math.min(force.leader, 3) : 0;
  }
  let attack = attackers.reduce((sum, u) => sum + unitStrength(game, u, type, true), 0) + leader;
  let defence = defenders.reduce((sum, u) => sum + unitStrength(game, u, type, false), 0);
  if (system) defence += type === 'military' ? s.systems[sector]!.military : s.systems[sector]!.morph;
  if (type === 'morph') {
    if (attackerSide === 'chaos' && forceOf(game, attackers[0]?.force ?? null)?.mutant) attack += MUTANT_MORPH;
    if (attackerSide === 'empire' && defenders.some((u) => forceOf(game, u.force)?.mutant)) defence += MUTANT_MORPH;
  }
  // Imperial markers (ours, 001's rules for them are not in our copy): a Nexus steadies its sector's
  // defence, Illumination its minds.
  if (defenderSide === 'empire' && s.nexus.includes(sector)) defence += 2;
  if (defenderSide === 'empire' && type === 'morph' && s.illuminated.includes(sector)) defence += 2;
  let dieModifier = 0;
  if (attackerSide === 'empire') {
    // Militarism and Pacifism [001 32.0] cancel each other out
    if (s.fx.militarism !== s.fx.pacifism) dieModifier += (s.fx.militarism ? 1 : -1) * (type === 'military' ? 1 : -1);
    if (s.nexus.includes(sector)) dieModifier += 1;
  }
  return { sector, type, attackerSide, attackers, leader, attack, defence, dieModifier, defenders, system };
}

/**
 * An allied Chaos force attacks another Chaos force in its sector [001 32.0 Alliance: "attack with it using
 * the normal rules for Chaos force combat", barred only from "other units of the same Empire"]: the same
 * strengths as against the Empire, with the defending force's units and its own system unit.
 */
export function chaosBattle(game: SolitaireGame, sector: string, type: CombatType, attackers: Unit[], defenderForce: string | null): Battle {
  const s = stateOf(game);
  const defenders = unitsIn(game, sector, 'chaos').filter((u) => u.force === defenderForce);
  const sys = s.systems[sector];
  const system = sys?.side === 'chaos' && sys.force === defenderForce;
  const force = forceOf(game, attackers[0]?.force ?? null);
  const leader = force ? Math.min(force.leader, 3) : 0;
  let attack = attackers.reduce((sum, u) => sum + unitStrength(game, u, type, true), 0) + leader;
  let defence = defenders.reduce((sum, u) => sum + unitStrength(game, u, type, false), 0) + (system ? (type === 'military' ? sys!.military : sys!.morph) : 0);
  if (type === 'morph' && force?.mutant) attack += MUTANT_MORPH;
  if (type === 'morph' && forceOf(game, defenderForce)?.mutant) defence += MUTANT_MORPH;
  return { sector, type, attackerSide: 'chaos', attackers, leader, attack, defence, dieModifier: 0, defenders, system, defenderForce };
}

/** The exact chance of each result of a battle: for the odds shown before every attack. */
export function battleOdds(game: SolitaireGame, b: Battle): { [result: string]: number } {
  const odds: { [result: string]: number } = {};
  for (let die = 0; die < 10; die++) {
    const r = combatResult(game, b.attack - b.defence, die + b.dieModifier);
    const key = r.who ? `${r.who}${r.level}` : '-';
    odds[key] = (odds[key] ?? 0) + 0.1;
  }
  for (const k of Object.keys(odds)) odds[k] = Math.round(odds[k]! * 10) / 10;
  return odds;
}

/** Whether a result would hit a unit (or the system unit) of the side it names. */
function hitBy(level: number, strength: number): boolean {
  return strength <= level;
}

/** Fight a battle: roll, and apply the result to every unit it reaches, with the Chaos Index's changes. */
export function fight(game: SolitaireGame, b: Battle): { die: number; result: CombatResult } {
  const s = stateOf(game);
  const die = d10(game);
  const result = combatResult(game, b.attack - b.defence, die + b.dieModifier);
  const verb = b.type === 'military' ? 'military' : 'morphogenetic';
  const who = b.attackerSide === 'empire' ? 'The Empire' : forceName(game, forceOf(game, b.attackers[0]?.force ?? null));
  const text = `${who} makes a ${verb} attack in ${sectorName(game, b.sector)}: ${b.attack} against ${b.defence}, die ${die}${b.dieModifier ? (b.dieModifier > 0 ? `+${b.dieModifier}` : b.dieModifier) : ''}: ${result.who ? `${result.who}${result.level}` : 'no effect'}.`;
  tell(game, 'battle', text, '[001 31.0]', {
    sector: b.sector, type: b.type, attacker: b.attackerSide, attack: b.attack, defence: b.defence, die, modifier: b.dieModifier,
    result: result.who ? `${result.who}${result.level}` : '-',
  } as { [key: string]: Json });
  if (!result.who) return { die, result };
  if (b.defenderForce !== undefined) return chaosOnChaos(game, b, result), { die, result };
  const hitSide: Side = result.who === 'D' ? (b.attackerSide === 'empire' ? 'chaos' : 'empire') : b.attackerSide;
  const otherSide: Side = hitSide === 'empire' ? 'chaos' : 'empire';
  const hitUnits = (result.who === 'D' ? b.defenders : b.attackers).filter((u) => s.units.includes(u));
  // the Mutant's force is converted only by a result of 3 or more [001 32.0 The Mutant 2]
  const mutantShield = (u: Unit) => b.type === 'morph' && result.level < 3 && forceOf(game, u.force)?.mutant === true;
  // a converted unit joins the force it was fighting (the Rebels when the Empire converts, or none)
  const joining = hitSide === 'empire' ? (result.who === 'D' ? (b.attackers[0]?.force ?? null) : (b.defenders[0]?.force ?? null)) : null;
  for (const u of hitUnits) {
    if (!hitBy(result.level, unitStrength(game, u, b.type, false)) || mutantShield(u)) continue;
    if (b.type === 'military') {
      removeUnit(game, u);
      if (u.side === 'empire') changeIndex(game, 2, 'an Imperial mobile unit destroyed', 'combat');
      else changeIndex(game, -1, 'a Chaos mobile unit destroyed', 'combat');
    } else {
      if (u.leader !== null) (s.leaderPool.push(u.leader), (u.leader = null));
      u.side = otherSide;
      u.force = otherSide === 'chaos' ? joining : null;
      if (otherSide === 'chaos') changeIndex(game, 1, 'an Imperial mobile unit converted', 'combat');
      else changeIndex(game, -2, 'a Chaos mobile unit converted', 'combat');
    }
  }
  // the system unit defends, and so is hit, only by a defender's result
  const sys = s.systems[b.sector];
  if (result.who === 'D' && b.system && sys && hitBy(result.level, b.type === 'military' ? sys.military : sys.morph)) {
    const imperial = sys.side === 'empire';
    if (b.type === 'military') {
      s.systems[b.sector] = null;
      if (imperial) changeIndex(game, 2 * sys.resource, 'an Imperial system destroyed', 'combat');
      else changeIndex(game, -sys.resource, 'a Chaos system destroyed', 'combat');
      // its Nexus falls with it, and its Illumination
      if (imperial) (loseNexus(game, b.sector), (s.illuminated = s.illuminated.filter((x) => x !== b.sector)));
    } else {
      sys.side = otherSide;
      const force = forceOf(game, b.attackers[0]?.force ?? null);
      sys.force = otherSide === 'chaos' && force?.kind === 'independent' ? force.id : null;
      if (imperial) changeIndex(game, sys.resource, 'an Imperial system converted', 'combat');
      else changeIndex(game, -2 * sys.resource, 'a Chaos system converted', 'combat');
      // its Nexus falls with it, and its Illumination
      if (imperial) (loseNexus(game, b.sector), (s.illuminated = s.illuminated.filter((x) => x !== b.sector)));
    }
  }
  forgetEmptyForces(game);
  return { die, result };
}

/**
 * A battle between Chaos forces [001 32.0 Alliance]: the result hits as any other; a converted unit (or
 * system) goes over to the other force. The Chaos Index does not move: its chart counts only battles
 * between the Empire and Chaos [001 Chaos Index Changes 5].
 */
function chaosOnChaos(game: SolitaireGame, b: Battle, result: CombatResult): void {
  const s = stateOf(game);
  const attackerForce = b.attackers[0]?.force ?? null;
  const hitUnits = (result.who === 'D' ? b.defenders : b.attackers).filter((u) => s.units.includes(u));
  const winner = result.who === 'D' ? attackerForce : b.defenderForce!;
  const mutantShield = (u: Unit) => b.type === 'morph' && result.level < 3 && forceOf(game, u.force)?.mutant === true;
  for (const u of hitUnits) {
    if (!hitBy(result.level, unitStrength(game, u, b.type, false)) || mutantShield(u)) continue;
    if (b.type === 'military') removeUnit(game, u);
    else u.force = winner;
  }
  const sys = s.systems[b.sector];
  if (result.who === 'D' && b.system && sys && hitBy(result.level, b.type === 'military' ? sys.military : sys.morph)) {
    if (b.type === 'military') (s.systems[b.sector] = null), (s.illuminated = s.illuminated.filter((x) => x !== b.sector));
    else sys.force = forceOf(game, attackerForce)?.kind === 'independent' ? attackerForce : null;
  }
  forgetEmptyForces(game);
}

/** A Nexus falls with its sector [001 Chaos Index Changes 4]: +2 on the Core, +1 elsewhere. */
export function loseNexus(game: SolitaireGame, sector: string): void {
  const s = stateOf(game);
  if (!s.nexus.includes(sector)) return;
  s.nexus = s.nexus.filter((x) => x !== sector);
  changeIndex(game, sector === contentOf(game).sectors[0] ? 2 : 1, 'an Imperial Nexus eliminated', 'nexus');
}

/** Whether attacks of a kind may be made in a sector: the Hive forbids military ones, the Randoids morphogenetic ones, the Messiah all [001 32.0]. */
export function attacksAllowed(game: SolitaireGame, sector: string, type: CombatType): boolean {
  const s = stateOf(game);
  for (const a of s.aliens) {
    if (a.sector === sector && a.kind === 'hive' && type === 'military') return false;
    if (a.sector === sector && a.kind === 'randoids' && type === 'morph') return false;
    if (a.kind === 'messiah' && messiahReach(game, a.sector, game.turn - a.placedOnTurn).has(sector)) return false;
  }
  return true;
}

/** The Messiah's peace: his sector on the turn he comes, one sector further every turn after [001 32.0]. */
export function messiahReach(game: SolitaireGame, sector: string, turnsSince: number): Set<string> {
  const reach = new Set([sector]);
  let frontier = [sector];
  for (let i = 0; i < turnsSince; i++) {
    const next: string[] = [];
    for (const x of frontier) for (const n of contentOf(game).neighbours.get(x) ?? []) if (!reach.has(n)) (reach.add(n), next.push(n));
    frontier = next;
  }
  return reach;
}
