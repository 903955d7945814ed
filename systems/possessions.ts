/**
 * Possessions [14.0-14.4]: what they give their holder, and what using one costs. Other systems ask
 * here instead of reading possession cards themselves.
 */
import { addComponent, hasComponent, removeComponent } from 'bitecs';
import type { MissionLetterId } from '../src/core/content/schema';
import { emit } from '../src/core/engine/game';
import type { Game } from '../src/core/engine/types';
import { HeldBy } from '../src/core/world/relations';
import { holderOf, possessionsOf, refOf } from '../src/core/world/world';

/** The content card of a possession entity. */
export function possessionCard(game: Game, possession: number) {
  const card = game.content.possessions.get(refOf(game.world, possession));
  if (!card) throw new Error(`entity ${possession} is not a possession`);
  return card;
}

/** Working possessions a character holds (not inoperative, not eliminated). */
export function workingPossessions(game: Game, character: number): number[] {
  const c = game.world.c;
  return possessionsOf(game.world, character).filter(
    (p) => game.world.kinds[p] === 'possession' && !hasComponent(game.world, p, c.Inoperative) && !hasComponent(game.world, p, c.Eliminated),
  );
}

/** [12.41] the combat bonus a Rebel character's possessions give in a combat of this style. */
export function possessionCombatBonus(game: Game, character: number, style: 'hand-to-hand' | 'firefight'): { bonus: number; used: number[] } {
  let bonus = 0;
  const used: number[] = [];
  for (const p of workingPossessions(game, character)) {
    const { combat, combatIn } = possessionCard(game, p).effects;
    if (!combat) continue;
    if (combatIn && combatIn !== 'any' && combatIn !== style) continue;
    bonus += combat;
    used.push(p);
  }
  return { bonus, used };
}

/** [13.6, 14.27] bonus draws a character's possessions give to a mission of this letter. */
export function possessionBonusDraws(game: Game, character: number, letter: MissionLetterId): { draws: number; used: number[] } {
  let draws = 0;
  const used: number[] = [];
  for (const p of workingPossessions(game, character)) {
    const n = possessionCard(game, p).effects.bonusDraws?.[letter] ?? 0;
    if (n > 0) {
      draws += n;
      used.push(p);
    }
  }
  return { draws, used };
}

/**
 * After a possession is used [14.2-14.25]: it is revealed to the enemy [14.2]; "lost after one use"
 * goes back to the possession deck [14.23]; "may become inoperative" rolls a die and, on its faces,
 * becomes inoperative, which in the star-system game means lost [14.22]. Returns true if it is still held.
 */
export function afterPossessionUse(game: Game, possession: number): boolean {
  const w = game.world;
  addComponent(w, possession, w.c.Revealed);
  const card = possessionCard(game, possession);
  const { durability } = card;
  if (durability.kind === 'never-needs-repair') return true; // [14.21]
  if (durability.kind === 'may-become-inoperative') {
    const die = game.rng.d6();
    if (!durability.inoperativeOn.includes(die)) return true;
    emit(game, { kind: 'possession', text: `${card.name} fails (die ${die}) and is lost [14.22].`, rule: '[14.22]', visibleTo: 'all', entities: [possession] });
  } else {
    emit(game, { kind: 'possession', text: `${card.name} is used up [14.23].`, rule: '[14.23]', visibleTo: 'all', entities: [possession] });
  }
  losePossession(game, possession);
  return false;
}

/** [14.24] a lost possession returns to the possession deck (held by nobody, may be found again). */
export function losePossession(game: Game, possession: number): void {
  const w = game.world;
  const holder = holderOf(w, possession);
  if (holder) removeComponent(w, possession, HeldBy(holder));
  removeComponent(w, possession, w.c.Revealed);
  const deck = (game.vars.possessionDeck as string[] | undefined) ?? [];
  const id = refOf(w, possession);
  if (!deck.includes(id)) deck.push(id);
  game.vars.possessionDeck = deck;
}

/** [14.25] a destroyed possession is removed from play for good. */
export function destroyPossession(game: Game, possession: number): void {
  const w = game.world;
  const holder = holderOf(w, possession);
  if (holder) removeComponent(w, possession, HeldBy(holder));
  addComponent(w, possession, w.c.Eliminated);
}

/** [14.11] give a possession to a character. */
export function givePossession(game: Game, possession: number, character: number): void {
  addComponent(game.world, possession, HeldBy(character));
  const deck = (game.vars.possessionDeck as string[] | undefined) ?? [];
  game.vars.possessionDeck = deck.filter((id) => id !== refOf(game.world, possession));
}
