/**
 * Healing [13.7-13.72].
 *
 * [13.71] A wounded character who does nothing for his owner's whole player-turn heals all his wounds at
 * its end. "Doing something" is: going on a mission (`wentOnMissionThisTurn`), guarding a prisoner, and
 * what other systems report through `markBusy`: moving on his own or piloting a spaceship (movement.ts,
 * `markMoversBusy`), leading units in military combat (military-combat.ts), fighting a character combat
 * (character-combat.ts). A passenger in a spaceship, or a character moved with military units, is
 * carried: that is not doing something.
 *
 * [13.72] At the beginning of the Rebel player-turn, before anything else, the healer heals every wounded
 * Rebel stacked with him (himself too), and a character holding a possession that heals is healed.
 *
 * Both run from `refreshHealing` (ruleset.refresh, after every change): it notes who is busy while his
 * side is phasing, and when a segment has just ended it closes the player-turn that ended and opens the
 * next. `beginPlayerTurn` is exported so a movement segment may also call it first thing; it runs once
 * per player-turn however often it is called.
 */
import { hasComponent } from 'bitecs';
import type { SideId } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Game } from '../../src/core/engine/types';
import { allOf, environOf, guardedPieces, guardOf, refOf, touch } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { isGuarding } from './capture';
import { wentOnMissionThisTurn } from './missions';
import { afterPossessionUse, possessionCard, workingPossessions } from './possessions';
import { charactersIn, isFreeCharacter, phasing, sideOf } from './sides';

function busyList(game: Game): number[] {
  return (game.vars.busy as number[] | undefined) ?? [];
}

/** [13.71] this character did something in his own player-turn and will not heal at its end. */
export function markBusy(game: Game, character: number, _reason: string): void {
  if (phasing(game) !== sideOf(game, character)) return; // only his own player-turn counts
  const busy = busyList(game);
  if (!busy.includes(character)) busy.push(character);
  game.vars.busy = busy;
}

export function isBusy(game: Game, character: number): boolean {
  return busyList(game).includes(character);
}

/**
 * [13.71] who of a stack that just moved did something: on foot, every character moved himself; in a
 * spaceship, its pilot (`pilot`, the holder aboard) flew it and the others are passengers; with military
 * units, the stack is moved by the units' rules [9.52, 9.55] and every character in it is carried.
 */
export function markMoversBusy(game: Game, characters: number[], hasUnits: boolean, ship: number, pilot: number): void {
  if (hasUnits) return;
  for (const ch of characters) if (!ship || ch === pilot) markBusy(game, ch, ship ? 'piloted a spaceship' : 'moved');
}

/** Heal `ch` of every wound; `healer` is the character tending him, if any (the cause names him). */
function heal(game: Game, ch: number, rule: string, cause: string, healer = 0): void {
  const c = game.world.c;
  if (!(c.Wounds.value[ch] as number)) return;
  c.Wounds.value[ch] = 0;
  touch(game.world, ch);
  // [9.31] the enemy hears of it only if he can see him, and the healer's name only if he can see him too
  const seen = (who: number) => hasComponent(game.world, who, c.Detected);
  const why = healer && !seen(healer) && seen(ch) ? 'tended by a friend' : cause;
  emit(game, { kind: 'healed', text: `${nameOf(game, ch)} is healed of all wounds (${why}).`, rule, visibleTo: seen(ch) ? 'all' : sideOf(game, ch), entities: [ch] });
}

/** [13.71] at the end of a side's player-turn, its idle wounded characters heal. */
export function healIdle(game: Game, side: SideId): void {
  const c = game.world.c;
  for (const ch of allOf(game.world, 'character')) {
    if (sideOf(game, ch) !== side || !isFreeCharacter(game, ch) || !(c.Wounds.value[ch] as number)) continue;
    if (isBusy(game, ch) || isGuarding(game, ch) || wentOnMissionThisTurn(game, ch)) continue;
    heal(game, ch, '[13.71]', 'rested the whole player-turn');
  }
  game.vars.busy = [];
}

/** [13.72] the start of a player-turn: for the Rebel, the healer and healing possessions work first. */
export function beginPlayerTurn(game: Game, side: SideId, turn: number = game.turn): void {
  const key = `${turn}:${side}`;
  if (game.vars.playerTurnBegun === key) return;
  game.vars.playerTurnBegun = key;
  game.vars.busy = [];
  if (side !== 'rebel') return;
  const w = game.world;
  for (const ch of allOf(w, 'character')) {
    if (sideOf(game, ch) !== 'rebel' || !isFreeCharacter(game, ch)) continue;
    const card = game.content.characters.get(refOf(w, ch));
    if (card?.abilities.includes('healer'))
      for (const friend of charactersIn(game, environOf(w, ch), 'rebel')) heal(game, friend, '[13.72]', `tended by ${nameOf(game, ch)}`, ch);
  }
  for (const ch of allOf(w, 'character')) {
    if (sideOf(game, ch) !== 'rebel' || !isFreeCharacter(game, ch) || !(w.c.Wounds.value[ch] as number)) continue;
    const kit = workingPossessions(game, ch).find((p) => possessionCard(game, p).effects.heals);
    if (kit === undefined) continue;
    heal(game, ch, '[13.72]', possessionCard(game, kit).name);
    afterPossessionUse(game, kit); // [14.22] a used possession may fail
  }
}

/** Run after every change (ruleset.refresh). */
export function refreshHealing(game: Game): void {
  const side = phasing(game);
  // (with no prisoner anywhere, nobody guards: the usual case, after every change)
  const w = game.world;
  const prisoners = guardedPieces(w);
  if (side && prisoners.length) {
    // [13.71] guarding in his own player-turn is doing something (moving is reported by movement.ts:
    // not every piece tagged `Moved` moved himself). The guards are read off the few prisoners (each has
    // one), not asked of every character: this runs after every change while anyone is held.
    const guards = prisoners.map((p) => guardOf(w, p));
    for (const ch of w.byKind.character ?? []) {
      if (!guards.includes(ch) || sideOf(game, ch) !== side || !isFreeCharacter(game, ch)) continue;
      markBusy(game, ch, 'guarding');
    }
  }
  // A segment has just ended when its frame is gone: close the player-turn it ended, open the next.
  if (game.stack.length || game.interrupts.length) return;
  const key = `${game.turn}:${game.segment}`;
  if (game.vars.segmentClosed === key) return;
  game.vars.segmentClosed = key;
  const { sequence } = game.ruleset;
  const wraps = game.segment + 1 >= sequence.length;
  const next = sequence[wraps ? 0 : game.segment + 1];
  if (side && next?.player !== side) healIdle(game, side);
  if (next?.player && next.player !== side) beginPlayerTurn(game, next.player, wraps ? game.turn + 1 : game.turn);
}
