/**
 * What `normal` and `hard` make of bloc politics [003], from the view alone: attack enemies, not allies,
 * unless a vendetta pays [3D1]; push the chits while the war is on [3B3a]; buy a truce, after their
 * attacks, when the war is about to be lost [3F3]. A defector is counted among the defeated and never
 * wins [3F4d], so they defect only when about to be wiped out in a war their bloc is not winning, to
 * survive as the winners' ally rather than their target, and then spend their bribes (worth nothing to a
 * defector) on sneak attacks on their former allies [3B3c].
 * In a game without blocs nothing here answers, and the agents play as before.
 */
import type { Command, Decision } from '../../core/engine/types';
import { blocOf, type BlocState } from '../../../systems/conquest/blocs';
import type { FactionId } from '../../../systems/conquest/content';
import type { Board } from './board';

type C = Command<FactionId>;

/** The worth, in the agents' units, a vendetta's target must have before a bribe is paid for it. */
export const VENDETTA_WORTH = 4;
/** Extra worth of a conquest that flips a chit (the first from an enemy in a turn of war). */
export const FLIP_WORTH = 2;

function blocsOf(b: Board): BlocState | undefined {
  return b.view.blocs;
}

/** The chits showing my bloc, and the systems held by each bloc. */
function standing(b: Board, blocs: BlocState): { mine: number; ours: number; theirs: number } {
  const me = blocOf(blocs, b.me);
  const mine = blocs.chits.filter((c) => c.shows === me).length;
  let ours = 0;
  let theirs = 0;
  for (const t of b.map.territories) {
    const o = b.ownerOf(t);
    if (o === null) continue;
    if (blocOf(blocs, o) === me) ours++;
    else theirs++;
  }
  return { mine, ours, theirs };
}

/**
 * The enemy factions that can make a victorious attack on my bloc before my next turn [3B3a]: those
 * holding a system beside one of my bloc's. Each flips at most one chit a turn.
 */
function enemiesAtOurBorders(b: Board, blocs: BlocState): number {
  const me = blocOf(blocs, b.me);
  const found = new Set<FactionId>();
  for (const t of b.map.territories) {
    const o = b.ownerOf(t);
    if (o === null || blocOf(blocs, o) !== me) continue;
    for (const n of b.neighbours(t)) {
      const e = b.ownerOf(n);
      if (e !== null && blocOf(blocs, e) !== me) found.add(e);
    }
  }
  return found.size;
}

/**
 * The war is about to be lost [3F4]: my bloc shows fewer chits than the other, and no more than the enemy
 * factions that can each flip one before I play again, so the war may end in their victory first.
 */
export function warAtStake(b: Board): boolean {
  const blocs = blocsOf(b);
  if (!blocs || blocs.war !== 'war') return false;
  const { mine } = standing(b, blocs);
  return mine < blocs.chits.length - mine && mine <= enemiesAtOurBorders(b, blocs);
}

/** A conquest of `t` now flips a chit [3B3a]: the war is on, no flip yet this turn, an enemy holds it. */
export function flipsChit(b: Board, t: string): boolean {
  const blocs = blocsOf(b);
  return !!blocs && blocs.war === 'war' && !blocs.flippedThisTurn && b.hostile(t);
}

/**
 * Whether an attack option is one to consider: a plain attack always; a vendetta on an ally only when
 * its target is worth `VENDETTA_WORTH` and a bribe is left after paying [3D1]. A sneak attack is the plain
 * attack on the same system with a bribe paid for an edge: `withSneak` chooses between the two.
 */
export function attackAllowed(b: Board, option: C, worth: (t: string) => number): boolean {
  if (option.type !== 'attack' || option.bribe === undefined) return true;
  if (option.bribe === 'sneak') return false;
  const blocs = blocsOf(b);
  return !!blocs && (blocs.bribes[b.me] ?? 0) >= 2 && worth(option.to as string) >= VENDETTA_WORTH;
}

/**
 * The chosen attack, as a sneak attack when one is offered on the same system [3B3c]: on its defection
 * turn a defector's bribes are worth nothing at the end [3F4d], and a die fewer for the defender is worth
 * having, so it pays one for every attack on a former ally while they last.
 */
export function withSneak(options: readonly C[], chosen: C | undefined): C | undefined {
  if (chosen?.type !== 'attack' || chosen.bribe !== undefined) return chosen;
  return options.find((o) => o.type === 'attack' && o.bribe === 'sneak' && o.from === chosen.from && o.to === chosen.to) ?? chosen;
}

/**
 * Defection, a free action of the attack stage [3B3c], in war: only when my faction is doomed, about to
 * be wiped out (`doomed`), with my bloc not ahead in the chits and holding fewer systems than the other.
 * A defector never wins [3F4d], and neither does a faction wiped out, so this costs no win: it goes over
 * to the winners to survive as their ally rather than their target (and, on that turn, sneak-attacks its
 * former allies: `withSneak`). Never when the defection would end the game (no former ally holding
 * systems, or my chit the last of my bloc's, a capitulation).
 */
export function freeAction(b: Board, options: readonly C[]): C | undefined {
  const blocs = blocsOf(b);
  const defect = options.find((o) => o.type === 'defect');
  if (!blocs || !defect || blocs.war !== 'war') return undefined;
  const { mine, ours, theirs } = standing(b, blocs);
  const myBloc = blocOf(blocs, b.me);
  const allyLeft = b.view.order.some((f) => f !== b.me && blocOf(blocs, f) === myBloc && b.territoriesOf(f).length > 0);
  return mine > 1 && mine <= blocs.chits.length - mine && theirs > ours && allyLeft && doomed(b) ? defect : undefined;
}

/** About to be wiped out: two systems or fewer, facing more than twice their armies in enemy armies beside them. */
function doomed(b: Board): boolean {
  const mine = b.myTerritories;
  if (mine.length > 2) return false;
  const armies = mine.reduce((sum, t) => sum + b.armies(t), 0);
  const facing = new Set(mine.flatMap((t) => b.enemiesAround(t)));
  return [...facing].reduce((sum, t) => sum + b.armies(t), 0) > 2 * armies;
}

/**
 * A truce [3F3], bought where it stops a war about to be lost (`warAtStake`), and only once the turn's
 * attacks are over (`chosen` ends them): a victorious attack of mine may still turn a chit, and a truce
 * bought before attacking freezes the chit race where it stands. Measured on the same seeds (docs/
 * rules.md), a truce bought before attacking cost its buyer wins; one bought after them did not.
 */
export function withTruce(b: Board, options: readonly C[], chosen: C | undefined): C | undefined {
  if (chosen?.type !== 'end-attacks' || !warAtStake(b)) return chosen;
  return options.find((o) => o.type === 'truce') ?? chosen;
}

/** Which system a defector cedes [3B3c]: the one with the fewest armies, and the fewest friends beside it. */
export function cedeChoice(b: Board, decision: Decision<FactionId>): C | undefined {
  let best: C | undefined;
  let bestScore = Infinity;
  for (const o of decision.options) {
    const t = o.territory as string;
    const score = b.armies(t) * 10 + b.neighbours(t).filter((n) => b.mine(n)).length;
    if (score < bestScore) (bestScore = score), (best = o);
  }
  return best;
}
