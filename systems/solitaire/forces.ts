/**
 * The Chaos forces and how they act [001 32.0, Chaos Operations Table Results]: Usurpers (and the
 * Mutant), Independent Empires, Invaders and Rebels. Each stack rolls on the Chaos Operations table
 * (ours: 001 lists the results, not the table) and moves and attacks as the result says; it follows no
 * plan, which is what makes it dangerous [001 31.0].
 */
import type { Operation, UnitType } from './content';
import { attacksAllowed, battle, chaosBattle, fight, loseNexus } from './combat';
import {
  chaosStacks,
  contentOf,
  core,
  coreDistance,
  d10,
  drawLeader,
  leaderWords,
  forceName,
  forgetEmptyForces,
  livingNebulaAt,
  neighboursOf,
  newForce,
  newUnit,
  removeUnit,
  sectorName,
  sectorNumber,
  stackMovement,
  stateOf,
  stepToward,
  tell,
  unitsIn,
  unitStrength,
  type ChaosForce,
  type ChaosStack,
  type SolitaireGame,
} from './state';

const say = (game: SolitaireGame, text: string, rule = '[001 Chaos Operations]') => tell(game, 'chaos-operations', text, rule);

/** The Independent Empire recruiting table (ours): the units a total buys. */
export function recruitRoll(game: SolitaireGame, total: number): UnitType[] {
  const table = contentOf(game).file.recruitingTable;
  return [...(table.find((r) => total <= r.upTo) ?? table[table.length - 1]!).units];
}

export interface EmpireSetup {
  /** The Chaos Events marker it arose by, if any. */
  marker?: string;
  extra: UnitType[];
  leaderAddsToRolls: boolean;
  rollsResourceMultiplier: number;
  /**
   * Whether its neighbours' Imperial systems may be among those taken. Not at a scenario's setup: there
   * the Chaos forces (3) are set up before the Imperial sectors (4) are placed [001 Scenarios 3, 4, 6].
   */
  takesImperial?: boolean;
}

/**
 * An Independent Empire is established [001 32.0, scenarios 3, 4, 6; its own rule, 11.0, is not in our
 * copy]: its home sector's system goes over to it, and a leader is drawn whose value is also the number
 * of neighbouring sectors conquered (highest numbers first, any with a system unit and no Imperial mobile
 * unit). It rolls on the recruiting table as many times as its leader's value (die + home resource, + the
 * leader's value where the scenario says), and every Chaos mobile unit on its sectors joins its one stack at home.
 */
export function establishIndependentEmpire(game: SolitaireGame, home: string, setup: EmpireSetup): ChaosForce {
  const s = stateOf(game);
  const leader = drawLeader(game) ?? 0; // no counter left: no leader, no sector taken, no recruits
  const force = newForce(game, 'independent', leader, home, false, setup.marker ?? null);
  const take = (sector: string) => {
    const sys = s.systems[sector]!;
    if (sys.side === 'empire') {
      loseNexus(game, sector); // "for any reason" [001 Chaos Index Changes 4]
      s.illuminated = s.illuminated.filter((x) => x !== sector);
    }
    sys.side = 'chaos';
    sys.force = force.id;
  };
  take(home);
  const conquered = [...neighboursOf(game, home)]
    .filter((n) => s.systems[n] && !s.systems[n]!.force && unitsIn(game, n, 'empire').length === 0 && (setup.takesImperial !== false || s.systems[n]!.side === 'chaos'))
    .sort((a, b) => sectorNumber(game, b) - sectorNumber(game, a))
    .slice(0, leader);
  conquered.forEach(take);
  const recruits: UnitType[] = [...setup.extra];
  for (let i = 0; i < leader; i++) {
    const total = d10(game) + s.systems[home]!.resource * setup.rollsResourceMultiplier + (setup.leaderAddsToRolls ? leader : 0);
    recruits.push(...recruitRoll(game, total));
  }
  for (const type of recruits) newUnit(game, type, 'chaos', home, force.id);
  for (const sector of [home, ...conquered]) for (const u of unitsIn(game, sector, 'chaos')) if (!u.force) ((u.force = force.id), (u.sector = home));
  tell(game, 'chaos-event', `${forceName(game, force)} arises in ${sectorName(game, home)} (${leaderWords(leader)})${conquered.length ? `, taking ${conquered.map((x) => sectorName(game, x)).join(', ')}` : ''}; its fleet: ${unitsIn(game, home, 'chaos').filter((u) => u.force === force.id).length} units.`, '[001 32.0 Independent Empire Arises]');
  forgetEmptyForces(game);
  return force;
}

/**
 * Invaders Appear [001 32.0]: a die per point of the Invaders' leadership, each buying units from the
 * marker's own list; they come in at the rim (ours: a sector drawn at random among those farthest from the Core).
 */
export function invaderForce(game: SolitaireGame): ChaosForce {
  const leader = drawLeader(game) ?? 0; // no counter left: no dice, and the invasion comes to nothing
  const force = newForce(game, 'invader', leader, null, false, 'invaders');
  const farthest = Math.max(...contentOf(game).sectors.map((x) => coreDistance(game, x)));
  const sector = game.rng.pick(contentOf(game).sectors.filter((x) => coreDistance(game, x) === farthest));
  const LIST: UnitType[][] = [['AF'], ['AF'], ['SF'], ['SF'], ['SF', 'SF'], ['SF', 'CG'], ['CG'], ['CG', 'CG'], ['WS'], ['TH']];
  for (let i = 0; i < leader; i++) for (const type of LIST[d10(game)]!) newUnit(game, type, 'chaos', sector, force.id);
  tell(game, 'chaos-event', `Invaders #${force.id.split('-').pop()} (leadership ${leader}) appear at the rim in ${sectorName(game, sector)} with ${unitsIn(game, sector, 'chaos').filter((u) => u.force === force.id).length} units.`, '[001 32.0 Invaders Appear]');
  return force;
}

// ------------------------------------------------------------------ movement

/** Move a Chaos stack one sector; it stops for good in a sector with Imperial mobile units. */
function moveStack(game: SolitaireGame, stack: ChaosStack, to: string): void {
  for (const u of stack.units) u.sector = to;
  stack.sector = to;
}

/** Walk a stack along `next` for up to `steps` sectors; false at once if the Living Nebula holds it. */
function walkStack(game: SolitaireGame, stack: ChaosStack, steps: number, next: (at: string) => string | null): void {
  const from = stack.sector;
  for (let i = 0; i < steps; i++) {
    if (livingNebulaAt(game, stack.sector)) break;
    const to = next(stack.sector);
    if (!to || to === stack.sector) break;
    moveStack(game, stack, to);
    if (unitsIn(game, to, 'empire').length) break;
  }
  if (stack.sector !== from) say(game, `${forceName(game, stack.force)} move from ${sectorName(game, from)} to ${sectorName(game, stack.sector)}.`);
}

function towardCore(game: SolitaireGame, at: string): string | null {
  return stepToward(game, at, core(game));
}

/** An Independent Empire's sectors under threat: Imperial mobile units in or next to them. */
export function threatenedSectors(game: SolitaireGame, force: ChaosForce): string[] {
  const s = stateOf(game);
  const own = contentOf(game).sectors.filter((x) => s.systems[x]?.force === force.id);
  const threatened = own.filter((x) => [x, ...neighboursOf(game, x)].some((y) => unitsIn(game, y, 'empire').length > 0));
  // its home first, then the lowest numbers
  return threatened.sort((a, b) => Number(b === force.home) - Number(a === force.home) || sectorNumber(game, a) - sectorNumber(game, b));
}

/** The next sector an Independent Empire reaches for: next to its own, with a system not yet its own; Rebel systems first, then the weakest. */
export function nextConquest(game: SolitaireGame, force: ChaosForce): string | null {
  const s = stateOf(game);
  const own = contentOf(game).sectors.filter((x) => s.systems[x]?.force === force.id);
  const candidates = new Set<string>();
  for (const x of own) for (const n of neighboursOf(game, x)) if (s.systems[n] && s.systems[n]!.force !== force.id) candidates.add(n);
  const defence = (x: string) => s.systems[x]!.military + unitsIn(game, x, 'empire').reduce((sum, u) => sum + unitStrength(game, u, 'military', false), 0);
  return (
    [...candidates].sort(
      (a, b) => Number(s.systems[b]!.side === 'chaos') - Number(s.systems[a]!.side === 'chaos') || defence(a) - defence(b) || sectorNumber(game, a) - sectorNumber(game, b),
    )[0] ?? null
  );
}

// ------------------------------------------------------------------ attacks

/**
 * A Chaos stack attacks the Imperial units and system in its sector, with whichever kind of strength does
 * better; or, allied to the Empire, another Chaos stack there (`target`) [001 32.0 Alliance].
 */
export function chaosAttack(game: SolitaireGame, stack: ChaosStack, target?: ChaosStack): void {
  const s = stateOf(game);
  const sector = stack.sector;
  const units = stack.units.filter((u) => s.units.includes(u) && u.side === 'chaos' && u.sector === sector);
  if (!units.length) return;
  const imperialThere = unitsIn(game, sector, 'empire').length > 0 || s.systems[sector]?.side === 'empire';
  if (!target && !imperialThere) return;
  const options = (['military', 'morph'] as const)
    .filter((type) => attacksAllowed(game, sector, type))
    .map((type) => (target ? chaosBattle(game, sector, type, units, target.force?.id ?? null) : battle(game, sector, type, 'chaos', units)))
    .filter((b) => b.attack > 0)
    .sort((a, b) => b.attack - b.defence - (a.attack - a.defence) || (a.type === 'morph' ? -1 : 1));
  const chosen = options[0];
  if (chosen) fight(game, chosen);
}

/**
 * The Chaos stacks an allied force may attack where it stands [001 32.0 Alliance]: every other force
 * there, the Rebels included; never "other units of the same Empire" (one force is one stack in a sector).
 */
export function allyTargets(game: SolitaireGame, stack: ChaosStack): ChaosStack[] {
  return chaosStacks(game).filter((st) => st.sector === stack.sector && st.id !== stack.id && (st.force?.id ?? null) !== (stack.force?.id ?? null));
}

/** After moving, an Independent Empire's stack takes over a Rebel system it stands on, unopposed. */
function conquer(game: SolitaireGame, stack: ChaosStack): void {
  const s = stateOf(game);
  const sys = s.systems[stack.sector];
  // a Rebel system only: another Independent Empire's is not taken unopposed
  if (!stack.force || stack.force.kind !== 'independent' || !sys || sys.side !== 'chaos' || sys.force !== null) return;
  if (unitsIn(game, stack.sector, 'empire').length) return;
  sys.force = stack.force.id;
  for (const u of unitsIn(game, stack.sector, 'chaos')) if (!u.force) u.force = stack.force.id;
  say(game, `${forceName(game, stack.force)} takes ${sectorName(game, stack.sector)} into its empire.`);
}

// ------------------------------------------------------------------ operations

/** Carry out one Chaos Operations result for a stack. */
export function operate(game: SolitaireGame, stack: ChaosStack, op: Operation): void {
  const [move, attack] = op.split('+') as [string, string | undefined];
  const steps = stackMovement(game, stack.units);
  const force = stack.force;
  switch (move) {
    case 'attrition': {
      const victim = game.rng.pick(stack.units);
      removeUnit(game, victim);
      say(game, `${forceName(game, force)} in ${sectorName(game, stack.sector)} suffer attrition: a unit is lost.`);
      return;
    }
    case 'none':
      return;
    case 'lower':
      walkStack(game, stack, 1, (at) => [...neighboursOf(game, at)].filter((n) => sectorNumber(game, n) < sectorNumber(game, at)).pop() ?? null);
      break;
    case 'higher':
      walkStack(game, stack, 1, (at) => neighboursOf(game, at).find((n) => sectorNumber(game, n) > sectorNumber(game, at)) ?? null);
      break;
    case 'away':
      walkStack(game, stack, 1, (at) => {
        const out = neighboursOf(game, at).filter((n) => coreDistance(game, n) > coreDistance(game, at));
        return out.length ? game.rng.pick(out) : null;
      });
      break;
    case 'one-toward':
      walkStack(game, stack, 1, (at) => towardCore(game, at));
      break;
    case 'toward':
      walkStack(game, stack, steps, (at) => towardCore(game, at));
      break;
    case 'threatened':
    case 'threatened-or-conquer': {
      if (!force) break;
      const target = threatenedSectors(game, force)[0] ?? (move === 'threatened-or-conquer' ? nextConquest(game, force) : null);
      if (target) walkStack(game, stack, steps, (at) => stepToward(game, at, target));
      conquer(game, stack);
      break;
    }
    case 'attack':
      break;
  }
  if (attack || move === 'attack') chaosAttack(game, stack);
}

/** The Usurpation table (ours), rolled by each Usurper (and the Mutant) before it operates. */
export function usurpation(game: SolitaireGame, force: ChaosForce): void {
  const s = stateOf(game);
  const die = d10(game);
  const result = contentOf(game).file.usurpationTable[die]!;
  const units = s.units.filter((u) => u.force === force.id);
  if (result === 'loyal' && !force.mutant) {
    for (const u of units) ((u.side = 'empire'), (u.force = null));
    say(game, `Usurpation: ${forceName(game, force)} returns to the Emperor's allegiance (die ${die}).`, '[001 Usurpation Table]');
  } else if (result === 'loyal' || result === 'dissolution') {
    // the Mutant's followers drift off as rebels whichever way it ends [001 32.0 The Mutant 3]
    for (const u of units) u.force = null;
    say(game, `Usurpation: ${forceName(game, force)} dissolves; its units fight on as rebels (die ${die}).`, '[001 Usurpation Table]');
  } else if (result === 'recruits' && units[0]) {
    newUnit(game, 'SF', 'chaos', units[0].sector, force.id);
    say(game, `Usurpation: ${forceName(game, force)} gathers a star fleet (die ${die}).`, '[001 Usurpation Table]');
  }
  forgetEmptyForces(game);
}

/** An Independent Empire recruits at the start of its operations: die + its leader + its sectors (not under a Living Nebula). */
export function empireRecruits(game: SolitaireGame, force: ChaosForce): void {
  const s = stateOf(game);
  const sectors = contentOf(game).sectors.filter((x) => s.systems[x]?.force === force.id && !livingNebulaAt(game, x));
  const stackAt = s.units.find((u) => u.force === force.id)?.sector ?? force.home;
  if (!stackAt || !sectors.length) return;
  const die = d10(game);
  const units = recruitRoll(game, die + force.leader + sectors.length);
  for (const type of units) newUnit(game, type, 'chaos', stackAt, force.id);
  if (units.length) say(game, `${forceName(game, force)} recruits ${units.join(', ')} (die ${die} + leader ${force.leader} + ${sectors.length} sectors).`, '[001 Independent Empire Recruiting]');
}

