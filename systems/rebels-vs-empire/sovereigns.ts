/**
 * Sovereigns and mission E, Summon Sovereign [5.3I, 13.2], in the province and galactic games only:
 * "the sovereign has no effect on the star system game" [5.3I], and "the presence of a Sovereign may
 * affect the diplomacy mission" [13.2]. The rules say no more; what we built (docs/rules.md, "Mission E,
 * Summon Sovereign"):
 *
 * - An environ may name a sovereign (`galaxy.json`, at most one a planet). He stays on his planet; the
 *   mission wins his favour: he stands at the court of the side that summoned him.
 * - While he stands at a side's court, that side's Diplomacy missions anywhere on his planet take
 *   `SOVEREIGN_DIPLOMACY_DRAWS` more bonus draws [13.6]; the other side's take none from him.
 * - He leaves a court when the other side summons him to its own, and when his planet rises in
 *   rebellion or falls under Rebel control (he lends his voice to talks, not to war): then he stands
 *   with nobody until summoned again.
 *
 * Who holds each sovereign's favour lives in `game.vars.sovereignCourts` (environ content id to side),
 * so it is saved (a save replays its commands), copied and hashed as all the game's state is, and shown
 * to both sides (`viewFor`): it is public.
 */
import type { SideId } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Game, Json } from '../../src/core/engine/types';
import { nameOf } from '../../src/core/names';
import { environsOf, planetOfEnviron, refOf } from '../../src/core/world/world';

/**
 * [13.2, 13.6] bonus draws a sovereign gives his court's Diplomacy missions on his planet: as many as a
 * patriotic planet takes from the Rebel's [13.2], so a sovereign's word weighs as much as the people's
 * loyalty (with a D letter on about one card in eight, about a quarter of a loyalty shift a mission).
 */
export const SOVEREIGN_DIPLOMACY_DRAWS = 2;

/** Environ content id to the side at whose court its sovereign stands. */
type Courts = Record<string, SideId>;

function courts(game: Game): Courts {
  return (game.vars.sovereignCourts as Courts | undefined) ?? {};
}

/** [5.3I] sovereigns have no effect in the star-system game: there, there are none [13.2]. */
export function sovereignsInPlay(game: Game): boolean {
  return game.scenario.kind !== 'star-system';
}

/** [5.3I] the name of the sovereign ruling this environ, or null where it names none (or in the star-system game). */
export function sovereignOf(game: Game, environ: number): string | null {
  if (!sovereignsInPlay(game)) return null;
  return game.content.environs.get(refOf(game.world, environ))?.sovereign ?? null;
}

/** The side at whose court the environ's sovereign stands, or null (none summoned him, or he left). */
export function courtOf(game: Game, environ: number): SideId | null {
  return courts(game)[refOf(game.world, environ)] ?? null;
}

/** [13.2 E] the performer may summon the environ's sovereign: there is one, and he is not already at the performer's court. */
export function maySummon(game: Game, environ: number, side: SideId): boolean {
  return sovereignOf(game, environ) !== null && courtOf(game, environ) !== side;
}

/** [13.2 E] the mission succeeds: the sovereign comes to the side's court (from the other side's, if he stood there). */
export function summonSovereign(game: Game, environ: number, side: SideId): void {
  const name = sovereignOf(game, environ);
  if (name === null || courtOf(game, environ) === side) return;
  const from = courtOf(game, environ);
  game.vars.sovereignCourts = { ...courts(game), [refOf(game.world, environ)]: side } as unknown as Json;
  const court = side === 'rebel' ? "the Rebel's court" : 'the Imperial court';
  emit(game, {
    kind: 'sovereign',
    text: `${name}, who rules ${nameOf(game, environ)}, comes to ${court}${from ? ` from the ${from === 'rebel' ? "Rebel's" : 'Imperial'}` : ''}: ${side === 'rebel' ? 'Rebel' : 'Imperial'} Diplomacy on ${nameOf(game, planetOfEnviron(game.world, environ))} takes ${SOVEREIGN_DIPLOMACY_DRAWS} more bonus draws.`,
    rule: '[13.2]',
    visibleTo: 'all',
    entities: [environ],
  });
}

/**
 * [13.2, 13.6] the bonus draws the sovereigns of a planet give a side's Diplomacy mission there: one
 * standing at that side's court gives them, whichever environ of the planet he rules (a planet has at
 * most one sovereign, so they never add up).
 */
export function sovereignDiplomacyDraws(game: Game, side: SideId, planet: number): number {
  if (!sovereignsInPlay(game)) return 0;
  return environsOf(game.world, planet).some((environ) => sovereignOf(game, environ) !== null && courtOf(game, environ) === side) ? SOVEREIGN_DIPLOMACY_DRAWS : 0;
}

/**
 * The planet rises in rebellion or falls under Rebel control: its sovereign leaves whichever court he
 * stands at (ours: a sovereign lends his voice to talks, not to war) and may be summoned again later.
 */
export function sovereignsLeave(game: Game, planet: number, cause: string): void {
  const held = courts(game);
  const leaving = environsOf(game.world, planet).filter((environ) => held[refOf(game.world, environ)] !== undefined);
  if (!leaving.length) return;
  const left = { ...held };
  for (const environ of leaving) {
    const side = held[refOf(game.world, environ)] as SideId;
    delete left[refOf(game.world, environ)];
    emit(game, {
      kind: 'sovereign-leaves',
      text: `${sovereignOf(game, environ) ?? 'The sovereign'}, who rules ${nameOf(game, environ)}, leaves the ${side === 'rebel' ? "Rebel's" : 'Imperial'} court: ${nameOf(game, planet)} ${cause}.`,
      rule: '[13.2]',
      visibleTo: 'all',
      entities: [environ],
    });
  }
  game.vars.sovereignCourts = left as unknown as Json;
}
