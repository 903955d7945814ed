/**
 * "Belongs to" between entities, as bitecs relations. Relations are tags (no data), so they are safe to
 * share between worlds: each world registers its own pairs.
 *
 *   star system --InProvince--> province        environ --OnPlanet--> planet
 *   planet      --InSystem----> star system     environ --PeopledBy--> race (one per race living there)
 *   possession  --HeldBy------> character       (a spaceship is "held" by its pilot-owner [14.51])
 *   prisoner    --GuardedBy---> unit or character [12.81]
 *   character   --OfRace------> race            race --HomeWorld--> planet [000 15.1]
 *
 * Where a piece stands (unit, character, spaceship, rebel camp in an environ) is not a relation: the
 * world keeps it in two plain indexes (`environOfPiece`, `piecesInEnviron`, see world.ts), as pieces
 * move all game and a bitecs pair per move was the most expensive thing a move did. Snapshots still
 * list it with the relations, as `InEnviron` (see snapshot.ts).
 */
import { createRelation, makeExclusive } from 'bitecs';

export const InProvince = createRelation(makeExclusive);
export const InSystem = createRelation(makeExclusive);
export const OnPlanet = createRelation(makeExclusive);
export const PeopledBy = createRelation();
export const HeldBy = createRelation(makeExclusive);
export const GuardedBy = createRelation(makeExclusive);
export const OfRace = createRelation(makeExclusive);
export const HomeWorld = createRelation(makeExclusive);

/** Every relation, by name, for snapshots and copies of a world. */
export const RELATIONS = { InProvince, InSystem, OnPlanet, PeopledBy, HeldBy, GuardedBy, OfRace, HomeWorld } as const;
export type RelationName = keyof typeof RELATIONS;
