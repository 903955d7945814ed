/**
 * The Imperial phase: income and upkeep, building, moving and attacking.
 */
import type { Command, Json, Procedure } from '../../../src/core/engine/types';
import { attacksAllowed, battle, battleOdds, fight, loseNexus } from '../combat';
import {
  changeIndex,
  contentOf,
  d10,
  drawLeader,
  livingNebulaAt,
  newUnit,
  removeUnit,
  sectorName,
  sectorNumber,
  stackMovement,
  stateOf,
  tell,
  unitsIn,
  unitStrength,
  type Side,
  type SolitaireGame,
} from '../state';
import { drawCounter } from '../setup';
import { decide } from './step';
import { extropyResult } from './tables';

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
