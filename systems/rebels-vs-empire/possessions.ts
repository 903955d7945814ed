/**
 * Possessions [14.0-14.4]: what they give their holder, and what using one costs. Other systems ask
 * here instead of reading possession cards themselves. A spaceship lost or gone for good leaves play
 * here too (`loseShip`), since a lost Rebel ship is a possession going back to the deck [14.24, 14.59].
 */
import { hasComponent } from 'bitecs';
import type { MissionLetterId, SideId } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Command, Frame, Game, Procedure, Step } from '../../src/core/engine/types';
import { allOf, environOf, hold, holderOf, occupants, planetOf, possessionsOf, refOf, release, tag, touch, unplace, untag } from '../../src/core/world/world';
import { controls } from './control';
import { nameOf } from '../../src/core/names';
import { isFreeCharacter, sideOf } from './sides';

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
 * `visibleTo`: who sees the use (a fight the enemy did not witness keeps its die a secret [9.4]).
 */
export function afterPossessionUse(game: Game, possession: number, visibleTo: SideId | 'all' = 'all'): boolean {
  const w = game.world;
  tag(w, possession, w.c.Revealed);
  const card = possessionCard(game, possession);
  const { durability } = card;
  if (durability.kind === 'never-needs-repair') return true; // [14.21]
  if (durability.kind === 'may-become-inoperative') {
    const die = game.rng.d6();
    if (!durability.inoperativeOn.includes(die)) return true;
    if (game.scenario.kind !== 'star-system') {
      // [14.22] in the province and galactic games it is kept, inoperative until repaired
      tag(w, possession, w.c.Inoperative);
      emit(game, { kind: 'possession', text: `${card.name} fails (die ${die}): inoperative until it is repaired [14.22].`, rule: '[14.22]', visibleTo, entities: [possession] });
      return false;
    }
    emit(game, { kind: 'possession', text: `${card.name} fails (die ${die}) and is lost [14.22].`, rule: '[14.22]', visibleTo, entities: [possession] });
  } else {
    emit(game, { kind: 'possession', text: `${card.name} is used up [14.23].`, rule: '[14.23]', visibleTo, entities: [possession] });
  }
  losePossession(game, possession);
  return false;
}

/**
 * [14.22] repairs, in the province and galactic games (the rules say only that an inoperative
 * possession "may be repaired"; how is ours): at the interphase, each inoperative possession whose
 * holder is free on a planet his side controls is repaired, working again from the next game-turn.
 */
export function repairPossessions(game: Game): void {
  if (game.scenario.kind === 'star-system') return;
  const w = game.world;
  for (const possession of allOf(w, 'possession')) {
    if (!hasComponent(w, possession, w.c.Inoperative) || hasComponent(w, possession, w.c.Eliminated)) continue;
    const holder = holderOf(w, possession);
    if (!holder || !isFreeCharacter(game, holder)) continue;
    const planet = planetOf(w, holder);
    const side = sideOf(game, holder);
    if (!planet || !controls(game, side, planet)) continue;
    untag(w, possession, w.c.Inoperative);
    emit(game, { kind: 'possession-repaired', text: `${possessionCard(game, possession).name} is repaired at ${nameOf(game, planet)} [14.22].`, rule: '[14.22]', visibleTo: side, entities: [possession, planet] });
  }
}

/** [14.24] a lost possession returns to the possession deck (held by nobody, may be found again). */
export function losePossession(game: Game, possession: number): void {
  const w = game.world;
  release(w, possession);
  untag(w, possession, w.c.Revealed);
  untag(w, possession, w.c.Inoperative); // found again, it works
  const deck = (game.vars.possessionDeck as string[] | undefined) ?? [];
  const id = refOf(w, possession);
  if (!deck.includes(id)) deck.push(id);
  game.vars.possessionDeck = deck;
}

/** [14.25] a destroyed possession is removed from play for good. */
export function destroyPossession(game: Game, possession: number): void {
  const w = game.world;
  release(w, possession);
  tag(w, possession, w.c.Eliminated);
}

/**
 * [9.31, 14.2] Could the enemy see this ship? When it is detected, or known (`Revealed`, used in his
 * sight) and held by a character he sees (detected, or dead or captured), as the views have it.
 */
function seenByEnemy(game: Game, ship: number, holder: number): boolean {
  const w = game.world;
  const c = w.c;
  if (hasComponent(w, ship, c.Detected)) return true;
  return hasComponent(w, ship, c.Revealed) && holder !== 0 && [c.Detected, c.Dead, c.Captured].some((tagged) => hasComponent(w, holder, tagged));
}

/**
 * Take a spaceship out of play: [14.59] lost (a Rebel possession returns to the deck), or [14.62] gone
 * for good. `holder`: who held it (when the caller has already taken it from him). The enemy hears of
 * the loss only if he could see the ship: else the news would tell him an unseen ship was there.
 */
export function loseShip(game: Game, ship: number, why: string, rule: string, forGood = false, holder = holderOf(game.world, ship)): void {
  const w = game.world;
  const side = sideOf(game, ship);
  const seen = seenByEnemy(game, ship, holder);
  unplace(w, ship);
  untag(w, ship, w.c.Detected);
  untag(w, ship, w.c.Revealed); // [14.2] should it come back into play, it is a secret again
  w.c.Spaceship.damaged[ship] = 0;
  touch(w, ship);
  if (forGood) {
    release(w, ship);
    tag(w, ship, w.c.Eliminated);
  } else if (w.kinds[ship] === 'possession') {
    losePossession(game, ship);
  } else release(w, ship);
  emit(game, { kind: 'ship-lost', text: `The ${side === 'rebel' ? 'Rebel' : 'Imperial'} spaceship ${nameOf(game, ship)} is lost (${why}).`, rule, visibleTo: seen ? 'all' : side, entities: [ship] });
}

/** [14.11] give a possession to a character. */
export function givePossession(game: Game, possession: number, character: number): void {
  hold(game.world, possession, character);
  const deck = (game.vars.possessionDeck as string[] | undefined) ?? [];
  game.vars.possessionDeck = deck.filter((id) => id !== refOf(game.world, possession));
}

// ------------------------------------------------------------------ holding [14.11-14.13]

function isSpaceship(game: Game, p: number): boolean {
  return hasComponent(game.world, p, game.world.c.Spaceship);
}

function isCompanion(game: Game, p: number): boolean {
  return game.world.kinds[p] === 'possession' && possessionCard(game, p).kind === 'companion';
}


/** [14.13] any number of weapons and objects, but one companion and one spaceship per character. */
export function mayHold(game: Game, character: number, possession: number): boolean {
  const held = possessionsOf(game.world, character).filter((p) => p !== possession);
  if (isSpaceship(game, possession)) return !held.some((p) => isSpaceship(game, p));
  if (isCompanion(game, possession)) return !held.some((p) => isCompanion(game, p));
  return true;
}

/**
 * Setup: the possession deck is every possession not held by a character in play at the start [14.24].
 * A ship whose owner is not in play waits in the deck (he gets it back if he enters play and it is
 * still there [14.53]).
 */
export function initPossessionDeck(game: Game): void {
  const w = game.world;
  const deck: string[] = [];
  for (const p of allOf(w, 'possession')) {
    const holder = holderOf(w, p);
    if (holder && isFreeCharacter(game, holder)) continue;
    release(w, p);
    deck.push(refOf(w, p));
  }
  game.vars.possessionDeck = deck;
}

/**
 * [14.53] a character entering play during the game brings his own spaceship if it is not in play
 * (still in the deck). If it is in play, nothing happens: held by another, or standing in an environ
 * held by nobody (left with units when its holder fell [14.55]; it stays there, unheld, to be assigned
 * [14.51] like any ship in play). Returns true if he got it.
 */
export function bringOwnSpaceship(game: Game, character: number): boolean {
  const id = game.content.characters.get(refOf(game.world, character))?.spaceship;
  if (!id) return false;
  const w = game.world;
  const ship = w.ids.possession.get(id) ?? w.ids.ship.get(id);
  if (ship === undefined || hasComponent(w, ship, w.c.Eliminated)) return false;
  const holder = holderOf(w, ship);
  if (holder && holder !== character && isFreeCharacter(game, holder)) return false;
  if (environOf(w, ship)) return false; // [14.53] already in play: no effect
  if (w.kinds[ship] === 'possession') givePossession(game, ship, character);
  else hold(w, ship, character);
  return true;
}

// ------------------------------------------------------------------ spaceships of the fallen [14.55, 14.59, 14.6]

/**
 * [14.55] when a ship's owner is killed or captured, the ship may pass to another free friendly character
 * in the same environ (stacked with him or with friendly units there) who has no ship yet [14.13].
 * [14.6] an Imperial ship only one pilot may fly never passes on.
 */
export function spaceshipReassignOptions(game: Game, ship: number, environ: number): number[] {
  const w = game.world;
  if (!environ || hasComponent(w, ship, w.c.Eliminated)) return [];
  if (w.kinds[ship] === 'ship' && game.content.imperialShips.get(refOf(w, ship))?.onlyPilot) return [];
  const side = game.ruleset.sides[w.c.Owner.side[ship] as number];
  const owner = holderOf(w, ship);
  return occupants(w, environ).filter(
    (ch) => ch !== owner && w.kinds[ch] === 'character' && isFreeCharacter(game, ch) && game.ruleset.sides[w.c.Owner.side[ch] as number] === side && mayHold(game, ch, ship),
  );
}

export function reassignSpaceship(game: Game, ship: number, character: number): void {
  const w = game.world;
  hold(w, ship, character);
  // [9.31, 14.2] the enemy hears who took the ship only if he can see him and knows the ship
  const seen = hasComponent(w, character, w.c.Detected) && hasComponent(w, ship, w.c.Revealed);
  emit(game, { kind: 'possession', text: `${nameOf(game, character)} takes over ${nameOf(game, ship)} [14.55].`, rule: '[14.55]', visibleTo: seen ? 'all' : sideOf(game, character), entities: [ship, character] });
}

/**
 * [14.59] a ship with no friend to take it is lost: a Rebel ship returns to the possession deck [14.24];
 * an Imperial ship leaves play (it may be received again [14.61]), except a ship only its owner may fly,
 * which is removed for good [14.6, 14.62].
 */
export function loseSpaceship(game: Game, ship: number, cause: string): void {
  // off the board too: a sole pilot's ship, removed for good, was left standing where he fell
  const forGood = game.world.kinds[ship] === 'ship' && game.content.imperialShips.get(refOf(game.world, ship))?.onlyPilot != null;
  loseShip(game, ship, cause, '[14.59]', forGood);
}

// ------------------------------------------------------------------ procedures

/**
 * `assign-possession` [14.11]: a possession gained during the game is given at once to one of the
 * characters of the group that gained it. Frame data: `{ possession, candidates }`. Only a candidate who
 * may hold it is offered [14.13]; with none, it goes back to the deck.
 */
export const assignPossession: Procedure = {
  step(game: Game, frame: Frame): Step {
    if (frame.data.assigned) return { done: true, result: frame.data.assigned };
    const possession = frame.data.possession as number;
    const free = (frame.data.candidates as number[]).filter((ch) => isFreeCharacter(game, ch));
    const candidates = free.filter((ch) => mayHold(game, ch, possession));
    const card = possessionCard(game, possession);
    const side = free.length ? sideOf(game, free[0]!) : 'rebel';
    if (!candidates.length) {
      losePossession(game, possession);
      const held = card.kind === 'spaceship' ? 'a spaceship' : card.kind === 'companion' ? 'a companion' : 'what they hold';
      if (free.length) emit(game, { kind: 'possession', text: `${card.name} is found, but everyone who found it already has ${held}: it goes back to the deck [14.13].`, rule: '[14.13]', visibleTo: side, entities: [possession] });
      return { done: true, result: 0 };
    }
    return {
      decide: {
        side,
        kind: 'assign-possession',
        prompt: `${card.name} is found: which character takes it?`,
        rule: '[14.11]',
        options: candidates.map((ch) => ({ type: 'assign-possession', side, possession, character: ch })),
        context: { found: card.id, kind: card.kind },
      },
    };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    const possession = command.possession as number;
    const character = command.character as number;
    givePossession(game, possession, character);
    frame.data.assigned = character;
    emit(game, { kind: 'possession', text: `${nameOf(game, character)} takes ${possessionCard(game, possession).name}.`, rule: '[14.11]', visibleTo: sideOf(game, character), entities: [possession, character] });
  },
};

/** [14.12] transfers open now: a possession to another free Rebel character in the same environ. */
export function transferOptions(game: Game): Command[] {
  const w = game.world;
  const options: Command[] = [];
  for (const holder of allOf(w, 'character')) {
    if (w.c.Owner.side[holder] !== game.ruleset.sides.indexOf('rebel') || !isFreeCharacter(game, holder)) continue;
    const env = environOf(w, holder);
    for (const p of possessionsOf(w, holder)) {
      if (w.kinds[p] !== 'possession') continue;
      for (const to of occupants(w, env))
        if (to !== holder && w.kinds[to] === 'character' && w.c.Owner.side[to] === w.c.Owner.side[holder] && isFreeCharacter(game, to) && mayHold(game, to, p))
          options.push({ type: 'transfer-possession', side: 'rebel', possession: p, to });
    }
  }
  return options;
}

/**
 * `possession-transfer` [14.12]: at the beginning of the Rebel mission phase, never during, the Rebel
 * may pass possessions between characters standing together. The mission-assignment segment pushes
 * this first.
 */
export const possessionTransfer: Procedure = {
  step(game: Game, frame: Frame): Step {
    if (frame.data.finished) return { done: true };
    const options = transferOptions(game);
    if (!options.length) return { done: true };
    return {
      decide: {
        side: 'rebel',
        kind: 'transfer-possession',
        prompt: 'Pass possessions between characters standing together, then carry on.',
        rule: '[14.12]',
        options: [{ type: 'end-transfers', side: 'rebel' }, ...options],
      },
    };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    if (command.type === 'end-transfers') {
      frame.data.finished = true;
      return;
    }
    const p = command.possession as number;
    hold(game.world, p, command.to as number);
    emit(game, { kind: 'possession', text: `A possession changes hands [14.12].`, rule: '[14.12]', visibleTo: 'rebel', entities: [p, command.to as number] });
  },
};

/**
 * `reassign-spaceship` [14.55]: frame `{ ship, environ }` for a ship whose owner was killed or captured
 * outside a character combat (which asks this itself): his side may give it to a free friend in the
 * environ, or it is lost [14.59].
 */
export const reassignSpaceshipProcedure: Procedure = {
  step(game: Game, frame: Frame): Step {
    const ship = frame.data.ship as number;
    if (frame.data.answered) return { done: true };
    const options = spaceshipReassignOptions(game, ship, frame.data.environ as number);
    if (!options.length) {
      loseSpaceship(game, ship, 'no friend to take it [14.59]');
      return { done: true };
    }
    const side = game.ruleset.sides[game.world.c.Owner.side[ship] as number]!;
    return {
      decide: {
        side,
        kind: 'reassign-spaceship',
        prompt: `Give ${nameOf(game, ship)} to another character?`,
        rule: '[14.55]',
        options: [...options.map((ch) => ({ type: 'reassign-spaceship', side, ship, character: ch })), { type: 'reassign-spaceship', side, ship, character: 0 }],
      },
    };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    frame.data.answered = true;
    if (command.character) reassignSpaceship(game, command.ship as number, command.character as number);
    else loseSpaceship(game, command.ship as number, 'not reassigned [14.59]');
  },
};
