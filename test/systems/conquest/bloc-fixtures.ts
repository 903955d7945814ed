/**
 * Bloc game fixtures [003]: a 4-faction bloc game laid out by role (me, my ally, the two enemies) and
 * brought to my attack stage, and the moves the bloc tests make through the engine.
 */
import { expect } from 'vitest';
import { blocOf, blocsOf, otherBloc, type BlocState } from '../../../systems/conquest/blocs';
import type { FactionId } from '../../../systems/conquest/content';
import { stateOf, type ConquestGame } from '../../../systems/conquest/state';
import { conquestGame, layBoard, option, play, reask } from './fixtures';

export const FOUR: FactionId[] = ['crimson', 'azure', 'emerald', 'amber'];

export function blocs(game: ConquestGame): BlocState {
  return blocsOf(game)!;
}

/** Place every new army on one territory, to reach the attack stage. */
export function placeAll(game: ConquestGame, territory: string): void {
  while (game.pending?.kind === 'conquest-place') {
    const left = game.pending.context!.left as number;
    play(game, option(game, 'place', { territory, count: left }));
  }
}

export interface Roles {
  game: ConquestGame;
  me: FactionId;
  ally: FactionId;
  enemy: FactionId;
  enemy2: FactionId;
}

/**
 * A 4-faction bloc game at the first faction's attack stage: the board given by role (me, my ally, the
 * two enemies), every other territory the second enemy's with one army.
 */
export function atAttack(board: Record<string, [keyof Omit<Roles, 'game'>, number]>, setup: Parameters<typeof conquestGame>[0] = {}): Roles {
  const game = conquestGame({ scenario: 'conquest-blocs', autoPlace: true, players: FOUR, ...setup });
  const me = game.pending!.side;
  const b = blocs(game);
  const ally = stateOf(game).order.find((f) => f !== me && blocOf(b, f) === blocOf(b, me))!;
  const [enemy, enemy2] = stateOf(game).order.filter((f) => blocOf(b, f) !== blocOf(b, me)) as [FactionId, FactionId];
  const roles = { me, ally, enemy, enemy2 };
  layBoard(game, enemy2, Object.fromEntries(Object.entries(board).map(([t, [role, n]]) => [t, [roles[role], n] as [FactionId, number]])));
  reask(game);
  placeAll(game, Object.keys(board).find((t) => board[t]![0] === 'me')!);
  expect(game.pending?.kind).toBe('conquest-attack');
  return { game, ...roles };
}

/** Attack with Annihilate (30 armies against 1 cannot fail but by dice no test meets). */
export function conquer(game: ConquestGame, from: string, to: string, extra: Record<string, unknown> = {}): void {
  play(game, option(game, 'attack', { from, to, ...(extra as object) }));
  play(game, option(game, 'annihilate', { stopAt: 1 }));
  if (game.pending?.kind === 'conquest-move-in') play(game, game.pending.options[0]!);
}

export function endTurn(game: ConquestGame): void {
  if (game.pending?.kind === 'conquest-attack') play(game, option(game, 'end-attacks'));
  if (game.pending?.kind === 'conquest-fortify') play(game, option(game, 'end-turn'));
}

export const eventsOf = (game: ConquestGame, kind: string) => game.events.filter((e) => e.kind === kind);

/**
 * A war won by a bloc none of whose factions still in the game kept its extremist: me, disgraced and
 * turned to the enemies' bloc (who are out of the game), takes my old ally's last system, and its
 * surrender turns the last chit.
 */
export function wonByTheDisgraced() {
  const roles = atAttack({ rakhar: ['me', 30], orrim: ['ally', 1] });
  const { game, me, ally } = roles;
  layBoard(game, me, { rakhar: [me, 30], orrim: [ally, 1] });
  const b = blocs(game);
  b.war = 'war';
  const theirs = otherBloc(blocOf(b, me));
  for (const c of b.chits) if (c.faction !== ally) c.shows = theirs;
  b.chits.find((c) => c.faction === me)!.extremist = false;
  reask(game);
  conquer(game, 'rakhar', 'orrim');
  return { ...roles, bloc: theirs };
}
