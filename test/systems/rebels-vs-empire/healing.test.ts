import { describe, expect, it } from 'vitest';
import { advance, apply } from '../../../src/core/engine/game';
import type { Game } from '../../../src/core/engine/types';
import { environsOf, tag } from '../../../src/core/world/world';
import { applyCapture } from '../../../systems/rebels-vs-empire/capture';
import { beginPlayerTurn, healIdle, isBusy, markBusy } from '../../../systems/rebels-vs-empire/healing';
import { givePossession } from '../../../systems/rebels-vs-empire/possessions';
import { planetsInPlay } from '../../../systems/rebels-vs-empire/sides';
import { campIn } from '../../../systems/rebels-vs-empire/rebel-camp';
import { atMovementOf, eid, passUntil, rigDice } from '../../fixtures';
import { anEnviron, answer, clearedGame, putCharacter, reaskMovement } from './character-fixtures';
import { act, assignOne, deck } from './mission-helpers';
import { env, moveStack, opsGame, putChar, ship, unit } from './ops-helpers';

function endMovement(game: Game) {
  expect(game.pending?.kind).toBe('movement');
  answer(game, { type: 'end-movement', side: game.pending!.side });
}

describe('healing [13.7x]', () => {
  it('[13.71] a wounded character who does nothing for his whole player-turn heals all wounds at its end', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    game.world.c.Wounds.value[rebel] = 3;
    passUntil(game, atMovementOf('imperial')); // the rest of the Rebel player-turn passes
    expect(game.world.c.Wounds.value[rebel]).toBe(0);
  });

  it('[13.71, 9.31] an undetected character\'s healing is told to his side only; a detected one\'s to both', () => {
    for (const detected of [false, true]) {
      const game = clearedGame();
      const rebel = putCharacter(game, 'kaelen-dray', anEnviron(game));
      if (detected) tag(game.world, rebel, game.world.c.Detected);
      game.world.c.Wounds.value[rebel] = 3;
      passUntil(game, atMovementOf('imperial'));
      expect(game.events.find((e) => e.kind === 'healed')?.visibleTo).toBe(detected ? 'all' : 'rebel');
    }
  });

  it('[13.71] a character who moved without a spaceship does not heal', () => {
    const game = clearedGame();
    const planet = planetsInPlay(game).find((p) => environsOf(game.world, p).length > 1)!;
    const [a, b] = environsOf(game.world, planet);
    const rebel = putCharacter(game, 'kaelen-dray', a!);
    game.world.c.Wounds.value[rebel] = 3;
    reaskMovement(game);
    answer(game, { type: 'pick', side: 'rebel', piece: rebel });
    answer(game, { type: 'move-to', side: 'rebel', to: b! });
    passUntil(game, atMovementOf('imperial'));
    expect(game.world.c.Wounds.value[rebel]).toBe(3);
  });

  it('[13.71] leading, piloting, missions and combat are reported with markBusy and stop healing; only his own player-turn counts', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const imperial = putCharacter(game, 'nilo-brevant', env);
    game.world.c.Wounds.value[rebel] = 2;
    game.world.c.Wounds.value[imperial] = 2;
    markBusy(game, rebel, 'went on a mission');
    markBusy(game, imperial, 'fought in the Rebel player-turn'); // not his own player-turn: ignored
    expect(isBusy(game, rebel)).toBe(true);
    expect(isBusy(game, imperial)).toBe(false);
    healIdle(game, 'rebel');
    expect(game.world.c.Wounds.value[rebel]).toBe(2);
  });

  it('[13.71] a character on a mission does not heal; one beside him who stayed out of it does', () => {
    const game = opsGame();
    const here = env(game, 'wendhaven.1');
    const jax = putChar(game, 'jax-tollaway', here);
    const mirra = putChar(game, 'mirra-solvane', here);
    for (const ch of [jax, mirra]) game.world.c.Wounds.value[ch] = 2;
    passUntil(game, (g) => g.pending?.kind === 'pick-for-mission');
    deck(game, [90]); // urban B: Start Rebel Camp succeeds on its first letter
    assignOne(game, jax, 'B');
    act(game, { type: 'end-assignment' });
    act(game, { type: 'draw-action' });
    expect(campIn(game, here)).toBeGreaterThan(0); // he did go, and the camp was founded
    passUntil(game, atMovementOf('imperial')); // the rest of the Rebel player-turn passes
    expect(game.world.c.Wounds.value[jax]).toBe(2);
    expect(game.world.c.Wounds.value[mirra]).toBe(0);
  });

  it('[13.71] a character who leads units in military combat in his own player-turn does not heal', () => {
    const game = opsGame();
    const here = env(game, 'wendhaven.1'); // urban
    unit(game, 'rebel-2-1', here, 'urban');
    unit(game, 'rebel-2-1', here, 'urban');
    unit(game, 'militia', here);
    unit(game, 'patrol', here);
    const kaelen = putChar(game, 'kaelen-dray', here); // leadership 4: the only one who may lead
    const far = putChar(game, 'mirra-solvane', env(game, 'gallowmere.1')); // does nothing: heals
    for (const ch of [kaelen, far]) game.world.c.Wounds.value[ch] = 2;
    passUntil(game, (g) => g.pending?.kind === 'declare-combat' && g.pending.side === 'rebel');
    // 4 against 2 (2-1), +1 urban units, +4 leader: 6-1. Dice 6 and 6: the Empire loses all, the Rebel nothing,
    // so no squad attacks anyone and leading is all he does
    rigDice(game, [6, 6]);
    act(game, { type: 'declare-combat', environ: here });
    expect(game.events.find((e) => e.kind === 'military-combat')?.text).toContain('6-1');
    passUntil(game, atMovementOf('imperial'));
    expect(game.events.some((e) => e.kind === 'character-combat')).toBe(false);
    expect(game.world.c.Wounds.value[kaelen]).toBe(2);
    expect(game.world.c.Wounds.value[far]).toBe(0);
  });

  it('[13.71] a passenger in a spaceship heals; its pilot does not', () => {
    const game = opsGame();
    const from = env(game, 'gallowmere.1');
    const jax = putChar(game, 'jax-tollaway', from); // holds and pilots Kestrel's Due
    const mirra = putChar(game, 'mirra-solvane', from); // passenger
    for (const ch of [jax, mirra]) game.world.c.Wounds.value[ch] = 2;
    expect(moveStack(game, 'rebel', [jax, mirra, ship(game, 'kestrels-due')], env(game, 'gallowmere.2'))).toEqual({ ok: true });
    passUntil(game, atMovementOf('imperial'));
    expect(game.world.c.Wounds.value[jax]).toBe(2);
    expect(game.world.c.Wounds.value[mirra]).toBe(0);
  });

  it('[13.71, 9.52] characters moved with military units heal, the holder of a ship carried with them too', () => {
    const game = opsGame();
    const from = env(game, 'gallowmere.1');
    const u = unit(game, 'rebel-2-1', from);
    const jax = putChar(game, 'jax-tollaway', from);
    const mirra = putChar(game, 'mirra-solvane', from);
    for (const ch of [jax, mirra]) game.world.c.Wounds.value[ch] = 2;
    expect(moveStack(game, 'rebel', [u, jax, mirra, ship(game, 'kestrels-due')], env(game, 'gallowmere.2'))).toEqual({ ok: true });
    passUntil(game, atMovementOf('imperial'));
    expect(game.world.c.Wounds.value[jax]).toBe(0);
    expect(game.world.c.Wounds.value[mirra]).toBe(0);
  });

  it('[13.71, 12.81] a character guarding a prisoner does not heal', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const guard = putCharacter(game, 'mirra-solvane', env);
    const prisoner = putCharacter(game, 'nilo-brevant', env);
    applyCapture(game, prisoner, guard);
    game.world.c.Wounds.value[guard] = 1;
    game.world.c.Wounds.value[rebel] = 1;
    healIdle(game, 'rebel');
    expect(game.world.c.Wounds.value[guard]).toBe(1);
    expect(game.world.c.Wounds.value[rebel]).toBe(0);
  });

  it('[13.71] a character who fought a character combat in his own player-turn does not heal', () => {
    const game = clearedGame();
    const [env, other] = planetsInPlay(game).flatMap((p) => environsOf(game.world, p));
    const rebel = putCharacter(game, 'kaelen-dray', env!);
    const idle = putCharacter(game, 'brokk-hallgar', other!); // wounded too, but does nothing
    game.world.c.Wounds.value[rebel] = 1;
    game.world.c.Wounds.value[idle] = 1;
    game.pending = null;
    game.stack.push({ proc: 'character-combat', data: { environ: env!, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'spore-choir' }, defenders: [rebel] } });
    rigDice(game, [1]);
    // start the combat in the Rebel's movement, then break off at once, unhurt
    advance(game);
    answer(game, { type: 'break-off', side: 'rebel', attempt: true });
    expect(game.events.some((e) => e.kind === 'character-combat' && e.text.includes('broke off'))).toBe(true);
    expect(game.world.c.Wounds.value[rebel]).toBe(1);
    passUntil(game, atMovementOf('imperial')); // the rest of the Rebel player-turn passes
    expect(game.world.c.Wounds.value[idle]).toBe(0); // its end came: the idle one healed
    expect(game.world.c.Wounds.value[rebel]).toBe(1); // the one who fought did not
  });

  it('[13.72] at the start of the Rebel player-turn the healer heals wounded Rebels stacked with him, himself too', () => {
    const game = clearedGame();
    const [env, other] = planetsInPlay(game).flatMap((p) => environsOf(game.world, p));
    const healer = putCharacter(game, 'ansel-wirra', env!);
    const friend = putCharacter(game, 'kaelen-dray', env!);
    const far = putCharacter(game, 'brokk-hallgar', other!);
    for (const ch of [healer, friend, far]) game.world.c.Wounds.value[ch] = 1;
    markBusy(game, far, 'moved'); // so the end-of-turn healing does not hide the test
    beginPlayerTurn(game, 'rebel', 99);
    expect(game.world.c.Wounds.value[healer]).toBe(0);
    expect(game.world.c.Wounds.value[friend]).toBe(0);
    expect(game.world.c.Wounds.value[far]).toBe(1);
    // [13.72] he may still go on missions in the turn he heals: healing does not make him busy
    expect(isBusy(game, healer)).toBe(false);
  });

  it('[13.72] the healer works only at the start of the Rebel player-turn', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    putCharacter(game, 'ansel-wirra', env);
    const friend = putCharacter(game, 'kaelen-dray', env);
    game.world.c.Wounds.value[friend] = 1;
    beginPlayerTurn(game, 'imperial', 99);
    expect(game.world.c.Wounds.value[friend]).toBe(1);
  });

  it('[13.72] a character holding the healing possession is healed at the start of the Rebel player-turn', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    givePossession(game, eid(game, 'possession', 'field-surgeon-kit'), rebel);
    game.world.c.Wounds.value[rebel] = 4;
    rigDice(game, [6]); // [14.22] the kit does not fail this time
    beginPlayerTurn(game, 'rebel', 99);
    expect(game.world.c.Wounds.value[rebel]).toBe(0);
  });

  it('[13.72] the start-of-turn healing runs by itself when the Rebel player-turn begins', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    putCharacter(game, 'ansel-wirra', env);
    const friend = putCharacter(game, 'kaelen-dray', env);
    const imperial = putCharacter(game, 'nilo-brevant', anEnviron(game));
    passUntil(game, atMovementOf('imperial')); // Rebel player-turn ends
    game.world.c.Wounds.value[friend] = 2; // wounded during the Imperial player-turn
    void imperial;
    passUntil(game, atMovementOf('rebel')); // Imperial player-turn and the interphase pass; the Rebel player-turn begins
    expect(game.turn).toBe(2);
    expect(game.world.c.Wounds.value[friend]).toBe(0);
    expect(apply(game, { type: 'end-movement', side: 'rebel' }).ok).toBe(true);
  });
});
