/**
 * The Alien Conflict phase and expeditions: each alien rolls on the resolution table with the units in its sector.
 */
import type { Procedure } from '../../../src/core/engine/types';
import { loseNexus } from '../combat';
import {
  changeIndex,
  contentOf,
  d10,
  forgetEmptyForces,
  removeUnit,
  sectorName,
  stateOf,
  tell,
  unitsIn,
  unitStrength,
  type AlienMarker,
  type Side,
  type SolitaireGame,
} from '../state';
import { decide } from './step';
import { discardMarker } from './chaos-events';

const ALIEN_NAMES: Record<AlienMarker['kind'], string> = {
  biomech: 'The Biomech Predators', 'dark-empire': 'The Dark Empire', hive: 'The Hive', 'living-nebula': 'The Living Nebula',
  messiah: 'The Messiah', probe: 'The Probe', randoids: 'The Randoids',
};

/** What an alien adds to its roll from the units in its sector [001 32.0]: military, morphogenetic, or nothing. */
function alienModifier(game: SolitaireGame, alien: AlienMarker): number {
  const units = unitsIn(game, alien.sector);
  const sys = stateOf(game).systems[alien.sector];
  const sum = (type: 'military' | 'morph') => units.reduce((n, u) => n + unitStrength(game, u, type, false), 0) + (sys ? sys[type] : 0);
  switch (alien.kind) {
    case 'biomech':
    case 'randoids':
      return sum('military');
    case 'dark-empire':
    case 'hive':
      return sum('morph');
    case 'messiah':
      return game.turn - alien.placedOnTurn;
    default:
      return 0;
  }
}

export type AlienOutcome = 'negative' | 'indeterminate' | 'positive';

/** The Alien/Expedition Resolution Table (ours): the modified roll against two thresholds. */
export function alienOutcome(game: SolitaireGame, total: number): AlienOutcome {
  const t = contentOf(game).file.alienTable;
  return total <= t.negativeUpTo ? 'negative' : total <= t.indeterminateUpTo ? 'indeterminate' : 'positive';
}

/** Everything in a sector is destroyed: its units, its system, its other aliens and the Institute [001 32.0]. */
function wipeSector(game: SolitaireGame, sector: string, spare: AlienMarker | null): void {
  const s = stateOf(game);
  for (const u of unitsIn(game, sector)) removeUnit(game, u);
  if (s.systems[sector]) {
    s.systems[sector] = null;
    loseNexus(game, sector); // "for any reason" [001 Chaos Index Changes 4]
    s.illuminated = s.illuminated.filter((x) => x !== sector);
  }
  for (const a of s.aliens.filter((a) => a.sector === sector && a !== spare)) removeAlien(game, a);
  if (s.institute === sector) ((s.institute = null), s.pool.push('institute'));
  forgetEmptyForces(game);
}

function removeAlien(game: SolitaireGame, alien: AlienMarker): void {
  const s = stateOf(game);
  s.aliens = s.aliens.filter((a) => a !== alien);
  discardMarker(game, `aliens-${alien.kind}`);
}

interface AlienData {
  /** The aliens on the map as the phase began: each rolls once, unless another's roll wiped it out first. */
  queue?: { kind: AlienMarker['kind']; sector: string }[];
  i?: number;
  stage?: 'alien' | 'expedition';
  leader?: number | null;
  asked?: boolean;
}

/** Imperial leaders in a sector, best first. */
function leadersIn(game: SolitaireGame, sector: string): number[] {
  return unitsIn(game, sector, 'empire')
    .filter((u) => u.leader !== null)
    .sort((a, b) => b.leader! - a.leader! || a.id - b.id)
    .map((u) => u.id);
}

export const alienPhase: Procedure<SolitaireGame> = {
  step(game, frame) {
    const d = frame.data as AlienData;
    const s = stateOf(game);
    d.i ??= 0;
    d.stage ??= 'alien';
    d.queue ??= s.aliens.map((a) => ({ kind: a.kind, sector: a.sector }));
    if (d.stage === 'alien') {
      for (; d.i < d.queue.length; d.i++) {
        const queued = d.queue[d.i]!;
        const alien = s.aliens.find((a) => a.kind === queued.kind && a.sector === queued.sector);
        if (!alien) continue;
        const leaders = leadersIn(game, alien.sector);
        if (leaders.length && !d.asked) {
          d.asked = true;
          return decide(
            'chaos-alien-leader',
            `${ALIEN_NAMES[alien.kind]} in ${sectorName(game, alien.sector)}: add an Imperial leader's value to the roll? (He may be lost.)`,
            '[001 32.0 Aliens]',
            [...leaders.map((unit) => ({ type: 'use-leader', side: 'empire' as Side, unit })), { type: 'no-leader', side: 'empire' }],
            { alien: alien.kind, sector: alien.sector, modifier: alienModifier(game, alien) },
          );
        }
        resolveAlien(game, alien, d.leader ?? null);
        d.asked = false;
        d.leader = null;
      }
      // the Probe leaves at the end of the phase it came in, "permanently removed from play" [001 32.0 Aliens—Probe]
      for (const probe of s.aliens.filter((a) => a.kind === 'probe')) s.outOfPlay.push(`aliens-${probe.kind}`);
      s.aliens = s.aliens.filter((a) => a.kind !== 'probe');
      d.stage = 'expedition';
      d.i = 0;
    }
    for (; d.i < s.expeditions.length; d.i++) {
      const sector = s.expeditions[d.i]!;
      if (!unitsIn(game, sector, 'empire').length) continue;
      return decide('chaos-expedition', `An expedition is possible in ${sectorName(game, sector)}: send one?`, '[001 Expeditions]', [
        { type: 'expedition', side: 'empire', sector },
        { type: 'no-expedition', side: 'empire', sector },
      ]);
    }
    return { done: true };
  },
  answer(game, frame, command) {
    const d = frame.data as AlienData;
    if (command.type === 'use-leader') d.leader = command.unit as number;
    else if (command.type === 'no-leader') d.leader = null;
    // after an expedition its marker is gone and the next moved into its place; otherwise go on to the next
    else if (command.type === 'expedition') expedition(game, command.sector as string);
    else d.i! += 1;
  },
};

/** Roll for one alien on the resolution table and apply its result [001 32.0 Aliens]. */
function resolveAlien(game: SolitaireGame, alien: AlienMarker, leaderUnit: number | null): void {
  const s = stateOf(game);
  const unit = leaderUnit === null ? null : (s.units.find((u) => u.id === leaderUnit) ?? null);
  const leader = unit?.leader ?? 0;
  const die = d10(game);
  const modifier = alienModifier(game, alien);
  const outcome = alienOutcome(game, die + modifier + leader);
  const name = ALIEN_NAMES[alien.kind];
  tell(game, 'alien', `${name} in ${sectorName(game, alien.sector)}: die ${die} + ${modifier}${leader ? ` + leader ${leader}` : ''}: ${outcome}.`, '[001 Alien/Expedition Resolution]', {
    sector: alien.sector, alien: alien.kind, die, modifier, leader, outcome,
  });
  const loseLeader = () => {
    if (unit && unit.leader !== null) {
      // the Messiah's convert is "eliminated for game purposes" [001 32.0 Aliens—Messiah]: he never comes back
      if (alien.kind === 'messiah') tell(game, 'alien', `A leader of value ${unit.leader} defects to the Messiah's cause and is gone for good.`, '[001 32.0 Aliens—Messiah]');
      else s.leaderPool.push(unit.leader);
      unit.leader = null;
    }
  };
  switch (alien.kind) {
    case 'biomech':
    case 'dark-empire':
      if (outcome === 'positive') {
        tell(game, 'alien', `${name} are driven off.`, '[001 32.0 Aliens]');
        return removeAlien(game, alien);
      }
      loseLeader();
      tell(game, 'alien', `${name} destroy everything in ${sectorName(game, alien.sector)}${outcome === 'indeterminate' ? ', and perish with it' : ''}.`, '[001 32.0 Aliens]', { sector: alien.sector });
      wipeSector(game, alien.sector, alien);
      if (outcome === 'indeterminate') removeAlien(game, alien);
      return;
    case 'probe':
      if (outcome === 'positive') {
        const rp = d10(game);
        const less = d10(game);
        s.rp += rp;
        tell(game, 'alien', `The Probe shares its knowledge: +${rp} RP.`, '[001 32.0 Aliens—Probe]');
        changeIndex(game, -less, 'the Probe', 'alien');
      } else {
        wipeSector(game, alien.sector, alien);
        changeIndex(game, d10(game), 'the Probe', 'alien');
      }
      return;
    default:
      if (outcome === 'negative') loseLeader();
      if (outcome === 'positive') {
        tell(game, 'alien', `${name} leave the galaxy.`, '[001 32.0 Aliens]');
        removeAlien(game, alien);
      }
      return;
  }
}

/** An expedition [001 Expeditions; its table is not in our copy]: the resolution table with the best leader there. */
function expedition(game: SolitaireGame, sector: string): void {
  const s = stateOf(game);
  s.expeditions = s.expeditions.filter((x) => x !== sector);
  discardMarker(game, 'expedition-possible');
  const leaderUnit = s.units.find((u) => u.id === leadersIn(game, sector)[0]);
  const leader = leaderUnit?.leader ?? 0;
  const die = d10(game);
  const strength = unitsIn(game, sector, 'empire').length;
  const outcome = alienOutcome(game, die + leader + strength);
  tell(game, 'expedition', `Expedition in ${sectorName(game, sector)}: die ${die} + ${strength} units${leader ? ` + leader ${leader}` : ''}: ${outcome}.`, '[001 Expeditions]');
  if (outcome === 'positive') {
    const rewards = contentOf(game).file.expeditionRewards;
    const dice = (n: number) => Array.from({ length: n }, () => d10(game)).reduce((a, b) => a + b, 0);
    const rp = dice(rewards.resourceDice);
    s.rp += rp;
    tell(game, 'expedition', `The expedition returns with riches: +${rp} RP.`, '[001 Expeditions]');
    changeIndex(game, -dice(rewards.indexDice), 'a successful expedition', 'expedition');
  } else if (outcome === 'negative') {
    for (const u of unitsIn(game, sector, 'empire')) removeUnit(game, u);
    tell(game, 'expedition', 'The expedition is lost with every Imperial unit that went.', '[001 Expeditions]');
  }
}
