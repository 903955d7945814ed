/**
 * The bloc figures of the simulator's JSON (src/cli/bloc-figures.ts) count what happened in a game:
 * a defection, its cede, a sneak attack [3B3c], a truce [3F3], and what the bloc state reads once a bloc
 * has won [3F4], each from a game played by hand through the engine.
 */
import { describe, expect, it } from 'vitest';
import { addBlocFigures, emptyBlocFigures } from '../../src/cli/bloc-figures';
import { atAttack, blocs, conquer } from '../systems/conquest/bloc-fixtures';
import { option, play, reask } from '../systems/conquest/fixtures';

describe('the bloc figures of the simulator', () => {
  it('[3B3c, 3F3] count a defection, a sneak attack and a truce, and no end while the game goes on', () => {
    const { game, ally } = atAttack({ rakhar: ['me', 30], orrim: ['me', 1], skarrow: ['ally', 2], pyrrhos: ['ally', 1] });
    blocs(game).war = 'war';
    reask(game);
    play(game, option(game, 'defect'));
    play(game, option(game, 'cede', { territory: 'orrim', to: ally }));
    conquer(game, 'rakhar', 'skarrow', { bribe: 'sneak' });
    const figures = emptyBlocFigures();
    addBlocFigures(figures, game);
    expect(figures).toMatchObject({ warsDeclared: 0, defections: 1, defectionsEndingTheGame: 0, sneakAttacks: 1, truces: 0, defectorWins: 0, stateAfterBlocVictory: {} });
    const other = atAttack({ rakhar: ['me', 30], orrim: ['enemy', 1] });
    blocs(other.game).war = 'war';
    reask(other.game);
    play(other.game, option(other.game, 'truce'));
    addBlocFigures(figures, other.game);
    expect(figures).toMatchObject({ defections: 1, truces: 1 });
  });

  it('[3B3c, 3F4] a defection that leaves no enemy ends the game itself, its system paid; the won war reads won', () => {
    const { game, enemy } = atAttack({ rakhar: ['me', 30], orrim: ['me', 1], skarrow: ['enemy', 1] });
    blocs(game).war = 'war';
    reask(game);
    play(game, option(game, 'defect'));
    play(game, option(game, 'cede', { territory: 'orrim', to: enemy }));
    expect(game.winner).not.toBeNull();
    const figures = emptyBlocFigures();
    addBlocFigures(figures, game);
    expect(figures).toMatchObject({ defections: 1, defectionsEndingTheGame: 1, defectionsEndingTheGameUnpaid: 0, defectorWins: 0, winsWithoutExtremist: 0, stateAfterBlocVictory: { won: 1 } });
  });
});
