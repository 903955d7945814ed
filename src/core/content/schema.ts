/**
 * The shape of every content file in `assets/content/`. This is the contract between the data and the
 * game: a file that does not fit it is refused at load with the file, the JSON path and the reason.
 * Cross-references between files (a planet naming a race, a route naming a system) are checked
 * separately, in `validate.ts`, because a schema sees one file at a time.
 *
 * Objects are strict: an unknown field is an error, so a typo never silently does nothing.
 */
import { z } from 'zod';

export const Id = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'an id is lower-case letters, digits and dashes');

export const SIDES = ['rebel', 'imperial'] as const;
export const Side = z.enum(SIDES);

/** [5.3J] the six environ types; all but urban are "special". */
export const ENVIRON_TYPES = ['urban', 'wild', 'liquid', 'subterranean', 'air', 'fire'] as const;
export const EnvironType = z.enum(ENVIRON_TYPES);

/** [15.1] the loyalty track, from the Empire's extreme to the Rebel's. */
export const LOYALTIES = ['patriotic', 'loyal', 'neutral', 'dissent', 'unrest'] as const;
export const Loyalty = z.enum(LOYALTIES);

/** [15.5] the four states of a planet. */
export const PLANET_STATES = ['imperial-control', 'rebellion', 'rebel-control', 'rebellion-stopped'] as const;
export const PlanetState = z.enum(PLANET_STATES);

/** [13.2] mission letters. */
export const MISSION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'P', 'Q', 'R', 'S', 'T'] as const;
export const MissionLetter = z.enum(MISSION_LETTERS);
/** A string of mission letters as printed on a card section, e.g. "HR". Empty means none. */
export const MissionLetters = z.string().regex(/^[ABCDEFGHIJPQRST]{0,4}$/, 'mission letters, e.g. "HR"');

const Position = z.tuple([z.number(), z.number(), z.number()]);
const Text = z.string().min(1).max(600);
const Name = z.string().min(1).max(40);
const Rating = (max: number) => z.int().min(0).max(max);

// ---------------------------------------------------------------- races.json
export const Race = z.strictObject({
  id: Id,
  name: Name,
  /** [000 15.1] star-faring races spread domino effects across the galaxy. */
  starFaring: z.boolean(),
  /** [000 15.1] the home planet of a star-faring race (one has none); null for natives. */
  homePlanet: Id.nullable(),
  /** [000 15.1b] a tribe derived from a star-faring race: flavour only, no domino effect. */
  tribeOf: Id.nullable(),
  /** [12.14, 13.47] the Irate Locals Chart row; null where the race never attacks (star-faring races). */
  irateLocals: z
    .strictObject({
      combat: z.int().min(1).max(20),
      endurance: z.int().min(1).max(20),
      style: z.enum(['hand-to-hand', 'firefight']),
    })
    .nullable(),
  description: Text,
});
export const RacesFile = z.strictObject({ races: z.array(Race).min(1) });

// ---------------------------------------------------------------- creatures.json
export const Creature = z.strictObject({
  id: Id,
  name: Name,
  combat: z.int().min(1).max(30),
  endurance: z.int().min(1).max(30),
  style: z.enum(['hand-to-hand', 'firefight']),
  /** [13.45] a creature's description overrides the general rules: these are the overrides we model. */
  special: z.array(z.enum(['attacks-twice', 'cannot-be-broken-off', 'kills-no-capture', 'ambush'])).default([]),
  description: Text,
});
export const CreaturesFile = z.strictObject({ creatures: z.array(Creature).min(1) });

// ---------------------------------------------------------------- galaxy.json
export const Environ = z.strictObject({
  type: EnvironType,
  /** [5.3E] limits military units per player and action cards drawn. */
  size: z.int().min(1).max(6),
  /** [5.3F] one or more races living here (star-faring or native), first listed first [13.47]. */
  races: z.array(Id).min(1),
  /** [5.3H] force points when the planet enters rebellion. */
  resource: z.int().min(0).max(6),
  /** [5.3I] the coup rating, where the environ has one. */
  coup: z.int().min(1).max(6).nullable(),
  /** [5.3K] the creature that lives here, if any. */
  creature: Id.nullable(),
  /**
   * [5.3I, 13.2] the sovereign who rules here, by name, where the environ names one (a planet names at
   * most one: validate.ts). Mission E summons him; no effect in the star-system game [5.3I]. Optional,
   * so a custom galaxy without sovereigns needs no change.
   */
  sovereign: Name.nullable().default(null),
});

export const Planet = z.strictObject({
  id: Id,
  name: Name,
  /** [5.3A] three digits; the first two are the star system's number. */
  number: z.string().regex(/^\d{3}$/, 'three digits'),
  system: Id,
  /** Orbit from the star, 1 innermost. */
  orbit: z.int().min(1).max(3),
  secret: z.boolean(),
  /** [8.0] the starting PDB level. */
  pdb: z.int().min(0).max(2),
  /** [5.3] one to three environs; environ ids are `<planet id>.<n>`, n from 1. */
  environs: z.array(Environ).min(1).max(3),
  description: Text,
});

export const StarSystem = z.strictObject({
  id: Id,
  name: Name,
  /** Two digits: the province's number, then the system's own. */
  number: z.string().regex(/^\d{2}$/, 'two digits'),
  province: Id,
  position: Position,
  /** Spectral class drives the star's colour and size in the picture. */
  star: z.enum(['O', 'B', 'A', 'F', 'G', 'K', 'M']),
  /** [5.22] radius of the drift area bordering the sun and of the outer one bordering the system. */
  drift: z.strictObject({ inner: z.number().positive(), outer: z.number().positive() }),
});

export const NavigationStar = z.strictObject({ id: Id, name: Name, position: Position });

export const Route = z.strictObject({
  from: Id,
  to: Id,
  /** A route may pass through a navigation star; such routes are distance 2 in the published galaxy. */
  via: Id.nullable(),
  distance: z.int().min(1).max(4),
});

export const Province = z.strictObject({
  id: Id,
  name: Name,
  number: z.int().min(1).max(9),
  capital: Id,
  color: z.string().regex(/^#[0-9a-f]{6}$/, 'a colour like #a1b2c3'),
});

export const GalaxyFile = z.strictObject({
  name: Name,
  throne: Id,
  provinces: z.array(Province).min(1),
  systems: z.array(StarSystem).min(1),
  navigationStars: z.array(NavigationStar),
  routes: z.array(Route),
  planets: z.array(Planet).min(1),
});

// ---------------------------------------------------------------- characters.json
/** Special abilities the rules give to particular characters. */
export const ABILITIES = [
  'healer', // [13.72] heals wounded friends stacked with him at the start of the Rebel player-turn
  'imperial-knight', // [14.61, 15.73] may receive an Imperial spaceship
  'sole-pilot', // [14.6] his spaceship flies only with him aboard
] as const;
export const Ability = z.enum(ABILITIES);

export const Character = z.strictObject({
  id: Id,
  side: Side,
  race: Id,
  /** Character SRS: name and title are 1 to 20 characters. */
  name: z.string().min(1).max(20),
  title: z.string().min(1).max(20),
  combat: z.int().min(1).max(12),
  endurance: z.int().min(1).max(12),
  intelligence: z.int().min(1).max(9),
  leadership: Rating(6),
  diplomacy: Rating(6),
  navigation: Rating(6),
  homePlanet: Id.nullable(),
  abilities: z.array(Ability),
  /** [13.6] bonus draws this character adds to missions of the given letter. */
  bonusDraws: z.partialRecord(MissionLetter, z.int().min(1).max(4)),
  /** [14.53] the spaceship he owns when he enters play (a Rebel possession or an Imperial ship). */
  spaceship: Id.nullable(),
  description: Text,
});
export const CharactersFile = z.strictObject({ characters: z.array(Character).min(1) });

// ---------------------------------------------------------------- possessions.json, spaceships.json
export const Durability = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('never-needs-repair') }),
  /** [14.22] after each use a die is rolled; on these faces it becomes inoperative (lost in the star-system game). */
  z.strictObject({ kind: z.literal('may-become-inoperative'), inoperativeOn: z.array(z.int().min(1).max(6)).min(1).max(5) }),
  z.strictObject({ kind: z.literal('lost-after-one-use') }),
]);

export const ShipRatings = z.strictObject({
  /** [14.5] used for the evasion value. */
  maneuver: z.int().min(0).max(6),
  /** [14.5] characters and companions it may carry, pilot included. */
  passengers: z.int().min(1).max(8),
  /** [14.58] the one ship that always keeps its full maneuver rating. */
  fullManeuverAlways: z.boolean(),
  /** [14.5, 9.28] province and galactic games: the ship's guns, firing back at a PDB that racks it. */
  cannon: z.int().min(0).max(4),
  /** [14.5, 9.28] province and galactic games: what turns a PDB's racking fire aside. */
  shields: z.int().min(0).max(4),
});

export const PossessionEffects = z.strictObject({
  /** [12.41] added to the holder's combat rating in character combat. */
  combat: z.int().min(0).max(6).optional(),
  /** Firefight only (a rifle), or any combat. */
  combatIn: z.enum(['any', 'firefight', 'hand-to-hand']).optional(),
  /** [13.6, 14.27] bonus draws for missions of these letters. */
  bonusDraws: z.partialRecord(MissionLetter, z.int().min(1).max(3)).optional(),
  /** [13.72] heals its holder at the start of the Rebel player-turn. */
  heals: z.boolean().optional(),
  /** Added to the holder's intelligence when hiding [11.0]. */
  hiding: z.int().min(0).max(3).optional(),
  /** Added to the holder's navigation when piloting [14.5]. */
  navigation: z.int().min(0).max(3).optional(),
});

export const Possession = z.strictObject({
  id: Id,
  /** Card number: 33-40 spaceships, 41-42 weapons, 43-48 objects, 49-52 companions [14.3-14.5]. */
  number: z.int().min(1).max(99),
  name: Name,
  kind: z.enum(['spaceship', 'weapon', 'object', 'companion']),
  durability: Durability,
  ship: ShipRatings.nullable(),
  effects: PossessionEffects,
  description: Text,
});
export const PossessionsFile = z.strictObject({ possessions: z.array(Possession).min(1) });

export const ImperialShip = z.strictObject({
  id: Id,
  name: Name,
  ship: ShipRatings,
  /** [14.6] a ship only its owner may pilot, removed when he is not aboard; null for any Imperial pilot. */
  onlyPilot: Id.nullable(),
  description: Text,
});
export const SpaceshipsFile = z.strictObject({ imperial: z.array(ImperialShip) });

// ---------------------------------------------------------------- missions.json, actions.json
export const Mission = z.strictObject({
  letter: MissionLetter,
  name: Name,
  /** [13.1] some missions are for one side only. */
  side: z.enum(['rebel', 'imperial', 'both']),
  /** [13.2] E, H, J, Q are not in the star-system game. */
  inStarSystemGame: z.boolean(),
  /** [13.5] missions with degrees of success that may continue past the first letter. */
  continuing: z.boolean(),
  /** [13.53] letters needed before the mission succeeds (2 for stop rebellion). */
  lettersToComplete: z.int().min(1).max(3),
  /** [13.6] bonus draws the card itself grants, and the character rating that adds to them. */
  bonusDraws: z.strictObject({
    base: z.int().min(0).max(3),
    rating: z.enum(['intelligence', 'leadership', 'diplomacy', 'navigation', 'combat']).nullable(),
  }),
  /** [13.2] a rebel camp may perform this mission. */
  rebelCamp: z.boolean(),
  goal: Text,
  effects: Text,
  restrictions: Text,
});
export const MissionsFile = z.strictObject({ missions: z.array(Mission).min(1) });

/** [13.4x] the events an action card section can carry. */
export const ACTION_EVENTS = [
  'creature-attacks', // [13.45, 13.46] the environ's creature, or sentry robots where the enemy controls the planet
  'irate-locals', // [13.47]
  'enemy-search', // [13.48] the non-phasing player searches one group at once
  'mission-aborted', // [13.44] one random group aborts
  'populace-goes-wild', // [15.46]
  'characters-detected', // [9.42] one random group becomes detected
  'locals-raid', // [8.31] the planet's PDB goes down
  'loyalty-to-rebel', // [15.12] loyalty shifts one space toward the Rebel
  'loyalty-to-imperial', // [15.12] loyalty shifts one space toward the Empire
  'accident', // one character of a random group takes a wound
  'windfall', // the group gains one bonus draw this phase
] as const;
export const ActionEvent = z.enum(ACTION_EVENTS);

export const ActionSection = z.strictObject({
  letters: MissionLetters,
  event: ActionEvent.nullable(),
  /** Flavour text shown when the card is drawn. */
  text: Text,
});

export const ActionCard = z.strictObject({
  number: z.int().min(1).max(199),
  /** [13.32] urban missions read the urban section, wild missions the wild one, the rest the special one. */
  urban: ActionSection,
  special: ActionSection,
  wild: ActionSection,
});
export const ActionsFile = z.strictObject({ actions: z.array(ActionCard).min(1) });

// ---------------------------------------------------------------- tables.json
const Range = z.strictObject({ min: z.int(), max: z.int() });
const DetectionResult = z.enum(['U', 'D', 'D*', 'Dd', 'E']);
const CharacterResult = z.strictObject({
  attacker: z.int().min(0).max(9),
  attackerCapture: z.boolean(),
  defender: z.int().min(0).max(9),
  defenderCapture: z.boolean(),
});

export const UnitType = z.strictObject({
  id: Id,
  side: Side,
  name: Name,
  /** [7.1] only the first number is used in the star-system game. */
  combat: z.int().min(1).max(9),
  second: z.int().min(0).max(9),
  /** [7.21-7.23, 7.3] mobile units may leave their planet. */
  mobile: z.boolean(),
  /** [7.22] strength hidden from the Rebel until used. */
  hidden: z.boolean(),
  /** [15.41] force points to raise it in a rebellion (Rebel units only). */
  cost: z.int().min(0).max(9),
});

export const TablesFile = z.strictObject({
  unitTypes: z.array(UnitType).min(1),
  /** [10.0] columns from 1-6 to 6-1; each row (die 1-6) gives [attacker loss, defender loss] per column. */
  militaryCombat: z.strictObject({
    columns: z.array(z.string().regex(/^\d-\d$/)).min(2),
    rows: z.array(z.array(z.tuple([z.int().min(0), z.int().min(0)]))).length(6),
    /** [10.22] the column range without leaders; [10.42] with leaders the table's own ends. */
    plainRange: z.tuple([z.string(), z.string()]),
  }),
  /** [9.22] the column a PDB of each level attacks on (level 0 cannot attack). */
  pdbAttackColumn: z.strictObject({ '1': z.string(), '2': z.string() }),
  /**
   * [9.28, 14.5] the racking attack (province and galactic games): the PDB's die + its level − the ship's
   * shields at least `shipHitOn` hits the ship; the ship's die + its cannon at least `pdbDownOn` is a loss
   * of 2 to the PDB, at least `pdbLevelLostOn` a loss of 3 [9.25].
   */
  racking: z.strictObject({ shipHitOn: z.int().min(1).max(12), pdbDownOn: z.int().min(1).max(12), pdbLevelLostOn: z.int().min(1).max(12) }),
  /** [9.3] evasion value ranges as columns; rows by die. */
  detection: z.strictObject({
    columns: z.array(Range).min(2),
    rows: z.array(z.array(DetectionResult)).length(6),
    /** Columns shifted left for a level-2 PDB and for already-detected passengers (unverified, decided). */
    shiftLevel2Pdb: z.int().min(0).max(3),
    shiftAlreadyDetected: z.int().min(0).max(3),
  }),
  /** [11.0] found when die <= entry. */
  search: z.strictObject({
    searchColumns: z.array(Range).min(2),
    hidingRows: z.array(Range).min(2),
    found: z.array(z.array(z.int().min(0).max(6))).min(2),
  }),
  /** [12.6] columns by differential; rows by die. */
  characterCombat: z.strictObject({
    columns: z.array(Range).min(2),
    rows: z.array(z.array(CharacterResult)).length(6),
    /** [12.5] break off succeeds on a die at most these, per column. */
    breakOffActive: z.array(z.int().min(0).max(6)),
    breakOffInactive: z.array(z.int().min(0).max(6)),
    /** [12.5, 12.6] capture combat shifts this many columns left. */
    captureShift: z.int().min(0).max(4),
  }),
  /** [12.12] military strength to squad combat/endurance. */
  squad: z.strictObject({
    rows: z.array(z.strictObject({ min: z.int(), max: z.int(), combat: z.int(), endurance: z.int() })).min(1),
    leaderEndurance: z.int().min(0).max(6),
  }),
  /** Galactic movement: die + (distance - navigation). */
  hyperjump: z.array(
    z.strictObject({
      min: z.int(),
      max: z.int(),
      result: z.enum(['safe', 'drift', 'outer-drift', 'drift-damaged', 'outer-drift-damaged', 'outer-drift-eliminated']),
    }),
  ),
  /** Star-system victory points (Rebel) [16.x; tables.md]. */
  victoryPoints: z.strictObject({
    rebelControlled: z.int(),
    rebellion: z.int(),
    unrest: z.int(),
    patriotic: z.int(),
    imperialKilled: z.int(),
    imperialCaptured: z.int(),
    rebelKilled: z.int(),
    rebelCaptured: z.int(),
    gatherInformation: z.int(),
  }),
  /**
   * Galactic victory points (Rebel) for each Rebel-controlled planet (tables.md): the throne world or the
   * first province's capital, another capital, the home planet of a star-faring race, any other planet.
   */
  galacticVictoryPoints: z.strictObject({
    throneOrFirstCapital: z.int().min(0),
    capital: z.int().min(0),
    starFaringHome: z.int().min(0),
    planet: z.int().min(0),
  }),
});

// ---------------------------------------------------------------- galactic.json
/**
 * Which planets a galactic event or assignment means: all in play, narrowed by province ("random": one
 * drawn when the card is played), by a race living there, and by kind.
 */
export const PlanetScope = z.strictObject({
  province: Id.optional(),
  race: Id.optional(),
  kind: z.enum(['capital', 'home-world', 'throne', 'secret']).optional(),
  /** The planet's loyalty when the card is played (read from the game, not the content). */
  loyalty: Loyalty.optional(),
});

/** What a galactic event does, each effect in order; targets are drawn by the game's RNG. */
export const GalacticEffect = z.discriminatedUnion('do', [
  /** Move the Chaos Index. */
  z.strictObject({ do: z.literal('chaos'), by: z.int().min(-20).max(20) }),
  /** Shift the loyalty of this many planets one space toward a side. */
  z.strictObject({ do: z.literal('loyalty'), toward: z.enum(['rebel', 'imperial']), planets: z.int().min(1).max(6), where: PlanetScope }),
  /** A planet at unrest rises in rebellion [15.52]. */
  z.strictObject({ do: z.literal('rise'), where: PlanetScope }),
  /** A planet in rebellion has its rebellion stopped [15.54]. */
  z.strictObject({ do: z.literal('stop-rebellion'), where: PlanetScope }),
  /** Imperial units arrive on a planet the Empire controls. */
  z.strictObject({ do: z.literal('imperial-units'), type: Id, count: z.int().min(1).max(6), where: PlanetScope }),
  /** Rebel units appear on a planet the Rebel controls, typed by the environ they appear in [7.31]. */
  z.strictObject({ do: z.literal('rebel-units'), type: Id, count: z.int().min(1).max(6), where: PlanetScope }),
  /**
   * An Imperial garrison's unit of type `from` deserts (leaves play) on a planet under Imperial control,
   * and `count` Rebel units of `type` appear on that planet, typed by their environ [7.31].
   */
  z.strictObject({ do: z.literal('desert'), from: Id, type: Id, count: z.int().min(1).max(6), where: PlanetScope }),
  /** A planet's PDB goes down, or a down PDB comes back up. */
  z.strictObject({ do: z.literal('pdb'), up: z.boolean(), where: PlanetScope }),
  /** The Empire discovers the Rebel's secret base, or a secret planet. */
  z.strictObject({ do: z.literal('discover'), what: z.enum(['base', 'secret-planet']) }),
]);

export const GalacticEvent = z.strictObject({ id: Id, name: Name, text: Text, effects: z.array(GalacticEffect).min(1) });

/** An order from the Throne: a goal by a deadline, the Chaos Index moved by `success` or `failure`. */
export const StrategicAssignment = z.strictObject({
  id: Id,
  name: Name,
  text: Text,
  goal: z.strictObject({
    /** no-rising: no planet in rebellion or Rebel control; no-unrest: none at unrest; garrison: `units` Imperial units on each; fewer-risings: fewer risen planets than when drawn. */
    kind: z.enum(['no-rising', 'no-unrest', 'garrison', 'fewer-risings']),
    where: PlanetScope,
    units: z.int().min(1).max(20).optional(),
  }),
  /** Game-turns from the one it is drawn in to its deadline (checked at that turn's interphase). */
  turns: z.int().min(1).max(10),
  success: z.int().min(-20).max(0),
  failure: z.int().min(0).max(20),
});

export const GalacticFile = z.strictObject({
  chaos: z.strictObject({
    /** The Chaos Index at the start of a galactic game (0-100). */
    start: z.int().min(0).max(100),
    /** Events drawn at each interphase: the last row whose `from` the index has reached. */
    draws: z.array(z.strictObject({ from: z.int().min(0).max(100), events: z.int().min(0).max(6) })).min(1),
    /** How outcomes move the index (after the Chaos Index changes chart of 001). */
    changes: z.strictObject({
      imperialUnitLost: z.int(),
      rebelUnitLost: z.int(),
      planetRisesPerResource: z.int(),
      planetFallsPerResource: z.int(),
      rebellionStoppedPerResource: z.int(),
      imperialCharacterKilled: z.int(),
      imperialCharacterCaptured: z.int(),
      rebelCharacterKilled: z.int(),
      rebelCharacterCaptured: z.int(),
      baseDestroyed: z.int(),
    }),
    /** The Empire's victory levels, best first: the first whose `upTo` the final index does not pass. */
    levels: z.array(z.strictObject({ id: Id, name: Name, upTo: z.int().min(0).max(100) })).min(1),
    /** The Empire draws a strategic assignment on turn 1 and every this many turns. */
    assignmentEvery: z.int().min(1).max(20),
  }),
  events: z.array(GalacticEvent).min(1),
  assignments: z.array(StrategicAssignment).min(1),
});

// ---------------------------------------------------------------- scenarios.json
export const UnitPlacement = z.strictObject({
  type: Id,
  count: z.int().min(1).max(30),
  /** Rebel units are typed by environ [7.31]. */
  environType: EnvironType.nullable(),
  /** Where it starts; null lets the player (or automatic placement) choose [16.13]. */
  environ: z.string().nullable(),
});

export const Forces = z.strictObject({
  units: z.array(UnitPlacement),
  characters: z.array(Id),
  /** Rebel possessions held at the start [14.11]. */
  possessions: z.array(Id),
  /** Imperial spaceships in play at the start [14.61]. */
  spaceships: z.array(Id),
  /** Reinforcements by game-turn [16.15]: turn number to placements. */
  reinforcements: z.array(z.strictObject({ turn: z.int().min(1).max(30), units: z.array(UnitPlacement), characters: z.array(Id) })),
});

export const Scenario = z.strictObject({
  id: Id,
  name: Name,
  kind: z.enum(['star-system', 'province', 'galactic']),
  /** The star system or province the game is played in; "galaxy" for a galactic scenario. */
  area: Id,
  turns: z.int().min(1).max(30),
  description: Text,
  victory: z.strictObject({
    /** The Rebel wins with at least this many victory points at the end. */
    rebelPoints: z.int().min(1),
    /** The Rebel wins at once when any planet becomes Rebel-controlled. */
    rebelControlWinsAtOnce: z.boolean(),
    text: Text,
  }),
  /** [16.11] each planet's loyalty and state at the start; planets of the area not named start neutral, Imperial. */
  planets: z.record(Id, z.strictObject({ loyalty: Loyalty, state: PlanetState })),
  imperial: Forces,
  rebel: Forces,
  /**
   * The domino chapter (000 15.x), an optional rule, as this scenario plays it unless the new game says
   * otherwise (`DOMINO_RULES`; absent: "chain", the chapter whole). docs/rules.md, "Domino effect".
   */
  domino: z.enum(['chain', 'chain-next-turn', 'single', 'off']).optional(),
  /** Made for a tutorial's game [issue 56] (assets/tutorials/): played there, never offered for a new game or to watch. */
  tutorial: z.literal(true).optional(),
});
/**
 * How the domino chapter is played: whole with its chain reactions [15.1c]; with them, but a planet they
 * raise falls no sooner than the end of the next Imperial player-turn; without them; or not at all.
 */
export const DOMINO_RULES = ['chain', 'chain-next-turn', 'single', 'off'] as const;
export type DominoRule = (typeof DOMINO_RULES)[number];
export const ScenariosFile = z.strictObject({ scenarios: z.array(Scenario).min(1) });

/** Every content file, by name, with its schema. */
export const CONTENT_FILES = {
  'races.json': RacesFile,
  'creatures.json': CreaturesFile,
  'galaxy.json': GalaxyFile,
  'characters.json': CharactersFile,
  'possessions.json': PossessionsFile,
  'spaceships.json': SpaceshipsFile,
  'missions.json': MissionsFile,
  'actions.json': ActionsFile,
  'tables.json': TablesFile,
  'scenarios.json': ScenariosFile,
  'galactic.json': GalacticFile,
} as const;

export type ContentFileName = keyof typeof CONTENT_FILES;
export type RaceDef = z.infer<typeof Race>;
export type CreatureDef = z.infer<typeof Creature>;
export type EnvironDef = z.infer<typeof Environ>;
export type PlanetDef = z.infer<typeof Planet>;
export type StarSystemDef = z.infer<typeof StarSystem>;
export type NavigationStarDef = z.infer<typeof NavigationStar>;
export type RouteDef = z.infer<typeof Route>;
/** A result of the hyperjump table (tables.md). */
export type HyperjumpResult = 'safe' | 'drift' | 'outer-drift' | 'drift-damaged' | 'outer-drift-damaged' | 'outer-drift-eliminated';
export type ProvinceDef = z.infer<typeof Province>;
export type GalaxyDef = z.infer<typeof GalaxyFile>;
export type CharacterDef = z.infer<typeof Character>;
export type PossessionDef = z.infer<typeof Possession>;
export type ImperialShipDef = z.infer<typeof ImperialShip>;
export type ShipRatingsDef = z.infer<typeof ShipRatings>;
export type MissionDef = z.infer<typeof Mission>;
export type ActionCardDef = z.infer<typeof ActionCard>;
export type ActionEventKind = z.infer<typeof ActionEvent>;
export type TablesDef = z.infer<typeof TablesFile>;
export type UnitTypeDef = z.infer<typeof UnitType>;
export type ScenarioDef = z.infer<typeof Scenario>;
export type GalacticDef = z.infer<typeof GalacticFile>;
export type GalacticEventDef = z.infer<typeof GalacticEvent>;
export type GalacticEffectDef = z.infer<typeof GalacticEffect>;
export type StrategicAssignmentDef = z.infer<typeof StrategicAssignment>;
export type PlanetScopeDef = z.infer<typeof PlanetScope>;
export type ForcesDef = z.infer<typeof Forces>;
export type UnitPlacementDef = z.infer<typeof UnitPlacement>;
export type SideId = z.infer<typeof Side>;
export type EnvironTypeId = z.infer<typeof EnvironType>;
export type LoyaltyId = z.infer<typeof Loyalty>;
export type PlanetStateId = z.infer<typeof PlanetState>;
export type MissionLetterId = z.infer<typeof MissionLetter>;
