/**
 * What a player needs to weigh one option, beside its label: a mission's goal and the rating it uses,
 * a character's ratings, a planet's loyalty and control, the room left in an environ, the odds of a PDB
 * detecting a flight, and warnings before an option that throws something away. Runs in the worker
 * with the whole game, so it reads only what the deciding side may know: its own pieces, public
 * planet facts (loyalty, state, PDB), public tables and cards.
 */
import { hasComponent } from 'bitecs';
import type { Command, Decision, Game } from '../core/engine/types';
import { LOYALTIES, PLANET_STATES, type MissionLetterId, type SideId } from '../core/content/schema';
import { environOf, holderOf, kindOf, planetOfEnviron, refOf } from '../core/world/world';
import { nameOf } from '../core/names';
import { evasionValue, pilotNavigation } from '../../systems/rebels-vs-empire/detection';
import { controls } from '../../systems/rebels-vs-empire/control';
import { courtOf, sovereignDiplomacyDraws, sovereignOf } from '../../systems/rebels-vs-empire/sovereigns';
import { possessionCard, workingPossessions } from '../../systems/rebels-vs-empire/possessions';
import { missionNeed, missionSuits } from './mission-words';
import { bonusDraws, DIPLOMACY_LOYALTY_DRAWS } from '../../systems/rebels-vs-empire/bonus-draw';
import { unitsIn } from '../../systems/rebels-vs-empire/sides';
import { flightFacts, landingFacts, pdbFireWords, pdbWords, rackingWords } from './move-facts';
import { noCombatFacts } from './combat-facts';
import { placeFacts } from './place-facts';

export { hyperjumpLine, moveFacts, pdbWords, rackingWords } from './move-facts';
import { drawOptionFacts, knownDeck, turnChance, turnChanceWords } from './draw-odds';
import { groupIfAssigned } from '../../systems/rebels-vs-empire/mission-assignment';

export interface OptionFacts {
  /** A line of facts under the label. */
  detail?: string;
  /** The option's chance of success, where it has one (a mission this turn), for a marker's few words. */
  chance?: number;
  /** Something the option throws away, said before it is chosen. */
  warning?: string;
}

const RATINGS = ['combat', 'endurance', 'intelligence', 'leadership', 'diplomacy', 'navigation'] as const;

/** "combat 5 · endurance 4 · intelligence 3 · leadership 2 · diplomacy 1 · navigation 0". */
export function ratingsOf(game: Game, character: number): string {
  const c = game.world.c.Character as unknown as Record<string, ArrayLike<number>>;
  return RATINGS.map((r) => `${r} ${c[r]?.[character] ?? 0}`).join(' · ');
}

/** A planet's public standing: "Tollis: unrest, in rebellion, PDB 1 up, Imperial control". */
export function planetStanding(game: Game, planet: number): string {
  const c = game.world.c;
  const loyalty = LOYALTIES[c.Loyalty.value[planet] as number] ?? '?';
  const state = PLANET_STATES[c.PlanetState.value[planet] as number] ?? '?';
  const controller = controls(game, 'rebel', planet) ? 'Rebel control' : controls(game, 'imperial', planet) ? 'Imperial control' : 'no one controls it';
  const stateWords = state === 'rebellion' ? ', in rebellion' : state === 'rebellion-stopped' ? ', rebellion stopped' : '';
  return `${nameOf(game, planet)}: ${loyalty}${stateWords}, ${pdbWords(game, planet)}, ${controller}`;
}


/**
 * [13.6, 13.2] a mission's goal, the rating it uses (the character's own value), its bonus draws (the
 * rule's own count, `bonusDraws`, for the group he would be in) and its chance this turn: its letter in
 * the environ's action draws and those bonus draws, from the deck as the side knows it [13.3]. A mission
 * whose success would change nothing here is said so.
 */
function missionFacts(game: Game, option: Command): OptionFacts {
  const letter = option.letter as string;
  const card = game.content.missions.get(letter as never);
  if (!card) return {};
  const parts = [card.goal.replace(/\.$/, '')];
  const piece = typeof option.character === 'number' ? option.character : typeof option.camp === 'number' ? option.camp : 0;
  const character = option.type === 'assign-mission' ? piece : 0;
  const environ = piece ? environOf(game.world, piece) : 0;
  if (!environ) return { detail: [...parts, missionNeed(card)].join(' · ') };
  const group = groupIfAssigned(game, piece, letter as MissionLetterId, option.declare === true);
  const draws = bonusDraws(game, group).draws;
  if (option.type === 'assign-camp') parts.push('a camp takes no bonus draws [13.2]');
  else {
    let suits = missionSuits(card);
    const rating = card.bonusDraws.rating;
    if (rating && character) suits += ` (his ${(game.world.c.Character as unknown as Record<string, ArrayLike<number>>)[rating]?.[character] ?? 0})`;
    const own = game.content.characters.get(refOf(game.world, character))?.bonusDraws[letter as never] ?? 0;
    // [13.2] a Rebel Diplomacy mission: fewer draws on a patriotic planet, one more on a planet in dissent
    const planet = planetOfEnviron(game.world, environ);
    const loyalty = letter === 'D' && option.side === 'rebel' ? (DIPLOMACY_LOYALTY_DRAWS[game.world.c.Loyalty.value[planet] as number] ?? 0) : 0;
    // [13.2] a sovereign at the side's court lends his word to its Diplomacy on his planet
    const sovereign = letter === 'D' ? sovereignDiplomacyDraws(game, option.side as SideId, planet) : 0;
    parts.push(suits);
    parts.push(
      `${draws} bonus draw${draws === 1 ? '' : 's'}${own ? ` (${own} his own)` : ''}${loyalty ? ` (${loyalty > 0 ? '+' : ''}${loyalty} for the planet's loyalty [13.2])` : ''}${sovereign ? ` (+${sovereign} for the sovereign at your court [13.2])` : ''} [13.6]`,
    );
    // [13.2 E] whom the mission summons, and from where
    const name = letter === 'E' ? sovereignOf(game, environ) : null;
    if (name) parts.push(`${name}${courtOf(game, environ) ? ', now at the enemy\'s court' : ', at no court yet'}`);
  }
  const turn = turnChance(game, group, game.world.c.Environ.size[environ] as number, knownDeck(game));
  // the chance first: on a small screen the first line is what shows
  parts.unshift(turnChanceWords(game, letter, turn));
  parts.push(missionNeed(card));
  const futile = turn.futile ? `${card.name} comes to nothing here now: ${turn.futile}.` : undefined;
  return { detail: parts.join(' · '), warning: futile ?? sabotageWarning(game, option, letter), chance: turn.chance };
}

/**
 * [15.52] a Rebel sabotaging the PDB of a planet he might control: with the PDB down, neither side
 * controls a planet without Imperial units, so the sabotage keeps the Rebel from controlling it.
 */
function sabotageWarning(game: Game, option: Command, letter: string): string | undefined {
  if (letter !== 'S' || option.side !== 'rebel') return undefined;
  const piece = typeof option.character === 'number' ? option.character : typeof option.camp === 'number' ? option.camp : 0;
  const environ = piece ? environOf(game.world, piece) : 0;
  if (!environ) return undefined;
  const planet = planetOfEnviron(game.world, environ);
  const state = PLANET_STATES[game.world.c.PlanetState.value[planet] as number];
  if (state !== 'rebellion' && state !== 'rebel-control') return undefined;
  return `${nameOf(game, planet)} is ${state === 'rebellion' ? 'in rebellion' : 'Rebel-controlled'}: with its PDB down, the Rebel cannot control it [15.52].`;
}

/** [10.4] a leader's leadership shifts the column. */
function leaderFacts(game: Game, option: Command): OptionFacts {
  const ch = option.character as number;
  if (!ch) return {};
  return { detail: `leadership ${game.world.c.Character.leadership[ch]} [10.4]` };
}

/** [5.3G] a character to gain: his ratings. */
function gainFacts(game: Game, option: Command): OptionFacts {
  const ch = option.character as number;
  return ch ? { detail: ratingsOf(game, ch) } : {};
}

/** [0.x] a domino option: each planet it would shift, with its loyalty and control. */
function dominoFacts(game: Game, option: Command, decision?: Decision): OptionFacts {
  const targets = (decision?.context?.targets as Record<string, unknown> | undefined)?.[String(option.shift)];
  if (!Array.isArray(targets)) return {};
  const planets = targets.filter((t): t is string => typeof t === 'string').map((id) => game.world.ids.planet.get(id) ?? 0).filter(Boolean);
  return planets.length ? { detail: planets.map((p) => planetStanding(game, p)).join('; ') } : {};
}

/** [15.41, 15.44, 9.5] raising a unit: the room left for Rebel units in the environ; the rest wait. */
function raiseFacts(game: Game, decision?: Decision): OptionFacts {
  const environ = decision?.context?.environ;
  if (typeof environ !== 'number') return {};
  const room = Math.max(0, (game.world.c.Environ.size[environ] as number) - unitsIn(game, environ, 'rebel').length);
  return {
    detail: `room for ${room} more Rebel unit${room === 1 ? '' : 's'} at ${nameOf(game, environ)} [9.5]`,
    warning: room === 0 ? 'No room left: it waits until one is free [15.44].' : undefined,
  };
}

/** [14.5, 14.51, 14.57] a ship to give: who holds it now, the pilot's navigation and its seats. */
function shipFacts(game: Game, option: Command): OptionFacts {
  const ship = option.ship as number;
  if (!ship) return {};
  const c = game.world.c;
  const holder = holderOf(game.world, ship);
  const pilot = option.character as number;
  const parts = [`held by ${holder ? nameOf(game, holder) : 'nobody'}`, `maneuver ${c.Spaceship.maneuver[ship]}`, `${c.Spaceship.passengers[ship]} seats`];
  // [14.5, 9.28] what a PDB's racking fire meets, in the games that play it
  if (game.scenario.kind !== 'star-system') parts.push(`cannon ${c.Spaceship.cannon[ship]}, shields ${c.Spaceship.shields[ship]}`);
  // [14.51] a pilot needs navigation 1 or more to fly it
  if (pilot) parts.push(pilotNavigation(game, pilot) < 1 ? `his navigation 0: he cannot fly it [14.51]` : `his navigation ${pilotNavigation(game, pilot)}, evasion ${evasionValue(game, ship, pilot)} [14.52]`);
  return {
    detail: parts.join(' · '),
    warning: pilot ? undefined : 'Nobody will hold the ship: no one can fly it, and it is lost if an enemy takes the environ [14.55].',
  };
}

/** [14.22, 14.27] declaring possessions for a mission uses up those lost after one use. */
function declareFacts(game: Game, option: Command): OptionFacts {
  if (option.declare !== true) return {};
  const piece = (option.character ?? option.piece) as number;
  if (!piece || kindOf(game.world, piece) !== 'character') return {};
  const oneUse = workingPossessions(game, piece).filter((p) => possessionCard(game, p).durability.kind === 'lost-after-one-use');
  return oneUse.length ? { warning: `Declaring may use up ${oneUse.map((p) => nameOf(game, p)).join(', ')} (lost after one use) [14.22].` } : {};
}

/** The facts and warning for one option of `decision` (when known). */
export function optionFacts(game: Game, option: Command, decision?: Decision): OptionFacts {
  switch (option.type) {
    case 'assign-mission':
    case 'assign-camp':
      return missionFacts(game, option);
    case 'name-leader':
      return leaderFacts(game, option);
    case 'gain-character':
      return gainFacts(game, option);
    case 'domino-option':
      return dominoFacts(game, option, decision);
    case 'domino-planet':
      // [0.x] one planet of several to shift: its loyalty and control
      return typeof option.planet === 'number' ? { detail: planetStanding(game, option.planet) } : {};
    case 'raise-unit':
      return raiseFacts(game, decision);
    case 'assign-ship':
    case 'reassign-spaceship':
      return shipFacts(game, option);
    case 'pdb-rack':
      return { detail: rackingWords(game, option.planet as number, option.ship as number).text };
    case 'assign-possession':
      // [14.11] a starship found: who could fly it, as when a ship is assigned
      return hasComponent(game.world, option.possession as number, game.world.c.Spaceship) ? shipFacts(game, { ...option, ship: option.possession as number }) : {};
    case 'move-to':
      return flightFacts(game, option, decision);
    case 'leave-drift':
      return landingFacts(game, option);
    case 'place-characters':
    case 'place-unit':
    case 'place-reinforcement':
      return placeFacts(game, option, decision);
    case 'draw-action':
    case 'stop-drawing':
    case 'stop-mission':
      return drawOptionFacts(game, option);
    case 'pdb-fire':
      return typeof option.planet === 'number' ? { detail: pdbFireWords(game, option.planet) } : {};
    case 'no-combat':
      return decision ? (noCombatFacts(game, decision) ?? {}) : {};
    default:
      return declareFacts(game, option);
  }
}
