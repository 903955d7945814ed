/**
 * Imperial spaceships [14.0, 14.6-14.64].
 *
 * Imperial ships are not possessions [14.0]; each is held by the Imperial character who flies it. The
 * Empire starts with the ships its scenario names; at the end of each game-turn, if it has fewer ships
 * in play than at the start, an Imperial Knight on an Imperial-controlled planet may receive one
 * [14.61, 15.73]. A ship only its owner may fly leaves play when he falls and never returns [14.6, 14.62].
 */
import { hasComponent } from 'bitecs';
import { emit } from '../../src/core/engine/game';
import type { Command, Frame, Game, Procedure, Step } from '../../src/core/engine/types';
import { allOf, hold, holderOf, possessionsOf, refOf } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { controls } from './control';
import { isFreeCharacter, planetOfPiece, sideOf } from './sides';


function hasShip(game: Game, ch: number): boolean {
  return possessionsOf(game.world, ch).some((p) => hasComponent(game.world, p, game.world.c.Spaceship));
}

function isKnight(game: Game, ch: number): boolean {
  return game.content.characters.get(refOf(game.world, ch))?.abilities.includes('imperial-knight') ?? false;
}

/** Imperial ships in play: held by an Imperial character on the board. */
export function imperialShipsInPlay(game: Game): number[] {
  const w = game.world;
  return allOf(w, 'ship').filter((s) => !hasComponent(w, s, w.c.Eliminated) && holderOf(w, s) && isFreeCharacter(game, holderOf(w, s)));
}

/**
 * Setup: the scenario's Imperial ships go to Imperial characters in play (a knight first, the sole pilot
 * for his own ship), and the number in play is remembered for [14.61].
 */
export function setupImperialShips(game: Game): void {
  const w = game.world;
  const imperials = allOf(w, 'character').filter((ch) => sideOf(game, ch) === 'imperial' && isFreeCharacter(game, ch));
  for (const id of game.scenario.imperial.spaceships) {
    const ship = w.ids.ship.get(id);
    if (ship === undefined || (holderOf(w, ship) && isFreeCharacter(game, holderOf(w, ship)))) continue;
    const only = game.content.imperialShips.get(id)?.onlyPilot;
    const free = imperials.filter((ch) => !hasShip(game, ch) && (!only || refOf(w, ch) === only));
    const knights = free.filter((ch) => isKnight(game, ch));
    const pilot = knights[0] ?? free[0];
    if (pilot !== undefined) hold(w, ship, pilot);
  }
  game.vars.imperialShipsAtStart = imperialShipsInPlay(game).length;
}

/** [14.61, 15.73] the knight/ship pairs the Empire may choose from now (none if it has its start count). */
export function shipReceiptOptions(game: Game): { knight: number; ship: number }[] {
  const w = game.world;
  const atStart = (game.vars.imperialShipsAtStart as number | undefined) ?? 0;
  if (imperialShipsInPlay(game).length >= atStart) return [];
  const knights = allOf(w, 'character').filter(
    (ch) => sideOf(game, ch) === 'imperial' && isFreeCharacter(game, ch) && isKnight(game, ch) && !hasShip(game, ch) && controls(game, 'imperial', planetOfPiece(game, ch)),
  );
  const ships = allOf(w, 'ship').filter(
    (s) =>
      !hasComponent(w, s, w.c.Eliminated) &&
      !(holderOf(w, s) && isFreeCharacter(game, holderOf(w, s))) &&
      !game.content.imperialShips.get(refOf(w, s))?.onlyPilot, // [14.62] a sole pilot's ship never returns
  );
  return knights.flatMap((knight) => ships.map((ship) => ({ knight, ship })));
}

/** `imperial-ship-receipt`: at the end of the game-turn the Empire may give a knight a ship [14.61]. */
export const imperialShipReceipt: Procedure = {
  step(game: Game, frame: Frame): Step {
    if (frame.data.finished) return { done: true };
    const pairs = shipReceiptOptions(game);
    if (!pairs.length) return { done: true };
    return {
      decide: {
        side: 'imperial',
        kind: 'receive-imperial-ship',
        prompt: 'The Empire has lost spaceships: give one to an Imperial Knight on a planet you control?',
        rule: '[14.61]',
        options: [
          { type: 'receive-imperial-ship', side: 'imperial', knight: 0, ship: 0 },
          ...pairs.map((p): Command => ({ type: 'receive-imperial-ship', side: 'imperial', knight: p.knight, ship: p.ship })),
        ],
      },
    };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    if (!command.knight) {
      frame.data.finished = true;
      return;
    }
    const w = game.world;
    hold(w, command.ship as number, command.knight as number); // (leaves any old holder)
    emit(game, {
      kind: 'imperial-ship',
      text: `${nameOf(game, command.knight as number)} receives the Imperial spaceship ${nameOf(game, command.ship as number)}.`,
      rule: '[14.61]',
      visibleTo: 'imperial',
      entities: [command.knight as number, command.ship as number],
    });
  },
};
