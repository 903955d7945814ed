/**
 * The game-turn of the solitaire game (ours: 001's sequence of play is not in our copy; the phases are
 * the ones its markers name): Chaos Events, Alien Conflict (and Expeditions), the Imperial phase, Chaos
 * Operations (with Chaos Colonization first), and the end of the turn.
 */
import type { Command, Json, Procedure, Step } from '../../src/core/engine/types';
import { attacksAllowed, battle, battleOdds, fight, loseNexus } from './combat';
import { SUBSTITUTE, EVENTS, SUPPRESSIBLE, type EventChoice } from './events';
import { allyTargets, chaosAttack, empireRecruits, operate, usurpation } from './forces';
import {
  changeIndex,
  chaosStacks,
  contentOf,
  core,
  d10,
  drawLeader,
  leaderWords,
  fmt,
  livingNebulaAt,
  forceName,
  forceOf,
  forgetEmptyForces,
  freshEffects,
  newForce,
  newUnit,
  randomSector,
  removeUnit,
  rollTransHuman,
  sectorName,
  sectorNumber,
  sectorsWithin,
  stackMovement,
  stateOf,
  tell,
  unitsIn,
  unitStrength,
  type AlienMarker,
  type ChaosStack,
  type Side,
  type SolitaireGame,
} from './state';
import { drawCounter } from './setup';

type SolitaireStep = Step<Side>;

function decide(kind: string, prompt: string, rule: string, options: Command<Side>[], context?: { [key: string]: Json }): SolitaireStep {
  return { decide: { side: 'empire', kind, prompt, rule, options, ...(context ? { context } : {}) } };
}

// ------------------------------------------------------------------ the Chaos Events phase

/** How many markers a turn draws, by the index (ours; 001's own table is not in our copy): 8 at 61-85. */
export function eventsToDraw(game: SolitaireGame): number {
  const index = stateOf(game).index;
  const table = contentOf(game).file.eventsPerTurn;
  return (table.find((r) => index <= r.upTo) ?? table[table.length - 1]!).events;
}

/** Put a marker back in play's reserve: the discard pile, reshuffled into the pool when it runs dry. */
export function discardMarker(game: SolitaireGame, id: string): void {
  stateOf(game).discard.push(id);
}

export function drawMarker(game: SolitaireGame): string | null {
  const s = stateOf(game);
  if (!s.pool.length && s.discard.length) {
    s.pool = game.rng.shuffle(s.discard);
    s.discard = [];
    tell(game, 'chaos-pool', 'The Chaos Events pool is empty: the used markers are mixed back in.', '[001 32.0]');
  }
  if (!s.pool.length) return null;
  // the pool is a cup of markers: draw one at random
  const i = game.rng.int(s.pool.length);
  return s.pool.splice(i, 1)[0]!;
}

interface EventsData {
  remaining?: number;
  current?: string | null;
  stage?: 'reveal' | 'suppress' | 'resolve' | 'choose';
  choice?: Json;
  rebellions?: number;
  setAside?: string[];
}

export const eventsPhase: Procedure<SolitaireGame> = {
  step(game, frame) {
    const d = frame.data as EventsData;
    const s = stateOf(game);
    if (d.remaining === undefined) {
      startOfTurn(game);
      // the first turn's count is the scenario's own, "two rounds ... 16 Events total" [001 Scenarios, 10]
      const count = game.turn === 1 && game.scenario.firstTurnEvents !== null ? game.scenario.firstTurnEvents : eventsToDraw(game);
      // the Institute under Chaos draws one more each turn from the turn after it comes [001 32.0 The Institute 1]
      const institute = s.institute && game.turn > s.instituteSince && s.systems[s.institute]?.side === 'chaos' ? 1 : 0;
      d.remaining = count + institute;
      d.current = null;
      d.rebellions = 0;
      d.setAside = [];
      tell(game, 'phase', `Chaos Events: ${d.remaining} markers are drawn (Chaos Index ${fmt(s.index)}).`, '[001 32.0]');
    }
    for (;;) {
      if (!d.current) {
        if (d.remaining! <= 0) return finishEvents(game, d);
        const marker = drawMarker(game);
        if (!marker) return finishEvents(game, d);
        // a first-turn limit on Rebellions [001 Scenario 5 10b]: further ones are substituted
        const limit = game.scenario.rebellionsFirstTurn;
        if (marker === 'rebellion' && game.turn === 1 && limit !== undefined && d.rebellions! >= limit) {
          d.setAside!.push(marker);
          continue;
        }
        d.remaining! -= 1;
        d.current = marker;
        d.stage = 'reveal';
        tell(game, 'chaos-marker', `Chaos event: ${contentOf(game).eventNames.get(marker) ?? marker}.`, '[001 32.0]', { marker });
      }
      const marker = d.current;
      switch (d.stage) {
        case 'reveal':
          d.stage = 'suppress';
          if (s.institute && game.turn > s.instituteSince && s.systems[s.institute]?.side === 'empire' && !s.fx.instituteUsed)
            return decide('chaos-institute', `The Institute foresees "${contentOf(game).eventNames.get(marker)}": send it back to the pool (once a turn)?`, '[001 32.0 The Institute 2]', [
              { type: 'institute-return', side: 'empire' },
              { type: 'institute-let', side: 'empire' },
            ], { marker });
          continue;
        case 'suppress':
          d.stage = 'resolve';
          if (SUPPRESSIBLE.includes(marker) && s.repression > 0)
            return decide('chaos-suppress', `Suppress "${contentOf(game).eventNames.get(marker)}" with a Repression marker (${s.repression} left)?`, '[001 Suppression]', [
              { type: 'suppress', side: 'empire' },
              { type: 'let-happen', side: 'empire' },
            ], { marker });
          continue;
        case 'resolve': {
          // only Rebellions that happen count towards a first-turn limit (not one suppressed or sent back)
          if (marker === 'rebellion') d.rebellions! += 1;
          const forcesBefore = s.nextForce;
          const choice = EVENTS[marker]!.resolve(game);
          if (choice === SUBSTITUTE) {
            // the marker went back to the pool; another is drawn in its place. It waits aside until the
            // phase ends, or a pool holding only it (a second Spectacle, the last marker) is drawn forever
            const back = s.pool.lastIndexOf(marker);
            if (back >= 0) (s.pool.splice(back, 1), d.setAside!.push(marker));
            d.remaining! += 1;
            d.current = null;
            continue;
          }
          if (choice && choice.options.length) {
            d.stage = 'choose';
            d.choice = choice as unknown as Json;
            continue;
          }
          afterEvent(game, marker, forcesBefore);
          d.current = null;
          continue;
        }
        case 'choose': {
          const c = d.choice as unknown as EventChoice;
          return decide(c.kind, c.prompt, `[001 32.0 ${contentOf(game).eventNames.get(marker)}]`, c.options, c.context);
        }
      }
    }
  },
  answer(game, frame, command) {
    const d = frame.data as EventsData;
    const s = stateOf(game);
    const marker = d.current!;
    switch (command.type) {
      case 'institute-return':
        s.fx.instituteUsed = true;
        s.pool.push(marker);
        tell(game, 'chaos-event', `The Institute defuses "${contentOf(game).eventNames.get(marker)}": the marker goes back to the pool.`, '[001 32.0 The Institute 2]');
        d.current = null;
        return;
      case 'institute-let':
        return;
      case 'suppress': {
        s.repression -= 1;
        const die = d10(game);
        const { prevented, change } = suppressionResult(contentOf(game).file, die);
        if (prevented) {
          tell(game, 'chaos-event', `Suppression (die ${die}): "${contentOf(game).eventNames.get(marker)}" is prevented.`, '[001 Suppression]');
          discardMarker(game, marker);
          d.current = null;
        } else {
          tell(game, 'chaos-event', `Suppression fails (die ${die}).`, '[001 Suppression]');
          d.stage = 'resolve';
        }
        changeIndex(game, change, 'Suppression', 'suppression');
        return;
      }
      case 'let-happen':
        return;
      default: {
        const pooled = s.pool.length;
        EVENTS[marker]!.chosen!(game, command);
        // a marker its event put back in the pool (a Leviathan refused) is not discarded as well
        if (s.pool.length === pooled) afterEvent(game, marker, s.nextForce);
        d.current = null;
      }
    }
  },
};

/** Markers that stay on the map are discarded when they leave it; every other goes to the discard now. */
/** Markers whose effect lasts the turn: discarded at its end [001 32.0]. */
const TURN_MARKERS = new Set(['alliance', 'colonization', 'galactic-enlightenment', 'elites-demand-privileges', 'militarism', 'pacifism', 'paranoia', 'spectacle']);

/**
 * Where a marker goes once its event is resolved: it stays on the map (an alien, the Institute, an
 * accepted Leviathan, an expedition), with the force it raised (discarded when the force is gone, by
 * `forgetEmptyForces`), in effect to the turn's end, or straight to the discard.
 */
function afterEvent(game: SolitaireGame, marker: string, forcesBefore: number): void {
  const s = stateOf(game);
  const onMap =
    marker.startsWith('aliens-') || marker === 'expedition-possible' || (marker === 'institute' && s.institute !== null) || (marker === 'leviathan' && s.leviathan);
  const onForce = s.forces.some((f) => f.marker === marker && Number(f.id.split('-').pop()) >= forcesBefore);
  if (onMap || onForce) return;
  if (TURN_MARKERS.has(marker)) s.fx.held.push(marker);
  else discardMarker(game, marker);
}

function finishEvents(game: SolitaireGame, d: EventsData): SolitaireStep {
  stateOf(game).pool.push(...(d.setAside ?? []));
  return { done: true };
}

/** At the start of each turn: the scenario's markers join the pool, and its trans-human usurpers rise [001 Scenarios 5, 6]. */
function startOfTurn(game: SolitaireGame): void {
  const s = stateOf(game);
  for (const add of game.scenario.poolChanges?.addOnTurn ?? [])
    if (add.turn === game.turn) for (let i = 0; i < add.count; i++) s.pool.push(add.event);
  if (game.scenario.transHumanUsurpers?.includes(game.turn)) {
    const sector = randomSector(game);
    const force = newForce(game, 'usurper', drawLeader(game) ?? 0, null, false, 'usurper');
    newUnit(game, 'TH', 'chaos', sector, force.id);
    tell(game, 'chaos-event', `A trans-human Usurper (${leaderWords(force.leader)}) rises in ${sectorName(game, sector)}.`, '[001 Scenario 5]');
  }
}

// ------------------------------------------------------------------ the Alien Conflict phase, Expeditions

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

// ------------------------------------------------------------------ the Imperial phase

export function extropyCost(game: SolitaireGame): number {
  const systems = contentOf(game).sectors.filter((x) => stateOf(game).systems[x]?.side === 'empire').length;
  return Math.max(1, Math.ceil(systems / contentOf(game).file.costs.extropyPerSystems));
}

/** The Empire's income and upkeep (ours): resource values of its systems, less a point per mobile unit and per Nexus. */
function income(game: SolitaireGame): void {
  const s = stateOf(game);
  const c = contentOf(game).file.costs;
  const systems = contentOf(game).sectors.filter((x) => s.systems[x]?.side === 'empire' && !livingNebulaAt(game, x));
  const gained = systems.reduce((n, x) => n + s.systems[x]!.resource, 0);
  s.rp += gained;
  const units = s.units.filter((u) => u.side === 'empire');
  const upkeep = () => s.units.filter((u) => u.side === 'empire').reduce((n, u) => n + contentOf(game).units.get(u.type)!.upkeep, 0) + s.nexus.length * c.nexusUpkeep * (s.fx.elites ? 2 : 1);
  const disbanded: string[] = [];
  // what cannot be kept is disbanded, the cheapest first (then a Nexus)
  const byCost = [...units].sort((a, b) => contentOf(game).units.get(a.type)!.cost - contentOf(game).units.get(b.type)!.cost || a.id - b.id);
  while (upkeep() > s.rp && byCost.length) {
    const u = byCost.shift()!;
    removeUnit(game, u);
    disbanded.push(u.type);
  }
  // a Nexus let go is eliminated "for any reason" [001 Chaos Index Changes 4]
  while (upkeep() > s.rp && s.nexus.length) loseNexus(game, s.nexus[s.nexus.length - 1]!);
  const paid = upkeep();
  s.rp -= paid;
  tell(game, 'income', `The Empire collects ${gained} RP from ${systems.length} systems and pays ${paid} in upkeep${disbanded.length ? `; it cannot keep ${disbanded.join(', ')}, disbanded` : ''}: ${s.rp} RP.`, '[001 Resource Points]', {
    gained, upkeep: paid, rp: s.rp,
  });
}

export function buildOptions(game: SolitaireGame): Command<Side>[] {
  const s = stateOf(game);
  const c = contentOf(game).file.costs;
  const options: Command<Side>[] = [];
  const mine = contentOf(game).sectors.filter((x) => s.systems[x]?.side === 'empire');
  for (const def of contentOf(game).units.values()) {
    if (def.id === 'TH' || def.cost > s.rp) continue;
    for (const sector of mine) options.push({ type: 'recruit', side: 'empire', unit: def.id, sector });
  }
  // [001 Leaders] a leader is bought from the pool's counters: none left, none to buy
  if (s.rp >= c.leader && s.leaderPool.length) for (const u of s.units) if (u.side === 'empire' && u.leader === null) options.push({ type: 'buy-leader', side: 'empire', unit: u.id });
  if (s.rp >= c.nexus)
    for (const sector of mine)
      if (!s.nexus.includes(sector) && !s.nexus.some((n) => contentOf(game).neighbours.get(n)!.includes(sector))) options.push({ type: 'nexus', side: 'empire', sector });
  const illuminationRule = game.scenario.options.includes('illumination') || (Array.isArray(game.options.rules) && game.options.rules.includes('illumination'));
  if (illuminationRule && !s.fx.enlightenment && s.rp >= c.repression) options.push({ type: 'buy-repression', side: 'empire' });
  const illuminationCost = s.fx.enlightenment ? c.illuminationEnlightened : c.illumination;
  if (illuminationRule && !s.fx.paranoia && !s.fx.elites && s.rp >= illuminationCost) options.push({ type: 'buy-illumination', side: 'empire' });
  if (s.illumination > 0) for (const sector of mine) if (!s.illuminated.includes(sector)) options.push({ type: 'illuminate', side: 'empire', sector });
  if (!s.fx.paranoia && s.fx.extropyOperations < c.extropyPerTurn && s.rp >= extropyCost(game)) options.push({ type: 'extropy', side: 'empire' });
  options.push({ type: 'end-build', side: 'empire' });
  return options;
}

function applyBuild(game: SolitaireGame, command: Command<Side>): void {
  const s = stateOf(game);
  const c = contentOf(game).file.costs;
  switch (command.type) {
    case 'recruit': {
      const def = contentOf(game).units.get(command.unit as 'SF')!;
      s.rp -= def.cost;
      newUnit(game, def.id, 'empire', command.sector as string, null);
      tell(game, 'recruit', `The Empire recruits ${/^[AEIOU]/.test(def.name) ? 'an' : 'a'} ${def.name} in ${sectorName(game, command.sector as string)} (${def.cost} RP).`, '[001 Recruiting]', { sector: command.sector as string });
      return;
    }
    case 'buy-leader': {
      s.rp -= c.leader;
      const unit = s.units.find((u) => u.id === command.unit)!;
      unit.leader = drawLeader(game)!; // offered only while the pool has a counter
      tell(game, 'recruit', `A leader of value ${unit.leader} takes command in ${sectorName(game, unit.sector)} (${c.leader} RP).`, '[001 Leaders]');
      return;
    }
    case 'nexus':
      s.rp -= c.nexus;
      s.nexus.push(command.sector as string);
      tell(game, 'recruit', `A Nexus is built in ${sectorName(game, command.sector as string)} (${c.nexus} RP).`, '[001 Nexus]', { sector: command.sector as string });
      return;
    case 'buy-repression':
      s.rp -= c.repression;
      s.repression += s.fx.paranoia ? 2 : 1;
      tell(game, 'recruit', `Repression marker${s.fx.paranoia ? 's' : ''} bought (${c.repression} RP).`, '[001 Suppression]');
      return;
    case 'buy-illumination': {
      const cost = s.fx.enlightenment ? c.illuminationEnlightened : c.illumination;
      s.rp -= cost;
      s.illumination += 1;
      tell(game, 'recruit', `An Illumination marker bought (${cost} RP).`, '[001 Illumination]');
      return;
    }
    case 'illuminate':
      s.illumination -= 1;
      s.illuminated.push(command.sector as string);
      tell(game, 'recruit', `${sectorName(game, command.sector as string)} is illuminated.`, '[001 Illumination]', { sector: command.sector as string });
      return;
    case 'extropy': {
      const cost = extropyCost(game);
      s.rp -= cost;
      s.fx.extropyOperations += 1;
      const die = d10(game);
      const less = extropyResult(contentOf(game).file, die);
      tell(game, 'extropy', `Extropy operation (${cost} RP): die ${die}${less ? '' : ', no effect'}.`, '[001 Extropy Table]', { die, change: -less });
      changeIndex(game, -less, 'an extropy operation', 'extropy');
      return;
    }
  }
}

/** Where an Imperial unit may go: along the routes up to its movement, stopping where Chaos units stand; never out of a Living Nebula. */
export function reachable(game: SolitaireGame, from: string, movement: number): string[] {
  if (livingNebulaAt(game, from)) return [];
  const seen = new Map<string, number>([[from, 0]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift()!;
    const dist = seen.get(at)!;
    if (dist >= movement) continue;
    if (at !== from && (unitsIn(game, at, 'chaos').length || livingNebulaAt(game, at))) continue;
    for (const n of contentOf(game).neighbours.get(at)!) if (!seen.has(n)) (seen.set(n, dist + 1), queue.push(n));
  }
  seen.delete(from);
  return [...seen.keys()].sort((a, b) => sectorNumber(game, a) - sectorNumber(game, b));
}

export function moveOptions(game: SolitaireGame): Command<Side>[] {
  const s = stateOf(game);
  const options: Command<Side>[] = [];
  const bySector = new Map<string, typeof s.units>();
  for (const u of s.units) if (u.side === 'empire' && !s.fx.moved.includes(u.id)) bySector.set(u.sector, [...(bySector.get(u.sector) ?? []), u]);
  for (const [sector, units] of bySector) {
    const slowest = stackMovement(game, units);
    if (units.length > 1) for (const to of reachable(game, sector, slowest)) options.push({ type: 'move', side: 'empire', units: units.map((u) => u.id), to });
    for (const u of units) for (const to of reachable(game, sector, contentOf(game).units.get(u.type)!.movement)) options.push({ type: 'move', side: 'empire', units: [u.id], to });
  }
  options.push({ type: 'end-move', side: 'empire' });
  return options;
}

export function attackOptions(game: SolitaireGame): { options: Command<Side>[]; odds: Json[] } {
  const s = stateOf(game);
  const options: Command<Side>[] = [];
  const odds: Json[] = [];
  for (const sector of contentOf(game).sectors) {
    const mine = unitsIn(game, sector, 'empire').filter((u) => !s.fx.attacked.includes(u.id));
    if (!mine.length) continue;
    const enemy = unitsIn(game, sector, 'chaos').length > 0 || s.systems[sector]?.side === 'chaos';
    if (enemy)
      for (const type of ['military', 'morph'] as const) {
        if (s.fx.attacks.includes(`${sector}:${type}`) || !attacksAllowed(game, sector, type)) continue;
        const able = mine.filter((u) => unitStrength(game, u, type, true) > 0);
        const groups = able.length > 1 ? [able, ...able.map((u) => [u])] : able.length ? [able] : [];
        for (const group of groups) {
          const b = battle(game, sector, type, 'empire', group);
          options.push({ type: 'attack', side: 'empire', sector, kind: type, units: group.map((u) => u.id) });
          odds.push({ attack: b.attack, defence: b.defence, modifier: b.dieModifier, results: battleOdds(game, b) });
        }
      }
    if (!s.systems[sector] && !unitsIn(game, sector, 'chaos').length)
      for (const u of mine)
        if (u.type === 'CF') {
          options.push({ type: 'colonize', side: 'empire', sector, unit: u.id });
          odds.push(null); // odds[i] is option i's
        }
  }
  options.push({ type: 'end-turn', side: 'empire' });
  odds.push(null);
  return { options, odds };
}

interface ImperialData {
  stage?: 'build' | 'move' | 'attack' | 'over';
}

export const imperialPhase: Procedure<SolitaireGame> = {
  step(game, frame) {
    const d = frame.data as ImperialData;
    const s = stateOf(game);
    if (!d.stage) {
      income(game);
      d.stage = 'build';
    }
    switch (d.stage) {
      case 'over':
        return { done: true };
      case 'build':
        return decide('chaos-build', `Spend resource points (${s.rp} RP): recruit, leaders, Nexus, markers, extropy.`, '[001 Imperial phase]', buildOptions(game), {
          rp: s.rp, extropyCost: extropyCost(game),
        });
      case 'move':
        return decide('chaos-move', 'Move Imperial forces.', '[001 Movement]', moveOptions(game));
      case 'attack': {
        const { options, odds } = attackOptions(game);
        if (options.length === 1) return { done: true };
        return decide('chaos-attack', 'Attack: military combat destroys, morphogenetic combat converts.', '[001 Combat]', options, { odds });
      }
    }
    return { done: true };
  },
  answer(game, frame, command) {
    const d = frame.data as ImperialData;
    const s = stateOf(game);
    if (command.type === 'end-build') d.stage = 'move';
    else if (command.type === 'end-move') d.stage = 'attack';
    else if (command.type === 'end-turn') d.stage = 'over';
    else if (d.stage === 'build') applyBuild(game, command);
    else if (command.type === 'move') {
      const ids = command.units as number[];
      const units = s.units.filter((u) => ids.includes(u.id));
      const from = units[0]!.sector;
      for (const u of units) ((u.sector = command.to as string), s.fx.moved.push(u.id));
      tell(game, 'move', `${units.length} Imperial unit${units.length === 1 ? '' : 's'} move from ${sectorName(game, from)} to ${sectorName(game, command.to as string)}.`, '[001 Movement]', {
        from, to: command.to as string,
      });
    } else if (command.type === 'attack') {
      const ids = command.units as number[];
      const units = s.units.filter((u) => ids.includes(u.id));
      const type = command.kind as 'military' | 'morph';
      s.fx.attacks.push(`${command.sector}:${type}`);
      for (const u of units) s.fx.attacked.push(u.id);
      fight(game, battle(game, command.sector as string, type, 'empire', units));
    } else if (command.type === 'colonize') {
      const unit = s.units.find((u) => u.id === command.unit)!;
      removeUnit(game, unit);
      const [resource, military, morph] = drawCounter(game, command.sector as string);
      s.systems[command.sector as string] = { side: 'empire', resource, military, morph, force: null };
      tell(game, 'colonize', `A colonization fleet founds an Imperial system in ${sectorName(game, command.sector as string)} (resource ${resource}).`, '[001 Colonization Fleets]', {
        sector: command.sector as string,
      });
    }
  },
};

// ------------------------------------------------------------------ the Chaos Operations phase

interface OperationsData {
  stacks?: { id: string; units: number[] }[];
  i?: number;
  stage?: 'roll' | 'ally-move' | 'ally-attack';
}

/** A stack as it is now: its units still on the Chaos side, where they stand. */
function liveStack(game: SolitaireGame, snapshot: { id: string; units: number[] }): ChaosStack | null {
  const s = stateOf(game);
  const units = s.units.filter((u) => snapshot.units.includes(u.id) && u.side === 'chaos');
  if (!units.length) return null;
  const first = units[0]!;
  const together = units.filter((u) => u.sector === first.sector && u.force === first.force);
  const force = forceOf(game, first.force);
  return { id: snapshot.id, kind: force?.kind ?? 'rebel', force, sector: first.sector, units: together };
}

/** Chaos Colonization [001 32.0 Colonization]: a Chaos system on the highest-numbered sector without one. */
function chaosColonization(game: SolitaireGame): void {
  const s = stateOf(game);
  for (let i = 0; i < s.fx.colonizations; i++) {
    const empty = [...contentOf(game).sectors].reverse().find((x) => !s.systems[x]);
    if (!empty) return void tell(game, 'colonize', 'Chaos Colonization: every sector has a system; no effect.', '[001 32.0 Colonization]');
    const [resource, military, morph] = drawCounter(game, empty);
    const ie = unitsIn(game, empty, 'chaos').map((u) => forceOf(game, u.force)).find((f) => f?.kind === 'independent');
    s.systems[empty] = { side: 'chaos', resource, military, morph, force: ie?.id ?? null };
    tell(game, 'colonize', `Chaos colonizes ${sectorName(game, empty)}${ie ? ` for ${forceName(game, ie)}` : ''}.`, '[001 32.0 Colonization]', { sector: empty });
  }
  s.fx.colonizations = 0;
}

export const operationsPhase: Procedure<SolitaireGame> = {
  step(game, frame) {
    const d = frame.data as OperationsData;
    const s = stateOf(game);
    if (!d.stacks) {
      chaosColonization(game);
      // each Independent Empire recruits once, into its stack (or at home when it has none) [docs/rules.md]
      for (const force of s.forces.filter((f) => f.kind === 'independent')) empireRecruits(game, force);
      d.stacks = chaosStacks(game).map((st) => ({ id: st.id, units: st.units.map((u) => u.id) }));
      d.i = 0;
      d.stage = 'roll';
      tell(game, 'phase', `Chaos Operations: ${d.stacks.length} Chaos stacks act.`, '[001 Chaos Operations]');
    }
    for (; d.i! < d.stacks.length; d.i!++, d.stage = 'roll') {
      const stack = liveStack(game, d.stacks[d.i!]!);
      if (!stack) continue;
      if (d.stage === 'roll') {
        if (stack.force?.kind === 'usurper') {
          usurpation(game, stack.force);
          if (!liveStack(game, d.stacks[d.i!]!)?.force) continue; // gone loyal or dissolved: no operations this turn
        }
        const now = liveStack(game, d.stacks[d.i!]!)!;
        if (s.fx.alliance === now.id) {
          d.stage = 'ally-move';
          const steps = stackMovement(game, now.units);
          // [001 32.0 Aliens—Living Nebula] "no units may exit the sector containing the Living Nebula during
          // movement": a stack that enters one stops there, and one that starts in one stays
          let targets = [...sectorsWithin(game, now.sector, steps, (x) => !livingNebulaAt(game, x)).keys()];
          if (now.force?.kind === 'independent' && now.force.home) {
            const home = now.force.home;
            targets = targets.filter((x) => x === now.sector || x === home || contentOf(game).neighbours.get(home)!.includes(x));
          }
          return decide(
            'chaos-alliance-move',
            `Alliance: move ${forceName(game, now.force)} from ${sectorName(game, now.sector)} (up to ${steps} sectors).`,
            '[001 32.0 Alliance]',
            targets.sort((a, b) => sectorNumber(game, a) - sectorNumber(game, b)).map((to) => ({ type: 'ally-move', side: 'empire', to })),
          );
        }
        const die = d10(game);
        const op = contentOf(game).file.operationsTable[now.kind][die]!;
        tell(game, 'chaos-operations', `${forceName(game, now.force)} in ${sectorName(game, now.sector)} roll ${die} on the Chaos Operations table: ${op}.`, '[001 Chaos Operations]', {
          sector: now.sector, die, operation: op,
        });
        operate(game, now, op);
        continue;
      }
      if (d.stage === 'ally-attack') {
        // the Empire there, or any other Chaos force: only "other units of the same Empire" are barred [001 32.0 Alliance]
        const options: Command<Side>[] = [];
        if (imperialIn(game, stack.sector)) options.push({ type: 'ally-attack', side: 'empire' });
        for (const target of allyTargets(game, stack)) options.push({ type: 'ally-attack', side: 'empire', target: target.id });
        options.push({ type: 'ally-hold', side: 'empire' });
        return decide('chaos-alliance-attack', `Alliance: attack with ${forceName(game, stack.force)} in ${sectorName(game, stack.sector)}?`, '[001 32.0 Alliance]', options);
      }
    }
    return { done: true };
  },
  answer(game, frame, command) {
    const d = frame.data as OperationsData;
    const stack = liveStack(game, d.stacks![d.i!]!)!;
    if (command.type === 'ally-move') {
      const from = stack.sector;
      for (const u of stack.units) u.sector = command.to as string;
      if (from !== command.to) tell(game, 'chaos-operations', `Alliance: ${forceName(game, stack.force)} move to ${sectorName(game, command.to as string)}.`, '[001 32.0 Alliance]');
      const canAttack = imperialIn(game, command.to as string) || allyTargets(game, { ...stack, sector: command.to as string }).length > 0;
      if (canAttack) d.stage = 'ally-attack';
      else (d.i! += 1), (d.stage = 'roll');
    } else {
      if (command.type === 'ally-attack') {
        const target = command.target === undefined ? undefined : chaosStacks(game).find((st) => st.id === command.target);
        chaosAttack(game, stack, target);
      }
      d.i! += 1;
      d.stage = 'roll';
    }
  },
};

/** Imperial units or an Imperial system in a sector. */
function imperialIn(game: SolitaireGame, sector: string): boolean {
  return unitsIn(game, sector, 'empire').length > 0 || stateOf(game).systems[sector]?.side === 'empire';
}

/** The Institute goes back to the pool when a Chaos force of strength 6 or more stands in its sector [001 32.0 The Institute 3]. */
export function instituteCheck(game: SolitaireGame): void {
  const s = stateOf(game);
  if (!s.institute) return;
  const sector = s.institute;
  for (const st of chaosStacks(game).filter((x) => x.sector === sector)) {
    const mil = st.units.reduce((n, u) => n + unitStrength(game, u, 'military', false), 0);
    const morph = st.units.reduce((n, u) => n + unitStrength(game, u, 'morph', false), 0);
    if (mil >= 6 || morph >= 6) {
      s.institute = null;
      s.pool.push('institute');
      tell(game, 'chaos-event', `${forceName(game, st.force)} overrun the Institute in ${sectorName(game, sector)}; its marker goes back to the pool.`, '[001 32.0 The Institute 3]');
      return;
    }
  }
}

// ------------------------------------------------------------------ the end of the turn

export const endOfTurn: Procedure<SolitaireGame> = {
  step(game) {
    const s = stateOf(game);
    if (s.leviathan && s.systems[core(game)]?.side !== 'empire') {
      s.leviathan = false;
      discardMarker(game, 'leviathan');
      tell(game, 'chaos-event', 'The Core is lost: the Leviathan is no more.', '[001 32.0 Leviathan]');
    }
    s.discard.push(...s.fx.held);
    s.fx = freshEffects();
    for (const u of s.units) if (u.type === 'TH') u.th = rollTransHuman(game);
    forgetEmptyForces(game);
    return { done: true };
  },
  answer() {
    throw new Error('the end of the turn asks nothing');
  },
};

/**
 * [001 Suppression] a Repression marker's die (0-9): the event is prevented on 3 or more, and the Chaos
 * Index moves by the suppression table's entry either way. The outcome function the resolution uses and
 * the odds shown before it enumerate (`suppressionOdds`).
 */
export function suppressionResult(file: { suppressionTable: readonly number[] }, die: number): { prevented: boolean; change: number } {
  return { prevented: die >= 3, change: file.suppressionTable[die] ?? 0 };
}

/** [001 Suppression] the chance a suppression prevents the event, and of each Chaos Index change, over the ten faces of the die. */
export function suppressionOdds(file: { suppressionTable: readonly number[] }): { prevented: number; changes: { change: number; chance: number }[] } {
  let prevented = 0;
  const changes: { change: number; chance: number }[] = [];
  for (let die = 0; die < 10; die++) {
    const r = suppressionResult(file, die);
    if (r.prevented) prevented += 0.1;
    const x = changes.find((c) => c.change === r.change);
    if (x) x.chance += 0.1;
    else changes.push({ change: r.change, chance: 0.1 });
  }
  return { prevented, changes: changes.sort((a, b) => a.change - b.change) };
}

/** [001 Extropy Table] how far an extropy operation lowers the Chaos Index, for a die of 0-9. Pure. */
export function extropyResult(file: { extropyTable: readonly number[] }, die: number): number {
  return file.extropyTable[die] ?? 0;
}

/** [001 Extropy Table] the chance of each fall of the Chaos Index an extropy operation gives, over the ten faces of the die. */
export function extropyOdds(file: { extropyTable: readonly number[] }): { fall: number; chance: number }[] {
  const out: { fall: number; chance: number }[] = [];
  for (let die = 0; die < 10; die++) {
    const fall = extropyResult(file, die);
    const x = out.find((o) => o.fall === fall);
    if (x) x.chance += 0.1;
    else out.push({ fall, chance: 0.1 });
  }
  return out.sort((a, b) => a.fall - b.fall);
}
