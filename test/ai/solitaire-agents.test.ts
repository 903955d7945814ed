/**
 * The solitaire Emperors' spending [001 Resource Points, Extropy Table], judged at a build decision set
 * up for the purpose: each test says what the rules make the index worth and checks the agent pays for it.
 */
import { describe, expect, it } from 'vitest';
import { solitaireView } from '../../systems/solitaire/view';
import { stateOf } from '../../systems/solitaire/state';
import { decideNormal, landingOdds, moveScores, NORMAL_TUNING, strikeRisk } from '../../src/ai/solitaire/normal-agent';
import { HARD_TUNING } from '../../src/ai/solitaire/hard-agent';
import { Rng } from '../../src/core/rng';
import { atBuild, letHappen, play, playUntil, solitaireGame } from '../systems/solitaire/fixtures';
import { advance } from '../../src/core/engine/game';

/** The Long Twilight at its first build decision, with `rp` RP in the treasury and the index at `index`. */
function atSpending(rp: number, index: number) {
  const game = solitaireGame('chaos-long-twilight', 'spend');
  playUntil(game, atBuild, letHappen);
  const s = stateOf(game);
  s.rp = rp;
  s.index = index;
  game.pending = null;
  advance(game);
  expect(atBuild(game)).toBe(true); // the decision asked again, with the treasury set
  return game;
}
const decide = (game: ReturnType<typeof atSpending>, tuning = NORMAL_TUNING) => decideNormal(solitaireView(game), game.pending!, tuning, Rng.fromSeed('test'));

describe('[001 Extropy Table] the Emperor lowers the index before he recruits', () => {
  it('`normal` buys an extropy operation first, even with the index low and an army to raise', () => {
    const game = atSpending(12, 20);
    expect(game.pending!.options.some((o) => o.type === 'recruit')).toBe(true);
    expect(decide(game)).toMatchObject({ type: 'extropy' });
  });

  it('at an index of 0 there is nothing to lower: it recruits or buys something else', () => {
    const game = atSpending(12, 0);
    expect(decide(game).type).not.toBe('extropy');
  });

  it('`hard` keeps its reserve from recruits, but not from an extropy operation', () => {
    // the reserve is a point per system or mobile unit (14 systems here), more than the treasury's 5
    const game = atSpending(5, 60);
    expect(stateOf(game).units.filter((u) => u.side === 'empire').length).toBeGreaterThan(5);
    expect(game.pending!.options.some((o) => o.type === 'extropy')).toBe(true);
    expect(decide(game, HARD_TUNING)).toMatchObject({ type: 'extropy' });
  });
});

describe('[001 Movement] a stack is moved for what its attacks gain, not kept home to guard', () => {
  it('moving to an Imperial system that stands alone under threat, with no Chaos there, gains nothing by itself', () => {
    // the first move decisions of a normal Emperor's Long Twilight games, until one offers such a move
    let checked = 0;
    for (let seed = 0; seed < 20 && !checked; seed++) {
      const game = solitaireGame('chaos-long-twilight', `guard-${seed}`);
      const rng = Rng.fromSeed('test');
      for (let i = 0; i < 400 && game.pending && !checked; i++) {
        const view = solitaireView(game);
        if (game.pending.kind === 'chaos-move') {
          const chaosNear = (sector: string) => [sector, ...(view.neighbours.get(sector) ?? [])].some((x) => view.units.some((u) => u.side === 'chaos' && u.sector === x));
          for (const { option, score } of moveScores(view, game.pending.options, NORMAL_TUNING)) {
            if (option.type !== 'move') continue;
            const to = option.to as string;
            const from = view.units.find((u) => u.id === (option.units as number[])[0])!.sector;
            const lone = view.systems[to]?.side === 'empire' && !view.units.some((u) => u.side === 'empire' && u.sector === to);
            const quiet = (x: string) => view.systems[x]?.side !== 'chaos' && !view.units.some((u) => u.side === 'chaos' && u.sector === x);
            if (lone && chaosNear(to) && quiet(to) && quiet(from)) {
              expect(score).toBe(0);
              checked++;
            }
          }
        }
        const command = decideNormal(view, game.pending, NORMAL_TUNING, rng);
        play(game, command);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

/** Every decision of a kind that `normal` meets playing `scenario` from these seeds, with its answer. */
function answersTo(kind: string, scenario: string, seeds: number) {
  const seen: { marker: string; answer: string }[] = [];
  for (let seed = 0; seed < seeds; seed++) {
    const game = solitaireGame(scenario, `answers-${seed}`);
    const rng = Rng.fromSeed('test');
    while (game.pending && !game.winner) {
      const command = decideNormal(solitaireView(game), game.pending, NORMAL_TUNING, rng);
      if (game.pending.kind === kind) seen.push({ marker: String(game.pending.context?.marker ?? ''), answer: command.type });
      play(game, command);
    }
  }
  return seen;
}

describe('[001 32.0] the events the Emperor answers', () => {
  it('[001 Suppression] Repression is spent on a Rebellion or a Usurper, which always find Imperial units, and not on Invaders or an Independent Empire', () => {
    const seen = answersTo('chaos-suppress', 'chaos-transhuman-revolt', 6);
    const strikes = seen.filter((x) => x.marker === 'rebellion' || x.marker === 'usurper');
    const others = seen.filter((x) => x.marker === 'invaders' || x.marker === 'independent-empire');
    expect(strikes.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    expect(strikes.every((x) => x.answer === 'suppress')).toBe(true);
    expect(others.every((x) => x.answer === 'let-happen')).toBe(true);
  });

  it('[001 32.0 Leviathan] the Leviathan is refused: it would halve the index changes the Emperor makes too', () => {
    const seen = answersTo('chaos-leviathan', 'chaos-reconquest', 6);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((x) => x.answer === 'refuse-leviathan')).toBe(true);
  });
});

describe('[001 32.0 Rebellion, Usurper] `hard` reckons where the next Rebellions and Usurpers land', () => {
  /** The Long Twilight's view with the Empire holding sectors 01-07 and one unit in 03. */
  function heartland() {
    const view = solitaireView(solitaireGame('chaos-long-twilight', 'landing'));
    const systems = Object.fromEntries(view.sectors.map((x, i) => [x, view.systems[x] ? { ...view.systems[x]!, side: i < 7 ? 'empire' : 'chaos' } : i < 7 ? { resource: 1, military: 1, morph: 1, side: 'empire', force: null } : null]));
    const unit = { ...view.units.find((u) => u.side === 'empire')!, sector: view.sectors[2]! };
    return { ...view, systems, units: [unit], illuminated: [] } as unknown as ReturnType<typeof solitaireView>;
  }

  it('a Rebellion walks up from a random sector, then down: the highest Imperial sector catches every draw above it', () => {
    const view = heartland();
    const n = view.sectors.length;
    const { rebellion } = landingOdds(view);
    for (let i = 0; i < 6; i++) expect(rebellion.get(view.sectors[i]!)).toBeCloseTo(1 / n);
    expect(rebellion.get(view.sectors[6]!)).toBeCloseTo((n - 6) / n);
  });

  it('a Usurper walks down to the first Imperial mobile unit: none below it, every draw from it up', () => {
    const view = heartland();
    const n = view.sectors.length;
    const { usurper } = landingOdds(view);
    expect([...usurper.keys()]).toEqual([view.sectors[2]]);
    expect(usurper.get(view.sectors[2]!)).toBeCloseTo((n - 2) / n);
  });

  it('a unit moved onto the sector where Rebellions land is reckoned at greater risk than one kept inside', () => {
    const view = heartland();
    const moved = view.units.map((u) => ({ ...u, sector: view.sectors[6]! }));
    expect(strikeRisk(view, moved)).toBeGreaterThan(strikeRisk(view, view.units));
  });
});

/** The Long Twilight's first build decision, asked again after `change` has set the state. */
function atBuildWith(change: (s: ReturnType<typeof stateOf>, game: ReturnType<typeof solitaireGame>) => void) {
  const game = solitaireGame('chaos-long-twilight', 'spend');
  playUntil(game, atBuild, letHappen);
  change(stateOf(game), game);
  game.pending = null;
  advance(game);
  expect(atBuild(game)).toBe(true);
  return game;
}

describe('[001 32.0 Leviathan] under the Leviathan `normal` keeps RP in hand', () => {
  // index 0 (no extropy to buy) and no Illumination marker to place: what is left is recruits and leaders
  const treasury = (leviathan: boolean) => (s: ReturnType<typeof stateOf>) => ((s.rp = 12), (s.index = 0), (s.illumination = 0), (s.leviathan = leviathan));

  it('it keeps a point per system or mobile unit from recruits while the Leviathan halves the index changes, and spends it when not', () => {
    const without = atBuildWith(treasury(false));
    expect(decide(without).type).toBe('recruit');
    const under = atBuildWith(treasury(true));
    const s = stateOf(under);
    // 14 systems, more than the treasury's 12: nothing is spent
    expect(Math.max(Object.values(s.systems).filter((x) => x?.side === 'empire').length, s.units.filter((u) => u.side === 'empire').length)).toBeGreaterThan(12);
    expect(under.pending!.options.some((o) => o.type === 'recruit')).toBe(true);
    expect(decide(under)).toMatchObject({ type: 'end-build' });
  });
});

describe('[001 Colonization Fleets] `hard` founds systems on open ground', () => {
  /** Makes a Chaos sector next to an Imperial system open ground (no system, no Chaos unit); returns both. */
  function openGroundNear(s: ReturnType<typeof stateOf>, game: ReturnType<typeof solitaireGame>) {
    const view = solitaireView(game);
    const home = view.sectors.find((x) => s.systems[x]?.side === 'empire' && (view.neighbours.get(x) ?? []).some((n) => s.systems[n]?.side === 'chaos'))!;
    const open = (view.neighbours.get(home) ?? []).find((n) => s.systems[n]?.side === 'chaos')!;
    s.systems[open] = null;
    s.units = s.units.filter((u) => !(u.side === 'chaos' && u.sector === open));
    return { home, open };
  }

  it("with open ground in a fleet's reach and no fleet of its own, `hard` recruits a colonization fleet before extropy; `normal` does not", () => {
    const game = atBuildWith((s, g) => {
      ((s.rp = 12), (s.index = 60));
      s.units = s.units.filter((u) => u.type !== 'CF');
      openGroundNear(s, g);
    });
    expect(game.pending!.options.some((o) => o.type === 'extropy')).toBe(true);
    expect(decide(game, HARD_TUNING)).toMatchObject({ type: 'recruit', unit: 'CF' });
    expect(decide(game)).not.toMatchObject({ unit: 'CF' });
  });

  it('a fleet on an Imperial system is moved to the open ground next door for the system it founds there', () => {
    let ground = { home: '', open: '' };
    const game = atBuildWith((s, g) => {
      ground = openGroundNear(s, g);
      s.units.find((u) => u.side === 'empire' && u.type === 'CF')!.sector = ground.home;
    });
    play(game, { type: 'end-build', side: 'empire' });
    expect(game.pending!.kind).toBe('chaos-move');
    const view = solitaireView(game);
    const fleet = view.units.find((u) => u.side === 'empire' && u.type === 'CF')!;
    const option = game.pending!.options.find((o) => o.type === 'move' && (o.units as number[]).length === 1 && (o.units as number[])[0] === fleet.id && o.to === ground.open)!;
    expect(option).toBeDefined();
    const score = (tuning: typeof HARD_TUNING) => moveScores(view, [option], tuning)[0]!.score;
    expect(score(HARD_TUNING) - score({ ...HARD_TUNING, colonize: false })).toBeCloseTo(1);
  });
});
