/**
 * Distances on the galaxy's hyperjump routes [5.22] as the plans weigh them: jumps between star
 * systems, and the chance that a flight or a unit's move arrives safely.
 */
import type { Content } from '../../core/content/validate';
import { hyperjumpOddsOn } from '../../../systems/rebels-vs-empire/hyperjump';
import type { PlanContext } from './context';

/** [5.22] The fewest hyperjump routes from one star system to another (0 within one; Infinity if none joins them). */
export function jumpsBetween(content: Content, from: string, to: string): number {
  let table = jumpTables.get(content);
  if (!table) jumpTables.set(content, (table = new Map()));
  let fromHere = table.get(from);
  if (!fromHere) {
    // breadth first over the routes, once a system
    fromHere = new Map([[from, 0]]);
    const queue = [from];
    for (let system = queue.shift(); system !== undefined; system = queue.shift())
      for (const r of content.galaxy.routes) {
        const next = r.from === system ? r.to : r.to === system ? r.from : undefined;
        if (next !== undefined && !fromHere.has(next)) {
          fromHere.set(next, (fromHere.get(system) as number) + 1);
          queue.push(next);
        }
      }
    table.set(from, fromHere);
  }
  return fromHere.get(to) ?? Infinity;
}

const jumpTables = new WeakMap<Content, Map<string, Map<string, number>>>();

/**
 * [5.22, tables.md] the chance that a flight from planet `from` to planet `to` arrives: 1 within a
 * star system, 0 where no hyperjump route joins the systems, else the table's chance of "safe" for the
 * route's distance and the pilot's navigation.
 */
export function safeArrival(content: Content, from: string, to: string, navigation: number): number {
  const a = content.planets.get(from)?.system;
  const b = content.planets.get(to)?.system;
  if (!a || !b) return 0;
  if (a === b) return 1;
  const route = content.galaxy.routes.find((r) => (r.from === a && r.to === b) || (r.from === b && r.to === a));
  if (!route) return 0;
  return hyperjumpOddsOn(content.tables.hyperjump, route.distance, navigation).safe ?? 0;
}

/** [5.22] The chance that one Imperial unit moved alone from a planet reaches another in one move (navigation 1). */
export function unitArrival(ctx: PlanContext, from: number, to: number): number {
  const id = (eid: number) => ctx.view.planets.find((p) => p.eid === eid)?.id ?? '';
  return safeArrival(ctx.content, id(from), id(to), 1);
}
