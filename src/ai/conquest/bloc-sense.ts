/**
 * What `normal` and `hard` make of bloc politics [003], from the view alone: attack enemies, not allies,
 * unless a vendetta pays [3D1]; push the chits while the war is on [3B3a]; defect when their bloc is
 * losing [3B3c]; buy a truce only when the war is all but lost [3F3]. In a game without blocs nothing
 * here answers, and the agents play as before.
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

/** A conquest of `t` now flips a chit [3B3a]: the war is on, no flip yet this turn, an enemy holds it. */
export function flipsChit(b: Board, t: string): boolean {
  const blocs = blocsOf(b);
  return !!blocs && blocs.war === 'war' && !blocs.flippedThisTurn && b.hostile(t);
}

/**
 * Whether an attack option is one to consider: a plain attack always; a vendetta on an ally only when
 * its target is worth `VENDETTA_WORTH` and a bribe is left after paying [3D1]; a sneak attack never (the
 * plain attack on the same system is offered beside it, and a die fewer for the defender seldom pays a
 * bribe).
 */
export function attackAllowed(b: Board, option: C, worth: (t: string) => number): boolean {
  if (option.type !== 'attack' || option.bribe === undefined) return true;
  if (option.bribe === 'sneak') return false;
  const blocs = blocsOf(b);
  return !!blocs && (blocs.bribes[b.me] ?? 0) >= 2 && worth(option.to as string) >= VENDETTA_WORTH;
}

/**
 * The free actions of the attack stage [3B3c, 3F3]: defect when my bloc shows two chits or fewer and
 * holds fewer systems than the other (the war is being lost, and a member of the winners may still lead
 * them: docs/rules.md); buy a truce when it shows one chit and I cannot defect.
 */
export function freeAction(b: Board, options: readonly C[]): C | undefined {
  const blocs = blocsOf(b);
  if (!blocs || blocs.war !== 'war') return undefined;
  const { mine, ours, theirs } = standing(b, blocs);
  const defect = options.find((o) => o.type === 'defect');
  if (defect && mine <= 2 && theirs > ours) return defect;
  const truce = options.find((o) => o.type === 'truce');
  if (truce && mine <= 1) return truce;
  return undefined;
}

/** Which system a defector cedes [3B3c]: the one with the fewest armies, and the fewest friends beside it. */
export function cedeChoice(b: Board, decision: Decision<FactionId>): C | undefined {
  let best: C | undefined;
  let bestScore = Infinity;
  for (const o of decision.options) {
    const t = o.territory as string;
    const score = b.armies(t) * 10 + b.neighbours(t).filter(b.mine).length;
    if (score < bestScore) (bestScore = score), (best = o);
  }
  return best;
}
