/**
 * The same games, game for game: every game of the table in same-games.ts reaches the state hash (and,
 * where agents read views or imagine games, the same views and imagined games) it reached when the
 * table was written. A change that only makes the engine faster must pass this unchanged; a change that
 * means to change games writes the table again (`npx tsx test/sim/same-games.ts --write`) in the same
 * commit and says why.
 */
import { describe, expect, it } from 'vitest';
import { nameOf, playSameGame, readTable, SAME_GAMES } from './same-games';

const table = readTable();

describe('the same seeds play the same games', () => {
  it('the table has one entry for each game it plays, and no other', () => {
    expect(Object.keys(table).sort()).toEqual(SAME_GAMES.map(nameOf).sort());
  });

  it.each(SAME_GAMES.map((g) => [nameOf(g), g] as const))('%s', (name, g) => {
    expect(playSameGame(g), `${name} is not the game it was: if the change is meant, write the table again (npx tsx test/sim/same-games.ts --write) and say why in the commit`).toEqual(table[name]);
  });
});
