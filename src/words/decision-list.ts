/**
 * The decision list, the keyboard's way to every choice [issue 44]: the options grouped by star system,
 * then stack, sorted, identical choices merged. The board (src/words/board/) is the mouse's way.
 */
import type { Command, Decision, Game } from '../core/engine/types';
import { environOf, kindOf, planetOfEnviron, refOf } from '../core/world/world';
import { nameOf } from '../core/names';
import { systemOfEnviron } from '../../systems/rebels-vs-empire/hyperjump';
import type { OptionInfo } from './describe';
import { entityName } from './describe';

/** One line of the grouped decision list: an option (its number), or several identical ones merged. */
export interface ListItem {
  /** The option's number in the decision (the first of those merged). */
  index: number;
  label: string;
  /** How many identical options this line stands for (the same label: three Line units at one place). */
  count: number;
}

/** A section of the list: a star system (or "General" for choices with no place), its stacks in it. */
export interface ListGroup {
  title: string;
  stacks: { title: string; items: ListItem[] }[];
}

/** Where an option is: its star system and environ names, from the piece or place it names. */
function whereOf(game: Game, option: Command): { system: string; stack: string } | null {
  const w = game.world;
  for (const key of ['piece', 'character', 'unit', 'ship', 'camp', 'to', 'environ', 'planet']) {
    const id = option[key];
    if (typeof id !== 'number' || !id) continue;
    const kind = kindOf(w, id);
    const env = kind === 'environ' ? id : kind === 'planet' ? 0 : environOf(w, id);
    const planet = kind === 'planet' ? id : env ? planetOfEnviron(w, env) : 0;
    if (!planet) continue;
    const system = systemOfEnviron(game, env || firstEnvironOf(game, planet));
    return { system: system ? nameOf(game, system) : nameOf(game, planet), stack: env ? entityName(game, env) : nameOf(game, planet) };
  }
  return null;
}

function firstEnvironOf(game: Game, planet: number): number {
  const ref = refOf(game.world, planet);
  const e = [...game.content.environs.values()].find((x) => x.planet === ref);
  return e ? (game.world.ids.environ.get(e.id) ?? 0) : 0;
}

/** The most options a list shows flat; past it, the list is grouped. */
export const FLAT_MAX = 12;

/**
 * The decision's options grouped by star system, then stack (environ), sorted by name, with identical
 * labels merged into one line ("Pick Line (3) at Aurelion 1 ×3"). Choices without a place (end, pass)
 * come first under "General". Every option is reachable: a merged line stands for options that are the
 * same choice (the same label names the same kind of piece at the same place).
 */
export function groupedOptions(game: Game, decision: Decision, infos: OptionInfo[]): ListGroup[] {
  const systems = new Map<string, Map<string, ListItem[]>>();
  decision.options.forEach((o, index) => {
    const where = whereOf(game, o);
    const sys = where?.system ?? 'General';
    const stack = where?.stack ?? '';
    const stacks = systems.get(sys) ?? new Map<string, ListItem[]>();
    systems.set(sys, stacks);
    const items = stacks.get(stack) ?? [];
    stacks.set(stack, items);
    const label = infos[index]?.label ?? o.type;
    const same = items.find((x) => x.label === label);
    if (same) same.count++;
    else items.push({ index, label, count: 1 });
  });
  const byName = (a: string, b: string) => (a === 'General' ? -1 : b === 'General' ? 1 : a.localeCompare(b));
  // within a stack: the engine's order of kinds (pick before give...), then by label
  const rank = (i: number) => decision.options.findIndex((o) => o.type === decision.options[i]?.type);
  const order = (x: ListItem, y: ListItem) => (infos[x.index]?.ends ? -1 : infos[y.index]?.ends ? 1 : rank(x.index) - rank(y.index) || x.label.localeCompare(y.label));
  return [...systems]
    .sort(([a], [b]) => byName(a, b))
    .map(([title, stacks]) => ({
      title,
      stacks: [...stacks].sort(([a], [b]) => a.localeCompare(b)).map(([t, items]) => ({ title: t, items: items.sort(order) })),
    }));
}

/** The options in the order the grouped list shows them, one for each line (a merged line by its first option). */
export function listOrder(groups: ListGroup[]): number[] {
  return groups.flatMap((g) => g.stacks.flatMap((s) => s.items.map((it) => it.index)));
}
