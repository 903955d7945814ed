/**
 * Conquest missions: the mission deck and its win test for the "Mission" game type of the Risk-style
 * "conquest" ruleset (002 I "Game Type" 3): "each player draws a random mission. The first to complete
 * their mission wins. Missions may include the elimination of a certain colour, occupation of a particular
 * continent, or a mix of both."
 *
 * 002 gives no mission list, so the deck follows the classic Risk secret missions, built from the map so a
 * custom map gets missions too:
 * - hold two continents (the continents paired in the map's order, each with the next, the last with the
 *   first: 5 missions on our galaxy's 5 provinces);
 * - hold 18 territories; hold 12 territories with at least 2 armies on each;
 * - eliminate a colour, one mission per colour. The classic fallback: if that player is you, is not in the
 *   game, or is eliminated by someone else, hold 20 territories instead;
 * - "a mix of both": eliminate a colour and hold a continent, one per colour (the i-th colour with the
 *   i-th continent); when the elimination cannot be yours, hold that continent and the fallback's territories.
 * The territory counts are set for our 25-system galaxy and scaled by territory count on other maps; with
 * few players they rise to a tenth of the map above a fair share, so no mission is met by the setup alone.
 *
 * Players are named by their colour: `me`, `players`, the owners in `owner` and the keys and values of
 * `eliminatedBy` are colours. A pure module: plain data in, plain data out; missions are JSON-serialisable.
 * Dealing missions (with the game's RNG) and checking them at the right moments belong to the engine.
 */

export type MissionKind = 'continents' | 'territories' | 'eliminate' | 'mix';

interface MissionBase {
  /** Unique in the deck and stable across builds of the same map, e.g. `continents:a+b`, `eliminate:red`. */
  id: string;
  kind: MissionKind;
  /** Human-readable, what `describeMission` gives. */
  text: string;
}

/** Hold every territory of each of these continents. */
export interface ContinentsMission extends MissionBase {
  kind: 'continents';
  continents: { id: string; name: string }[];
}

/** Hold at least `count` territories that each have at least `minArmies` armies. */
export interface TerritoriesMission extends MissionBase {
  kind: 'territories';
  count: number;
  minArmies: number;
}

/** Eliminate the `colour` player; if that cannot be done by you, meet `fallback` instead. */
export interface EliminateMission extends MissionBase {
  kind: 'eliminate';
  colour: string;
  fallback: { count: number; minArmies: number };
}

/**
 * Eliminate the `colour` player and hold `continent` [002 I Game Type 3, "or a mix of both"]; if that
 * elimination cannot be yours, hold the continent and `fallback`'s territories instead.
 */
export interface MixMission extends MissionBase {
  kind: 'mix';
  colour: string;
  continent: { id: string; name: string };
  fallback: { count: number; minArmies: number };
}

export type Mission = ContinentsMission | TerritoriesMission | EliminateMission | MixMission;

/** What a mission is checked against; see the top of the file for how players are named. */
export interface MissionState {
  /** Territory -> the colour holding it, or null. */
  owner: Record<string, string | null>;
  /** Territory -> armies on it. */
  armies: Record<string, number>;
  /** Continent id -> its territories. */
  continents: Record<string, string[]>;
  /** Eliminated colour -> the colour who eliminated it. */
  eliminatedBy: Record<string, string>;
  /** The colours in the game (whether this lists the starting or the surviving players does not matter). */
  players: string[];
}

// ------------------------------------------------------------------------------------------ the deck

/** The map the territory counts are set for: our galaxy's 25 star systems. */
export const GALAXY_TERRITORIES = 25;
/**
 * Territory targets on our galaxy: the classic game's shares of its 42-territory map (hold 24; hold 18
 * with 2 armies on each; the elimination fallback, 24), as near as 25 territories allow.
 */
export const HOLD_TERRITORIES = 14;
export const HOLD_FORTIFIED = { count: 11, minArmies: 2 } as const;
export const ELIMINATE_FALLBACK = 14;

/** A target of our galaxy scaled to a map of `territories` territories (the same share of the map). */
function scaled(target: number, territories: number): number {
  return Math.max(1, Math.round((target * territories) / GALAXY_TERRITORIES));
}

/**
 * The mission deck for a map, in a fixed order (the engine shuffles): the continent pairs, the two
 * territory missions, then one elimination mission per colour. `territories` is the number of territories
 * on the map (our galaxy's 25 by default); the territory targets keep their share of the map.
 */
export function missionDeck(
  continents: readonly { id: string; name: string }[],
  colours: readonly string[],
  territories: number = GALAXY_TERRITORIES,
): Mission[] {
  const deck: Mission[] = [];
  const add = (m: DistributiveOmit<Mission, 'text'>): void => {
    deck.push({ ...m, text: describeMission(m) } as Mission);
  };

  // Each continent with the next one, the last with the first: every continent appears in two missions.
  // With one continent there is no pair (holding it is holding the map); two give a single pair.
  if (continents.length >= 2) {
    const pairs = continents.length === 2 ? 1 : continents.length;
    for (let i = 0; i < pairs; i++) {
      const a = continents[i]!;
      const b = continents[(i + 1) % continents.length]!;
      add({
        id: `continents:${a.id}+${b.id}`,
        kind: 'continents',
        continents: [
          { id: a.id, name: a.name },
          { id: b.id, name: b.name },
        ],
      });
    }
  }

  // A territory mission must be won by taking ground: at least a tenth of the map more than a fair share of
  // it, which is what a player starts with (with 2 players, 11 of 25 would be held from the setup).
  const share = colours.length ? Math.ceil(territories / colours.length) + Math.ceil(territories / 10) : 0;
  const target = (galaxyTarget: number) => Math.min(territories, Math.max(scaled(galaxyTarget, territories), share));
  const hold = target(HOLD_TERRITORIES);
  add({ id: `territories:${hold}`, kind: 'territories', count: hold, minArmies: 1 });
  const fortified = target(HOLD_FORTIFIED.count);
  add({
    id: `territories:${fortified}x${HOLD_FORTIFIED.minArmies}`,
    kind: 'territories',
    count: fortified,
    minArmies: HOLD_FORTIFIED.minArmies,
  });

  const fallback = { count: target(ELIMINATE_FALLBACK), minArmies: 1 };
  for (const colour of colours) {
    add({ id: `eliminate:${colour}`, kind: 'eliminate', colour, fallback: { ...fallback } });
  }
  // "or a mix of both" [002 I Game Type 3]: each colour with a continent, in the map's order
  if (continents.length)
    colours.forEach((colour, i) => {
      const c = continents[i % continents.length]!;
      add({ id: `mix:${colour}+${c.id}`, kind: 'mix', colour, continent: { id: c.id, name: c.name }, fallback: { ...fallback } });
    });
  return deck;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

// ------------------------------------------------------------------------------------------ text

/** "The Ember Reach" -> "the Ember Reach", for use inside a sentence. */
const inSentence = (name: string): string => name.replace(/^The /, 'the ');

const territoriesText = (count: number, minArmies: number): string =>
  `${count} ${count === 1 ? 'territory' : 'territories'}` +
  (minArmies > 1 ? ` with at least ${minArmies} armies on each` : '');

/** The mission in words, e.g. "Hold the Sovereign Core and the Ember Reach." */
export function describeMission(mission: DistributiveOmit<Mission, 'text'>): string {
  switch (mission.kind) {
    case 'continents': {
      const names = mission.continents.map((c) => inSentence(c.name));
      const list = names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
      return `Hold ${list}.`;
    }
    case 'territories':
      return `Hold ${territoriesText(mission.count, mission.minArmies)}.`;
    case 'eliminate': {
      const who = `the ${mission.colour} player`;
      return (
        `Eliminate ${who}. If you are ${who}, ${who} is not in the game, or another player eliminates ` +
        `them, hold ${territoriesText(mission.fallback.count, mission.fallback.minArmies)} instead.`
      );
    }
    case 'mix': {
      const who = `the ${mission.colour} player`;
      const where = inSentence(mission.continent.name);
      return (
        `Eliminate ${who} and hold ${where}. If you are ${who}, ${who} is not in the game, or another player ` +
        `eliminates them, hold ${where} and ${territoriesText(mission.fallback.count, mission.fallback.minArmies)} instead.`
      );
    }
  }
}

// ------------------------------------------------------------------------------------------ the test

/** How many territories `me` holds with at least `minArmies` armies on each. */
function held(me: string, minArmies: number, state: MissionState): number {
  let n = 0;
  for (const [territory, owner] of Object.entries(state.owner)) {
    if (owner !== me) continue;
    // A held territory has at least one army; check the count only when the mission asks for more.
    if (minArmies <= 1 || (state.armies[territory] ?? 0) >= minArmies) n++;
  }
  return n;
}

/** Whether `me` holds every territory of a continent (one the state does not know, or an empty one, cannot be held). */
function holds(me: string, continent: string, state: MissionState): boolean {
  const territories = state.continents[continent] ?? [];
  return territories.length > 0 && territories.every((t) => state.owner[t] === me);
}

/** Whether `me` eliminated `target`; or, when that cannot be, whether the fallback's territories are held. */
function eliminatedOrFallback(target: string, fallback: { count: number; minArmies: number }, me: string, state: MissionState): boolean {
  const killer = state.eliminatedBy[target];
  if (target !== me && killer === me) return true;
  const cannot = target === me || killer !== undefined || !state.players.includes(target);
  return cannot && held(me, fallback.minArmies, state) >= fallback.count;
}

/**
 * Whether `me` has completed `mission` in `state`. The elimination fallback follows the classic rule: if
 * the target is `me`, was never in the game, or was eliminated by another player, the mission becomes the
 * fallback territory mission; eliminating the target yourself completes it. A continent the state does
 * not know (or an empty one) cannot be held.
 */
export function missionComplete(mission: Mission, me: string, state: MissionState): boolean {
  switch (mission.kind) {
    case 'continents':
      return mission.continents.every(({ id }) => holds(me, id, state));
    case 'territories':
      return held(me, mission.minArmies, state) >= mission.count;
    case 'eliminate':
      return eliminatedOrFallback(mission.colour, mission.fallback, me, state);
    case 'mix':
      return holds(me, mission.continent.id, state) && eliminatedOrFallback(mission.colour, mission.fallback, me, state);
  }
}
