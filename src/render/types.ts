/** Small type aliases the picture shares with the content schema and the world. */
import type { ENVIRON_TYPES, LOYALTIES, PLANET_STATES } from '../core/content/schema';

export type EnvironType = (typeof ENVIRON_TYPES)[number];
export type LoyaltyId = (typeof LOYALTIES)[number];
export type PlanetStateId = (typeof PLANET_STATES)[number];

/** What an event's entity id stands for: the world's static refs (core/world/entity-refs.ts). */
export type { EntityRef, EntityRefs } from '../core/world/entity-refs';
