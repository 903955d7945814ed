/**
 * "Belongs to" between entities, as bitecs relations. Relations are tags (no data), so they are safe to
 * share between worlds: each world registers its own pairs.
 *
 *   star system --InProvince--> province        environ --OnPlanet--> planet
 *   planet      --InSystem----> star system     environ --PeopledBy--> race (one per race living there)
 *   prisoner    --GuardedBy---> unit or character [12.81]
 *   character   --OfRace------> race            race --HomeWorld--> planet [000 15.1]
 *
 * Where a piece stands (unit, character, spaceship, rebel camp in an environ) and who holds a possession
 * (a spaceship is "held" by its pilot-owner [14.51]) are not relations: the world keeps them in plain
 * indexes (`environOfPiece`, `holderOfPossession` and their inverses, see world.ts), as they change all
 * game and a bitecs pair per change was the most expensive thing a move did. Snapshots still list them
 * with the relations, as `InEnviron` and `HeldBy` (see snapshot.ts).
 */
import { createRelation, makeExclusive } from 'bitecs';

export const InProvince = createRelation(makeExclusive);
export const InSystem = createRelation(makeExclusive);
export const OnPlanet = createRelation(makeExclusive);
export const PeopledBy = createRelation();
export const GuardedBy = createRelation(makeExclusive);
export const OfRace = createRelation(makeExclusive);
export const HomeWorld = createRelation(makeExclusive);

/** Every relation, by name, for snapshots and copies of a world. */
export const RELATIONS = { InProvince, InSystem, OnPlanet, PeopledBy, GuardedBy, OfRace, HomeWorld } as const;
export type RelationName = keyof typeof RELATIONS;
