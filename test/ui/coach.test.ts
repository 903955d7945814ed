/**
 * The coach [issue 56]: in a mode's first game, the first time each kind of decision comes up, one line
 * (what it is, the usual choice); then quiet about that kind, in that game and later. Its words cover
 * every decision kind the rulesets ask (met in short random games of each).
 */
import { describe, expect, it } from 'vitest';
import { Coach, COACH_LINES, type CoachSetting } from '../../src/ui/coach';
import { bundledContent } from '../../src/core/content/bundled';
import { apply, newGame } from '../../src/core/engine/game';
import type { AnyGame } from '../../src/core/engine/types';
import { Rng } from '../../src/core/rng';
import { conquestRuleset } from '../../systems/conquest/ruleset';
import { solitaireRuleset } from '../../systems/solitaire/ruleset';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
}

describe('the coach', () => {
  it("speaks once for each kind of decision, in a mode's first game only, and remembers it between visits", () => {
    const storage = memoryStorage();
    let setting: CoachSetting = 'first';
    const coach = new Coach(() => setting, storage);
    coach.begin('conquest', 'conquest|domination|1');
    expect(coach.line('conquest-place')).toBe(COACH_LINES.conquest['conquest-place']);
    // drawn again while on show: the same line
    expect(coach.line('conquest-place')).toBe(COACH_LINES.conquest['conquest-place']);
    expect(coach.line('conquest-attack')).toBe(COACH_LINES.conquest['conquest-attack']);
    // the next time the kind comes up: quiet
    expect(coach.line('conquest-place')).toBeNull();
    expect(coach.html('conquest-place')).toBe('');
    // the same first game resumed on another visit: what it said stays said, the rest is new
    const again = new Coach(() => setting, storage);
    again.begin('conquest', 'conquest|domination|1');
    expect(again.line('conquest-attack')).toBeNull();
    expect(again.line('conquest-battle')).toBe(COACH_LINES.conquest['conquest-battle']);
    // a second game of the mode: quiet; another mode's first game: it speaks
    again.begin('conquest', 'conquest|domination|2');
    expect(again.line('conquest-fortify')).toBeNull();
    again.begin('solitaire', 'solitaire|long|1');
    expect(again.html('chaos-build')).toContain('Usually:');
    // "every game": each kind once a game; "off": never
    setting = 'every';
    again.begin('conquest', 'conquest|domination|3');
    expect(again.line('conquest-place')).not.toBeNull();
    expect(again.line('conquest-attack')).not.toBeNull();
    expect(again.line('conquest-place')).toBeNull();
    setting = 'off';
    again.begin('conquest', 'conquest|domination|4');
    expect(again.line('conquest-trade')).toBeNull();
  });

  it('has a line for every kind of decision the rulesets ask, met in short random games of each', () => {
    const content = bundledContent();
    const missing = new Set<string>();
    const play = (mode: keyof typeof COACH_LINES, game: AnyGame, max: number) => {
      const rng = Rng.fromSeed(`coach:${game.scenario.id}`);
      for (let n = 0; n < max && game.pending && !game.winner; n++) {
        const d = game.pending;
        if (!COACH_LINES[mode][d.kind]) missing.add(`${mode} ${d.kind}`);
        apply(game, rng.pick(d.options));
      }
    };
    for (const scenario of ['conquest-capital', 'conquest-blocs-mission'])
      play('conquest', newGame({ content, ruleset: conquestRuleset, scenario, seed: 'c', options: { players: ['crimson', 'azure', 'emerald'], cards: 'increasing', autoPlace: false, recycle: true, autoDefend: false } }) as AnyGame, 1500);
    // (a sweep plays as its scenario does: the scenarios alone)
    for (const scenario of [...solitaireRuleset.scenarios(content).keys()].filter((s) => !s.endsWith('-sweep')))
      play('solitaire', newGame({ content, ruleset: solitaireRuleset, scenario, seed: 's', handPlacement: ['empire'] }) as AnyGame, 400);
    // the star-system game's kinds: its richest star-system scenario, a province, and the galactic game's opening (its secret base)
    for (const [scenario, decisions] of [['armageddon', 1500], ['embers-of-the-reach', 1500], ['galactic-lucent-spiral', 60]] as const)
      play('play', newGame({ content, ruleset: starSystemRuleset, scenario, seed: 'p', handPlacement: ['rebel', 'imperial'] }) as AnyGame, decisions);
    expect([...missing]).toEqual([]);
  });
});
