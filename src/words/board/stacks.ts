/**
 * [9.0-9.57, issue 53] Stacks on the board, as a player spreads a stack on the table: in the movement
 * decision each environ's pieces the deciding side may pick are one stack, opened into its counters (each
 * piece's kind and ratings); a click takes a counter in or out of the pick, and the engine says where the
 * pick may go (`pickFacts`), and of every other counter whether it can go with the pick, or the rule that
 * stops it (the movement rule's own checks, `groundedBy` and `keptOnPlanetBy`, never a second copy). A ship
 * shows its seats, used and free [9.56, 14.57]. The move-group decision (a stack the game holds in hand,
 * picked from the list) is the same stack, held. Stacks adrift after a hyperjump stand on their drift
 * area's ring and go whole [5.22].
 *
 * The board decides nothing: every destination is the engine's (`groupDestinations`, the decision's own
 * `move-to` and `leave-drift` options), and every command the map sends is checked against the pending
 * decision as it is answered (PlayEngine.answerMany), so nothing illegal is reached and nothing legal is
 * out of reach.
 */
import type { Command, Decision, Game } from '../../core/engine/types';
import type { SideId } from '../../core/content/schema';
import { environOf, holderOf, refOf } from '../../core/world/world';
import { nameOf } from '../../core/names';
import { groundedBy, groundedReason, groupDestinations, groupParts, hasDestination, isShip, keptOnPlanetBy } from '../../../systems/rebels-vs-empire/movement';
import { driftingStacks } from '../../../systems/rebels-vs-empire/hyperjump';
import { passengerCount } from '../../../systems/rebels-vs-empire/stacking';
import { isUnit, sideOf } from '../../../systems/rebels-vs-empire/sides';
import { describeOption, entityName } from '../describe';
import { moveFacts } from '../option-facts';
import type { Dest, Mover, PickFacts } from './types';
import { counterOf } from './counters';
import { driftPlace } from '../drift-place';

/** Pieces of a stack as one group may take them: every piece but a second ship [9.54, 14.57]. */
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

/** Ships first, then characters, then units: a ship and its passengers lead the counters. */
function ordered(game: Game, pieces: number[]): number[] {
  const rank = (p: number) => (isShip(game, p) ? 0 : isUnit(game, p) ? 2 : 1);
  return [...pieces].sort((a, b) => rank(a) - rank(b));
}

/**
 * The pick a stack opens with, from the rules alone (nothing of last turn's pick comes back): all of it
 * when all of it may go wherever any part of it could (it flies together, or none of it could leave the
 * planet anyway); else, when the units that never leave their planet (Militia [7.21], the Rebel's 1-0
 * [7.3]) are all that keep the rest at home, the rest, which may fly; else nothing, and the player picks
 * its counters (two ships [9.54], a ship over its seats [9.56], a stack too big for every environ [9.5]).
 */
export function openingPick(game: Game, pieces: number[]): number[] {
  if (!pieces.length || !hasDestination(game, pieces)) return [];
  const flies = (group: number[]) => asGroup(game, group).length === group.length && groundedBy(game, groupParts(game, group)) === null && keptOnPlanetBy(game, groupParts(game, group)) === null;
  if (asGroup(game, pieces).length === pieces.length && (pieces.length === 1 || keptOnPlanetBy(game, groupParts(game, pieces)) === null)) return pieces;
  const w = game.world;
  const roaming = pieces.filter((p) => !isUnit(game, p) || w.c.Unit.mobile[p] === 1);
  if (roaming.length && roaming.length < pieces.length && flies(roaming) && hasDestination(game, roaming)) return roaming;
  // kept on its planet by nothing that could go without the rest (characters without a ship): all of it walks together
  const parts = groupParts(game, pieces);
  const farther = parts.ship !== 0 || parts.units.some((u) => w.c.Unit.mobile[u] === 1);
  return farther || asGroup(game, pieces).length < pieces.length ? [] : pieces;
}

/**
 * Where the pieces `pieces` (one environ's, of the deciding side) may go as one stack, from the movement
 * decision (pick them, then move) or the move-group decision (pick those not yet in the group, then move).
 */
export function stackDests(game: Game, decision: Decision, pieces: number[]): Dest[] {
  const side = decision.side;
  const inGroup = heldGroup(decision);
  const group = asGroup(game, [...inGroup, ...pieces.filter((p) => !inGroup.includes(p))]);
  if (!group.length) return [];
  const from = environOf(game.world, group[0] as number);
  const picks: Command[] = group.filter((p) => !inGroup.includes(p)).map((piece) => ({ type: 'pick', side, piece }));
  return groupDestinations(game, group).map((to) => {
    const facts = moveFacts(game, side, group, from, to);
    return { place: refOf(game.world, to), label: entityName(game, to), odds: facts.detail, warning: facts.warning, commands: [...picks, { type: 'move-to', side, to }] };
  });
}

/** The group a move-group decision holds in hand (none in the movement decision). */
function heldGroup(decision: Decision): number[] {
  return decision.kind === 'move-group' && Array.isArray(decision.context?.group) ? (decision.context.group as number[]) : [];
}

/** The pieces of the stack at `place` the decision lets the side pick (and, held, those in hand). */
export function stackPieces(game: Game, decision: Decision, place: string): number[] {
  const w = game.world;
  const picks = decision.options.filter((o) => o.type === 'pick' && typeof o.piece === 'number' && refOf(w, environOf(w, o.piece)) === place).map((o) => o.piece as number);
  return ordered(game, [...heldGroup(decision), ...picks]);
}

/**
 * What a pick of the stack at `place` can do (the engine's answer to a click on a counter): where it may
 * go, or why it may go nowhere, and of every other counter of the stack whether it can go with the pick,
 * or the rule that stops it: one that grounds the stack (a second ship [9.54, 14.57], no seat left [9.56,
 * 14.57], a ship whose pilot is elsewhere [9.55]) or keeps on its planet a pick that could leave it
 * (Militia [7.21], characters without a ship [9.0]). A ship's pilot standing in the stack counts as one
 * click away: a passenger picked before him is not turned away for want of a pilot. With nothing picked,
 * whether each could go somewhere alone (with its pilot, for a ship).
 */
export function pickFacts(game: Game, decision: Decision, place: string, pieces: number[]): PickFacts {
  const stack = stackPieces(game, decision, place);
  const pick = [...new Set([...heldGroup(decision), ...pieces])].filter((p) => stack.includes(p));
  const dests = pick.length ? stackDests(game, decision, pick) : [];
  const w = game.world;
  // a group with its ship's pilot added, when he stands in the stack and is not in it yet
  const piloted = (group: number[]) => {
    const ship = group.find((p) => isShip(game, p));
    const pilot = ship ? holderOf(w, ship) : 0;
    return pilot && stack.includes(pilot) && !group.includes(pilot) ? [...group, pilot] : group;
  };
  const pickParts = groupParts(game, piloted(pick));
  const flies = pick.length > 0 && groundedBy(game, pickParts) === null && keptOnPlanetBy(game, pickParts) === null;
  const others = stack
    .filter((p) => !pick.includes(p))
    .map((piece) => {
      if (pick.some((p) => isShip(game, p)) && isShip(game, piece)) return { piece, joins: false, why: 'a spaceship cannot carry another: each moves as a stack of its own [9.54, 14.57]' };
      const group = piloted([...pick, piece]);
      const parts = groupParts(game, group);
      const grounded = groundedBy(game, parts);
      if (grounded) return { piece, joins: false, why: grounded };
      const kept = flies ? keptOnPlanetBy(game, parts) : null;
      if (kept) return { piece, joins: false, why: `${kept}: with it the stack stays on its planet` };
      if (hasDestination(game, group)) return { piece, joins: true };
      return { piece, joins: false, why: pick.length ? 'with it the stack is too big for every environ within reach [9.5]' : (keptOnPlanetBy(game, parts) ?? 'no environ within reach has room for it [9.5]') };
    });
  const facts: PickFacts = { place, pieces: pick, dests, others };
  if (pick.length && !dests.length) facts.stuck = groundedReason(game, pick);
  const ship = pick.find((p) => isShip(game, p));
  if (ship) facts.seats = { ship, used: passengerCount(game, groupParts(game, pick).characters), of: w.c.Spaceship.passengers[ship] as number };
  return facts;
}

/** The place's name on a marker: "Tollis 1", not "Tollis 1 (urban)". */
function short(game: Game, eid: number): string {
  return entityName(game, eid).replace(/ \(.*\)$/, '');
}

/**
 * [9.0, 14.51, 12.81, 15.61] the movement decision's other choices: a ship's helm handed to another
 * character, a prisoner handed to another guard (each with the stack it stands in, or at its place when
 * that stack has nothing to move), a PDB put up (at its planet).
 */
function movementChoices(game: Game, decision: Decision): { at: Map<string, Dest[]>; deeds: Dest[] } {
  const w = game.world;
  const at = new Map<string, Dest[]>();
  const deeds: Dest[] = [];
  for (const o of decision.options) {
    const info = () => describeOption(game, o, decision);
    if (o.type === 'assign-ship' || o.type === 'reassign-guard') {
      const piece = (o.type === 'assign-ship' ? o.ship : o.prisoner) as number;
      const env = environOf(w, piece);
      if (!env) continue;
      const place = refOf(w, env);
      const first = (eid: number) => entityName(game, eid, decision.side).split(' ')[0];
      const who = o.type === 'assign-ship' ? `✈ ${first(o.character as number)} takes the helm` : `⊗ ${first(o.guard as number)} guards ${first(piece)}`;
      const i = info();
      at.set(place, [...(at.get(place) ?? []), { place, label: i.label, odds: i.detail, warning: i.warning, commands: [o], mark: who }]);
    } else if (o.type === 'pdb-up') {
      const planet = o.planet as number;
      const env = firstEnvironOf(game, planet);
      if (!env) continue;
      const i = info();
      deeds.push({ place: refOf(w, env), label: i.label, odds: `${i.detail ? `${i.detail}; ` : ''}a PDB that is down is put up during movement [15.61]`, commands: [o], mark: `⊕ Put ${nameOf(game, planet)}'s PDB up` });
    }
  }
  return { at, deeds };
}

function firstEnvironOf(game: Game, planet: number): number {
  const ref = refOf(game.world, planet);
  const e = [...game.content.environs.values()].find((x) => x.planet === ref);
  return e ? (game.world.ids.environ.get(e.id) ?? 0) : 0;
}

/**
 * The stacks of a movement or move-group decision, each with its counters and its opening pick (the
 * destinations of a pick come from `pickFacts`, asked when a counter is clicked), the stacks adrift, and
 * the segment's other choices on the map.
 */
export function stackForm(game: Game, decision: Decision): { movers: Mover[]; deeds: Dest[] } {
  const side = decision.side;
  const w = game.world;
  if (decision.kind === 'move-group') {
    const group = heldGroup(decision);
    if (!group.length) return { movers: [], deeds: [] };
    const at = environOf(w, group[0] as number);
    const pieces = stackPieces(game, decision, refOf(w, at));
    const dests = decision.options
      .filter((o) => o.type === 'move-to')
      .map((o) => {
        const facts = moveFacts(game, side, group, at, o.to as number);
        return { place: refOf(w, o.to as number), label: entityName(game, o.to as number), odds: facts.detail, warning: facts.warning, commands: [o] };
      });
    return {
      movers: [{ place: refOf(w, at), pieces, names: pieces.map((p) => entityName(game, p, side)), counters: pieces.map((p) => counterOf(game, p, side)), take: group, label: stackLabel(game, group, side), dests, held: true }],
      deeds: [],
    };
  }
  const choices = movementChoices(game, decision);
  const byEnviron = new Map<number, number[]>();
  for (const o of decision.options) {
    if (o.type !== 'pick' || typeof o.piece !== 'number') continue;
    const env = environOf(w, o.piece);
    byEnviron.set(env, [...(byEnviron.get(env) ?? []), o.piece]);
  }
  const out: Mover[] = [];
  for (const [env, list] of byEnviron) {
    const pieces = ordered(game, list);
    const place = refOf(w, env);
    const actions = choices.at.get(place);
    choices.at.delete(place);
    const take = openingPick(game, pieces);
    // nothing opens picked: whether any of it could go somewhere at all (a ship whose pilot has gone cannot [9.55])
    const alone = take.length ? [] : pickFacts(game, decision, place, []).others;
    const idle = alone.length && alone.every((o) => !o.joins) ? alone[0]?.why : undefined;
    out.push({
      place,
      pieces,
      names: pieces.map((p) => entityName(game, p, side)),
      counters: pieces.map((p) => counterOf(game, p, side)),
      take,
      label: stackLabel(game, pieces, side),
      dests: [],
      ...(idle ? { idle } : {}),
      ...(actions ? { actions } : {}),
    });
  }
  // a helm or a guard to hand over where nothing is left to move: a one-click choice at its place
  const deeds = [...choices.deeds, ...[...choices.at.values()].flat()];
  return { movers: [...out, ...adrift(game, decision)], deeds };
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
      return { place: refOf(w, o.to as number), label: info.label, odds: info.detail, warning: info.warning, commands: [o], mark: `→ ${short(game, o.to as number)}` };
    });
    const place = driftPlace(system, stack.outer);
    out.push({
      place,
      at: place,
      pieces: stack.pieces,
      names: stack.pieces.map((p) => entityName(game, p, side)),
      counters: stack.pieces.map((p) => counterOf(game, p, side)),
      take: stack.pieces,
      whole: true,
      label: `${stackLabel(game, stack.pieces, side)}, adrift in ${nameOf(game, stack.system)}'s ${stack.outer ? 'outer drift area' : "sun's drift area"}`,
      dests,
    });
  }
  return out;
}
