/**
 * The components of the game world. Numbers live here, in structure-of-arrays stores; names and texts
 * stay in the content tables, reached through `Ref.id` (the content id).
 *
 * Every world gets its own stores (`createComponents(stores)`), so an AI's copy of a world never shares an
 * array with the real one. "Belongs to" is a bitecs relation (see relations.ts), never an id field.
 *
 * Entities are never removed during a game: a dead character or an eliminated unit keeps its id and is
 * tagged (`Dead`, `Eliminated`) and taken off the board, so ids in the command log stay meaningful and a
 * world can be copied entity for entity.
 */

/** Room for every entity a game can make: the galaxy and its pieces (~320) and units raised by rebellions. */
export const MAX_ENTITIES = 2048;

/**
 * The bytes a world's numeric stores take: the components' fields and the world's own entity-indexed
 * arrays (`environOfPiece`...), 96,256 bytes today. Carving past it throws, saying to raise it.
 */
export const STORE_BYTES = 96 * 1024;

/**
 * A world's numeric stores, carved one after the other from one buffer (each `MAX_ENTITIES` long, so every
 * store starts aligned), in the same order in every world. Why one buffer: a copy of a world
 * (`cloneWorld`, each new game's and each of AI search's) copies all its numbers in one `slice` of the
 * buffer and makes views on it, where making ~40 typed arrays of their own and copying each was a third of
 * a copy's time (00:24, load 10). Given `copyOf`, the stores start as a copy of that buffer; else zero,
 * and a side store -1 (nobody).
 */
export class Stores {
  readonly buffer: ArrayBuffer;
  readonly #copied: boolean;
  #offset = 0;

  constructor(copyOf?: ArrayBuffer) {
    this.buffer = copyOf ? copyOf.slice(0) : new ArrayBuffer(STORE_BYTES);
    this.#copied = copyOf !== undefined;
  }

  u8(): Uint8Array {
    return new Uint8Array(this.buffer, this.#take(1), MAX_ENTITIES);
  }

  i16(): Int16Array {
    return new Int16Array(this.buffer, this.#take(2), MAX_ENTITIES);
  }

  /** A side-index store, -1 (nobody) by default. */
  sides(): Int8Array {
    const store = new Int8Array(this.buffer, this.#take(1), MAX_ENTITIES);
    return this.#copied ? store : store.fill(-1);
  }

  #take(bytesPerEntity: number): number {
    const at = this.#offset;
    this.#offset += bytesPerEntity * MAX_ENTITIES;
    if (this.#offset > STORE_BYTES) throw new Error(`a world's numeric stores need more than STORE_BYTES (${STORE_BYTES}): raise it in components.ts`);
    return at;
  }
}

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

export function createComponents(stores: Stores) {
  return {
    // --- what an entity is (tags)
    Race: {},
    Province: {},
    StarSystem: {},
    NavigationStar: {},
    Route: { from: stores.i16(), to: stores.i16(), via: stores.i16(), distance: stores.u8() },
    Planet: {},
    Environ: { type: stores.u8(), size: stores.u8(), resource: stores.u8(), coup: stores.u8() },
    Unit: { type: stores.u8(), combat: stores.u8(), mobile: stores.u8(), hidden: stores.u8(), environType: stores.u8() },
    Character: {
      combat: stores.u8(),
      endurance: stores.u8(),
      intelligence: stores.u8(),
      leadership: stores.u8(),
      diplomacy: stores.u8(),
      navigation: stores.u8(),
    },
    Spaceship: { maneuver: stores.u8(), passengers: stores.u8(), fullManeuver: stores.u8(), damaged: stores.u8(), cannon: stores.u8(), shields: stores.u8() },
    Possession: { kind: stores.u8() },
    RebelCamp: {},

    // --- the link back to content: `Ref.id[eid]` is the content id (planet id, character id...)
    Ref: { id: [] as string[] },

    // --- which side a piece belongs to
    Owner: { side: stores.sides() },

    // --- planets
    /** [15.1] index into LOYALTIES: 0 patriotic ... 4 unrest. */
    Loyalty: { value: stores.u8() },
    /** [15.5] index into PLANET_STATES. */
    PlanetState: { value: stores.u8() },
    /** [8.0] level 0-2 and up (1) or down (0). */
    Pdb: { level: stores.u8(), up: stores.u8() },
    /** [15.5] who actually controls the planet now: a side index or NOBODY; kept by the control system. */
    Control: { side: stores.sides() },
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
    Wounds: { value: stores.u8() },
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
    Adrift: { system: stores.i16(), outer: stores.u8() },
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
