/**
 * Rebel camps [13.2]: founded by a completed Start Rebel Camp (B) mission. A camp counts as a character
 * for mission purposes and may perform C, D, F, I, S and T; it never receives bonus draws, is never
 * affected by action card events, never moves, holds at most one per environ, and no character joins
 * its missions. The camp is an entity of kind `camp` with the `RebelCamp` tag, standing in its environ.
 */
import { hasComponent } from 'bitecs';
import { emit } from '../../src/core/engine/game';
import type { Game } from '../../src/core/engine/types';
import { occupants, occupantsView, place, spawn, tag, touch, untag } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { sideIndexOf } from './sides';

/** The rebel camp standing in an environ, or 0. */
export function campIn(game: Game, environ: number): number {
  const w = game.world;
  return occupantsView(w, environ).find((e) => w.kinds[e] === 'camp' && hasComponent(w, e, w.c.RebelCamp)) ?? 0;
}

/** [13.2] found a camp in the environ; only one per environ. Returns the camp, or 0 if one was there already. */
export function foundRebelCamp(game: Game, environ: number): number {
  if (campIn(game, environ)) return 0; // [13.2] at most one rebel camp in an environ
  const w = game.world;
  const camp = spawn(w, 'camp');
  tag(w, camp, w.c.RebelCamp);
  tag(w, camp, w.c.Owner);
  w.c.Owner.side[camp] = sideIndexOf(game, 'rebel');
  touch(w, camp);
  place(w, camp, environ);
  emit(game, {
    kind: 'rebel-camp',
    text: `A rebel camp is founded at ${nameOf(game, environ)}.`,
    rule: '[13.2]',
    visibleTo: 'all',
    entities: [camp, environ],
  });
  return camp;
}
