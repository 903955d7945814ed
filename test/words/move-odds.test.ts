/**
 * [9.3, 9.22, 9.33, 9.35] the odds shown before a move against the move itself: every pair of dice is
 * played through the engine (`move-to`, then the PDB's fire), and what happened is tallied; the shown
 * odds must be those tallies, exactly (every pair of dice is one in 36).
 */
import { describe, expect, it } from 'vitest';
import { cloneGame } from '../../src/core/engine/game';
import type { Game } from '../../src/core/engine/types';
import { hold, release, tag } from '../../src/core/world/world';
import { moveFacts, moveRisks } from '../../src/words/move-facts';
import { pdbFireOdds } from '../../systems/rebels-vs-empire/pdb';
import { rigDice } from '../fixtures';
import { env, moveStack, ok, opsGame, planet, putChar, ship, unit } from '../systems/rebels-vs-empire/ops-helpers';

/** The worst a move came to, by the detection events it left [9.31]. */
function worst(game: Game, from: number): 'eliminated' | 'damaged' | 'detected' | 'unseen' {
  const texts = game.events.slice(from).filter((e) => e.kind === 'detection').map((e) => e.text);
  if (texts.some((t) => / destroys /.test(t))) return 'eliminated';
  if (texts.some((t) => / detects and damages /.test(t))) return 'damaged';
  if (texts.some((t) => / detects /.test(t))) return 'detected';
  return 'unseen';
}

/** A Rebel ship at Wendhaven (the Empire's level-1 PDB) with Ansel Wirra aboard flying Emberline (evasion 3). */
function flight() {
  const game = opsGame();
  const ansel = putChar(game, 'ansel-wirra', env(game, 'wendhaven.1'));
  const emberline = ship(game, 'emberline');
  release(game.world, emberline);
  hold(game.world, emberline, ansel);
  game.ruleset.refresh(game);
  return { game, ansel, emberline };
}

describe('detection over a whole move, every roll combined [9.33]', () => {
  for (const [name, prepare] of [
    ['leaving one enemy PDB and reaching another, the second at level 2', (g: Game) => void (g.world.c.Pdb.level[planet(g, 'tollis')] = 2)],
    ['already detected', (g: Game, ansel: number) => tag(g.world, ansel, g.world.c.Detected)],
    ['already detected and damaged this turn: a second Dd is an E [9.35]', (g: Game, _a: number, emberline: number) => {
      g.vars.detectionDamageTurn = `dd-${g.turn}`;
      g.vars.detectionDamaged = [emberline];
    }],
  ] as const) {
    it(`[9.33, 9.35] ${name}: the shown chances are the 36 pairs of dice played`, () => {
      const { game, ansel, emberline } = flight();
      prepare(game, ansel, emberline);
      const to = env(game, 'tollis.1');
      const risks = moveRisks(game, 'rebel', [ansel, emberline], env(game, 'wendhaven.1'), to);
      expect(risks.checks.map((c) => c.way)).toEqual(['leaving', 'reaching']);
      const shown = risks.detection!;
      const tally = { eliminated: 0, damaged: 0, detected: 0, unseen: 0 };
      for (let a = 1; a <= 6; a++)
        for (let b = 1; b <= 6; b++) {
          const g = cloneGame(game);
          rigDice(g, [a, b]);
          const from = g.events.length;
          expect(moveStack(g, 'rebel', [ansel, emberline], to)).toEqual({ ok: true });
          tally[worst(g, from)] += 1 / 36;
        }
      for (const k of ['eliminated', 'damaged', 'detected', 'unseen'] as const) expect(shown[k], k).toBeCloseTo(tally[k], 12);
      // the words say the move's chance, not one roll's: detected = 1 - unseen
      expect(moveFacts(game, 'rebel', [ansel, emberline], env(game, 'wendhaven.1'), to).detail).toContain(`detected ${Math.round((1 - tally.unseen) * 100)}%`);
    });
  }

  it('[9.33] a flight within one planet rolls once', () => {
    const { game, ansel, emberline } = flight();
    const risks = moveRisks(game, 'rebel', [ansel, emberline], env(game, 'wendhaven.1'), env(game, 'wendhaven.2'));
    expect(risks.checks.map((c) => c.way)).toEqual(['leaving']);
  });
});

describe('PDB fire on units passing it [9.21-9.27]', () => {
  it('[9.22, 9.25] the shown loss to the units and to the PDB are the 36 pairs of dice of its fire', () => {
    const game = opsGame();
    const from = env(game, 'wendhaven.1');
    const units = [unit(game, 'rebel-2-1', from, 'urban'), unit(game, 'rebel-2-1', from, 'urban'), unit(game, 'rebel-2-1', from, 'urban')];
    game.ruleset.refresh(game);
    const wendhaven = planet(game, 'wendhaven');
    const shown = pdbFireOdds(game, wendhaven)!;
    const loss = new Map<number, number>();
    let down = 0;
    let levelLost = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) {
        const g = cloneGame(game);
        expect(moveStack(g, 'rebel', units, env(g, 'tollis.1'))).toEqual({ ok: true });
        expect(g.pending?.kind).toBe('pdb-attack');
        rigDice(g, [a, b]);
        const at = g.events.length;
        ok(g, { type: 'pdb-fire', side: 'imperial', planet: wendhaven });
        const fired = g.events.slice(at).find((e) => e.kind === 'pdb-attack')!;
        const n = Number(/the units lose (\d+)/.exec(fired.text)![1]);
        loss.set(n, (loss.get(n) ?? 0) + 1 / 36);
        if (g.world.c.Pdb.up[wendhaven] === 0) down += 1 / 36;
        if (g.world.c.Pdb.level[wendhaven]! < game.world.c.Pdb.level[wendhaven]!) levelLost += 1 / 36;
      }
    for (const x of shown.unitsLoss) expect(x.chance, `a loss of ${x.n}`).toBeCloseTo(loss.get(x.n) ?? 0, 12);
    expect([...loss.values()].reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    expect(shown.down).toBeCloseTo(down, 12);
    expect(shown.levelLost).toBeCloseTo(levelLost, 12);
    // the move's words: both PDBs it passes, each with its column
    const words = moveFacts(game, 'rebel', units, from, env(game, 'tollis.1')).detail!;
    expect(words).toMatch(/leaving Wendhaven, its PDB may fire on the 1-1 column \[9\.22\]/);
    expect(words).toMatch(/reaching Tollis/);
  });
});
