/**
 * [issue 53] Conquest's pace at "fast" (×4) and faster (src/ui/conquest/pace.ts): the AI's steps shown in
 * beats (a turn's placements at once, each attack with its rolls and move-in as one), every beat held long
 * enough to be seen, and the AI turns between two of a player's decisions within five seconds at ×4, on the
 * rounds of real games (four normal AIs, one seat's turns taken as the player's). The clock is a fake one
 * that moves by each hold and by what drawing a beat costs the page.
 */
import { describe, expect, it } from 'vitest';
import { ConquestSession, type ConquestSetup } from '../../src/ui/conquest/session';
import { beatOf, LEAST_SEEN_MS, playBeat, RoundPace, ROUND_BUDGET_MS, type Beat } from '../../src/ui/conquest/pace';
import { content } from '../fixtures';

const setup = (seed: string): ConquestSetup => ({
  scenario: 'conquest-domination',
  seed,
  seats: (['crimson', 'amber', 'emerald', 'azure'] as const).map((faction) => ({ faction, player: 'normal' })),
  cards: 'increasing',
  autoPlace: true,
  recycle: false,
  autoDefend: true,
});

/** What drawing a beat costs the page on a slow machine (ms), added to the clock beside each hold. */
const DRAW_MS = 40;

/**
 * The rounds of a game's first `rounds` game-rounds: for each stretch of AI turns between two turns of
 * crimson (the "player", played by an AI here), its beats as the screen would show them.
 */
function roundsOf(seed: string, rounds: number): { beats: Beat[]; steps: number }[] {
  const s = new ConquestSession(content, setup(seed));
  const out: { beats: Beat[]; steps: number }[] = [];
  let current: { beats: Beat[]; steps: number } | null = null;
  for (let i = 0; i < 5000 && !s.over && s.round <= rounds; i++) {
    const d = s.decision;
    if (!d) break;
    // the player's own turn, or the setup: a step at a time, and the stretch of AI turns is over
    if (d.side === 'crimson' || beatOf(d.kind, '') === 'setup') {
      if (current?.beats.length) out.push(current);
      current = null;
      s.stepAi();
      continue;
    }
    const { beat, steps } = playBeat(s);
    if (!steps.length) break;
    current ??= { beats: [], steps: 0 };
    current.beats.push(beat);
    current.steps += steps.length;
  }
  return out;
}

/** The time a stretch of beats takes with the plan at `speed`: each beat drawn, then held. */
function timed(beats: Beat[], speed: number): { total: number; holds: number[] } {
  let clock = 0;
  const pace = new RoundPace(speed, () => clock);
  const holds: number[] = [];
  for (const beat of beats) {
    clock += DRAW_MS;
    const hold = pace.hold(beat);
    holds.push(hold);
    clock += hold;
  }
  return { total: clock, holds };
}

describe('conquest: the pace of the AI at fast [issue 53]', () => {
  const rounds = ['3', '8'].flatMap((seed) => roundsOf(seed, 6));

  it('the AI turns are shown in beats: a turn\'s placements at once, each attack with all its rolls', () => {
    expect(rounds.length).toBeGreaterThan(5);
    for (const r of rounds) {
      // fewer beats than steps: the rolls of a battle and the placements of a turn go together
      expect(r.beats.length).toBeLessThan(r.steps);
      // three AI turns each place their armies in one beat
      expect(r.beats.filter((b) => b === 'place').length).toBeLessThanOrEqual(3);
    }
    expect(rounds.some((r) => r.beats.includes('battle'))).toBe(true);
  });

  it('at fast (×4) the AI turns between two of the player\'s turns take at most 5 s, every beat held long enough to be seen', () => {
    for (const r of rounds) {
      const { total, holds } = timed(r.beats, 4);
      if (process.env.PACE_DEBUG) console.log(total, r.steps, r.beats.join(' '));
      expect(total, `${r.beats.length} beats: ${r.beats.join(' ')}`).toBeLessThanOrEqual(ROUND_BUDGET_MS);
      r.beats.forEach((b, i) => {
        if (b !== 'quiet') expect(holds[i]).toBeGreaterThanOrEqual(LEAST_SEEN_MS);
      });
    }
    // at ×8, half the time
    for (const r of rounds) expect(timed(r.beats, 8).total).toBeLessThanOrEqual(ROUND_BUDGET_MS / 2 + r.beats.length * DRAW_MS);
  });

  it('a round of many battles still ends near the budget: each beat late in it is held the least that is seen', () => {
    const many: Beat[] = ['place', ...Array<Beat>(30).fill('battle'), 'fortify'];
    const { total, holds } = timed(many, 4);
    expect(Math.min(...holds)).toBe(LEAST_SEEN_MS);
    expect(total).toBeLessThanOrEqual(ROUND_BUDGET_MS + many.length * (LEAST_SEEN_MS + DRAW_MS) * 0.5);
    // the first battles are held longest: the pace slows for none of them
    expect(holds[1]).toBeGreaterThan(holds[20]!);
  });
});
