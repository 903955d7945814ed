/**
 * [16.12-16.15, 15.1] what a player weighs where he places his pieces: the planet's place on the loyalty
 * track and what it means for his side (how far it is from a rising, what it scores), and for characters
 * landing from space the chance the enemy PDB there detects their ships, from the rule's own
 * `landingRides` and `detectionOverMove` (the landing's one roll [16.12]).
 */
import { LOYALTIES, type SideId } from '../core/content/schema';
import type { Command, Decision, Game } from '../core/engine/types';
import { entityOf, holderOf, planetOfEnviron } from '../core/world/world';
import { percent } from '../core/odds';
import { nameOf } from '../core/names';
import { isGalactic } from '../core/content/validate';
import { detectionOverMove, evasionValue } from '../../systems/rebels-vs-empire/detection';
import { landingRides } from '../../systems/rebels-vs-empire/placement';
import { pdbUsableBy } from '../../systems/rebels-vs-empire/pdb';
import { enemyOf } from '../../systems/rebels-vs-empire/sides';
import { allShips } from '../../systems/rebels-vs-empire/stacking';
import { PATRIOTIC, UNREST } from '../../systems/rebels-vs-empire/loyalty';
import { inRebellionOrRebelControl } from '../../systems/rebels-vs-empire/missions';
import type { OptionFacts } from './option-facts';

/** [15.1] the loyalty track from the Empire's end to the Rebel's, the planet's mark on it: "patriotic · loyal · neutral · [DISSENT] · unrest". */
export function loyaltyTrack(game: Game, planet: number): string {
  return trackText(game.world.c.Loyalty.value[planet] as number);
}

/** [15.1, 15.2, VP] what the planet's loyalty means for `side`: how near a rising it stands, and what it scores. */
export function loyaltyMeaning(game: Game, planet: number, side: SideId): string {
  const value = game.world.c.Loyalty.value[planet] as number;
  const vp = game.content.tables.victoryPoints;
  const galactic = isGalactic(game.scenario);
  if (inRebellionOrRebelControl(game, planet)) return 'it has risen: its loyalty no longer moves [15.14]';
  const steps = UNREST - value;
  const scores = galactic ? '' : value === UNREST ? `; at unrest it scores the Rebel ${vp.unrest} VP` : value === PATRIOTIC ? `; patriotic, it scores the Rebel ${vp.patriotic} VP` : '';
  if (side === 'rebel') {
    if (value === UNREST) return `at unrest, the Rebel's end: Start Rebellion can raise it now [15.2]${scores}`;
    return `${steps} step${steps === 1 ? '' : 's'} from unrest, where Start Rebellion can raise it [15.2]${scores}`;
  }
  if (value === UNREST) return `at unrest: the Rebel's Start Rebellion can raise it now [15.2]${scores}`;
  return `${steps} step${steps === 1 ? '' : 's'} from unrest, where the Rebel may raise it [15.2]${scores}`;
}

/** "loyalty patriotic · loyal · neutral · [DISSENT] · unrest: 1 step from unrest...". */
export function loyaltyWords(game: Game, planet: number, side: SideId): string {
  return `loyalty ${loyaltyTrack(game, planet)}: ${loyaltyMeaning(game, planet, side)}`;
}

/** The track as `loyaltyTrack` words it for a loyalty value, for a screen that draws it instead. */
export function trackText(value: number): string {
  return LOYALTIES.map((name, i) => (i === value ? `[${name.toUpperCase()}]` : name)).join(' · ');
}

/**
 * [16.12] the starting characters' landing from space on `environ`: the enemy PDB there, if up and his,
 * rolls once for each ship they bring (flown by its holder, the rest riding in the first [16.12]); a
 * ship detected and damaged is wrecked on landing [9.31]. Their own ships come with them [14.53]; a
 * starting possession that adds navigation, dealt after they choose, can only help them.
 */
function landingWords(game: Game, side: SideId, environ: number): string {
  const w = game.world;
  const planet = planetOfEnviron(w, environ);
  const name = nameOf(game, planet);
  if (!pdbUsableBy(game, planet, enemyOf(side))) return `the PDB of ${name} is not the enemy's or is down: no detection roll on landing [9.3]`;
  const chars = game.scenario[side].characters.map((id) => entityOf(w, 'character', id));
  const ships = allShips(game).filter((s) => chars.includes(holderOf(w, s)));
  if (!ships.length) return `they have no spaceship: the PDB of ${name} has nothing to detect [9.3, 16.12]`;
  const level = w.c.Pdb.level[planet] as number;
  const rides = landingRides(game, chars, ships).map(({ ship, pilot, aboard }) => {
    const o = detectionOverMove(game, ship, pilot, aboard, [{ level, reached: 1 }]);
    const worse = [o.damaged > 0 ? `the ship wrecked on landing ${percent(o.damaged)}` : '', o.eliminated > 0 ? `eliminated with all aboard ${percent(o.eliminated)}` : ''].filter(Boolean).join(', ');
    return `${nameOf(game, ship)} (evasion ${evasionValue(game, ship, pilot)}) detected ${percent(1 - o.unseen)}${worse ? ` (${worse})` : ''}`;
  });
  return `landing, the enemy PDB of ${name} (level ${level}) rolls once a ship [16.12, 9.3]: ${rides.join('; ')}`;
}

/** [16.12-16.15] placing pieces on an environ: its planet's loyalty and, landing from space, the detection odds. */
export function placeFacts(game: Game, option: Command, decision?: Decision): OptionFacts {
  const environ = option.environ;
  if (typeof environ !== 'number') return {};
  const side = option.side as SideId;
  const planet = planetOfEnviron(game.world, environ);
  const parts = [loyaltyWords(game, planet, side)];
  if (option.type === 'place-characters' && decision?.context?.fromSpace === true) parts.push(landingWords(game, side, environ));
  return { detail: parts.join(' · ') };
}
