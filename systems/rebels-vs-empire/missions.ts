/**
 * Missions [13.0-13.7]: the mission cards, who may go on a mission, which missions an environ allows,
 * and the mission groups of the current mission phase.
 *
 * The mission phase is three segments: assignment (mission-assignment.ts), action (mission-action.ts)
 * and bonus draw (bonus-draw.ts). What the effects of each letter are is in mission-effects.ts, the
 * action deck and its events in action-cards.ts, rebel camps in rebel-camp.ts.
 *
 * The groups of the phase live in `game.vars.missionPhase` (plain data), so a game in the middle of a
 * mission can be saved, copied and hashed like any other.
 */
import { hasComponent } from 'bitecs';
import type { MissionDef, MissionLetterId, SideId } from '../../src/core/content/schema';
import type { Game, Json } from '../../src/core/engine/types';
import { REBELLION, REBEL_CONTROL } from '../../src/core/world/components';
import { isGuarding } from './capture';
import { allOf, environOf, guardOf, occupantsView, place, planetOfEnviron } from '../../src/core/world/world';
import type { Rng } from '../../src/core/rng';
import { nameOf } from '../../src/core/names';
import { controls } from './control';
import { campIn } from './rebel-camp';
import { maySummon } from './sovereigns';
import { missionEligible } from './stacking';
import { charactersIn, enemyOf, hasUnitsOnPlanet, isCharacter, isFreeCharacter, sideOf, unitCountIn } from './sides';

/**
 * A mission group [13.1]: the characters of one environ assigned to the same mission (or a rebel camp
 * performing one on its own [13.2]).
 *
 * status: `active` while it takes part in action draws; `exhausted` when the environ's draws ran out
 * with it still active (it waits for its bonus draws [13.6]); `completed` once its effects happened;
 * `stopped` when the player ended it early; `aborted` by an event [13.44]; `lost` when every member was
 * killed or captured [13.52]; `failed` when it ended without success.
 */
export interface MissionGroup {
  id: number;
  environ: number;
  letter: MissionLetterId;
  members: number[];
  /** The rebel camp performing the mission, or 0 for a group of characters. */
  camp: number;
  status: 'active' | 'exhausted' | 'completed' | 'stopped' | 'aborted' | 'lost' | 'failed';
  /** [13.5] letters of this mission drawn so far (continuing missions accumulate them). */
  letters: number;
  /** [13.48] already searched for this mission phase. */
  searched: boolean;
  /** Extra bonus draws from a windfall event. */
  windfall: number;
  /** [14.27] possessions declared, when each member joined, for their bonus draws. */
  declared: number[];
}

export interface MissionPhase {
  side: SideId;
  turn: number;
  groups: MissionGroup[];
  /** [15.46] planets where the populace went wild this mission phase. */
  populaceWild: number[];
  /** [15.46] planets put into rebellion this mission phase. */
  risen: number[];
}

/**
 * For a belief (an imagined game, src/core/belief.ts): what `side` cannot know of the enemy's mission
 * phase, re-dealt. Assignment is secret [13.1]; the action draws are public, environ by environ. So a
 * group in an environ not drawn at yet is imagined in an environ not drawn at either: where the belief
 * put its first member if it may, else anywhere such, with all its members, on a mission allowed there
 * picked at random. A group with a member the side sees stays where he is. Groups already drawn at keep
 * their environ and mission: the draws' public results tell much of them.
 * Left as it is: which enemy characters are on a mission, and with whom.
 */
export function concealEnemyMissions(game: Game, side: SideId, rng: Rng): void {
  const phase = missionPhase(game);
  if (!phase || phase.side === side) return;
  const w = game.world;
  const action = game.stack.find((frame) => frame.proc === 'mission-action')?.data;
  const drawnAt = new Set([...((action?.done as number[] | undefined) ?? []), (action?.environ as number | undefined) ?? 0]);
  const undrawn = allOf(w, 'environ').filter((e) => hasComponent(w, e, w.c.InPlay) && !drawnAt.has(e));
  for (const group of phase.groups) {
    if (group.status !== 'active' || drawnAt.has(group.environ)) continue;
    // free members (the belief may have moved them: not `liveMembers`, which asks they stand in the environ)
    const members = group.members.filter((ch) => isFreeCharacter(game, ch));
    const [first, ...others] = members;
    const performer = group.camp || first;
    if (performer === undefined) continue;
    const lettersAt = (environ: number) =>
      [...game.content.missions.keys()].filter((letter) => missionAllowed(game, letter, phase.side, environ, performer, others));
    if (!group.camp && !members.some((ch) => hasComponent(w, ch, w.c.Detected))) {
      const imagined = environOf(w, first as number);
      const places = [...(undrawn.includes(imagined) ? [imagined] : []), ...rng.shuffle(undrawn)];
      group.environ = places.find((environ) => lettersAt(environ).length > 0) ?? group.environ;
    }
    for (const ch of members) place(w, ch, group.environ);
    group.members = members;
    const letters = lettersAt(group.environ);
    if (letters.length) group.letter = rng.pick(letters);
  }
}

/** The current mission phase, or null outside one. */
export function missionPhase(game: Game): MissionPhase | null {
  return (game.vars.missionPhase as unknown as MissionPhase | undefined) ?? null;
}

export function beginMissionPhase(game: Game, side: SideId): MissionPhase {
  const phase: MissionPhase = { side, turn: game.turn, groups: [], populaceWild: [], risen: [] };
  game.vars.missionPhase = phase as unknown as Json;
  return phase;
}

/** End the phase, remembering who went on a mission this player-turn (healing needs to know [13.71]). */
export function endMissionPhase(game: Game): void {
  const phase = missionPhase(game);
  if (phase)
    game.vars.missionRecord = { turn: phase.turn, side: phase.side, characters: phase.groups.flatMap((g) => g.members) };
  game.vars.missionPhase = null;
}

/** [13.71] did this character go on a mission in this game-turn's last mission phase of his side? */
export function wentOnMissionThisTurn(game: Game, character: number): boolean {
  const phase = missionPhase(game);
  if (phase?.groups.some((g) => g.members.includes(character))) return true;
  const record = game.vars.missionRecord as { turn: number; characters: number[] } | undefined;
  return !!record && record.turn === game.turn && record.characters.includes(character);
}

/** [13.1] The characters' mission groups in an environ (a rebel camp's mission is its own, no group to join). */
export function groupsIn(phase: MissionPhase, environ: number): MissionGroup[] {
  return phase.groups.filter((g) => g.environ === environ && !g.camp);
}

/** [13.1] The characters' group on this mission in this environ, if any (asked for every letter of every candidate: no list made). */
export function groupOn(phase: MissionPhase, environ: number, letter: string): MissionGroup | undefined {
  for (const g of phase.groups) if (g.environ === environ && !g.camp && g.letter === letter) return g;
  return undefined;
}

/**
 * A group of the deciding side's own in the picked character's environ, as the mission choice tells it
 * (`context.missionsHere`): a card drawn there counts for every mission of the environ [13.41], so a
 * commander weighs joining one against adding one.
 */
export type MissionHere = { letter: MissionLetterId; members: number[] };

export function groupById(game: Game, id: number): MissionGroup {
  const group = missionPhase(game)?.groups.find((g) => g.id === id);
  if (!group) throw new Error(`there is no mission group ${id}`);
  return group;
}

export function missionCard(game: Game, letter: MissionLetterId): MissionDef {
  const card = game.content.missions.get(letter);
  if (!card) throw new Error(`there is no mission "${letter}"`);
  return card;
}

/**
 * [13.5, 13.51] does the mission go on past its first letter? The content marks C, D, F, I, R, S, T.
 * Start Rebellion (the Rebel's R) succeeds on its first letter (the units are raised at once [15.43]);
 * only the Empire's Stop Rebellion, which needs two letters [13.53], continues.
 */
export function isContinuing(game: Game, group: MissionGroup): boolean {
  if (group.letter === 'R') return sideOfGroup(game, group) === 'imperial';
  return missionCard(game, group.letter).continuing;
}

export function sideOfGroup(game: Game, group: MissionGroup): SideId {
  return sideOf(game, group.camp || (group.members[0] as number));
}


/**
 * [13.0, 13.7, 9.57, 12.81] characters of a side in an environ who may go on a mission: free (not
 * captured, not dead), in the mission stack (not stacked with their own military units, though they may
 * stand beside them), not guarding prisoners.
 * A wounded character who wants to heal simply is not assigned: healing is doing nothing [13.71].
 */
export function eligibleCharacters(game: Game, environ: number, side: SideId): number[] {
  // one pass over the environ (`missionEligible` is `charactersIn`'s test and more): asked of every environ at every pick
  const eligible: number[] = [];
  for (const ch of occupantsView(game.world, environ))
    if (isCharacter(game, ch) && sideOf(game, ch) === side && missionEligible(game, ch) && (!isGuarding(game, ch) || mayQuestion(game, environ, side, ch))) eligible.push(ch);
  return eligible;
}

/** [13.2 Q] in the province and galactic games a guard may go on one mission: questioning his prisoner. */
function mayQuestion(game: Game, environ: number, side: SideId, guard: number): boolean {
  return game.scenario.kind !== 'star-system' && prisonersToQuestion(game, environ, side, [guard]).length > 0;
}

/** Is this character already on a mission this phase? [13.1] each character on one mission only. */
export function onMission(game: Game, character: number): MissionGroup | null {
  const phase = missionPhase(game);
  if (phase) for (const g of phase.groups) if (g.members.includes(character)) return g;
  return null;
}

/** Free characters of a side held captive in an environ [12.8]. */
export function captivesIn(game: Game, environ: number, side: SideId): number[] {
  const w = game.world;
  return charactersOnBoard(game, environ, side).filter((ch) => hasComponent(w, ch, w.c.Captured));
}

function charactersOnBoard(game: Game, environ: number, side: SideId): number[] {
  const w = game.world;
  return occupantsView(w, environ).filter(
    (ch) => w.kinds[ch] === 'character' && !hasComponent(w, ch, w.c.Dead) && sideOf(game, ch) === side,
  );
}

/** [9.44] detected enemy characters an assassination may target. */
export function assassinationTargets(game: Game, environ: number, side: SideId): number[] {
  const w = game.world;
  return charactersIn(game, environ, enemyOf(side)).filter((ch) => hasComponent(w, ch, w.c.Detected));
}

/** Is there one (`assassinationTargets(...).length > 0`, with no list made: the first mission asked of every candidate)? */
function hasAssassinationTarget(game: Game, environ: number, side: SideId): boolean {
  const w = game.world;
  const enemy = enemyOf(side);
  for (const ch of occupantsView(w, environ))
    if (isCharacter(game, ch) && !hasComponent(w, ch, w.c.Dead) && !hasComponent(w, ch, w.c.Captured) && sideOf(game, ch) === enemy && hasComponent(w, ch, w.c.Detected)) return true;
  return false;
}

/** [14.53, 13.2 G] characters of a side that may still be gained: in the content, never yet in play. */
export function reserveCharacters(game: Game, side: SideId): number[] {
  const w = game.world;
  const gained = (game.vars.gainedCharacters as string[] | undefined) ?? [];
  return unplannedCharacters(game, side)
    .filter((id) => !gained.includes(id))
    .map((id) => w.ids.character.get(id) as number)
    .filter((eid) => eid !== undefined && !environOf(w, eid) && !hasComponent(w, eid, w.c.Dead));
}

/** Is there one (`reserveCharacters(...).length > 0`, with no list made: Gain Characters is weighed for every character at every mission choice)? */
function hasReserveCharacter(game: Game, side: SideId): boolean {
  const w = game.world;
  const gained = (game.vars.gainedCharacters as string[] | undefined) ?? [];
  for (const id of unplannedCharacters(game, side)) {
    if (gained.includes(id)) continue;
    const eid = w.ids.character.get(id);
    if (eid !== undefined && !environOf(w, eid) && !hasComponent(w, eid, w.c.Dead)) return true;
  }
  return false;
}

/**
 * The side's characters in the content that its scenario neither starts with nor brings as
 * reinforcements, in content order: worked out once per scenario (Gain Characters is weighed for every
 * character at every mission assignment).
 */
function unplannedCharacters(game: Game, side: SideId): readonly string[] {
  const scenario = game.scenario[side];
  let ids = unplannedBySide.get(scenario);
  if (!ids) {
    const planned = new Set([...scenario.characters, ...scenario.reinforcements.flatMap((r) => r.characters)]);
    ids = [...game.content.characters.values()].filter((ch) => ch.side === side && !planned.has(ch.id)).map((ch) => ch.id);
    unplannedBySide.set(scenario, ids);
  }
  return ids;
}

const unplannedBySide = new WeakMap<object, readonly string[]>();

/** A planet in rebellion or under Rebel control [15.47, 15.75]. */
export function inRebellionOrRebelControl(game: Game, planet: number): boolean {
  const state = game.world.c.PlanetState.value[planet];
  return state === REBELLION || state === REBEL_CONTROL;
}

/**
 * Whether a side may perform a mission in an environ, with this performer (a character or a camp).
 * `companions` are the characters already in the group, for requirements on the group as a whole.
 * One rule per letter; letters not in the star-system game are never offered [13.2].
 */
export function missionAllowed(
  game: Game,
  letter: MissionLetterId,
  side: SideId,
  environ: number,
  performer: number,
  companions: number[] = [],
): boolean {
  const card = missionCard(game, letter);
  // [13.2] E, H, J, Q are not in the star-system game; the province and galactic games have them all
  if (!card.inStarSystemGame && game.scenario.kind === 'star-system') return false;
  if (card.side !== 'both' && card.side !== side) return false; // [13.1, 13.2] B, P, T Rebel only
  const isCamp = game.world.kinds[performer] === 'camp';
  if (letter !== 'Q' && !isCamp && isGuarding(game, performer)) return false; // [12.81, 13.2 Q] a guard only questions
  if (isCamp && !card.rebelCamp) return false; // [13.2] a camp performs C, D, F, I, S, T only
  const w = game.world;
  const c = w.c;
  const planet = planetOfEnviron(w, environ);
  switch (letter) {
    // [9.44] only against a detected enemy character in the environ
    case 'A':
      return hasAssassinationTarget(game, environ, side);
    // [13.2] at most one camp in an environ
    case 'B':
      return !campIn(game, environ);
    // [13.2, 5.3I, 15.47, 15.75] a coup rating not yet used, not in rebellion or Rebel control, and a
    // group member with intelligence above 1 (a camp counts as meeting it)
    case 'C':
      return (
        (c.Environ.coup[environ] as number) > 0 &&
        !couped(game).includes(environ) &&
        !inRebellionOrRebelControl(game, planet) &&
        (isCamp || [performer, ...companions].some((ch) => (c.Character.intelligence[ch] as number) > 1))
      );
    // [15.47, 15.75]
    case 'D':
      return !inRebellionOrRebelControl(game, planet);
    // [13.2 E, 5.3I] the environ's sovereign, not already at the performer's court (summoning him from
    // the enemy's is allowed), and only where Diplomacy may be done, the one mission he helps [15.47, 15.75]
    case 'E':
      return maySummon(game, environ, side) && !inRebellionOrRebelControl(game, planet);
    // [12.82] a friendly captive to free
    case 'F':
      return captivesIn(game, environ, side).length > 0;
    // [13.2 G] someone left to gain
    case 'G':
      return hasReserveCharacter(game, side);
    // [15.52] not on a planet the performer controls while enemy characters or units are there; at the
    // choice only those he can see count [9.31] (the rest spoil it when it is done: mission-effects.ts)
    case 'I':
      return !gatheringBarred(game, side, planet, 'seen');
    case 'P':
      return true;
    // [13.2 J] a spaceship still in the possession deck to find
    case 'J':
      return spaceshipsInDeck(game).length > 0;
    // [13.2 H] only on a planet the enemy controls
    case 'H':
      return controls(game, enemyOf(side), planet);
    // [13.2 Q] the group includes the character guarding an enemy prisoner here
    case 'Q':
      return prisonersToQuestion(game, environ, side, [performer, ...companions]).length > 0;
    // [15.2] the Rebel may choose Start Rebellion even if the planet is not at unrest (it succeeds only
    // there); [15.3, 13.53] the Empire's Stop Rebellion only on a planet in rebellion
    case 'R':
      return side === 'rebel' ? !inRebellionOrRebelControl(game, planet) : c.PlanetState.value[planet] === REBELLION;
    // [8.31] only against the PDB of a planet the enemy controls
    case 'S':
      return controls(game, enemyOf(side), planet);
    // [13.2] Imperial military units to subvert
    case 'T':
      return unitCountIn(game, environ, 'imperial') > 0;
    default:
      return false;
  }
}

/** [13.2 Q] the enemy prisoners in the environ guarded by one of these characters. */
export function prisonersToQuestion(game: Game, environ: number, side: SideId, group: number[]): number[] {
  return captivesIn(game, environ, enemyOf(side)).filter((p) => group.includes(guardOf(game.world, p)));
}

/** [13.2 J] the spaceship possessions left in the possession deck [14.11]. */
export function spaceshipsInDeck(game: Game): string[] {
  const deck = (game.vars.possessionDeck as string[] | undefined) ?? [];
  return deck.filter((id) => game.content.possessions.get(id)?.kind === 'spaceship');
}

/**
 * [15.52] Gather Information is barred on a planet its performer's side controls while enemy units or
 * free enemy characters (captives are not "present" as a force) are there. `seen`: only the enemy
 * characters the performer can see (detected) count, as when he chooses the mission [9.31]; `all`: every
 * one, as when it is done.
 */
export function gatheringBarred(game: Game, side: SideId, planet: number, counted: 'seen' | 'all'): boolean {
  if (!controls(game, side, planet)) return false;
  const enemy = enemyOf(side);
  if (hasUnitsOnPlanet(game, planet, enemy)) return true;
  const w = game.world;
  return allOf(w, 'character').some((ch) => {
    const visible = counted === 'all' || hasComponent(w, ch, w.c.Detected);
    return isFreeCharacter(game, ch) && planetOfEnviron(w, environOf(w, ch)) === planet && sideOf(game, ch) === enemy && visible;
  });
}

/** [13.2] environs that have had a coup (never again). */
export function couped(game: Game): number[] {
  return (game.vars.couped as number[] | undefined) ?? [];
}

/** Members of a group still able to act: not dead, not captured, still in the environ. */
export function liveMembers(game: Game, group: MissionGroup): number[] {
  const w = game.world;
  return group.members.filter(
    (ch) => !hasComponent(w, ch, w.c.Dead) && !hasComponent(w, ch, w.c.Captured) && environOf(w, ch) === group.environ,
  );
}

/**
 * Drop killed and captured characters from their groups; a group with nobody left is lost [13.52]
 * (not completed, no effects). A camp group never loses its camp (cards never affect it [13.2]).
 */
export function pruneGroups(game: Game): void {
  const phase = missionPhase(game);
  if (!phase) return;
  for (const group of phase.groups) {
    if (group.camp) continue;
    group.members = liveMembers(game, group);
    if (group.members.length === 0 && (group.status === 'active' || group.status === 'exhausted')) group.status = 'lost';
  }
}

/** Groups in an environ still drawing action cards. */
export function activeGroups(game: Game, environ: number): MissionGroup[] {
  return (missionPhase(game)?.groups ?? []).filter((g) => g.environ === environ && g.status === 'active');
}

/** A short description of a group, for prompts and events. */
export function describeGroup(game: Game, group: MissionGroup): string {
  const who = group.camp ? 'the rebel camp' : group.members.map((m) => nameOf(game, m)).join(', ');
  return `${missionCard(game, group.letter).name} (${group.letter}) by ${who} at ${nameOf(game, group.environ)}`;
}
