/**
 * What a player needs to weigh one option, beside its label: a mission's goal and the rating it uses,
 * a character's ratings, a planet's loyalty and control, the room left in an environ, the odds of a PDB
 * detecting a flight, and warnings before an option that throws something away. Runs in the worker
 * with the whole game, so it reads only what the deciding side may know: its own pieces, public
 * planet facts (loyalty, state, PDB), public tables and cards.
 */
import type { HyperjumpResult } from '../core/content/schema';
import { HYPERJUMP_WORDS, driftingStacks, hyperjumpOdds, jumpOf, stackNavigation } from '../../systems/rebels-vs-empire/hyperjump';
import { pdbUsableBy } from '../../systems/rebels-vs-empire/pdb';
import { hasComponent } from 'bitecs';
import type { Command, Decision, Game } from '../core/engine/types';
import { LOYALTIES, PLANET_STATES, type MissionLetterId, type SideId } from '../core/content/schema';
import { environOf, holderOf, kindOf, planetOfEnviron, refOf } from '../core/world/world';
import { detectionOdds, percent, rackingOdds } from '../core/odds';
import { nameOf } from '../core/names';
import { DIPLOMACY_LOYALTY_DRAWS } from '../../systems/rebels-vs-empire/bonus-draw';
import { evasionValue, pilotNavigation } from '../../systems/rebels-vs-empire/detection';
import { controls } from '../../systems/rebels-vs-empire/control';
import { courtOf, sovereignDiplomacyDraws, sovereignOf } from '../../systems/rebels-vs-empire/sovereigns';
import { enemyOf, sideOf, unitsIn } from '../../systems/rebels-vs-empire/sides';
import { groupParts } from '../../systems/rebels-vs-empire/movement';
import { possessionCard, workingPossessions } from '../../systems/rebels-vs-empire/possessions';
import { missionNeed, missionSuits } from './mission-words';
import { knownDeck, turnChance, turnChanceWords } from './draw-odds';
import { groupIfAssigned } from '../../systems/rebels-vs-empire/mission-assignment';
import { bonusDraws } from '../../systems/rebels-vs-empire/bonus-draw';

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

/** [9.32] every planet has a PDB; a level-0 PDB that is up still detects. */
export function pdbWords(game: Game, planet: number): string {
  const c = game.world.c;
  return `PDB ${c.Pdb.level[planet]} ${c.Pdb.up[planet] ? 'up' : 'down'}`;
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
  parts.push(turnChanceWords(game, letter, turn));
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

/**
 * [9.3, 9.32, 9.33] a flight that an enemy PDB may see: the chance of each detection outcome, at the
 * planet left and the planet reached (once for a flight on one planet). PDB levels and states, who
 * controls a planet and the mover's own ship and pilot are all known to the mover.
 */
function flightFacts(game: Game, option: Command, decision?: Decision): OptionFacts {
  const group = decision?.context?.group;
  const to = option.to as number;
  if (!Array.isArray(group) || !to) return {};
  const pieces = group.filter((p): p is number => typeof p === 'number');
  const from = environOf(game.world, pieces[0] ?? 0);
  return from ? moveFacts(game, option.side as SideId, pieces, from, to) : {};
}

/**
 * [5.22, 9.3] a landing from a drift area down to an environ: no planet is left, the planet reached may
 * see the stack (the move's 'left' stage, as movement.ts runs it), said with its chance of detection.
 */
function landingFacts(game: Game, option: Command): OptionFacts {
  const to = option.to as number;
  if (option.outer === true || !to) return { detail: "a movement's worth of flying to the sun's drift area; no PDB sees it [5.22]" };
  const side = option.side as SideId;
  const stack = driftingStacks(game, side, (eid) => sideOf(game, eid)).find((x) => x.system === option.system && !x.outer);
  return stack ? moveFacts(game, side, stack.pieces, 0, to) : {};
}

/** The facts of a stack's move from `from` (0: out of a drift area) to `to`: the hyperjump, and each PDB check it meets. */
export function moveFacts(game: Game, side: SideId, pieces: number[], from: number, to: number): OptionFacts {
  const { units, characters, ship } = groupParts(game, pieces);
  const w = game.world;
  const fromPlanet = from ? planetOfEnviron(w, from) : 0;
  const toPlanet = planetOfEnviron(w, to);
  const enemy = enemyOf(side);
  // the rule's own test of a PDB that checks a moving stack [9.3]
  const seeing = (planet: number) => planet !== 0 && pdbUsableBy(game, planet, enemy);
  // [5.22] to another star system: the hyperjump's exact odds, said before the jump
  const jump = from ? jumpOf(game, from, to) : null;
  const jumpLine = jump ? hyperjumpLine(game, jump.distance, stackNavigation(game, units, characters), jump.via) : '';
  const withJump = (facts: OptionFacts): OptionFacts => (jumpLine ? { ...facts, detail: [jumpLine, facts.detail].filter(Boolean).join('; ') } : facts);
  const checks: number[] = [];
  if ((fromPlanet !== toPlanet || ship) && seeing(fromPlanet)) checks.push(fromPlanet);
  if (fromPlanet !== toPlanet && seeing(toPlanet)) checks.push(toPlanet);
  if (!checks.length) {
    // said plainly: a PDB that is down or the mover's own sees nothing
    const pdb = toPlanet && fromPlanet !== toPlanet ? `${nameOf(game, toPlanet)}'s ${pdbWords(game, toPlanet)}${controls(game, enemy, toPlanet) ? '' : ', not the enemy\'s'}: no detection roll [9.3]` : '';
    return withJump(pdb ? { detail: pdb } : {});
  }
  if (units.length) return withJump({ detail: `units pass an enemy PDB at ${checks.map((p) => nameOf(game, p)).join(' and ')}: it may fire on them [9.21]` });
  if (!ship) return withJump({});
  const holder = holderOf(w, ship);
  const pilot = characters.includes(holder) ? holder : 0;
  const evasion = evasionValue(game, ship, pilot);
  // [9.3] the side knows which of its own pieces the enemy has detected
  const already = [ship, ...characters].some((e) => hasComponent(w, e, w.c.Detected));
  const t = game.content.tables;
  const lines = checks.map((planet) => {
    const odds = detectionOdds(t, evasion, w.c.Pdb.level[planet] as number, already);
    const way = planet === toPlanet && planet !== fromPlanet ? 'reaching' : 'leaving';
    return `${way} ${nameOf(game, planet)}, PDB ${w.c.Pdb.level[planet]}: ${odds.map((o) => `${o.label} ${percent(o.chance)}`).join(', ')}`;
  });
  return withJump({ detail: `detection [9.3] (evasion ${evasion}${already ? ', already detected' : ''}): ${lines.join('; ')}` });
}

/** [5.22] a hyperjump's odds in words: "hyperjump, distance 2 by Cinder Gate, navigation 1: safe 67%, drift 17%, outer drift 17%". */
export function hyperjumpLine(game: Game, distance: number, navigation: number, via: number): string {
  // in the table's order of harm: safe first
  const order = Object.keys(HYPERJUMP_WORDS);
  const odds = (Object.entries(hyperjumpOdds(game, distance, navigation)) as [HyperjumpResult, number][]).sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
  const chances = odds.length === 1 ? 'safe, no roll' : odds.map(([result, chance]) => `${HYPERJUMP_WORDS[result]} ${percent(chance)}`).join(', ');
  return `hyperjump, distance ${distance}${via ? ` by ${nameOf(game, via)}` : ''}, navigation ${navigation}: ${chances} [5.22]`;
}

/**
 * [9.28, 14.5] a racking attack's chances, from the rule's own outcome function (`rackingOdds` over
 * `rackingResult`): the ship hit, and the PDB knocked down by the ship's cannon.
 */
export function rackingWords(game: Game, planet: number, ship: number): { hit: number; down: number; text: string } {
  const c = game.world.c;
  const level = c.Pdb.level[planet] as number;
  const shields = c.Spaceship.shields[ship] as number;
  const cannon = c.Spaceship.cannon[ship] as number;
  const o = rackingOdds(game.content.tables, level, shields, cannon);
  const hurt = c.Spaceship.damaged[ship] === 1 ? 'destroyed with everyone aboard, being damaged already [9.35]' : 'wrecked when it lands [9.31]';
  const back = cannon > 0 ? `its cannon ${cannon} knocks the PDB down ${percent(o.pdbDown)}${o.pdbLevelLost > 0 ? `, and a level off it ${percent(o.pdbLevelLost)}` : ''} [9.25]` : 'it has no cannon to fire back';
  return { hit: o.shipHit, down: o.pdbDown, text: `PDB level ${level} against shields ${shields}: the ship is hit ${percent(o.shipHit)} (${hurt}); ${back} [9.28]` };
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
    default:
      return declareFacts(game, option);
  }
}
