/** Small type aliases the picture shares with the content schema. */
import type { ENVIRON_TYPES, LOYALTIES, PLANET_STATES } from '../core/content/schema';

export type EnvironType = (typeof ENVIRON_TYPES)[number];
export type LoyaltyId = (typeof LOYALTIES)[number];
export type PlanetStateId = (typeof PLANET_STATES)[number];

/** What an event's entity id stands for, sent once per game by the worker (static content refs). */
export interface EntityRef {
  kind: string;
  id: string;
}
export type EntityRefs = Record<number, EntityRef>;
