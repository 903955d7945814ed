/**
 * The pending decision as the map plays it (the board's `dests`, after Chessground's): for each stack that
 * can act, where it may go, each destination with the commands that take it there and its odds; and the
 * decision list grouped by star system, then stack, sorted, identical choices merged, for the keyboard.
 *
 * The board decides nothing: every destination here is the engine's (`groupDestinations`, the decision's
 * own `move-to` and placing options), and every command the map sends is checked against the pending
 * decision as it is answered (PlayEngine.answerMany), so nothing illegal is reached and nothing legal is
 * out of reach (the grouped list holds every option).
 */
import type { Command, Decision, Game } from '../../core/engine/types';
import type { SideId } from '../../core/content/schema';
import { environOf, kindOf, planetOfEnviron, refOf } from '../../core/world/world';
import { nameOf } from '../../core/names';
import { groupDestinations, isShip } from '../../../systems/rebels-vs-empire/movement';
import { driftingStacks, systemOfEnviron } from '../../../systems/rebels-vs-empire/hyperjump';
import { sideOf } from '../../../systems/rebels-vs-empire/sides';
import { describeOption, entityName } from '../describe';
import { moveFacts } from '../option-facts';
import { targetMovers } from './targets';
import type { Dest, Mover } from './types';
import { driftPlace } from '../drift-place';


/** Pieces of a stack as one group may take them: every piece but a second ship [9.56]. */
function asGroup(game: Game, pieces: number[]): number[] {
  const out: number[] = [];
  let ship = false;
  for (const p of pieces) {
    if (isShip(game, p)) {
      if (ship) continue;
      ship = true;
    }
    out.push(p);
  }
  return out;
}

function stackLabel(game: Game, pieces: number[], side: SideId): string {
  const names = pieces.map((p) => entityName(game, p, side));
  const counted = new Map<string, number>();
  for (const n of names) counted.set(n, (counted.get(n) ?? 0) + 1);
  return [...counted].map(([n, k]) => (k > 1 ? `${k}× ${n}` : n)).join(', ');
}

/**
 * Where the pieces `pieces` (one environ's, of the deciding side) may go as one stack, from the movement
 * decision (pick them, then move) or the move-group decision (pick those not yet in the group, then move).
 */
export function stackDests(game: Game, decision: Decision, pieces: number[]): Dest[] {
  const side = decision.side;
  const inGroup = decision.kind === 'move-group' && Array.isArray(decision.context?.group) ? (decision.context.group as number[]) : [];
  const group = asGroup(game, [...inGroup, ...pieces.filter((p) => !inGroup.includes(p))]);
  if (!group.length) return [];
  const from = environOf(game.world, group[0] as number);
  const picks: Command[] = group.filter((p) => !inGroup.includes(p)).map((piece) => ({ type: 'pick', side, piece }));
  return groupDestinations(game, group).map((to) => {
    const facts = moveFacts(game, side, group, from, to);
    return { place: refOf(game.world, to), label: entityName(game, to), odds: facts.detail, warning: facts.warning, commands: [...picks, { type: 'move-to', side, to }] };
  });
}

/**
 * The movers of a decision: in the movement decision each environ's pickable pieces as one stack; in the
 * move-group decision the group in hand; with each one's destinations. Other decisions: their targets on
 * the map (attack, search, placing, missions, domino planets, reaction), as one held pick (targets.ts).
 */
export function movers(game: Game, decision: Decision): Mover[] {
  const side = decision.side;
  if (decision.kind === 'move-group') {
    const group = (decision.context?.group as number[] | undefined) ?? [];
    if (!group.length) return [];
    const at = environOf(game.world, group[0] as number);
    const dests = decision.options
      .filter((o) => o.type === 'move-to')
      .map((o) => {
        const facts = moveFacts(game, side, group, at, o.to as number);
        return { place: refOf(game.world, o.to as number), label: entityName(game, o.to as number), odds: facts.detail, warning: facts.warning, commands: [o] };
      });
    return [{ place: refOf(game.world, at), pieces: group, names: group.map((p) => entityName(game, p, side)), take: group, label: stackLabel(game, group, side), dests, held: true }];
  }
  if (decision.kind !== 'movement') return targetMovers(game, decision);
  const byEnviron = new Map<number, number[]>();
  for (const o of decision.options) {
    if (o.type !== 'pick' || typeof o.piece !== 'number') continue;
    const env = environOf(game.world, o.piece);
    byEnviron.set(env, [...(byEnviron.get(env) ?? []), o.piece]);
  }
  const out: Mover[] = [];
  for (const [env, pieces] of byEnviron) {
    const group = asGroup(game, pieces);
    // the whole stack, else the most of it that can go somewhere together [9.5, 9.56]: its ship first, with as many as it can carry
    const ordered = [...group.filter((p) => isShip(game, p)), ...group.filter((p) => !isShip(game, p))];
    let take = ordered;
    let dests = stackDests(game, decision, take);
    for (let n = ordered.length - 1; !dests.length && n >= 1; n--) {
      take = ordered.slice(0, n);
      dests = stackDests(game, decision, take);
    }
    out.push({ place: refOf(game.world, env), pieces: ordered, names: ordered.map((p) => entityName(game, p, side)), take, label: stackLabel(game, ordered, side), dests });
  }
  return [...out, ...adrift(game, decision)];
}

/**
 * [5.22] stacks adrift after a hyperjump, each drawn on its drift area's ring with where it may go: from
 * the sun's drift area the environs the decision's `leave-drift` options name, each with the detection
 * odds of the landing (option-facts' landingFacts); from the outer drift area on to the sun's drift area,
 * a destination on that ring.
 */
function adrift(game: Game, decision: Decision): Mover[] {
  const side = decision.side;
  const w = game.world;
  const out: Mover[] = [];
  for (const stack of driftingStacks(game, side, (eid) => sideOf(game, eid))) {
    const system = refOf(w, stack.system);
    const leave = decision.options.filter((o) => o.type === 'leave-drift' && o.system === stack.system && (o.outer === true) === stack.outer);
    if (!leave.length) continue;
    const dests = leave.map((o) => {
      const info = describeOption(game, o, decision);
      if (stack.outer) return { place: driftPlace(system, false), label: info.label, odds: info.detail, warning: info.warning, commands: [o], mark: `→ ${nameOf(game, stack.system)}'s sun · drift area` };
      return { place: refOf(w, o.to as number), label: info.label, odds: info.detail, warning: info.warning, commands: [o], mark: `→ ${entityName(game, o.to as number).replace(/ \(.*\)$/, '')}` };
    });
    const place = driftPlace(system, stack.outer);
    out.push({
      place,
      at: place,
      pieces: stack.pieces,
      names: stack.pieces.map((p) => entityName(game, p, side)),
      take: stack.pieces,
      whole: true,
      label: `${stackLabel(game, stack.pieces, side)}, adrift in ${nameOf(game, stack.system)}'s ${stack.outer ? 'outer drift area' : "sun's drift area"}`,
      dests,
    });
  }
  return out;
}
