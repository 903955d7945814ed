import { describe, expect, it } from 'vitest';
import { hasComponent } from 'bitecs';
import { allOf, tag } from '../../../src/core/world/world';
import { characterSearchValue, eligibleSearchers, hidingValue, searchableEnvirons, searchableGroup, searchNumber, unitSearchValue } from '../../../systems/rebels-vs-empire/search';
import { setStackedWithUnits } from '../../../systems/rebels-vs-empire/stacking';
import { givePossession } from '../../../systems/rebels-vs-empire/possessions';
import { isFreeCharacter, sideOf } from '../../../systems/rebels-vs-empire/sides';
import { eid, passUntil, rigDice, testGame } from '../../fixtures';
import { anEnviron, answer, choose, clearedGame, finished, putCharacter, putUnit, resultOf, run } from './character-fixtures';
import type { Game } from '../../../src/core/engine/types';
import { apply, interrupt } from '../../../src/core/engine/game';
import { applyCapture } from '../../../systems/rebels-vs-empire/capture';

/** Play on from the Rebel movement to the Rebel search segment (the Imperial player searches). */
function toSearchPhase(game: Game) {
  passUntil(game, (g) => g.ruleset.sequence[g.segment]?.segment === 'search');
}

describe('search [11.x]', () => {
  it('[11.0] search value: units\' combat strength plus the leader\'s leadership, or the searchers\' intelligence', () => {
    const game = clearedGame();
    const env = anEnviron(game, 2);
    putUnit(game, 'line', env);
    putUnit(game, 'militia', env);
    const leader = putCharacter(game, 'dravona-esk', env);
    const c = game.world.c;
    expect(unitSearchValue(game, env, 'imperial', 0)).toBe(3 + 1);
    expect(unitSearchValue(game, env, 'imperial', leader)).toBe(3 + 1 + (c.Character.leadership[leader] as number));
    const a = eid(game, 'character', 'nilo-brevant');
    const b = eid(game, 'character', 'oren-vastrel');
    expect(characterSearchValue(game, [a, b])).toBe((c.Character.intelligence[a] as number) + (c.Character.intelligence[b] as number));
  });

  it('[11.0] hiding value: one character\'s intelligence plus the environ size less the number hiding; possessions that hide add', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const c = game.world.c;
    const seska = putCharacter(game, 'seska-vire', env);
    expect(hidingValue(game, env, seska, 3)).toBe((c.Character.intelligence[seska] as number) + (c.Environ.size[env] as number) - 3);
    givePossession(game, eid(game, 'possession', 'ghost-credentials'), seska);
    expect(hidingValue(game, env, seska, 3)).toBe((c.Character.intelligence[seska] as number) + 2 + (c.Environ.size[env] as number) - 3);
  });

  it('[11.0] the search table: found when the die is at most the entry', () => {
    const game = testGame();
    const t = game.content.tables.search;
    expect(searchNumber(game, 1, 1)).toBe(t.found[0]![0]);
    expect(searchNumber(game, 23, 9)).toBe(t.found[4]![7]);
    expect(searchNumber(game, 5, 4)).toBe(t.found[2]![2]);
    expect(searchNumber(game, -5, -5)).toBe(t.found[0]![0]);
  });

  it('[11.1, 11.11] the search phase offers environs with the searcher\'s pieces and detected enemy characters not stacked with units', () => {
    const game = clearedGame();
    const env = anEnviron(game, 2);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    putCharacter(game, 'nilo-brevant', env);
    expect(searchableEnvirons(game, 'imperial')).toEqual([]); // not detected
    tag(game.world, rebel, game.world.c.Detected);
    expect(searchableEnvirons(game, 'imperial')).toEqual([env]);
    const unit = putUnit(game, 'rebel-1-0', env);
    setStackedWithUnits(game, rebel, true);
    expect(searchableEnvirons(game, 'imperial')).toEqual([]); // [11.1] stacked with units: not searched
    game.world.c.Owner.side[unit] = 1; // an Imperial unit alone also lets the Empire search
    game.ruleset.refresh(game); // [10.6] no Rebel unit beside him now: he is out of the military stack
    expect(searchableEnvirons(game, 'imperial')).toEqual([env]);
  });

  it('[11.1] a character in the mission stack beside his units can be searched', () => {
    const game = clearedGame();
    const env = anEnviron(game, 2);
    const inMissionStack = putCharacter(game, 'kaelen-dray', env);
    const withUnits = putCharacter(game, 'mirra-solvane', env);
    putUnit(game, 'rebel-1-0', env);
    putCharacter(game, 'nilo-brevant', env);
    for (const ch of [inMissionStack, withUnits]) tag(game.world, ch, game.world.c.Detected);
    setStackedWithUnits(game, withUnits, true); // [9.57] he chose his units' stack
    expect(searchableEnvirons(game, 'imperial')).toEqual([env]);
    expect(searchableGroup(game, env, 'rebel')).toEqual([inMissionStack]); // [11.1] the one with the units is not
  });

  it('[11.1, 11.23] the non-phasing player declares every search before any is carried out', () => {
    const game = clearedGame('phase');
    const env = anEnviron(game, 2);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    tag(game.world, rebel, game.world.c.Detected);
    putCharacter(game, 'nilo-brevant', env);
    toSearchPhase(game);
    expect(game.pending?.kind).toBe('declare-search');
    expect(game.pending?.side).toBe('imperial');
    choose(game, { search: true });
    expect(game.pending?.kind).toBe('search-by');
    expect(game.pending?.options.map((o) => o.by)).toEqual(['characters', 'none']);
  });

  it('[11.0] the search decision tells the searcher what he may know for the odds: his search values and the hiding values the group could show', () => {
    const game = clearedGame('odds');
    const env = anEnviron(game, 2);
    const c = game.world.c;
    const kaelen = putCharacter(game, 'kaelen-dray', env);
    const seska = putCharacter(game, 'seska-vire', env);
    for (const r of [kaelen, seska]) tag(game.world, r, c.Detected);
    givePossession(game, eid(game, 'possession', 'ghost-credentials'), seska); // hidden from the searcher
    const nilo = putCharacter(game, 'nilo-brevant', env);
    toSearchPhase(game);
    choose(game, { search: true });
    if (game.pending?.kind === 'choose-hider') choose(game, { character: seska });
    const d = game.pending!;
    expect(d.kind).toBe('search-by');
    const ctx = d.context as { searchValues: number[]; hidingLeast: number; hidingMost: number };
    const byCharacters = d.options.findIndex((o) => o.by === 'characters');
    expect(ctx.searchValues[byCharacters]).toBe(characterSearchValue(game, eligibleSearchers(game, env, 'imperial', 0)));
    expect(ctx.searchValues[byCharacters]).toBe(c.Character.intelligence[nilo]);
    // the true hiding value (Seska with her credentials) lies within the range shown
    const actual = hidingValue(game, env, seska, 2);
    expect(ctx.hidingLeast).toBeLessThanOrEqual(actual);
    expect(ctx.hidingMost).toBeGreaterThanOrEqual(actual);
    expect(ctx.hidingLeast).toBe(Math.min(c.Character.intelligence[kaelen] as number, c.Character.intelligence[seska] as number) + (c.Environ.size[env] as number) - 2);
  });

  it('[11.21, 11.22, 11.23] units and characters search separately; a unit\'s leader cannot search with the characters', () => {
    const game = clearedGame();
    const env = anEnviron(game, 2);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    putUnit(game, 'line', env);
    const leader = putCharacter(game, 'dravona-esk', env);
    const other = putCharacter(game, 'nilo-brevant', env);
    run(game, 'search', { environ: env, searchingSide: 'imperial', group: [rebel], calledByCard: true });
    const opts = game.pending!.options;
    expect(opts.filter((o) => o.by === 'units').map((o) => o.leader)).toEqual([0, leader, other].filter((l) => l === 0 || (game.world.c.Character.leadership[l] as number) > 0));
    rigDice(game, [6]);
    choose(game, { by: 'units', leader });
    // not found: the characters may still search, without the leader [11.22]
    expect(game.pending?.options.map((o) => o.by)).toEqual(['characters', 'none']);
    rigDice(game, [6]);
    choose(game, { by: 'characters' });
    expect(hasComponent(game.world, other, game.world.c.Detected)).toBe(true); // [11.31]
    expect(hasComponent(game.world, leader, game.world.c.Detected)).toBe(false);
    expect(finished(game)).toBe(true);
    expect(resultOf(game)).toEqual({ searched: true, found: false });
  });

  it('[11.31] characters who search become detected', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const searcher = putCharacter(game, 'nilo-brevant', env);
    run(game, 'search', { environ: env, searchingSide: 'imperial', group: [rebel], calledByCard: true });
    rigDice(game, [6]);
    choose(game, { by: 'characters' });
    expect(hasComponent(game.world, searcher, game.world.c.Detected)).toBe(true);
  });

  it('[11.0] steps 1 and 2 in order: the searcher chooses how to search, then the hider whose intelligence hides the group (once for both searches [11.23])', () => {
    const game = clearedGame();
    const env = anEnviron(game, 2);
    const a = putCharacter(game, 'kaelen-dray', env);
    const b = putCharacter(game, 'seska-vire', env);
    putCharacter(game, 'nilo-brevant', env);
    putUnit(game, 'line', env);
    run(game, 'search', { environ: env, searchingSide: 'imperial', group: [a, b], calledByCard: true });
    expect(game.pending?.kind).toBe('search-by');
    expect(game.pending?.side).toBe('imperial');
    choose(game, { by: 'units', leader: 0 });
    expect(game.pending?.kind).toBe('choose-hider');
    expect(game.pending?.side).toBe('rebel');
    expect(game.pending?.prompt).toMatch(/searched by the enemy's units/);
    rigDice(game, [6]);
    choose(game, { character: b });
    const rolled = game.events.filter((e) => e.kind === 'search');
    expect(rolled.at(-1)?.text).toMatch(new RegExp(`hiding value ${hidingValue(game, env, b, 2)},`));
    // not found by the units: the characters search too, against the same hider, not asked again
    expect(game.pending?.kind).toBe('search-by');
    rigDice(game, [6]);
    choose(game, { by: 'characters' });
    expect(game.events.filter((e) => e.kind === 'search')).toHaveLength(rolled.length + 1);
    expect(finished(game)).toBe(true);
  });

  it('[11.32, 11.33] combat after a successful search is not required', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    putCharacter(game, 'nilo-brevant', env);
    run(game, 'search', { environ: env, searchingSide: 'imperial', group: [rebel], calledByCard: false });
    rigDice(game, [1]);
    choose(game, { by: 'characters' });
    expect(game.pending?.kind).toBe('attack-found');
    choose(game, { attack: false });
    expect(finished(game)).toBe(true);
    expect(resultOf(game)).toEqual({ searched: true, found: true });
  });

  it('[12.15] characters found through an action card must be attacked if able', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    putCharacter(game, 'nilo-brevant', env);
    run(game, 'search', { environ: env, searchingSide: 'imperial', group: [rebel], calledByCard: true });
    rigDice(game, [1]);
    choose(game, { by: 'characters' });
    expect(game.pending?.options).toEqual([{ type: 'attack-found', side: 'imperial', attack: true }]);
  });

  it('[13.48] a search called by an action card cannot be declined: it is made, and only then may the other way be left untried', () => {
    const game = clearedGame();
    const env = anEnviron(game, 2);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    putCharacter(game, 'nilo-brevant', env);
    putUnit(game, 'line', env);
    run(game, 'search', { environ: env, searchingSide: 'imperial', group: [rebel], calledByCard: true });
    expect(game.pending?.options.map((o) => o.by)).toEqual(['units', 'characters']);
    rigDice(game, [6]);
    choose(game, { by: 'units', leader: 0 });
    expect(game.pending?.options.map((o) => o.by)).toEqual(['characters', 'none']); // [11.23] a second search is his choice
    // the search phase's own searches may still be declined [11.1]
    const phase = clearedGame();
    const hider = putCharacter(phase, 'kaelen-dray', env);
    putCharacter(phase, 'nilo-brevant', env);
    run(phase, 'search', { environ: env, searchingSide: 'imperial', group: [hider], calledByCard: false });
    expect(phase.pending?.options.map((o) => o.by)).toEqual(['characters', 'none']);
  });

  it('[12.15] with no enemy characters or units in the environ, an action card finds nobody', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    run(game, 'search', { environ: env, searchingSide: 'imperial', group: [rebel], calledByCard: true });
    expect(finished(game)).toBe(true);
    expect(resultOf(game)).toEqual({ searched: false, found: false });
  });

  it('[11.12, 13.48] a search called by an action card interrupts play and runs at once', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    putCharacter(game, 'nilo-brevant', env);
    interrupt(game, { proc: 'search', data: { environ: env, searchingSide: 'imperial', group: [rebel], calledByCard: true } });
    answer(game, { type: 'end-movement', side: 'rebel' });
    expect(game.pending?.kind).toBe('search-by');
    expect(game.pending?.side).toBe('imperial');
  });

  it('[11.0, 9.31] searching a group it cannot see, the searcher is told the hiding values any of that side\'s characters could show', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const c = game.world.c;
    const rebel = putCharacter(game, 'kaelen-dray', env); // undetected
    putCharacter(game, 'seska-vire', anEnviron(game, 2)); // a Rebel elsewhere: he might be the one hiding here
    putCharacter(game, 'nilo-brevant', env);
    interrupt(game, { proc: 'search', data: { environ: env, searchingSide: 'imperial', group: [rebel], calledByCard: true } });
    answer(game, { type: 'end-movement', side: 'rebel' });
    const ctx = game.pending!.context as { hidingLeast: number; hidingMost: number };
    const rebels = allOf(game.world, 'character').filter((ch) => sideOf(game, ch) === 'rebel' && isFreeCharacter(game, ch));
    const intelligences = rebels.map((ch) => c.Character.intelligence[ch] as number);
    expect(new Set(intelligences).size).toBeGreaterThan(1); // else the test could not tell
    expect(ctx.hidingLeast).toBe(Math.min(...intelligences) + (c.Environ.size[env] as number) - 1);
    expect(ctx.hidingMost).toBeGreaterThanOrEqual(Math.max(...intelligences) + (c.Environ.size[env] as number) - 1);
  });

  it('[12.81, 12.84] a captured character never searches or leads for anyone', () => {
    const game = clearedGame();
    const env = anEnviron(game, 2);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const prisoner = putCharacter(game, 'dravona-esk', env);
    putUnit(game, 'rebel-1-0', env);
    applyCapture(game, prisoner, rebel);
    expect(eligibleSearchers(game, env, 'imperial', 0)).toEqual([]);
  });

  it('[11.23, 11.34, 12.1, 12.11] only the group that found them attacks, at once: searching characters are the attacking force', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const searcher = putCharacter(game, 'nilo-brevant', env);
    run(game, 'search', { environ: env, searchingSide: 'imperial', group: [rebel], calledByCard: true });
    rigDice(game, [1]);
    choose(game, { by: 'characters' });
    choose(game, { attack: true });
    expect(game.stack.at(-1)?.proc).toBe('character-combat');
    expect(game.stack.at(-1)?.data.attacker).toEqual({ kind: 'characters', characters: [searcher] });
    expect(game.stack.at(-1)?.data.defenders).toEqual([rebel]);
  });

  it('[12.12] units that found the characters attack with a squad of their strength and leader', () => {
    const game = clearedGame();
    const env = anEnviron(game, 3);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const units = [putUnit(game, 'line', env), putUnit(game, 'line', env), putUnit(game, 'line', env)];
    run(game, 'search', { environ: env, searchingSide: 'imperial', group: [rebel], calledByCard: true });
    rigDice(game, [1]);
    choose(game, { by: 'units', leader: 0 });
    choose(game, { attack: true });
    expect(game.stack.at(-1)?.data.attacker).toEqual({ kind: 'squad', strength: 9, leader: 0, units });
    expect(game.pending?.kind).toBe('combat-intent'); // squads fight a firefight [12.31]
  });
});
