/**
 * The Chaos Events markers [001 32.0], each as its explanation says. An event either happens at once or
 * first asks the player a choice (where to take the Galactic Crusade's recruits, whether to accept the
 * Leviathan...); `choice` lists the answers and `chosen` applies one.
 */
import type { Command, Json } from '../../src/core/engine/types';
import { loseNexus } from './combat';
import { establishIndependentEmpire, invaderForce } from './forces';
import {
  changeIndex,
  chaosStacks,
  contentOf,
  core,
  d10,
  drawLeader,
  leaderWords,
  forceName,
  forgetEmptyForces,
  imperialSystems,
  imperialUnits,
  newForce,
  newUnit,
  optionOn,
  randomSector,
  sectorAt,
  sectorName,
  sectorNumber,
  stateOf,
  tell,
  unitDef,
  unitName,
  unitsIn,
  type AlienKind,
  type Side,
  type SolitaireGame,
} from './state';

export interface EventChoice {
  kind: string;
  prompt: string;
  options: Command<Side>[];
  context?: { [key: string]: Json };
}

/** What an event returns when it is put back and a substitute drawn in its place [001 32.0]. */
export const SUBSTITUTE: EventChoice = { kind: 'substitute', prompt: '', options: [] };

export interface ChaosEvent {
  /** Happen; or, when the player must choose first, say what. */
  resolve(game: SolitaireGame): EventChoice | void;
  /** Apply the player's answer. */
  chosen?(game: SolitaireGame, command: Command<Side>): void;
}

const say = (game: SolitaireGame, text: string, data?: { [key: string]: Json }) => tell(game, 'chaos-event', text, '[001 32.0]', data);

/** Events that Suppression may prevent [001 32.0]. */
export const SUPPRESSIBLE = ['usurper', 'independent-empire', 'invaders', 'rebellion'];

// ------------------------------------------------------------------ aliens

function alien(kind: AlienKind, label: string): ChaosEvent {
  return {
    resolve(game) {
      const s = stateOf(game);
      // "a sector containing a system symbol": every one of our sectors has one; roll again onto a sector free of the same alien
      let sector = randomSector(game);
      for (let tries = 0; tries < 25 && s.aliens.some((a) => a.kind === kind && a.sector === sector); tries++) sector = randomSector(game);
      s.aliens.push({ kind, sector, placedOnTurn: game.turn });
      say(game, `${label} appear in ${sectorName(game, sector)}.`, { sector, alien: kind });
    },
  };
}

// ------------------------------------------------------------------ conversions

/** Turn Imperial units to their Chaos side (as Rebels, or into a force). */
function convertToChaos(game: SolitaireGame, sector: string, force: string | null, systemsToo: boolean, unitsToo = true): number {
  const s = stateOf(game);
  let n = 0;
  for (const u of unitsToo ? unitsIn(game, sector, 'empire') : []) {
    if (u.leader !== null) (s.leaderPool.push(u.leader), (u.leader = null));
    u.side = 'chaos';
    u.force = force;
    n++;
  }
  const sys = s.systems[sector];
  if (systemsToo && sys?.side === 'empire') {
    sys.side = 'chaos';
    sys.force = null;
    loseNexus(game, sector);
    s.illuminated = s.illuminated.filter((x) => x !== sector);
    n++;
  }
  return n;
}

/** Walk from a random sector to the first one that passes `test`, up the numbers, then down [001 32.0 Rebellion]. */
/** [001 32.0 Rebellion] a sector with Imperial units or an Imperial system: what a rebellion may turn. */
export function imperialSector(game: SolitaireGame, sector: string): boolean {
  return unitsIn(game, sector, 'empire').length > 0 || stateOf(game).systems[sector]?.side === 'empire';
}

/** [001 32.0 Rebellion] the sector a rebellion starting from `start` strikes: the first Imperial one, walking up the numbers, then down. */
export function rebellionTarget(game: SolitaireGame, start: string, imperial: (sector: string) => boolean): string | null {
  return walk(game, start, imperial, 'higher-then-lower');
}

/**
 * [001 32.0 Rebellion] the chance a rebellion strikes each sector, every starting sector (one in 25)
 * walked through `rebellionTarget`; `imperial` may say the sectors as a move would leave them.
 */
export function rebellionStrikes(game: SolitaireGame, imperial: (sector: string) => boolean = (x) => imperialSector(game, x)): Map<string, number> {
  const sectors = contentOf(game).sectors;
  const out = new Map<string, number>();
  for (const start of sectors) {
    const hit = rebellionTarget(game, start, imperial);
    if (hit) out.set(hit, (out.get(hit) ?? 0) + 1 / sectors.length);
  }
  return out;
}

function walk(game: SolitaireGame, start: string, test: (sector: string) => boolean, direction: 'higher' | 'lower' | 'higher-then-lower'): string | null {
  const count = contentOf(game).sectors.length;
  const from = sectorNumber(game, start);
  if (test(start)) return start;
  if (direction !== 'lower') for (let n = from + 1; n <= count; n++) if (test(sectorAt(game, n))) return sectorAt(game, n);
  if (direction !== 'higher') for (let n = from - 1; n >= 1; n--) if (test(sectorAt(game, n))) return sectorAt(game, n);
  return null;
}

/** Pay a resource point for each of `items`, the first first, while the treasury lasts; the rest go unpaid [001 32.0]. */
function payForEach<T>(game: SolitaireGame, items: T[]): { paid: number; unpaid: T[] } {
  const s = stateOf(game);
  const paid = Math.min(s.rp, items.length);
  s.rp -= paid;
  return { paid, unpaid: items.slice(paid) };
}

// ------------------------------------------------------------------ the markers

export const EVENTS: Record<string, ChaosEvent> = {
  'aliens-biomech': alien('biomech', 'Biomech Predators'),
  'aliens-dark-empire': alien('dark-empire', 'The Dark Empire'),
  'aliens-hive': alien('hive', 'The Hive'),
  'aliens-living-nebula': alien('living-nebula', 'A Living Nebula'),
  'aliens-messiah': alien('messiah', 'The Messiah'),
  'aliens-probe': alien('probe', 'The Probe'),
  'aliens-randoids': alien('randoids', 'The Randoids'),

  alliance: {
    resolve(game) {
      const stacks = chaosStacks(game);
      if (!stacks.length) return say(game, 'Alliance: there is no Chaos force to ally with.');
      const options: Command<Side>[] = stacks.map((st) => ({ type: 'ally', side: 'empire', stack: st.id }));
      options.push({ type: 'decline', side: 'empire' });
      return { kind: 'chaos-alliance', prompt: 'Alliance: choose a Chaos force you will move (and may attack with) this turn.', options };
    },
    chosen(game, command) {
      if (command.type !== 'ally') return;
      stateOf(game).fx.alliance = command.stack as string;
      const st = chaosStacks(game).find((x) => x.id === command.stack);
      say(game, `Alliance: the Empire will steer ${st ? forceName(game, st.force) : 'a force'} in ${st ? sectorName(game, st.sector) : '?'} this turn.`);
    },
  },

  attrition: {
    resolve(game) {
      const s = stateOf(game);
      // every one of our sectors is a system sector; "if Sector 57 is rolled and there is no system unit, move to the next lower"
      const sector = walk(game, randomSector(game), (x) => s.systems[x] !== null, 'higher-then-lower');
      if (!sector) return say(game, 'Attrition: no system unit left to strike.');
      const sys = s.systems[sector]!;
      s.systems[sector] = null;
      if (sys.side === 'empire') loseNexus(game, sector);
      s.illuminated = s.illuminated.filter((x) => x !== sector);
      forgetEmptyForces(game);
      say(game, `Attrition: the ${sys.side === 'empire' ? 'Imperial' : 'Chaos'} system unit of ${sectorName(game, sector)} is eliminated.`, { sector });
    },
  },

  'citizens-demand-reforms': {
    resolve(game) {
      const s = stateOf(game);
      const systems = imperialSystems(game);
      // the player pays for his richest systems first
      const { paid, unpaid } = payForEach(game, [...systems].sort((a, b) => s.systems[b]!.resource - s.systems[a]!.resource || sectorNumber(game, a) - sectorNumber(game, b)));
      const lost: string[] = [];
      for (const x of unpaid) if (d10(game) <= 2) (convertToChaos(game, x, null, true, false), lost.push(x));
      // units on a converted sector stay Imperial: only the system unit goes over
      say(game, `Citizens Demand Reforms: ${paid} RP paid for ${systems.length} systems${unpaid.length ? `; ${lost.length} of the ${unpaid.length} unpaid go over to Chaos${lost.length ? ` (${lost.map((x) => sectorName(game, x)).join(', ')})` : ''}` : ''}.`);
    },
  },

  colonization: {
    resolve(game) {
      stateOf(game).fx.colonizations += 1;
      say(game, 'Colonization: Chaos will found a system in the Chaos Colonization phase.');
    },
  },

  cult: {
    resolve(game) {
      const die = d10(game);
      say(game, `Cult of the Omnipresent Empire: die ${die}.`);
      changeIndex(game, -die, 'Cult of the Omnipresent Empire', 'event');
    },
  },

  defection: {
    resolve(game) {
      const s = stateOf(game);
      const sector = randomSector(game);
      const units = unitsIn(game, sector, 'chaos');
      const sys = s.systems[sector];
      if (!units.length && sys?.side !== 'chaos') return say(game, `Defection in ${sectorName(game, sector)}: no Chaos units there.`);
      for (const u of units) ((u.side = 'empire'), (u.force = null));
      if (sys?.side === 'chaos') ((sys.side = 'empire'), (sys.force = null));
      forgetEmptyForces(game);
      say(game, `Defection: every Chaos unit in ${sectorName(game, sector)} goes over to the Empire.`, { sector });
    },
  },

  smash: {
    resolve(game) {
      const die = d10(game);
      say(game, `Don't Forget to Smash the Empire: die ${die}.`);
      changeIndex(game, die, "Don't Forget to Smash the Empire", 'event');
    },
  },

  'empire-corps': {
    resolve(game) {
      const options: Command<Side>[] = [];
      for (const sector of contentOf(game).sectors) for (const unit of ['SF', 'CG']) options.push({ type: 'corps', side: 'empire', unit, sector });
      return { kind: 'chaos-corps', prompt: 'Empire Corps: a free star fleet or control group, anywhere on the map.', options };
    },
    chosen(game, command) {
      const unit = newUnit(game, command.unit as 'SF' | 'CG', 'empire', command.sector as string, null);
      say(game, `Empire Corps: a ${unitName(game, unit)} joins the Empire in ${sectorName(game, unit.sector)}.`, { sector: unit.sector });
    },
  },

  'expedition-possible': {
    resolve(game) {
      const s = stateOf(game);
      let sector = randomSector(game);
      for (let tries = 0; tries < 25 && s.expeditions.includes(sector); tries++) sector = randomSector(game);
      s.expeditions.push(sector);
      say(game, `Expedition Possible in ${sectorName(game, sector)}.`, { sector });
    },
  },

  'eye-of-the-storm': { resolve: (game) => say(game, 'The Eye of the Cosmic Storm: nothing happens.') },

  'galactic-crusade': {
    resolve(game) {
      const s = stateOf(game);
      const options: Command<Side>[] = [];
      for (const sector of contentOf(game).sectors) {
        const r = s.systems[sector]?.resource ?? 0;
        for (let sf = 0; sf <= r; sf++) if (r > 0) options.push({ type: 'crusade', side: 'empire', sector, sf, cg: r - sf });
      }
      if (!options.length) return say(game, 'Galactic Crusade: no sector has a system to raise a crusade.');
      return { kind: 'chaos-crusade', prompt: "Galactic Crusade: choose a sector; raise as many star fleets and control groups as its resource value.", options };
    },
    chosen(game, command) {
      const sector = command.sector as string;
      for (let i = 0; i < (command.sf as number); i++) newUnit(game, 'SF', 'empire', sector, null);
      for (let i = 0; i < (command.cg as number); i++) newUnit(game, 'CG', 'empire', sector, null);
      say(game, `Galactic Crusade: ${command.sf} star fleets and ${command.cg} control groups rise in ${sectorName(game, sector)}.`, { sector });
    },
  },

  'galactic-enlightenment': {
    resolve(game) {
      stateOf(game).fx.enlightenment = true;
      say(game, 'Galactic Enlightenment: Illumination markers cost 1 RP this turn; no Repression markers may be bought.');
    },
  },

  'elites-demand-privileges': {
    resolve(game) {
      stateOf(game).fx.elites = true;
      say(game, 'Imperial Elites Demand Privileges: no Illumination markers this turn, and the Nexus upkeep is doubled.');
    },
  },

  'imperial-leader': {
    resolve(game) {
      const units = imperialUnits(game).filter((u) => u.leader === null);
      if (!units.length) return say(game, 'Imperial Leader Arises, but no Imperial mobile unit is free to take him.');
      const value = drawLeader(game);
      if (value === null) return say(game, 'Imperial Leader Arises, but no leader counter is left in the pool.');
      return {
        kind: 'chaos-leader',
        prompt: `Imperial Leader Arises: a leader of value ${value}; which mobile unit takes him?`,
        options: units.map((u) => ({ type: 'leader', side: 'empire', unit: u.id, value })),
      };
    },
    chosen(game, command) {
      const unit = stateOf(game).units.find((u) => u.id === command.unit)!;
      unit.leader = command.value as number;
      say(game, `A leader of value ${unit.leader} takes command of a ${unitName(game, unit)} in ${sectorName(game, unit.sector)}.`, { sector: unit.sector });
    },
  },

  'independent-empire': {
    resolve(game) {
      const s = stateOf(game);
      // a system not already part of an Independent Empire (ours: another's home is not taken by an event)
      const home = walk(game, randomSector(game), (x) => s.systems[x] !== null && s.systems[x]!.force === null, 'lower');
      if (!home) return say(game, 'Independent Empire Arises, but no sector has a system unit.');
      establishIndependentEmpire(game, home, { extra: [], leaderAddsToRolls: true, rollsResourceMultiplier: 1, marker: 'independent-empire' });
    },
  },

  institute: {
    resolve(game) {
      const s = stateOf(game);
      // discarded here: the phase keeps a marker on the map out of the discard
      if (s.institute) return (s.discard.push('institute'), say(game, 'A second Institute: no effect.'));
      const sector = randomSector(game);
      if (!s.systems[sector]) {
        s.pool.push('institute');
        say(game, `The Institute finds no system in ${sectorName(game, sector)}; it goes back to the pool.`);
        return SUBSTITUTE;
      }
      s.institute = sector;
      s.instituteSince = game.turn;
      say(game, `The Institute is founded in ${sectorName(game, sector)}.`, { sector });
    },
  },

  invaders: {
    resolve(game) {
      invaderForce(game);
    },
  },

  leviathan: {
    resolve(game) {
      const s = stateOf(game);
      if (s.leviathan) return (s.discard.push('leviathan'), say(game, 'A second Leviathan: no effect.'));
      if (s.systems[core(game)]?.side !== 'empire') return say(game, 'Leviathan: no Imperial system holds the Core; the marker is discarded.');
      return {
        kind: 'chaos-leviathan',
        prompt: "Leviathan: upload the Emperor's mind into the galaxy's computers? Every change of the Chaos Index is halved while the Core is held.",
        options: [{ type: 'accept-leviathan', side: 'empire' }, { type: 'refuse-leviathan', side: 'empire' }],
      };
    },
    chosen(game, command) {
      const s = stateOf(game);
      if (command.type === 'accept-leviathan') {
        s.leviathan = true;
        say(game, 'The Emperor becomes the Leviathan: changes of the Chaos Index are halved.');
      } else {
        s.pool.push('leviathan');
        say(game, 'The Leviathan is refused; the marker goes back to the pool.');
      }
    },
  },

  militarism: {
    resolve(game) {
      stateOf(game).fx.militarism = true;
      say(game, 'Militarism: Imperial military attacks +1 this turn, morphogenetic attacks -1.');
    },
  },

  mutant: {
    resolve(game) {
      const s = stateOf(game);
      if (s.forces.some((f) => f.mutant)) return say(game, 'A second Mutant: no effect.');
      const sector = randomSector(game);
      const units = unitsIn(game, sector);
      if (!units.length) {
        s.pool.push('mutant');
        say(game, `The Mutant finds no one in ${sectorName(game, sector)}; the marker goes back to the pool.`);
        return SUBSTITUTE;
      }
      const force = newForce(game, 'usurper', 5, null, true, 'mutant');
      for (const u of units) {
        if (u.leader !== null) (s.leaderPool.push(u.leader), (u.leader = null));
        u.side = 'chaos';
        u.force = force.id;
      }
      forgetEmptyForces(game);
      say(game, `The Mutant seizes every force in ${sectorName(game, sector)}: ${units.length} units follow him.`, { sector });
    },
  },

  pacifism: {
    resolve(game) {
      stateOf(game).fx.pacifism = true;
      say(game, 'Pacifism: Imperial morphogenetic attacks +1 this turn, military attacks -1.');
    },
  },

  paranoia: {
    resolve(game) {
      stateOf(game).fx.paranoia = true;
      say(game, optionOn(game, 'illumination') ? 'Paranoia: no extropy operations and no Illumination markers this turn; Repression markers come two for the price of one.' : 'Paranoia: no extropy operations this turn.');
    },
  },

  'power-struggle': {
    resolve(game) {
      const s = stateOf(game);
      const fallen: number[] = [];
      for (const u of imperialUnits(game)) if (u.leader !== null && d10(game) <= 4) (fallen.push(u.leader), s.leaderPool.push(u.leader), (u.leader = null));
      say(game, fallen.length ? `Power Struggle: ${fallen.length} Imperial leader${fallen.length > 1 ? 's' : ''} eliminated.` : 'Power Struggle: every Imperial leader survives.');
    },
  },

  rebellion: {
    resolve(game) {
      const s = stateOf(game);
      const sector = rebellionTarget(game, randomSector(game), (x) => imperialSector(game, x));
      if (!sector) return say(game, 'Rebellion: nothing Imperial is left to rebel.');
      // ours: an Illumination marker holds its sector's loyalty once, and is spent
      if (s.illuminated.includes(sector)) {
        s.illuminated = s.illuminated.filter((x) => x !== sector);
        return say(game, `Rebellion in ${sectorName(game, sector)} is quelled by its Illumination, which is spent.`, { sector });
      }
      const n = convertToChaos(game, sector, null, true);
      say(game, `Rebellion in ${sectorName(game, sector)}: ${n} Imperial unit${n === 1 ? '' : 's'} go over to Chaos.`, { sector });
    },
  },

  robots: {
    resolve(game) {
      const n = imperialSystems(game).length;
      stateOf(game).rp += n;
      say(game, `Robots: ${n} RP, one for each Imperial system.`);
    },
  },

  spectacle: {
    resolve(game) {
      const s = stateOf(game);
      if (s.fx.spectacle) {
        s.pool.push('spectacle');
        say(game, 'A second Spectacle goes back to the pool.');
        return SUBSTITUTE;
      }
      s.fx.spectacle = true;
      say(game, 'Spectacle: every change of the Chaos Index is doubled this turn.');
    },
  },

  'tech-advance': {
    resolve(game) {
      const die = d10(game);
      stateOf(game).rp += die;
      say(game, `Tech/Trade Advance: +${die} RP.`);
    },
  },

  'tech-collapse': {
    resolve(game) {
      const s = stateOf(game);
      const die = d10(game);
      s.rp = Math.max(0, s.rp - die);
      say(game, `Tech/Trade Collapse: -${die} RP.`);
    },
  },

  'trans-humans': {
    resolve(game) {
      const sector = randomSector(game);
      const die = d10(game);
      if (die % 2 === 1) {
        newUnit(game, 'TH', 'empire', sector, null);
        return say(game, `Trans-humans appear in ${sectorName(game, sector)} and side with the Empire.`, { sector });
      }
      // they join the Chaos force leftmost on the operations table there (at random among several of its kind)
      const stacks = chaosStacks(game).filter((st) => st.sector === sector);
      const kind = stacks[0]?.kind;
      const joined = kind ? game.rng.pick(stacks.filter((st) => st.kind === kind)) : null;
      newUnit(game, 'TH', 'chaos', sector, joined?.force?.id ?? null);
      say(game, `Trans-humans appear in ${sectorName(game, sector)} as rebels${joined ? `, joining ${forceName(game, joined.force)}` : ''}.`, { sector });
    },
  },

  'troops-demand-pay': {
    resolve(game) {
      const s = stateOf(game);
      const units = imperialUnits(game);
      // the player pays his costliest units first
      const { paid, unpaid } = payForEach(game, [...units].sort((a, b) => unitDef(game, b.type).cost - unitDef(game, a.type).cost || a.id - b.id));
      let lost = 0;
      for (const u of unpaid)
        if (d10(game) <= 2) {
          if (u.leader !== null) (s.leaderPool.push(u.leader), (u.leader = null));
          u.side = 'chaos';
          u.force = null;
          lost++;
        }
      say(game, `Troops Demand Pay: ${paid} RP paid for ${units.length} mobile units${unpaid.length ? `; ${lost} of the ${unpaid.length} unpaid turn rebel` : ''}.`);
    },
  },

  usurper: {
    resolve(game) {
      const s = stateOf(game);
      const sector = walk(game, randomSector(game), (x) => unitsIn(game, x, 'empire').length > 0, 'lower');
      if (!sector) return say(game, 'Usurper: no Imperial mobile unit to rise from (counting down from the sector drawn).');
      const force = newForce(game, 'usurper', drawLeader(game) ?? 0, null, false, 'usurper');
      for (const u of unitsIn(game, sector, 'empire')) {
        if (u.leader !== null) (s.leaderPool.push(u.leader), (u.leader = null));
        u.side = 'chaos';
        u.force = force.id;
      }
      say(game, `A Usurper (${leaderWords(force.leader)}) seizes the Imperial forces in ${sectorName(game, sector)}.`, { sector });
    },
  },

  'web-raiders': {
    resolve(game) {
      const s = stateOf(game);
      const lost = s.nexus.filter(() => d10(game) <= 2);
      for (const x of lost) loseNexus(game, x);
      say(game, s.nexus.length + lost.length ? `Web Raiders: ${lost.length} Nexus marker${lost.length === 1 ? '' : 's'} eliminated.` : 'Web Raiders: no Nexus to strike.');
    },
  },
};
