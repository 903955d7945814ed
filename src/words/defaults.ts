/**
 * [issue 44, issue 53, issue 59] Needless questions and their default answers: a decision whose answer
 * cannot matter, or that asks again what stands unchanged, is answered for a player who has not asked to
 * be asked every time (Settings), and the screen logs what was done and why. Only these:
 * - a decision with one option: there is nothing to choose;
 * - [9.57] organize stacks: a character beside his side's units keeps the stack he is in (with the
 *   units, or the mission stack), the answer he last gave; asked of each character every movement;
 * - [11.23] the way to search, right after the search was declared, when there is one way only: the
 *   search was declared to be made;
 * - [10.4] the leader of a combat, among characters of equal leadership: each shifts the column alike;
 *   the one with fewest wounds leads (leading units keeps a character from healing [13.71]);
 * - [000 15.2c-e] a domino effect's options that all shift the same planets;
 * - [9.6] a reaction, when no reaction move reaches an environ with a detected enemy (his units, or his
 *   characters the side has detected): the reaction is ended.
 * Returns the option to take and why, or null to ask.
 */
import { hasComponent } from 'bitecs';
import type { Command, Decision, Game } from '../core/engine/types';
import { nameOf } from '../core/names';
import { charactersIn, enemyOf, unitsIn } from '../../systems/rebels-vs-empire/sides';

export interface NeedlessAnswer {
  option: Command;
  /** What was done and why, for the log ("No reaction: ..."); empty for a decision of one option. */
  why: string;
}

/** The needless question's answer, or null to ask. */
export function needlessAnswer(game: Game, d: Decision): Command | null {
  return needless(game, d)?.option ?? null;
}

export function needless(game: Game, d: Decision): NeedlessAnswer | null {
  if (d.options.length === 1) return { option: d.options[0] as Command, why: '' };
  switch (d.kind) {
    case 'organize-stacks':
      return keepStack(game, d);
    case 'search-by':
      return onlyWayToSearch(game, d);
    case 'name-leader':
      return equalLeaders(game, d);
    case 'domino-option':
      return sameShift(game, d);
    case 'reaction':
      return noReactionNearEnemy(game, d);
    default:
      return null;
  }
}

/** [9.57] the stack a character stands in stays as it is. */
function keepStack(game: Game, d: Decision): NeedlessAnswer | null {
  const ch = d.options[0]?.character;
  if (typeof ch !== 'number') return null;
  const w = game.world;
  const withUnits = hasComponent(w, ch, w.c.StackedWithUnits);
  const option = d.options.find((o) => o.type === (withUnits ? 'stack-with-units' : 'mission-stack'));
  return option ? { option, why: '' } : null;
}

/** [11.23] right after "Search": one way to search and "no search" is no question. */
function onlyWayToSearch(game: Game, d: Decision): NeedlessAnswer | null {
  const last = game.log[game.log.length - 1];
  if (last?.type !== 'declare-search' || last.search !== true || last.side !== d.side) return null;
  const ways = d.options.filter((o) => o.by !== 'none');
  if (ways.length !== 1) return null;
  const environ = typeof d.context?.environ === 'number' ? d.context.environ : 0;
  return { option: ways[0] as Command, why: `Search${environ ? ` at ${nameOf(game, environ)}` : ''} with ${ways[0]?.by}: the only way to search there [11.23].` };
}

/** [10.4] every candidate leads alike: the one with fewest wounds, so a wounded one may still heal [13.71]. */
function equalLeaders(game: Game, d: Decision): NeedlessAnswer | null {
  const c = game.world.c;
  const leaders = d.options.map((o) => o.character).filter((ch): ch is number => typeof ch === 'number');
  if (leaders.length !== d.options.length || new Set(leaders.map((ch) => c.Character.leadership[ch])).size !== 1) return null;
  const wounds = (ch: number) => c.Wounds.value[ch] as number;
  const best = [...leaders].sort((a, b) => wounds(a) - wounds(b))[0] as number;
  const option = d.options.find((o) => o.character === best) as Command;
  return { option, why: `${nameOf(game, best)} leads your units: ${leaders.map((ch) => nameOf(game, ch)).join(' and ')} have the same leadership (${c.Character.leadership[best]}), which shifts the column alike [10.4].` };
}

/** [000 15.2c-e] options that shift the same planets, every one of them, are one answer. */
function sameShift(game: Game, d: Decision): NeedlessAnswer | null {
  const targets = (d.context?.targets ?? {}) as Record<string, unknown>;
  const HOW_MANY: Record<string, number> = { all: Infinity, two: 2, one: 1 };
  const sets = d.options.map((o) => {
    const list = (Array.isArray(targets[String(o.shift)]) ? (targets[String(o.shift)] as unknown[]) : []).filter((x): x is string => typeof x === 'string');
    // an option that shifts fewer than it may choose among asks again which: not the same answer
    return list.length <= (HOW_MANY[String(o.shift)] ?? 0) ? [...list].sort().join(',') : null;
  });
  if (sets.some((s) => s === null) || new Set(sets).size !== 1) return null;
  const names = (sets[0] as string).split(',').map((id) => game.content.planets.get(id as never)?.name ?? id);
  return { option: d.options[0] as Command, why: `Domino effect: every option shifts the same planet${names.length === 1 ? '' : 's'}, ${names.join(', ')}, one space toward you ${d.rule}.` };
}

/** [9.6] reaction moves that lead nowhere near the enemy are not asked: the reaction ends. */
function noReactionNearEnemy(game: Game, d: Decision): NeedlessAnswer | null {
  const end = d.options.find((o) => o.type === 'end-reaction');
  if (!end) return null;
  const enemy = enemyOf(d.side);
  const w = game.world;
  const near = (environ: number) => unitsIn(game, environ, enemy).length > 0 || charactersIn(game, environ, enemy).some((ch) => hasComponent(w, ch, w.c.Detected));
  if (d.options.some((o) => o.type === 'react' && typeof o.to === 'number' && near(o.to))) return null;
  return { option: end, why: 'No reaction: none of your reaction moves reaches an environ with enemy units or a detected enemy character [9.6]. (Settings: "Ask me every time" asks anyway.)' };
}
