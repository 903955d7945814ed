/**
 * The components of the game world. Numbers live here, in structure-of-arrays stores; names and texts
 * stay in the content tables, reached through `Ref.id` (the content id).
 *
 * Every world gets its own stores (`createComponents()`), so an AI's copy of a world never shares an
 * array with the real one. "Belongs to" is a bitecs relation (see relations.ts), never an id field.
 *
 * Entities are never removed during a game: a dead character or an eliminated unit keeps its id and is
 * tagged (`Dead`, `Eliminated`) and taken off the board, so ids in the command log stay meaningful and a
 * world can be copied entity for entity.
 */

/** Room for every entity a game can make: the galaxy and its pieces (~320) and units raised by rebellions. */
export const MAX_ENTITIES = 2048;

const u8 = () => new Uint8Array(MAX_ENTITIES);
const i16 = () => new Int16Array(MAX_ENTITIES);
/** A side-index store, -1 (nobody) by default. */
const sideStore = () => new Int8Array(MAX_ENTITIES).fill(-1);

/** Side index into the ruleset's side list: 0 Rebel, 1 Imperial in the star-system game. */
export const REBEL = 0;
export const IMPERIAL = 1;

/** Planet states [15.5], stored as their index in PLANET_STATES. */
export const IMPERIAL_CONTROL = 0;
export const REBELLION = 1;
export const REBEL_CONTROL = 2;
export const REBELLION_STOPPED = 3;

/** Who actually controls a planet right now [15.5]: a side index, or NOBODY. */
export const NOBODY = -1;

export function createComponents() {
  return {
    // --- what an entity is (tags)
    Race: {},
    Province: {},
    StarSystem: {},
    NavigationStar: {},
    Route: { from: i16(), to: i16(), via: i16(), distance: u8() },
    Planet: {},
    Environ: { type: u8(), size: u8(), resource: u8(), coup: u8() },
    Unit: { type: u8(), combat: u8(), mobile: u8(), hidden: u8(), environType: u8() },
    Character: {
      combat: u8(),
      endurance: u8(),
      intelligence: u8(),
      leadership: u8(),
      diplomacy: u8(),
      navigation: u8(),
    },
    Spaceship: { maneuver: u8(), passengers: u8(), fullManeuver: u8(), damaged: u8(), cannon: u8(), shields: u8() },
    Possession: { kind: u8() },
    RebelCamp: {},

    // --- the link back to content: `Ref.id[eid]` is the content id (planet id, character id...)
    Ref: { id: [] as string[] },

    // --- which side a piece belongs to
    Owner: { side: sideStore() },

    // --- planets
    /** [15.1] index into LOYALTIES: 0 patriotic ... 4 unrest. */
    Loyalty: { value: u8() },
    /** [15.5] index into PLANET_STATES. */
    PlanetState: { value: u8() },
    /** [8.0] level 0-2 and up (1) or down (0). */
    Pdb: { level: u8(), up: u8() },
    /** [15.5] who actually controls the planet now: a side index or NOBODY; kept by the control system. */
    Control: { side: sideStore() },
    /** Planets (and their environs) where the scenario is played. */
    InPlay: {},
    Capital: {},
    Throne: {},
    Secret: {},
    /** A secret planet the Empire has discovered (galactic game): known to it and open to its pieces. */
    Discovered: {},
    /** The planet of the Rebel's secret base (galactic game). */
    RebelBase: {},

    // --- characters
    /** [12.7] wounds taken; combat is reduced one for one, death at endurance. */
    Wounds: { value: u8() },
    /** [9.31, 9.4] seen by the enemy. */
    Detected: {},
    Dead: {},
    Captured: {},

    // --- pieces
    Eliminated: {},
    /** Per-turn bookkeeping: moved this segment [9.0], so it cannot move again. */
    Moved: {},
    /** [9.5, 9.57] a character stacked with his side's military units: in the military stack, so no missions. */
    StackedWithUnits: {},
    /** [14.22] a possession that became inoperative. */
    Inoperative: {},
    /** [14.2] a possession the enemy has seen used. */
    Revealed: {},
    /**
     * [5.22] a piece in a drift area after a hyperjump went wrong: in space, in no environ and no orbit.
     * `system` is the star system's entity; `outer` 1 for the system's outer drift area, 0 for its sun's.
     */
    Adrift: { system: i16(), outer: u8() },
  };
}

export type Components = ReturnType<typeof createComponents>;

/** Components whose stores hold numbers, and the fields to copy when a world is snapshot or cloned. */
export const NUMERIC_FIELDS: Partial<Record<keyof Components, string[]>> = {
  Route: ['from', 'to', 'via', 'distance'],
  Adrift: ['system', 'outer'],
  Environ: ['type', 'size', 'resource', 'coup'],
  Unit: ['type', 'combat', 'mobile', 'hidden', 'environType'],
  Character: ['combat', 'endurance', 'intelligence', 'leadership', 'diplomacy', 'navigation'],
  Spaceship: ['maneuver', 'passengers', 'fullManeuver', 'damaged', 'cannon', 'shields'],
  Possession: ['kind'],
  Owner: ['side'],
  Loyalty: ['value'],
  PlanetState: ['value'],
  Pdb: ['level', 'up'],
  Control: ['side'],
  Wounds: ['value'],
};

export const POSSESSION_KINDS = ['spaceship', 'weapon', 'object', 'companion'] as const;
