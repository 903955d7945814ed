/**
 * [strategic assignment] the galactic Empire's order from the Throne, as both sides may read it (it is
 * public, galactic-events.ts): its goal, the planets it names, the turns left to its deadline, where it
 * stands now (judged by the rule's own `assignmentMet`) and what it gains or costs in Chaos.
 */
import type { Game } from '../core/engine/types';
import { LOYALTIES, PLANET_STATES } from '../core/content/schema';
import { refOf } from '../core/world/world';
import { nameOf } from '../core/names';
import { assignmentInHand, assignmentMet, planetsIn } from '../../systems/rebels-vs-empire/galactic-events';
import { unitsOnPlanet } from '../../systems/rebels-vs-empire/sides';

export interface AssignmentFacts {
  name: string;
  text: string;
  /** The game-turn at whose interphase it is judged, and the turns left until then (this one counted). */
  deadline: number;
  turnsLeft: number;
  /** Its planets (content ids) with how each stands against the goal. */
  planets: { id: string; name: string; ok: boolean; note: string }[];
  /** Whether the goal is met now (as it would be judged). */
  met: boolean;
  /** Chaos Index change when carried out (≤ 0) and when failed (≥ 0). */
  success: number;
  failure: number;
}

export function assignmentFacts(game: Game): AssignmentFacts | null {
  const inHand = assignmentInHand(game);
  if (!inHand) return null;
  const { card, held } = inHand;
  const c = game.world.c;
  const planets = planetsIn(game, card.goal.where).map((p) => {
    const state = PLANET_STATES[c.PlanetState.value[p] as number] ?? '';
    const loyalty = LOYALTIES[c.Loyalty.value[p] as number] ?? '';
    const risen = state === 'rebellion' || state === 'rebel-control';
    let ok = true;
    let note = `${loyalty}${risen ? `, ${state.replace('-', ' ')}` : ''}`;
    if (card.goal.kind === 'no-rising' || card.goal.kind === 'fewer-risings') ok = !risen;
    else if (card.goal.kind === 'no-unrest') ok = loyalty !== 'unrest';
    else if (card.goal.kind === 'garrison') {
      const units = unitsOnPlanet(game, p, 'imperial').length;
      ok = units >= (card.goal.units ?? 1);
      note += `, ${units} of ${card.goal.units ?? 1} Imperial units`;
    }
    return { id: refOf(game.world, p), name: nameOf(game, p), ok, note };
  });
  return {
    name: card.name,
    text: card.text,
    deadline: held.deadline,
    turnsLeft: Math.max(0, held.deadline - game.turn + 1),
    planets,
    met: assignmentMet(game, card, held),
    success: card.success,
    failure: card.failure,
  };
}
