/**
 * Reinforcements [16.15]: the units and characters a scenario gives a side on a game-turn
 * (`scenario.<side>.reinforcements`). They arrive at the start of that side's movement segment (our
 * decision, docs/rules.md), one piece at a time, each placed by its player:
 * - on any environ of a planet he controls, or on an environ with no enemy units of a planet neither
 *   player controls [16.15]; units within the environ's size [9.5]; a Rebel unit only on an environ of
 *   its own type [16.13];
 * - with no such environ, the piece is not received [16.15].
 * A character brings his own spaceship into play [14.53] (stacking.ts puts it beside him).
 */
import type { SideId } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Command, Frame, Game, Json, Step } from '../../src/core/engine/types';
import { spawnUnit } from '../../src/core/world/build';
import { NOBODY } from '../../src/core/world/components';
import { entityOf, environOf, place, planetOfEnviron } from '../../src/core/world/world';
import { controls } from './control';
import { bringOwnSpaceship } from './possessions';
import { enemyOf, environsInPlay, unitCountIn, unitsIn } from './sides';
import { ENVIRON_TYPES } from '../../src/core/content/schema';
import { nameOf } from '../../src/core/names';
import { hiddenFrom, isOwnBase } from './secret-planets';

type Arrival = { unit: string; environType: string | null } | { character: string };

/**
 * The pieces a side receives on this game-turn [16.15]: its units in an order drawn by the game's RNG,
 * then its characters in scenario order. [7.22] The enemy reads when each unit arrives, and the
 * scenario says which types come on which turn: in listing order, the first hidden unit to arrive
 * would be known for the line unit it is.
 */
export function reinforcementsDue(game: Game, side: SideId): Arrival[] {
  const units: Arrival[] = [];
  const characters: Arrival[] = [];
  for (const r of game.scenario[side].reinforcements) {
    if (r.turn !== game.turn) continue;
    for (const u of r.units) for (let n = 0; n < u.count; n++) units.push({ unit: u.type, environType: u.environType });
    for (const ch of r.characters) characters.push({ character: ch });
  }
  return [...game.rng.shuffle(units), ...characters];
}

/** [16.15, 16.13, 9.5] environs where this piece may be placed. */
export function reinforcementEnvirons(game: Game, side: SideId, arrival: Arrival): number[] {
  const w = game.world;
  const c = w.c;
  return environsInPlay(game).filter((env) => {
    const planet = planetOfEnviron(w, env);
    if (hiddenFrom(game, planet, side)) return false; // galactic: not on a secret planet the Empire has not discovered
    const own = controls(game, side, planet) || isOwnBase(game, side, planet); // the Rebel's reinforcements may arrive at his base
    const neither = c.Control.side[planet] === NOBODY;
    if (!own && !(neither && unitsIn(game, env, enemyOf(side)).length === 0)) return false;
    if ('unit' in arrival) {
      if (unitCountIn(game, env, side) + 1 > (c.Environ.size[env] as number)) return false; // [9.5]
      if (side === 'rebel' && arrival.environType !== null && ENVIRON_TYPES[c.Environ.type[env] as number] !== arrival.environType) return false; // [16.13]
    }
    return true;
  });
}

/** Within the movement segment: the next reinforcement to place, or null when none is left. */
export function reinforcementStep(game: Game, frame: Frame, side: SideId): Step | null {
  const d = frame.data as { reinforcements?: Json };
  if (d.reinforcements === undefined) d.reinforcements = reinforcementsDue(game, side) as unknown as Json;
  const queue = d.reinforcements as unknown as Arrival[];
  while (queue.length) {
    const next = queue[0] as Arrival;
    if ('character' in next && environOf(game.world, entityOf(game.world, 'character', next.character))) {
      queue.shift(); // already in play
      continue;
    }
    const options = reinforcementEnvirons(game, side, next);
    if (!options.length) {
      queue.shift();
      emit(game, { kind: 'reinforcement', text: `${side === 'imperial' ? 'An Imperial' : 'A Rebel'} reinforcement (${'unit' in next ? next.unit : next.character}) finds no place to arrive and is not received.`, rule: '[16.15]', visibleTo: side });
      continue;
    }
    return {
      decide: {
        side,
        kind: 'place-reinforcement',
        prompt: `Place your reinforcement (${'unit' in next ? next.unit : next.character}).`,
        rule: '[16.15]',
        options: options.map((environ) => ({ type: 'place-reinforcement', side, environ })),
        context: { arrival: next as unknown as Json },
      },
    };
  }
  return null;
}

export function answerReinforcement(game: Game, frame: Frame, command: Command): void {
  const queue = (frame.data as { reinforcements: Json }).reinforcements as unknown as Arrival[];
  const next = queue.shift() as Arrival;
  const w = game.world;
  const env = command.environ as number;
  if ('unit' in next) {
    const unit = spawnUnit(w, game.content, game.ruleset.sides, next.unit, next.environType as never);
    place(w, unit, env);
    // [7.22] a hidden unit's type stays with its owner
    const hidden = w.c.Unit.hidden[unit] === 1;
    emit(game, { kind: 'reinforcement', text: `${command.side === 'imperial' ? 'An Imperial' : 'A Rebel'} ${game.content.tables.unitTypes.find((t) => t.id === next.unit)?.name ?? next.unit} unit arrives at ${nameOf(game, env)}.`, rule: '[16.15]', visibleTo: hidden ? command.side : 'all', entities: [unit, env] });
    if (hidden)
      emit(game, { kind: 'reinforcement', text: `${command.side === 'imperial' ? 'An Imperial' : 'A Rebel'} unit arrives at ${nameOf(game, env)}.`, rule: '[16.15]', visibleTo: enemyOf(command.side), entities: [unit, env] });
  } else {
    const ch = entityOf(w, 'character', next.character);
    place(w, ch, env);
    bringOwnSpaceship(game, ch); // [14.53]
    emit(game, { kind: 'reinforcement', text: `${nameOf(game, ch)} arrives at ${nameOf(game, env)}.`, rule: '[16.15]', visibleTo: command.side, entities: [ch, env] });
  }
}
