/**
 * Mission E, Summon Sovereign [13.2, 5.3I], as docs/rules.md ("Mission E, Summon Sovereign") builds it:
 * only in the province and galactic games, only where an environ names a sovereign; its letter brings him
 * to the performer's court, where he gives that side's Diplomacy on his planet two bonus draws; he leaves
 * when the enemy summons him, or when his planet rises or falls to the Rebel. Public, saved, hashed.
 *
 * The boards are the mission helpers' start-of-rebellion board (played as a province game where a test
 * says so): Wendhaven 2 (wild, size 3) is ruled by a sovereign, Wendhaven 1 (urban) names none.
 */
import { describe, expect, it } from 'vitest';
import { apply, applyOrThrow, newGame, stateHash } from '../../../src/core/engine/game';
import type { Command, Game } from '../../../src/core/engine/types';
import { loadSave, saveToText } from '../../../src/core/save';
import { viewFor } from '../../../src/core/view';
import { REBELLION } from '../../../src/core/world/components';
import { bonusDraws } from '../../../systems/rebels-vs-empire/bonus-draw';
import { becomeRebelControlled, enterRebellion, stopRebellion } from '../../../systems/rebels-vs-empire/loyalty';
import { missionPhase } from '../../../systems/rebels-vs-empire/missions';
import { courtOf, SOVEREIGN_DIPLOMACY_DRAWS, sovereignDiplomacyDraws, sovereignOf, summonSovereign } from '../../../systems/rebels-vs-empire/sovereigns';
import { content, problemsOf, rawCopy, ruleset } from '../../fixtures';
import { act, assign, assignOne, deck, emptyBoard, env, lettersFor, planet, put, toSegment } from './mission-helpers';

const SOVEREIGN_ENVIRON = 'wendhaven.2';
const HOLLUM = content.environs.get(SOVEREIGN_ENVIRON)?.sovereign;

/** The helpers' board, played as a game of this kind. */
function board(kind: 'star-system' | 'province' | 'galactic' = 'province'): Game {
  const { game } = emptyBoard();
  (game as { scenario: Game['scenario'] }).scenario = { ...game.scenario, kind };
  return game;
}

const groupOf = (game: Game, letter: string) => missionPhase(game)!.groups.find((g) => g.letter === letter)!;

describe('sovereigns in the content [5.3I]', () => {
  it('[5.3I] about a dozen environs name a sovereign, at least two in each province, at most one a planet', () => {
    const ruled = [...content.environs.values()].filter((e) => e.sovereign !== null);
    expect(ruled.length).toBeGreaterThanOrEqual(10);
    expect(ruled.length).toBeLessThanOrEqual(15);
    for (const province of content.provinces.keys()) {
      const here = ruled.filter((e) => content.systems.get(content.planets.get(e.planet)!.system)!.province === province);
      expect(here.length, province).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(ruled.map((e) => e.planet)).size).toBe(ruled.length);
    expect(HOLLUM).toBeTruthy(); // the boards below rely on it
    expect(content.environs.get('wendhaven.1')?.sovereign).toBeNull();
  });

  it('[5.3I] a malformed sovereign is refused with its file, JSON path and reason', () => {
    const raw = rawCopy();
    const i = raw['galaxy.json'].planets.findIndex((p: any) => p.id === 'wendhaven');
    raw['galaxy.json'].planets[i].environs[1].sovereign = 7;
    expect(problemsOf(raw)).toEqual([expect.stringMatching(new RegExp(`^galaxy\\.json at planets\\[${i}\\]\\.environs\\[1\\]\\.sovereign: .*string`))]);
    raw['galaxy.json'].planets[i].environs[1].sovereign = '';
    expect(problemsOf(raw)[0]).toMatch(new RegExp(`^galaxy\\.json at planets\\[${i}\\]\\.environs\\[1\\]\\.sovereign: `));
  });

  it('[5.3I] a second sovereign on one planet, or one sovereign ruling two environs, is refused', () => {
    const raw = rawCopy();
    const i = raw['galaxy.json'].planets.findIndex((p: any) => p.id === 'wendhaven');
    raw['galaxy.json'].planets[i].environs[0].sovereign = 'Duke Somebody';
    expect(problemsOf(raw)).toContain(`galaxy.json at planets[${i}].environs[1].sovereign: planet "wendhaven" already has a sovereign (environs[0]); a planet has at most one [5.3I]`);
    const again = rawCopy();
    const j = again['galaxy.json'].planets.findIndex((p: any) => p.id === 'tollis');
    again['galaxy.json'].planets[j].environs[0].sovereign = HOLLUM;
    expect(problemsOf(again)).toContain(`galaxy.json at planets[${j}].environs[0].sovereign: sovereign "${HOLLUM}" already rules wendhaven.2`);
  });

  it('a galaxy without sovereigns (a custom one written before them) is still valid', () => {
    const raw = rawCopy();
    for (const p of raw['galaxy.json'].planets) for (const e of p.environs) delete e.sovereign;
    expect(problemsOf(raw)).toEqual([]);
  });
});

describe('Mission E, Summon Sovereign [13.2]', () => {
  it('[5.3I, 13.2] is never offered in the star-system game, where sovereigns have no effect: none in the view, no Diplomacy bonus', () => {
    const game = board('star-system');
    const jax = put(game, 'jax-tollaway', SOVEREIGN_ENVIRON);
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).toContain('D');
    expect(lettersFor(game, jax)).not.toContain('E');
    expect(sovereignOf(game, env(game, SOVEREIGN_ENVIRON))).toBeNull();
    expect(viewFor(game, 'rebel').environs.find((e) => e.id === SOVEREIGN_ENVIRON)?.sovereign).toBeNull();
    expect(sovereignDiplomacyDraws(game, 'rebel', planet(game, 'wendhaven'))).toBe(0);
  });

  it('[13.2 E] in the province and galactic games it is offered only in an environ that names a sovereign, to both sides', () => {
    for (const kind of ['province', 'galactic'] as const) {
      const game = board(kind);
      const jax = put(game, 'jax-tollaway', SOVEREIGN_ENVIRON);
      const mirra = put(game, 'mirra-solvane', 'wendhaven.1');
      toSegment(game, 'mission assignment');
      expect(lettersFor(game, jax), kind).toContain('E');
      expect(lettersFor(game, mirra), kind).not.toContain('E');
      const empire = board(kind);
      const ysmena = put(empire, 'ysmena-coil', SOVEREIGN_ENVIRON);
      toSegment(empire, 'mission assignment', 'imperial');
      expect(lettersFor(empire, ysmena), kind).toContain('E');
    }
  });

  it('[13.2 E] not while the sovereign already stands at the performer\'s court; from the enemy\'s court, yes', () => {
    const game = board();
    const jax = put(game, 'jax-tollaway', SOVEREIGN_ENVIRON);
    summonSovereign(game, env(game, SOVEREIGN_ENVIRON), 'rebel');
    toSegment(game, 'mission assignment');
    expect(lettersFor(game, jax)).not.toContain('E');
    summonSovereign(game, env(game, SOVEREIGN_ENVIRON), 'imperial');
    expect(lettersFor(game, jax)).toContain('E');
  });

  it('[13.2 E, 15.47, 15.75] not on a planet in rebellion or under Rebel control, where no Diplomacy is done', () => {
    for (const state of ['rebellion', 'rebel-control'] as const) {
      const game = board();
      const jax = put(game, 'jax-tollaway', SOVEREIGN_ENVIRON);
      if (state === 'rebellion') enterRebellion(game, planet(game, 'wendhaven'), 'test');
      else becomeRebelControlled(game, planet(game, 'wendhaven'), 'test');
      toSegment(game, 'mission assignment');
      // the planet's fall sparks a domino effect [15.6], asked first; answered, the assignment is asked
      for (let i = 0; i < 10 && game.pending?.kind.startsWith('domino'); i++) applyOrThrow(game, game.pending.options[0]!);
      expect(game.pending?.kind, state).toBe('pick-for-mission');
      const letters = lettersFor(game, jax);
      expect(letters.length, state).toBeGreaterThan(0); // he may be assigned, only not to D or E
      expect(letters, state).not.toContain('D');
      expect(letters, state).not.toContain('E');
    }
  });

  it('[13.2 E] its letter brings the sovereign to the performer\'s court, in public: both sides\' views show it', () => {
    const game = board();
    put(game, 'jax-tollaway', SOVEREIGN_ENVIRON);
    deck(game, [81]); // wild E, no event
    assign(game, 'rebel', [['jax-tollaway', 'E']]);
    expect(courtOf(game, env(game, SOVEREIGN_ENVIRON))).toBeNull();
    act(game, { type: 'draw-action' });
    expect(game.events.some((e) => e.kind === 'mission-complete' && e.text.startsWith('Summon Sovereign (E)'))).toBe(true);
    expect(courtOf(game, env(game, SOVEREIGN_ENVIRON))).toBe('rebel');
    expect(game.events.find((e) => e.kind === 'sovereign')).toMatchObject({ visibleTo: 'all', rule: '[13.2]' });
    for (const side of ['rebel', 'imperial', null] as const)
      expect(viewFor(game, side).environs.find((e) => e.id === SOVEREIGN_ENVIRON)?.sovereign).toEqual({ name: HOLLUM, court: 'rebel' });
  });

  it('[13.2 E] without his letter he does not come', () => {
    const game = board();
    put(game, 'jax-tollaway', SOVEREIGN_ENVIRON);
    deck(game, [97]); // wild D: a card, but not his letter
    assign(game, 'rebel', [['jax-tollaway', 'E']]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'stop-drawing' });
    expect(game.events.some((e) => e.kind === 'mission-failed' && e.text.startsWith('Summon Sovereign (E)'))).toBe(true);
    expect(courtOf(game, env(game, SOVEREIGN_ENVIRON))).toBeNull();
  });

  it('[13.2 E] the Empire summons him back from the Rebel\'s court: he leaves it for the Imperial court', () => {
    const game = board();
    summonSovereign(game, env(game, SOVEREIGN_ENVIRON), 'rebel');
    put(game, 'ysmena-coil', SOVEREIGN_ENVIRON);
    deck(game, [81]);
    assign(game, 'imperial', [['ysmena-coil', 'E']]);
    act(game, { type: 'draw-action' });
    expect(courtOf(game, env(game, SOVEREIGN_ENVIRON))).toBe('imperial');
    expect(game.events.filter((e) => e.kind === 'sovereign').at(-1)?.text).toMatch(/comes to the Imperial court from the Rebel's/);
  });
});

describe('a sovereign at a side\'s court and the Diplomacy mission [13.2, 13.6]', () => {
  /** A side's Diplomacy group in `environ` (of Wendhaven), with the sovereign at `court`: its bonus draws. */
  function diplomacyDraws(side: 'rebel' | 'imperial', environ: string, court: 'rebel' | 'imperial' | null): number {
    const game = board();
    const who = side === 'rebel' ? 'jax-tollaway' : 'ysmena-coil';
    put(game, who, environ);
    if (court) summonSovereign(game, env(game, SOVEREIGN_ENVIRON), court);
    assign(game, side, [[who, 'D']]);
    return bonusDraws(game, groupOf(game, 'D')).draws;
  }

  it('[13.2, 13.6] his court\'s Diplomacy takes two more bonus draws, in any environ of his planet', () => {
    expect(SOVEREIGN_DIPLOMACY_DRAWS).toBe(2);
    for (const environ of [SOVEREIGN_ENVIRON, 'wendhaven.1']) {
      expect(diplomacyDraws('rebel', environ, 'rebel')).toBe(diplomacyDraws('rebel', environ, null) + 2);
      expect(diplomacyDraws('imperial', environ, 'imperial')).toBe(diplomacyDraws('imperial', environ, null) + 2);
    }
  });

  it('[13.2, 13.6] the other side\'s Diplomacy on his planet takes none from him', () => {
    expect(diplomacyDraws('rebel', 'wendhaven.1', 'imperial')).toBe(diplomacyDraws('rebel', 'wendhaven.1', null));
    expect(diplomacyDraws('imperial', 'wendhaven.1', 'rebel')).toBe(diplomacyDraws('imperial', 'wendhaven.1', null));
  });

  it('[13.2] his word carries on his own planet only', () => {
    const game = board();
    summonSovereign(game, env(game, SOVEREIGN_ENVIRON), 'rebel');
    expect(sovereignDiplomacyDraws(game, 'rebel', planet(game, 'wendhaven'))).toBe(2);
    expect(sovereignDiplomacyDraws(game, 'rebel', planet(game, 'tollis'))).toBe(0);
  });

  it('[13.2, 13.6, 13.41] summoned in the same mission phase, he already helps the Diplomacy beside him: bonus draws come after the action draws', () => {
    const game = board();
    const jax = put(game, 'jax-tollaway', SOVEREIGN_ENVIRON);
    const mirra = put(game, 'mirra-solvane', SOVEREIGN_ENVIRON);
    deck(game, [81, 68, 70]); // wild E, then P, P: the Diplomacy group draws to the environ's size
    toSegment(game, 'mission assignment');
    assignOne(game, jax, 'E');
    assignOne(game, mirra, 'D');
    const before = bonusDraws(game, groupOf(game, 'D')).draws;
    act(game, { type: 'draw-action' });
    expect(courtOf(game, env(game, SOVEREIGN_ENVIRON))).toBe('rebel');
    expect(bonusDraws(game, groupOf(game, 'D')).draws).toBe(before + 2);
  });
});

describe('how a sovereign leaves a court [13.2]', () => {
  it('[13.2, 15.4] when his planet rises in rebellion he leaves, in public, and stands with nobody', () => {
    const game = board();
    summonSovereign(game, env(game, SOVEREIGN_ENVIRON), 'rebel');
    enterRebellion(game, planet(game, 'wendhaven'), 'test');
    expect(courtOf(game, env(game, SOVEREIGN_ENVIRON))).toBeNull();
    expect(game.events.find((e) => e.kind === 'sovereign-leaves')).toMatchObject({ visibleTo: 'all', rule: '[13.2]' });
    expect(sovereignDiplomacyDraws(game, 'rebel', planet(game, 'wendhaven'))).toBe(0);
  });

  it('[13.2, 15.53] when his planet falls under Rebel control he leaves, whichever court he stood at', () => {
    const game = board();
    summonSovereign(game, env(game, SOVEREIGN_ENVIRON), 'imperial');
    becomeRebelControlled(game, planet(game, 'wendhaven'), 'test');
    expect(courtOf(game, env(game, SOVEREIGN_ENVIRON))).toBeNull();
  });

  it('[13.2, 15.54] once the rebellion is stopped he may be summoned again', () => {
    const game = board();
    const ysmena = put(game, 'ysmena-coil', SOVEREIGN_ENVIRON);
    summonSovereign(game, env(game, SOVEREIGN_ENVIRON), 'imperial');
    enterRebellion(game, planet(game, 'wendhaven'), 'test');
    expect(game.world.c.PlanetState.value[planet(game, 'wendhaven')]).toBe(REBELLION);
    stopRebellion(game, planet(game, 'wendhaven'), 'test');
    game.interrupts.splice(0); // the domino effects these spark are not what this test is about
    toSegment(game, 'mission assignment', 'imperial');
    expect(lettersFor(game, ysmena)).toContain('E');
  });

  it('[13.2, 15.13] his court\'s Diplomacy moving his planet\'s loyalty does not send him away', () => {
    const game = board();
    put(game, 'ysmena-coil', 'wendhaven.1');
    summonSovereign(game, env(game, SOVEREIGN_ENVIRON), 'imperial');
    const loyalty = game.world.c.Loyalty.value[planet(game, 'wendhaven')] as number;
    deck(game, [69, 73]); // urban D, D
    assign(game, 'imperial', [['ysmena-coil', 'D']]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'draw-action' });
    act(game, { type: 'stop-mission', group: groupOf(game, 'D').id });
    expect(game.world.c.Loyalty.value[planet(game, 'wendhaven')]).toBe(loyalty - 2);
    expect(courtOf(game, env(game, SOVEREIGN_ENVIRON))).toBe('imperial');
  });
});

describe('a summoned sovereign in a real province game', () => {
  /** Passive answers, but the Rebel's characters start beside a sovereign and summon him, drawing every card. */
  function answer(game: Game, tried: Set<number>): Command {
    const d = game.pending!;
    const o = (type: string, where: (c: Command) => boolean = () => true) => d.options.find((c) => c.type === type && where(c));
    if (d.side === 'rebel') {
      if (d.kind === 'place-characters') return o('place-characters', (c) => sovereignOf(game, c.environ as number) !== null) ?? d.options[0]!;
      if (d.kind === 'pick-for-mission') return o('pick-for-mission', (c) => !tried.has(c.piece as number)) ?? o('end-assignment') ?? d.options[0]!;
      if (d.kind === 'assign-mission') {
        tried.add(d.options[0]?.character as number);
        return o('assign-mission', (c) => c.letter === 'E') ?? o('cancel-pick')!;
      }
      if (d.kind === 'mission-draw') return o('draw-action') ?? d.options[0]!;
    }
    if (d.kind === 'pick-for-mission') tried.clear();
    const passive = ['end-movement', 'drop-group', 'end-reaction', 'no-combat', 'pdb-hold', 'end-transfers', 'end-assignment', 'stop-drawing', 'end-raising'];
    return passive.map((type) => o(type)).find(Boolean) ?? o('declare-search', (c) => c.search === false) ?? o('attack-found', (c) => c.attack === false) ?? d.options[0]!;
  }

  /** The first seed of the Embers of the Reach in which the Rebel summons a sovereign, stopped just after. */
  function summoned(): Game {
    for (let s = 1; s <= 20; s++) {
      const game = newGame({ content, ruleset, scenario: 'embers-of-the-reach', seed: `sovereign-${s}`, handPlacement: ['rebel'] });
      const tried = new Set<number>();
      for (let i = 0; i < 3000 && game.pending && !game.winner; i++) {
        const result = apply(game, answer(game, tried));
        if (!result.ok) throw new Error(result.reason);
        if (Object.keys((game.vars.sovereignCourts as object | undefined) ?? {}).length) return game;
      }
    }
    throw new Error('no seed of 20 summoned a sovereign');
  }

  it('[13.2 E] the court he stands at survives a save and load, and is part of the state hash', () => {
    const game = summoned();
    const environ = Object.keys(game.vars.sovereignCourts as object)[0]!;
    const eid = env(game, environ);
    expect(courtOf(game, eid)).toBe('rebel');
    const loaded = loadSave(saveToText(game), { content, ruleset });
    if (!loaded.ok) throw new Error(loaded.message);
    expect(courtOf(loaded.game, eid)).toBe('rebel');
    expect(stateHash(loaded.game)).toBe(stateHash(game));
    expect(viewFor(loaded.game, 'imperial').environs.find((e) => e.id === environ)?.sovereign?.court).toBe('rebel');
    // the court is in the hash: the same game with him elsewhere hashes differently
    const before = stateHash(loaded.game);
    summonSovereign(loaded.game, eid, 'imperial');
    expect(stateHash(loaded.game)).not.toBe(before);
  });
});
