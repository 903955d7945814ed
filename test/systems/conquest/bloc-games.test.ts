/**
 * Random bloc games [003] with 2, 4 and 6 factions, every invariant checked after every command
 * (src/cli/bloc-soak.ts says which). Random players end bloc games (a defection, a surrender, a war won),
 * and the round limit ends any that do not in a draw. The thousands run outside vitest:
 * `npx tsx src/cli/bloc-soak.ts`.
 */
import { describe, expect, it } from 'vitest';
import { soakBlocGames } from '../../../src/cli/bloc-soak';

describe('[003] random bloc games', () => {
  for (const factions of [2, 4, 6])
    it(`${factions} factions: random games keep every invariant after every command, and end`, () => {
      const result = soakBlocGames({ games: 3, factions, seed: 'vitest' });
      expect(result.games).toBe(3);
      expect(result.draws + Object.values(result.winsByBloc).reduce((a, b) => a + b, 0)).toBe(3);
    });
});

describe('the invariants can fail', () => {
  it('a bribe made from nothing, an extremist back from disgrace, a won war with mixed chits or still reading war, and a winner without its extremist are each reported', async () => {
    const { blocInvariantProblems } = await import('../../../src/cli/bloc-soak');
    const { conquestGame } = await import('./fixtures');
    const { blocsOf } = await import('../../../systems/conquest/blocs');
    const game = conquestGame({ scenario: 'conquest-blocs', autoPlace: true, players: ['crimson', 'azure', 'emerald', 'amber'] });
    const disgraced = new Set<string>();
    expect(blocInvariantProblems(game, disgraced)).toEqual([]);
    const blocs = blocsOf(game)!;
    blocs.bribes.crimson = 4;
    expect(blocInvariantProblems(game, disgraced).join()).toMatch(/13 bribes in play, not 12/);
    blocs.bribes.crimson = 3;
    blocs.chits[0]!.extremist = false;
    expect(blocInvariantProblems(game, disgraced)).toEqual([]);
    blocs.chits[0]!.extremist = true;
    expect(blocInvariantProblems(game, disgraced).join()).toMatch(/extremist came back/);
    blocs.victor = 'loyalist';
    expect(blocInvariantProblems(game, disgraced).join()).toMatch(/the loyalist bloc has won, yet the bloc state reads "peace"/);
    blocs.war = 'won';
    blocs.ending = { how: 'propaganda', by: 'azure' };
    expect(blocInvariantProblems(game, disgraced).join()).toMatch(/chits are not all loyalist/);
    blocs.ending = { how: 'domination', by: 'azure' };
    expect(blocInvariantProblems(game, disgraced).join()).toMatch(/won by Domination, but an enemy holds a system/);
    // [3F4d] a winner without its extremist
    game.winner = 'crimson';
    blocs.chits[0]!.extremist = false;
    expect(blocInvariantProblems(game, disgraced).join()).toMatch(/crimson wins without its extremist \[3F4d\]/);
  });
});
