/**
 * The detection routine [9.3-9.45, 14.5-14.58]: an enemy PDB that is up tries to detect a spaceship
 * leaving or arriving at its planet [9.3], or flying from one environ to another on it (once) [9.33].
 *
 * 1. Evasion value = the ship's maneuver + its pilot's navigation, each cut to one more than the other
 *    [14.52], except that a `fullManeuverAlways` ship keeps its maneuver [14.58].
 * 2. A die on the Detection Table (`tables.detection`), the column shifted left for a level-2 PDB and for
 *    passengers already detected [9.3]. `D*` is read as D [9.31]; a level-0 PDB reads Dd and E as D [9.32].
 * 3. U: everyone aboard becomes undetected; D: everyone aboard is detected; Dd: detected, and the ship
 *    is eliminated on arrival (a second Dd in a turn eliminates it at once [9.35]); E: the ship and all
 *    aboard are eliminated [9.31].
 */
import { hasComponent } from 'bitecs';
import type { SideId } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Game } from '../../src/core/engine/types';
import { tag, touch, untag } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { killCharacter } from './character-combat';
import { loseShip, possessionCard, workingPossessions } from './possessions';

export type DetectionOutcome = 'U' | 'D' | 'Dd' | 'E';

/** A pilot's navigation when flying: his rating plus what his possessions add [14.5]. */
export function pilotNavigation(game: Game, pilot: number): number {
  if (!pilot) return 0;
  let nav = game.world.c.Character.navigation[pilot] as number;
  if (game.world.kinds[pilot] === 'character')
    for (const p of workingPossessions(game, pilot)) nav += possessionCard(game, p).effects.navigation ?? 0;
  return nav;
}

/** [14.5, 14.52, 14.58] the evasion value of a ship flown by this pilot (0 for no pilot). */
export function evasionValue(game: Game, ship: number, pilot: number): number {
  const c = game.world.c;
  let maneuver = c.Spaceship.maneuver[ship] as number;
  let navigation = pilotNavigation(game, pilot);
  // [14.52] the ship's maneuver counts at most one more than the pilot's navigation [14.58: unless full always]
  if (maneuver > navigation + 1 && c.Spaceship.fullManeuver[ship] !== 1) maneuver = navigation + 1;
  // [14.52] and the pilot's navigation at most one more than the ship's maneuver
  if (navigation > maneuver + 1) navigation = maneuver + 1;
  return maneuver + navigation;
}

/** [9.3, 9.31, 9.32] read the Detection Table: pure, for a given die. */
export function detectionResult(game: Game, evasion: number, die: number, pdbLevel: number, alreadyDetected: boolean): DetectionOutcome {
  const table = game.content.tables.detection;
  let col = table.columns.findIndex((r) => evasion >= r.min && evasion <= r.max);
  if (col < 0) col = evasion < 0 ? 0 : table.columns.length - 1;
  if (pdbLevel >= 2) col -= table.shiftLevel2Pdb; // [9.3] a level-2 PDB sees better
  if (alreadyDetected) col -= table.shiftAlreadyDetected; // [9.3] so does one that has seen them before
  col = Math.max(0, col);
  const cell = table.rows[die - 1]?.[col];
  if (!cell) throw new Error(`no detection result for die ${die}, column ${col}`);
  let outcome = cell.replace('*', '') as DetectionOutcome; // [9.31] the star is ignored
  if (pdbLevel === 0 && (outcome === 'Dd' || outcome === 'E')) outcome = 'D'; // [9.32]
  return outcome;
}

/** [9.3, 9.31, 9.32, 9.35] one roll's outcome for a ship: the table's, and a second Dd in a game-turn eliminates. Pure. */
export function rollOutcome(game: Game, evasion: number, die: number, pdbLevel: number, alreadyDetected: boolean, damagedThisTurn: boolean): DetectionOutcome {
  const outcome = detectionResult(game, evasion, die, pdbLevel, alreadyDetected);
  return outcome === 'Dd' && damagedThisTurn ? 'E' : outcome; // [9.35] the second Dd in a turn eliminates
}

/** The worst a ship's move comes to, over every detection roll it takes [9.33]: each a chance, adding to 1. */
export interface DetectionOverMove {
  /** Every roll undetected (or no roll made). */
  unseen: number;
  /** Detected at least once, neither damaged nor eliminated. */
  detected: number;
  /** Detected and damaged: the ship is wrecked on arrival, those aboard are detected [9.31]. */
  damaged: number;
  /** The ship and all aboard are eliminated [9.31]. */
  eliminated: number;
}

/**
 * [9.3, 9.31-9.35] every roll of a ship's move combined, by enumerating the dice through `rollOutcome`
 * in the order the move rolls them: each check at a PDB of `levels`, reached with the chance `reached`
 * (a hyperjump between may leave the ship adrift [5.22]); a D or Dd makes the next roll that of an
 * already detected ship, a U sheds detection [9.31], a Dd makes a second one this turn an E [9.35].
 */
export function detectionOverMove(
  game: Game,
  ship: number,
  pilot: number,
  aboard: number[],
  checks: { level: number; reached: number }[],
): DetectionOverMove {
  const w = game.world;
  const evasion = evasionValue(game, ship, pilot);
  const out: DetectionOverMove = { unseen: 0, detected: 0, damaged: 0, eliminated: 0 };
  // `ddBefore`: a Dd this turn, before this move or in it [9.35]; `damaged`: this move got one
  const walk = (i: number, p: number, already: boolean, ddBefore: boolean, damaged: boolean, seen: boolean): void => {
    const check = checks[i];
    const end = (q: number) => void (out[damaged ? 'damaged' : seen ? 'detected' : 'unseen'] += q);
    if (!check) return end(p);
    // the move may end before this check (adrift): it comes to what it has come to so far
    end(p * (1 - check.reached));
    p *= check.reached;
    for (let die = 1; die <= 6; die++) {
      const outcome = rollOutcome(game, evasion, die, check.level, already, ddBefore);
      if (outcome === 'E') out.eliminated += p / 6;
      else if (outcome === 'U') walk(i + 1, p / 6, false, ddBefore, damaged, seen);
      else walk(i + 1, p / 6, true, ddBefore || outcome === 'Dd', damaged || outcome === 'Dd', true);
    }
  };
  const already = hasComponent(w, ship, w.c.Detected) || aboard.some((ch) => hasComponent(w, ch, w.c.Detected));
  const damagedBefore = game.vars.detectionDamageTurn === damageKey(game) && ((game.vars.detectionDamaged as number[] | undefined) ?? []).includes(ship);
  walk(0, 1, already, damagedBefore, false, false);
  return out;
}

const damageKey = (game: Game) => `dd-${game.turn}`;

/** Ships detected-and-damaged this game-turn [9.35] (or hit by a racking attack [9.28]); the list is started afresh each game-turn. */
export function damagedThisTurn(game: Game): number[] {
  const key = damageKey(game);
  if (game.vars.detectionDamageTurn !== key) {
    game.vars.detectionDamageTurn = key;
    game.vars.detectionDamaged = [];
  }
  return game.vars.detectionDamaged as number[];
}

/** Kill characters with their ship [9.31]: dead, off the board; victory points as for a kill. */
export function eliminateCharacters(game: Game, characters: number[], rule: string): void {
  for (const ch of characters) killCharacter(game, ch, 'dies with the ship', rule); // the ship itself is gone
}

/**
 * Run the detection routine on a ship and the characters aboard, by the PDB of `planet` (its
 * controller, the enemy of `side`). Rolls one die. Returns the outcome, already applied.
 */
export function detectShip(game: Game, ship: number, pilot: number, aboard: number[], planet: number, side: SideId): DetectionOutcome {
  const w = game.world;
  const c = w.c;
  const level = c.Pdb.level[planet] as number;
  const already = hasComponent(w, ship, c.Detected) || aboard.some((ch) => hasComponent(w, ch, c.Detected));
  const evasion = evasionValue(game, ship, pilot);
  const die = game.rng.d6();
  const damaged = damagedThisTurn(game);
  const outcome = rollOutcome(game, evasion, die, level, already, damaged.includes(ship));
  const where = nameOf(game, planet);
  const name = nameOf(game, ship);
  if (outcome === 'U') {
    // [9.31] undetected: and whoever was detected is no longer
    untag(w, ship, c.Detected);
    for (const ch of aboard) untag(w, ch, c.Detected);
    emit(game, { kind: 'detection', text: `${name} slips past the PDB of ${where} undetected (evasion ${evasion}, die ${die}).`, rule: '[9.31]', visibleTo: side, entities: [ship, planet] });
    return outcome;
  }
  if (outcome === 'E') {
    emit(game, { kind: 'detection', text: `The PDB of ${where} destroys ${name} (evasion ${evasion}, die ${die}).`, rule: '[9.31]', visibleTo: 'all', entities: [ship, planet, ...aboard] });
    eliminateCharacters(game, aboard, '[9.31]');
    loseShip(game, ship, 'eliminated by a PDB', '[9.31]', true);
    return outcome;
  }
  // D or Dd: everyone aboard is detected [9.31]; the ship is named to the enemy, no longer secret [14.2]
  tag(w, ship, c.Detected);
  tag(w, ship, c.Revealed);
  for (const ch of aboard) tag(w, ch, c.Detected);
  if (outcome === 'Dd') {
    damaged.push(ship);
    c.Spaceship.damaged[ship] = 1; // eliminated when it reaches its destination [9.31]
    touch(w, ship);
  }
  emit(game, {
    kind: 'detection',
    text: `The PDB of ${where} ${outcome === 'Dd' ? 'detects and damages' : 'detects'} ${name} (evasion ${evasion}, die ${die}).`,
    rule: '[9.31]',
    visibleTo: 'all',
    entities: [ship, planet, ...aboard],
  });
  return outcome;
}

/** [9.45] a ship leaving a planet without a detection routine is no longer detected, nor are those aboard. */
export function shedDetection(game: Game, ship: number, aboard: number[]): void {
  const c = game.world.c;
  untag(game.world, ship, c.Detected);
  for (const ch of aboard) untag(game.world, ch, c.Detected);
}

/** [9.4] detected and undetected friends who end in one environ all become detected. */
export function mergeDetection(game: Game, friends: number[]): void {
  const c = game.world.c;
  if (friends.some((f) => hasComponent(game.world, f, c.Detected))) for (const f of friends) tag(game.world, f, c.Detected);
}

