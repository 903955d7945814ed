/**
 * The player's picks on the conquest map [002]: which systems the decision lets them click (and, once an
 * origin is picked, where it may attack or move), and what a click on a system does: answer the decision,
 * pick an origin (or unpick it), or pick an enemy first when several systems could attack it. Pure
 * functions of the decision; the screen keeps the picks and draws the marks (board.ts).
 */
import type { Command, Decision } from '../../core/engine/types';
import type { FactionId } from '../../../systems/conquest/content';
import { NO_MARKS, type BoardMarks } from './board';

type C = Command<FactionId>;

/** The map's marks for the decision the viewer answers (null: none to answer), the origin picked, and the systems to light (`hovered`). */
export function marksFor(d: Decision<FactionId> | null, selected: string | null, hovered: ReadonlySet<string>): BoardMarks {
  if (!d) return { ...NO_MARKS, hovered };
  const clickable = new Set<string>();
  const targets = new Set<string>();
  for (const c of d.options) {
    if (typeof c.territory === 'string') clickable.add(c.territory);
    if ((c.type === 'attack' || c.type === 'fortify') && typeof c.from === 'string' && typeof c.to === 'string') {
      if (selected === c.from) {
        targets.add(c.to);
        clickable.add(c.to);
      }
      clickable.add(c.from);
      if (c.type === 'attack' && !selected) clickable.add(c.to);
    }
  }
  if (d.kind === 'conquest-battle' || d.kind === 'conquest-move-in' || d.kind === 'conquest-fortify-count') {
    const ctx = d.context ?? {};
    return { clickable, selected: typeof ctx.from === 'string' ? ctx.from : null, targets: new Set(typeof ctx.to === 'string' ? [ctx.to] : []), hovered };
  }
  return { clickable, selected, targets, hovered };
}

/** What a click on a system does: answer with a command; pick an origin (null: unpick it); pick an enemy first (`onto`); or nothing. */
export type MapClick = { answer: C } | { select: string | null } | { onto: string } | null;

/** A click on system `t` (with Shift: `shift`) while `d` is the viewer's to answer and `selected` the origin picked so far. */
export function mapClick(d: Decision<FactionId>, t: string, selected: string | null, shift: boolean): MapClick {
  const o = d.options;
  const answer = (c: C | undefined): MapClick => (c ? { answer: c } : null);
  switch (d.kind) {
    case 'conquest-claim':
    case 'conquest-setup-place':
    case 'conquest-capital':
    case 'conquest-bonus':
      return answer(o.find((c) => c.territory === t));
    case 'conquest-place': {
      const here = o.filter((c) => c.territory === t);
      const one = here.find((c) => c.count === 1);
      const all = here.find((c) => c.count !== 1);
      // (a tutorial may light only the placing of all)
      return answer(shift ? (all ?? one) : (one ?? all));
    }
    case 'conquest-attack':
    case 'conquest-fortify': {
      const type = d.kind === 'conquest-attack' ? 'attack' : 'fortify';
      const pairs = o.filter((c) => c.type === type);
      if (selected && selected !== t) {
        const pick = pairs.find((c) => c.from === selected && c.to === t);
        if (pick) return { answer: pick };
      }
      if (pairs.some((c) => c.from === t)) return { select: selected === t ? null : t };
      // an enemy picked first: the one system that can attack it does; several are listed
      const onto = pairs.filter((c) => c.to === t);
      if (type === 'attack' && onto.length === 1) return answer(onto[0]);
      if (onto.length) return { onto: t };
      return null;
    }
  }
  return null;
}
