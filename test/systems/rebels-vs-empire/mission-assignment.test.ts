/**
 * Mission assignment [13.0, 13.1, 13.2, 13.7] and each mission's requirements.
 */
import { addComponent } from 'bitecs';
import { describe, expect, it } from 'vitest';
import { REBELLION, REBEL_CONTROL } from '../../../src/core/world/components';
import { GuardedBy } from '../../../src/core/world/relations';
import { tag } from '../../../src/core/world/world';
import { missionPhase, onMission } from '../../../systems/rebels-vs-empire/missions';
import { setStackedWithUnits } from '../../../systems/rebels-vs-empire/stacking';
import { foundRebelCamp } from '../../../systems/rebels-vs-empire/rebel-camp';
import { act, assignOne, emptyBoard, env, hasOption, lettersFor, options, planet, put, toSegment, unit } from './mission-helpers';

describe('mission assignment', () => {
  it('[13.0, 13.7, 9.57] characters stacked with their own military units cannot go on missions; those beside them in the mission stack can', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const mirra = put(game, 'mirra-solvane', 'wendhaven.2');
    const pip = put(game, 'pip-tock', 'wendhaven.2');
    unit(game, 'rebel-1-0', 'wendhaven.2', 'wild');
    setStackedWithUnits(game, mirra, true);
    toSegment(game, 'mission assignment');
    expect(game.pending?.kind).toBe('pick-for-mission');
    expect(hasOption(game, { piece: jax })).toBe(true);
    expect(hasOption(game, { piece: mirra })).toBe(false);
    expect(hasOption(game, { piece: pip })).toBe(true);
  });

  it('[12.81, 13.7] a character guarding a prisoner cannot go on missions', () => {
    const { game } = emptyBoard();
    const ysmena = put(game, 'ysmena-coil', 'tollis.1');
    const nilo = put(game, 'nilo-brevant', 'tollis.1');
    const jax = put(game, 'jax-tollaway', 'tollis.1');
    tag(game.world, jax, game.world.c.Captured);
    addComponent(game.world, jax, GuardedBy(ysmena));
    toSegment(game, 'mission assignment', 'imperial');
    expect(hasOption(game, { piece: ysmena })).toBe(false);
    expect(hasOption(game, { piece: nilo })).toBe(true);
  });

  it('[13.1] each character goes on one mission; the characters of an environ on the same mission form one group', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const mirra = put(game, 'mirra-solvane', 'wendhaven.1');
    toSegment(game, 'mission assignment');
    assignOne(game, jax, 'D');
    expect(hasOption(game, { piece: jax })).toBe(false);
    assignOne(game, mirra, 'D');
    const groups = missionPhase(game)!.groups;
    expect(groups).toHaveLength(1);
    expect(groups[0]!.members).toEqual([jax, mirra]);
  });

  it('[13.41] choosing a mission, the player is told the missions his side already performs in that environ', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const mirra = put(game, 'mirra-solvane', 'wendhaven.1');
    const ansel = put(game, 'ansel-wirra', 'tollis.1');
    toSegment(game, 'mission assignment');
    assignOne(game, jax, 'R');
    act(game, { type: 'pick-for-mission', piece: mirra });
    expect(game.pending?.context?.missionsHere).toEqual([{ letter: 'R', members: [jax] }]);
    act(game, { type: 'cancel-pick' });
    act(game, { type: 'pick-for-mission', piece: ansel });
    expect(game.pending?.context?.missionsHere).toEqual([]); // another environ
  });

  it('[13.1] eligible characters need not join a mission, and are then in no group', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const mirra = put(game, 'mirra-solvane', 'wendhaven.1');
    toSegment(game, 'mission assignment');
    assignOne(game, jax, 'I');
    expect(hasOption(game, { type: 'end-assignment' })).toBe(true);
    act(game, { type: 'end-assignment' });
    expect(onMission(game, mirra)).toBeNull();
    expect(onMission(game, jax)?.letter).toBe('I');
  });

  it('[13.1, 13.2] Rebel-only missions (B, P, T) are never offered to the Empire; E, H, J, Q never in the star-system game', () => {
    const { game } = emptyBoard();
    const ysmena = put(game, 'ysmena-coil', 'wendhaven.1');
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    unit(game, 'militia', 'wendhaven.2');
    toSegment(game, 'mission assignment', 'imperial');
    for (const letter of ['B', 'P', 'T', 'E', 'H', 'J', 'Q']) expect(lettersFor(game, ysmena)).not.toContain(letter);
    const { game: g2 } = emptyBoard();
    const jax2 = put(g2, 'jax-tollaway', 'wendhaven.1');
    expect(jax).toBe(jax2);
    toSegment(g2, 'mission assignment');
    expect(lettersFor(g2, jax2)).toEqual(expect.arrayContaining(['B', 'P']));
    for (const letter of ['E', 'H', 'J', 'Q']) expect(lettersFor(g2, jax2)).not.toContain(letter);
  });

  it('[13.2] a coup needs a group member with intelligence above 1', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    game.world.c.Character.intelligence[jax] = 1;
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).not.toContain('C');
    game.world.c.Character.intelligence[jax] = 2;
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).toContain('C');
  });

  it('[13.2, 5.3I] no coup in an environ without a coup rating or that has already had a coup', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.2'); // wild, no coup rating
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).not.toContain('C');
    put(game, 'jax-tollaway', 'wendhaven.1');
    game.vars.couped = [env(game, 'wendhaven.1')];
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).not.toContain('C');
  });

  it('[15.47, 15.75] no Coup or Diplomacy on a planet in rebellion or under Rebel control', () => {
    for (const state of [REBELLION, REBEL_CONTROL]) {
      const { game } = emptyBoard();
      const jax = put(game, 'jax-tollaway', 'wendhaven.1');
      toSegment(game, 'mission assignment');
      expect(lettersFor(game, jax)).toEqual(expect.arrayContaining(['C', 'D']));
      game.world.c.PlanetState.value[planet(game, 'wendhaven')] = state;
      toSegment(game, 'mission assignment');
      expect(lettersFor(game, jax)).not.toContain('C');
      expect(lettersFor(game, jax)).not.toContain('D');
    }
  });

  it('[9.44] assassination only against a detected enemy character', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const ysmena = put(game, 'ysmena-coil', 'wendhaven.1');
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).not.toContain('A');
    tag(game.world, ysmena, game.world.c.Detected);
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).toContain('A');
  });

  it('[15.52] no Gather Information on a planet the performer controls while enemy characters or units are there', () => {
    const { game } = emptyBoard();
    const ysmena = put(game, 'ysmena-coil', 'wendhaven.1');
    toSegment(game, 'mission assignment', 'imperial');
    expect(lettersFor(game, ysmena)).toContain('I');
    const jax = put(game, 'jax-tollaway', 'wendhaven.2');
    tag(game.world, jax, game.world.c.Detected);
    toSegment(game, 'mission assignment', 'imperial');
    expect(lettersFor(game, ysmena)).not.toContain('I');
  });

  it('[15.52, 9.31] an undetected enemy does not bar Gather Information: the choices would tell where he hides', () => {
    const { game } = emptyBoard();
    const ysmena = put(game, 'ysmena-coil', 'wendhaven.1');
    put(game, 'jax-tollaway', 'wendhaven.2'); // undetected
    toSegment(game, 'mission assignment', 'imperial');
    expect(lettersFor(game, ysmena)).toContain('I');
  });

  it('[15.2] the Rebel may choose Start Rebellion on a planet that is not at unrest', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'tollis.1'); // Tollis is loyal
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).toContain('R');
  });

  it('[15.3, 13.53] the Empire may attempt Stop Rebellion only on a planet in rebellion', () => {
    const { game } = emptyBoard();
    const ysmena = put(game, 'ysmena-coil', 'wendhaven.1');
    toSegment(game, 'mission assignment', 'imperial');
    expect(lettersFor(game, ysmena)).not.toContain('R');
    game.world.c.PlanetState.value[planet(game, 'wendhaven')] = REBELLION;
    toSegment(game, 'mission assignment', 'imperial');
    expect(lettersFor(game, ysmena)).toContain('R');
  });

  it('[8.31] Sabotage only against the PDB of a planet the enemy controls', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const ysmena = put(game, 'ysmena-coil', 'tollis.1');
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).toContain('S');
    toSegment(game, 'mission assignment', 'imperial');
    expect(lettersFor(game, ysmena)).not.toContain('S');
  });

  it('[13.2] Subvert Troops only where Imperial military units stand', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).not.toContain('T');
    unit(game, 'militia', 'wendhaven.1');
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).toContain('T');
  });

  it('[13.2] Free Prisoners only where a friendly character is held captive', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).not.toContain('F');
    const mirra = put(game, 'mirra-solvane', 'wendhaven.1');
    const guard = put(game, 'nilo-brevant', 'wendhaven.1');
    tag(game.world, mirra, game.world.c.Captured);
    addComponent(game.world, mirra, GuardedBy(guard)); // [12.81] a prisoner is always guarded
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).toContain('F');
  });

  it('[13.2] a rebel camp performs only C, D, F, I, S or T, one mission, with no characters', () => {
    const { game } = emptyBoard();
    const camp = foundRebelCamp(game, env(game, 'wendhaven.1'));
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    toSegment(game, 'mission assignment');
    const campLetters = lettersFor(game, camp);
    expect(campLetters.length).toBeGreaterThan(0);
    for (const l of campLetters) expect('CDFIST').toContain(l);
    assignOne(game, camp, 'D');
    expect(hasOption(game, { piece: camp })).toBe(false);
    assignOne(game, jax, 'D');
    const groups = missionPhase(game)!.groups;
    expect(groups).toHaveLength(2);
    expect(groups.find((g) => g.camp === camp)!.members).toEqual([]);
  });

  it('[13.2] at most one rebel camp in an environ: Start Rebel Camp is not offered where one stands', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).toContain('B');
    expect(foundRebelCamp(game, env(game, 'wendhaven.1'))).toBeGreaterThan(0);
    expect(foundRebelCamp(game, env(game, 'wendhaven.1'))).toBe(0);
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).not.toContain('B');
  });

  it('[13.0] missions are performed only by the phasing player\'s characters', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const ysmena = put(game, 'ysmena-coil', 'wendhaven.1');
    toSegment(game, 'mission assignment');
    expect(hasOption(game, { piece: jax })).toBe(true);
    expect(hasOption(game, { piece: ysmena })).toBe(false);
    expect(options(game).every((o) => o.side === 'rebel')).toBe(true);
    expect(lettersFor(game, ysmena)).toEqual([]);
  });
});
