/**
 * The movement segment [9.0-9.57, 14.5-14.6].
 *
 * The phasing player moves his pieces a group at a time: he picks pieces from one environ (units,
 * characters, at most one spaceship), then a destination [9.0]. Each piece moves once a segment [9.0].
 * - On a planet, anything moves freely from environ to environ [9.0]; a character on foot sheds
 *   detection unless he joins detected friends [9.35, 9.4].
 * - To another planet: mobile units freely [9.0, 7.21-7.23, 7.3], characters only in a spaceship [9.0].
 *   A ship flies only with its pilot-holder (navigation 1 or more) aboard, or with military units
 *   [9.55, 14.51, 14.57]; it carries at most its passengers in characters and companions [9.56, 14.57];
 *   Redjac's ship flies only with him [14.6].
 * - Military units never exceed the environ's size for their player [9.5].
 * - Leaving or reaching a planet whose PDB the enemy may use [9.0, 9.3]: a ship without units undergoes
 *   the detection routine (detection.ts), once only for a flight within the planet [9.33]; a stack with
 *   units counts as detected [9.52] and its units may be attacked by the PDB (pdb.ts) [9.21-9.27].
 *   Without a detection routine on leaving, a ship and those aboard are no longer detected [9.45].
 *   A ship detected and damaged is eliminated on arrival, its passengers unharmed [9.31].
 * At the end of the segment the player organises his stacks [9.57] (stacking.ts).
 * Reinforcements are placed at the start of the segment (reinforcements.ts); a down PDB may be put up
 * during it [15.61] (pdb.ts).
 */
import { hasComponent } from 'bitecs';
import type { HyperjumpResult, SideId } from '../../src/core/content/schema';
import { emit, interrupt } from '../../src/core/engine/game';
import type { Command, Frame, Game, Json, Procedure, Step } from '../../src/core/engine/types';
import { environOf, guardOf, holderOf, place, planetOfEnviron, tag, touch, untag } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { detectShip, mergeDetection, shedDetection } from './detection';
import { pdbAttackColumn, pdbFireResult, pdbUsableBy, applyPdbLoss, putPdbUp } from './pdb';
import { markMoversBusy } from './healing';
import { eliminateUnit } from './military-combat';
import { killCharacter } from './character-combat';
import { loseShip } from './possessions';
import { capturedCharacters, reassignGuard } from './capture';
import { rackingDecision, rackShip } from './racking';
import { clearAdrift, driftingStacks, hyperjumpResult, HYPERJUMP_WORDS, isAdrift, jumpOf, setAdrift, stackNavigation, systemOfEnviron } from './hyperjump';
import { placeWaitingRebelUnits } from './rebellion';
import { reinforcementStep, answerReinforcement } from './reinforcements';
import { whileUnchanged } from '../common/memo';
import { movableNow, movementOptions, moveToOption, pickOption } from './movement-list';
import { groundedReason, groupDestinations, groupParts, isShip, withShip } from './destinations';
import { charactersIn, enemyOf, isFreeCharacter, phasing, sideOf, unitCountIn } from './sides';
import { allShips, assignShip, setStackedWithUnits } from './stacking';

// what may move, and where: destinations.ts (asked by the movement list too, movement-list.ts)
export { destinations, groundedBy, groundedReason, groupDestinations, groupParts, hasDestination, isShip, keptOnPlanetBy, movablePieces } from './destinations';

// ---------------------------------------------------------------- the segment

interface MovementData {
  started?: boolean;
  finished?: boolean;
  /** game.events.length when the segment began: the moves since are what the enemy may have seen. */
  firstEvent?: number;
  group?: number[];
  move?: { [key: string]: Json };
  organized?: number[];
  [key: string]: Json | undefined;
}

/**
 * When a side ends its movement with nothing the enemy could see [9.31], the enemy's log says so: a
 * silent segment reads like a missing one. Only the enemy gets this line (the mover knows what he did),
 * and it says nothing of moves he could not see.
 */
function tellQuietMovement(game: Game, side: SideId, since: number): void {
  // the side's own moves (an enemy reaction move [9.6] in this segment is not one of them)
  const mine = (e: { entities?: number[] }) => e.entities?.[0] !== undefined && sideOf(game, e.entities[0]) === side;
  const seen = game.events.slice(since).some((e) => e.kind === 'move' && e.visibleTo === 'all' && mine(e));
  if (seen) return;
  const name = (s: SideId) => (s === 'rebel' ? 'Rebel' : 'Imperial');
  const enemy = enemyOf(side);
  // worded for any reader: the spectator sees this line too, and may have watched unseen moves
  emit(game, { kind: 'movement-end', text: `The ${name(side)} player ends movement; the ${name(enemy)} saw nothing move.`, rule: '[9.0]', visibleTo: enemy });
}

export const movementSegment: Procedure = {
  step(game: Game, frame: Frame): Step {
    const side = phasing(game);
    if (!side) return { done: true };
    const d = frame.data as MovementData;
    if (!d.started) {
      d.started = true;
      d.firstEvent = game.events.length;
      const w = game.world;
      for (const kind of [w.byKind.unit ?? [], w.byKind.character ?? [], allShips(game)]) for (const eid of kind) untag(w, eid, w.c.Moved);
      if (side === 'rebel') placeWaitingRebelUnits(game); // [15.44] units raised by a rebellion that now fit
    }
    // [16.15] reinforcements first
    const reinforce = reinforcementStep(game, frame, side);
    if (reinforce) return reinforce;
    if (d.move) {
      const move = d.move;
      delete d.move;
      return { push: { proc: 'move-group', data: move } };
    }
    if (d.finished) return organizeStep(game, d, side);
    if (d.group?.length) return groupDecision(game, d.group, side);
    return {
      decide: {
        side,
        kind: 'movement',
        prompt: 'Pick a piece to move (then more pieces from its environ to move with it), or end movement.',
        rule: '[9.0]',
        // the same list again after a pick dropped: nothing on the board has changed
        options: whileUnchanged(game, 'movement-options', side, () => movementOptions(game, side)).slice(),
      },
    };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    const d = frame.data as MovementData;
    const side = command.side;
    switch (command.type) {
      case 'place-reinforcement':
        return answerReinforcement(game, frame, command);
      case 'end-movement':
        d.finished = true;
        tellQuietMovement(game, side as SideId, d.firstEvent ?? game.events.length);
        return;
      case 'pick':
        d.group = [...(d.group ?? []), command.piece as number];
        return;
      case 'drop-group':
        delete d.group;
        return;
      case 'assign-ship':
        assignShip(game, command.ship as number, command.character as number);
        emit(game, { kind: 'ship-assigned', text: `${nameOf(game, command.character as number)} takes the helm of ${nameOf(game, command.ship as number)}.`, rule: '[14.51]', visibleTo: side, entities: [command.ship as number] });
        return;
      case 'pdb-up':
        putPdbUp(game, command.planet as number, side);
        return;
      case 'reassign-guard':
        reassignGuard(game, command.prisoner as number, command.guard as number); // [12.81]
        return;
      case 'leave-drift': {
        const stack = driftingStacks(game, side as string, (eid) => sideOf(game, eid)).find((x) => x.system === command.system && x.outer === (command.outer === true));
        if (!stack) return;
        if (stack.outer) {
          // [5.22] from the system's edge to its sun's drift area: a movement's worth of flying
          for (const p of stack.pieces) {
            game.world.c.Adrift.outer[p] = 0;
            touch(game.world, p);
            tag(game.world, p, game.world.c.Moved);
          }
          emit(game, { kind: 'drift-in', text: `The ${side === 'rebel' ? 'Rebel' : 'Imperial'} stack adrift at the edge of ${nameOf(game, stack.system)} makes for its sun's drift area.`, rule: '[5.22]', visibleTo: side as SideId });
          return;
        }
        d.move = { side, pieces: stack.pieces, from: 0, to: command.to as number };
        return;
      }
      case 'move-to': {
        const pieces = d.group ?? [];
        delete d.group;
        d.move = { side, pieces, from: environOf(game.world, pieces[0] as number), to: command.to as number };
        return;
      }
      case 'stack-with-units':
      case 'mission-stack':
        setStackedWithUnits(game, command.character as number, command.type === 'stack-with-units');
        d.organized = [...(d.organized ?? []), command.character as number];
        return;
    }
  },
};

/** Pieces that may join a group: unmoved, same side, same environ, at most one ship in the group. */
function groupMates(game: Game, group: number[]): number[] {
  const w = game.world;
  const first = group[0] as number;
  const from = environOf(w, first);
  const hasShip = withShip(game, group);
  // a loop, not a filter with a closure: asked at every pick
  const mates: number[] = [];
  for (const p of movableNow(game, sideOf(game, first))) if (environOf(w, p) === from && !group.includes(p) && !(hasShip && isShip(game, p))) mates.push(p);
  return mates;
}

function groupDecision(game: Game, group: number[], side: SideId): Step {
  const options: Command[] = [];
  for (const piece of groupMates(game, group)) options.push(pickOption(game.world, side, piece));
  for (const to of groupDestinations(game, group)) options.push(moveToOption(game.world, side, to));
  options.push({ type: 'drop-group', side });
  // a stack with nowhere to go says why, rather than leaving the player to guess (seen in play: a ship picked alone)
  const stuck = !options.some((o) => o.type === 'move-to');
  return {
    decide: {
      side,
      kind: 'move-group',
      prompt: stuck
        ? `This stack has nowhere to go: ${groundedReason(game, group)}. Add pieces from this environ, or drop the stack.`
        : 'Add pieces from this environ to the moving stack, or choose where it goes.',
      rule: '[9.0]',
      options,
      context: { group },
    },
  };
}

/** [9.5, 9.57] at the end of movement: each character beside his units joins their stack or the mission stack. */
function organizeStep(game: Game, d: MovementData, side: SideId): Step {
  const w = game.world;
  for (const ch of w.byKind.character ?? []) {
    if (!isFreeCharacter(game, ch) || sideOf(game, ch) !== side || (d.organized ?? []).includes(ch)) continue;
    const env = environOf(w, ch);
    if (!unitCountIn(game, env, side)) continue;
    return {
      decide: {
        side,
        kind: 'organize-stacks',
        prompt: `${nameOf(game, ch)} is with your military units in ${nameOf(game, env)}: stack him with them (no missions this turn) or keep him in the mission stack?`,
        rule: '[9.57]',
        options: [
          { type: 'mission-stack', side, character: ch },
          { type: 'stack-with-units', side, character: ch },
        ],
        context: { environ: env },
      },
    };
  }
  return { done: true };
}

// ---------------------------------------------------------------- one move: `move-group`

interface MoveData {
  side: SideId;
  pieces: number[];
  from: number;
  to: number;
  stage?: string;
  /** Whether the planet left ran its PDB checks on the group [9.45]. */
  routine?: boolean;
  reaction?: boolean;
  result?: Json;
  [key: string]: Json | undefined;
}

/** Pieces of the group still moving (not eliminated, not dead). */
function liveParts(game: Game, d: MoveData) {
  const w = game.world;
  // a loop, not a filter with a closure: asked several times a move
  const alive: number[] = [];
  for (const p of d.pieces) if (!hasComponent(w, p, w.c.Eliminated) && !hasComponent(w, p, w.c.Dead) && (environOf(w, p) !== 0 || isAdrift(game, p))) alive.push(p);
  return groupParts(game, alive);
}

/**
 * The checks of an enemy PDB at a planet the group leaves or reaches [9.0, 9.3, 9.52]. Returns a
 * decision for a PDB attack on units [9.21] or a racking attack on a ship [9.28], or null when the checks
 * are done.
 */
function pdbChecks(game: Game, d: MoveData, planet: number, attackAllowed: boolean): Step | null {
  const enemy = enemyOf(d.side);
  if (!pdbUsableBy(game, planet, enemy)) return null;
  const { units, characters, ship } = liveParts(game, d);
  if (units.length) {
    // [9.52] a stack with military units counts as detected for the enemy PDB
    for (const e of [...characters, ...(ship ? [ship] : [])]) tag(game.world, e, game.world.c.Detected);
    if (attackAllowed && pdbAttackColumn(game, planet) !== null) {
      return {
        decide: {
          side: enemy,
          kind: 'pdb-attack',
          prompt: `Enemy military units are passing the PDB of ${nameOf(game, planet)}. Attack them?`,
          rule: '[9.21]',
          options: [
            { type: 'pdb-fire', side: enemy, planet },
            { type: 'pdb-hold', side: enemy, planet },
          ],
          context: { units: units.length, pdbLevel: game.world.c.Pdb.level[planet] as number },
        },
      };
    }
    return null;
  }
  if (!ship) return null;
  const seen = detectShip(game, ship, pilotOf(game, ship, characters), characters, planet, d.side); // [9.3]
  // [9.28] province and galactic games: a ship seen passing may be raked, where units would be attacked [9.27]
  const rake = attackAllowed && (seen === 'D' || seen === 'Dd') ? rackingDecision(game, planet, ship, enemy) : null;
  return rake ? { decide: rake } : null;
}

/**
 * [9.3, 9.33, 9.0] does the enemy PDB of the planet left check a moving group: when it leaves for another
 * planet, or flies (a ship) between environs of the one planet; never a group on foot within its planet.
 * `fromPlanet` 0: out of a drift area, where no planet is left [5.22].
 */
export function checkedLeaving(game: Game, side: SideId, fromPlanet: number, toPlanet: number, flying: boolean): boolean {
  return fromPlanet !== 0 && (fromPlanet !== toPlanet || flying) && pdbUsableBy(game, fromPlanet, enemyOf(side));
}

/** [9.3, 9.27, 9.33] does the enemy PDB of the planet reached check a group arriving from elsewhere. */
export function checkedReaching(game: Game, side: SideId, fromPlanet: number, toPlanet: number): boolean {
  return fromPlanet !== toPlanet && pdbUsableBy(game, toPlanet, enemyOf(side));
}

/** The pilot flying the ship: its holder, if aboard [14.51]. */
function pilotOf(game: Game, ship: number, characters: number[]): number {
  const holder = holderOf(game.world, ship);
  return characters.includes(holder) ? holder : 0;
}

export const moveGroup: Procedure = {
  step(game: Game, frame: Frame): Step {
    const d = frame.data as unknown as MoveData;
    const w = game.world;
    const fromPlanet = d.from ? planetOfEnviron(w, d.from) : 0; // 0: out of a drift area [5.22]
    const toPlanet = planetOfEnviron(w, d.to);
    const interplanetary = fromPlanet !== toPlanet;
    const flying = withShip(game, d.pieces);
    d.stage ??= d.from === 0 ? 'left' : 'leave'; // [5.22] out of a drift area: no planet is left
    if (d.stage === 'leave') {
      // [9.3] the planet left checks the group; a flight on one planet is checked once only [9.33]
      d.stage = 'left';
      d.routine = checkedLeaving(game, d.side, fromPlanet, toPlanet, flying);
      if (d.routine) {
        const ask = pdbChecks(game, d, fromPlanet, interplanetary);
        if (ask) return ask;
      }
    }
    if (d.stage === 'left') {
      const { ship, characters } = liveParts(game, d);
      if (ship && !d.routine) shedDetection(game, ship, characters); // [9.45]
      // [5.22] to another star system: the hyperjump, which may leave the stack adrift
      if (d.from !== 0 && hyperjump(game, d) !== 'safe') return { done: true };
      arrive(game, d);
      d.stage = 'arrived';
      if (checkedReaching(game, d.side, fromPlanet, toPlanet)) {
        const ask = pdbChecks(game, d, toPlanet, true); // [9.3, 9.27] and the planet reached
        if (ask) return ask;
      }
    }
    return finish(game, d);
  },
  answer(game: Game, frame: Frame, command: Command): void {
    const d = frame.data as unknown as MoveData;
    const planet = command.planet as number;
    if (command.type === 'pdb-rack') return rackShip(game, planet, command.ship as number, liveParts(game, d).characters); // [9.28]
    if (command.type !== 'pdb-fire') return;
    const { units } = liveParts(game, d);
    const column = pdbAttackColumn(game, planet) as number;
    const pdbDie = game.rng.d6(); // [9.22] first, the PDB's die for the units' loss
    const unitsDie = game.rng.d6(); // then the units' die for the PDB's loss
    const { unitsLoss, pdbLoss } = pdbFireResult(game, column, pdbDie, unitsDie);
    emit(game, {
      kind: 'pdb-attack',
      text: `The PDB of ${nameOf(game, planet)} fires on the moving ${d.side} stack (${game.content.tables.militaryCombat.columns[column]}, dice ${pdbDie} and ${unitsDie}): the units lose ${unitsLoss}, the PDB ${pdbLoss}.`,
      rule: '[9.22]',
      visibleTo: 'all',
      entities: [planet, ...units],
    });
    applyPdbLoss(game, planet, pdbLoss); // [9.25]
    // [9.22, 10.3] the moving player allocates his loss
    if (unitsLoss > 0) interrupt(game, { proc: 'allocate-losses', data: { side: d.side, units, loss: unitsLoss, rule: '[9.22]' } });
  },
};

/**
 * [5.22] the hyperjump of a group flying to another star system (tables.md): rolled when its navigation
 * is not above the route's distance. A result other than safe is applied here (damage, losses, the
 * drift area), and the group's move ends in space. Only the moving side hears of it: the jump is made
 * far from any PDB.
 */
function hyperjump(game: Game, d: MoveData): HyperjumpResult {
  const w = game.world;
  const jump = jumpOf(game, d.from, d.to);
  if (!jump) return 'safe';
  const { units, characters, ship } = liveParts(game, d);
  const navigation = stackNavigation(game, units, characters);
  const target = systemOfEnviron(game, d.to);
  const route = `${nameOf(game, systemOfEnviron(game, d.from))} to ${nameOf(game, target)}${jump.via ? ` by ${nameOf(game, jump.via)}` : ''}`;
  const who = d.side === 'rebel' ? 'Rebel' : 'Imperial';
  if (navigation > jump.distance) {
    emit(game, { kind: 'hyperjump', text: `The ${who} stack jumps from ${route} (distance ${jump.distance}, navigation ${navigation}: no roll).`, rule: '[5.22]', visibleTo: d.side, entities: [d.to] });
    return 'safe';
  }
  const die = game.rng.d6();
  const result = hyperjumpResult(game, die + jump.distance - navigation);
  emit(game, {
    kind: 'hyperjump',
    text: `The ${who} stack jumps from ${route} (distance ${jump.distance}, navigation ${navigation}, die ${die}): ${HYPERJUMP_WORDS[result]}.`,
    rule: '[5.22]',
    visibleTo: d.side,
    entities: [d.to],
  });
  if (result === 'safe') return result;
  if (result === 'outer-drift-eliminated') {
    // the whole stack is lost in hyperspace
    for (const u of units) eliminateUnit(game, u, '[5.22]');
    if (ship) loseShip(game, ship, 'lost in hyperspace', '[5.22]', true);
    for (const ch of characters) killCharacter(game, ch, 'is lost in hyperspace', '[5.22]');
    return result;
  }
  if (result.endsWith('-damaged')) {
    if (ship) {
      w.c.Spaceship.damaged[ship] = 1; // [9.31] it flies on, and is wrecked when it lands
      touch(w, ship);
    } else {
      const weakest = [...units].sort((a, b) => (w.c.Unit.combat[a] as number) - (w.c.Unit.combat[b] as number))[0];
      if (weakest) eliminateUnit(game, weakest, '[5.22]');
    }
  }
  const outer = result.startsWith('outer');
  const movers = liveParts(game, d);
  const adrift = [...movers.units, ...movers.characters, ...(movers.ship ? [movers.ship] : [])];
  for (const prisoner of capturedCharacters(game)) if (adrift.includes(guardOf(w, prisoner))) adrift.push(prisoner); // [12.81]
  for (const p of adrift) {
    setAdrift(game, p, target, outer);
    tag(w, p, w.c.Moved);
  }
  return result;
}

/** Put the group (and prisoners its pieces guard [12.81]) in the destination. */
function arrive(game: Game, d: MoveData) {
  const w = game.world;
  const { units, characters, ship } = liveParts(game, d);
  const movers = [...units, ...characters, ...(ship ? [ship] : [])];
  for (const p of movers) {
    clearAdrift(game, p);
    place(w, p, d.to);
  }
  for (const prisoner of capturedCharacters(game))
    if (movers.includes(guardOf(w, prisoner))) {
      clearAdrift(game, prisoner);
      place(w, prisoner, d.to); // [12.81]
    }
}

function finish(game: Game, d: MoveData): Step {
  const w = game.world;
  const c = w.c;
  const { units, characters, ship } = liveParts(game, d);
  markMoversBusy(game, characters, units.length > 0, ship, ship ? pilotOf(game, ship, characters) : 0); // [13.71] before a wreck loses the ship
  if (ship && c.Spaceship.damaged[ship] === 1) loseShip(game, ship, 'damaged by a PDB, it is wrecked on arrival', '[9.31]', true); // [9.31]
  const friendsThere = charactersIn(game, d.to, d.side).filter((f) => !characters.includes(f));
  if (!ship) {
    // [9.35] on foot on the planet: detection is shed unless detected friends are where they arrive
    const detectedThere = friendsThere.some((f) => hasComponent(w, f, c.Detected));
    if (!detectedThere) for (const ch of characters) untag(w, ch, c.Detected);
  }
  mergeDetection(game, [...friendsThere, ...characters]); // [9.4]
  for (const p of [...units, ...characters, ...(ship ? [ship] : [])]) tag(w, p, c.Moved);
  const seen = units.length > 0 || characters.some((ch) => hasComponent(w, ch, c.Detected));
  if (ship && seen && !hasComponent(w, ship, c.Eliminated)) tag(w, ship, c.Revealed); // [14.2] flown in the enemy's sight: no longer secret
  const who = [
    units.length ? `${units.length} unit${units.length > 1 ? 's' : ''}` : '',
    ...characters.map((ch) => nameOf(game, ch)),
    ship && !hasComponent(w, ship, c.Eliminated) ? `aboard ${nameOf(game, ship)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  emit(game, {
    kind: 'move',
    text: `${d.side === 'rebel' ? 'Rebel' : 'Imperial'} ${who || 'pieces'} ${units.length + characters.length === 1 ? 'moves' : 'move'}${d.reaction ? ' in reaction' : ''} to ${nameOf(game, d.to)}.`,
    rule: d.reaction ? '[9.6]' : '[9.0]',
    visibleTo: seen ? 'all' : d.side,
    entities: [...units, ...characters, d.to],
  });
  return { done: true };
}

/** Move one piece on its own at once, with no PDB in the way (tests and simple callers). */
export function movePiece(game: Game, piece: number, to: number): void {
  const d: MoveData = { side: sideOf(game, piece), pieces: [piece], from: environOf(game.world, piece), to };
  arrive(game, d);
  finish(game, d);
}

