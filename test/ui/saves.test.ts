import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_NAME, CONQUEST_SLOTS, createSaveStore, defaultSaveName, isAutosaveName, MAX_SAVE_NAME, PLAYED_SLOTS, WATCHED_SLOT } from '../../src/ui/saves';
import { continueHtml } from '../../src/ui/continue-entry';
import { FakeStorage } from './fake-storage';

const meta = { scenario: 'start-of-rebellion', turn: 3 };

// The store stamps each save with the clock: the tests set the clock, and move it on (`tick`) between
// saves whose order matters, rather than wait for it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});
const tick = () => vi.setSystemTime(Date.now() + 1000);

describe('the browser save store', () => {
  it('round-trips saves by name, lists them newest first, and deletes them', () => {
    const store = createSaveStore(new FakeStorage());
    expect(store.list()).toEqual([]);
    store.save('first', '{"a":1}', meta);
    tick();
    store.save('second', '{"b":2}', { scenario: 'other', turn: 7 });
    expect(store.load('first')).toBe('{"a":1}');
    expect(store.load('second')).toBe('{"b":2}');
    expect(store.list().map((e) => e.name)).toEqual(['second', 'first']);
    expect(store.list()[0]).toMatchObject({ scenario: 'other', turn: 7 });
    store.remove('first');
    expect(store.load('first')).toBeNull();
    expect(store.list().map((e) => e.name)).toEqual(['second']);
  });

  it('a save is renamed with its text and facts; a name taken, empty or kept for the autosaves is refused and nothing changes', () => {
    const store = createSaveStore(new FakeStorage());
    store.save('first', 'one', { ...meta, ruleset: 'conquest', title: 'Conquest · Domination', played: true });
    store.save('other', 'two', meta);
    store.rename('first', '  my best game ');
    expect(store.load('my best game')).toBe('one');
    expect(store.load('first')).toBeNull();
    expect(store.list().find((e) => e.name === 'my best game')).toMatchObject({ ruleset: 'conquest', title: 'Conquest · Domination', played: true, turn: 3 });
    const before = JSON.stringify(store.list());
    expect(() => store.rename('my best game', 'other')).toThrow(/already/);
    expect(() => store.rename('my best game', '')).toThrow(/name/);
    expect(() => store.rename('my best game', 'autosave 7')).toThrow(/kept for the automatic saves/);
    expect(() => store.rename('gone', 'x')).toThrow(/gone/);
    expect(JSON.stringify(store.list())).toBe(before);
    expect(store.load('other')).toBe('two');
  });

  it('the name a save is offered under says the game, how far and when, and fits the name field', () => {
    const at = new Date('2026-11-27T22:40:00');
    const name = defaultSaveName({ title: 'Conquest · Domination', turnWord: 'round', turn: 5 }, at);
    expect(name).toMatch(/^Conquest · Domination, round 5, .*27.*22:40$/);
    const long = defaultSaveName({ title: `Conquest · Domination · ${'A very long map name '.repeat(4)}`, turnWord: 'round', turn: 12 }, at);
    expect(long.length).toBeLessThanOrEqual(MAX_SAVE_NAME);
    expect(long).toMatch(/…, round 12, .*22:40$/);
  });

  it('saving under a name again replaces it (one entry)', () => {
    const store = createSaveStore(new FakeStorage());
    store.save('x', 'one', meta);
    store.save('x', 'two', { ...meta, turn: 4 });
    expect(store.load('x')).toBe('two');
    expect(store.list()).toHaveLength(1);
    expect(store.list()[0]?.turn).toBe(4);
  });

  it('the autosave is a save like the others, under a name kept for it', () => {
    const store = createSaveStore(new FakeStorage());
    expect(store.loadAutosave()).toBeNull();
    expect(store.lastGame()).toBeNull();
    store.autosave('auto-text', meta);
    expect(store.loadAutosave()).toBe('auto-text');
    expect(store.list().map((e) => e.name)).toEqual([WATCHED_SLOT]);
    expect([AUTOSAVE_NAME, WATCHED_SLOT, ...PLAYED_SLOTS].every(isAutosaveName)).toBe(true);
    expect(isAutosaveName('autosaved game')).toBe(false);
  });

  it('a watched game never overwrites a played game’s autosave, and Continue picks the played game', () => {
    const store = createSaveStore(new FakeStorage());
    store.autosave('played', { ...meta, played: true, game: 'g1', who: 'you: the Rebellion' });
    tick();
    store.autosave('watched', { ...meta, played: false });
    tick();
    store.autosave('watched later', { ...meta, turn: 5 });
    expect(store.load(PLAYED_SLOTS[0] as string)).toBe('played');
    expect(store.load(WATCHED_SLOT)).toBe('watched later');
    expect(store.lastGame()).toMatchObject({ name: PLAYED_SLOTS[0], played: true, who: 'you: the Rebellion' });
    expect(store.loadAutosave()).toBe('played');
  });

  it('each played game keeps its own slot; a fourth takes the slot saved longest ago', () => {
    const store = createSaveStore(new FakeStorage());
    for (const game of ['a', 'b', 'c']) {
      store.autosave(`${game}1`, { ...meta, played: true, game });
      tick();
    }
    // the same game again: its own slot, not a new one
    store.autosave('a2', { ...meta, played: true, game: 'a' });
    tick();
    expect(store.list().filter((e) => e.played).map((e) => e.game).sort()).toEqual(['a', 'b', 'c']);
    expect(store.load(PLAYED_SLOTS[0] as string)).toBe('a2');
    expect(store.lastGame()?.game).toBe('a');
    // a fourth game: b's slot (saved longest ago) goes, a and c stay
    store.autosave('d1', { ...meta, played: true, game: 'd' });
    expect(store.list().filter((e) => e.played).map((e) => e.game).sort()).toEqual(['a', 'c', 'd']);
    expect(store.load(PLAYED_SLOTS[1] as string)).toBe('d1');
    expect(store.lastGame()?.game).toBe('d');
  });

  it('a conquest game keeps its autosave in slots of its own; Continue picks the last played game of either kind', () => {
    const store = createSaveStore(new FakeStorage());
    const conquest = { scenario: 'conquest-domination', turn: 2, played: true, ruleset: 'conquest', title: 'Conquest · Domination', who: 'you: Crimson', speed: 4 };
    store.autosave('star', { ...meta, played: true, game: 's' });
    tick();
    store.autosave('cq1', { ...conquest, game: 'c1' });
    tick();
    // a watched star-system game and a watched conquest game never take a played game's slot
    store.autosave('watched', { ...meta, played: false });
    store.autosave('watched conquest', { ...conquest, played: false, game: 'c9' });
    expect(store.load(PLAYED_SLOTS[0] as string)).toBe('star');
    expect(store.load(CONQUEST_SLOTS[0] as string)).toBe('cq1');
    expect(store.load(WATCHED_SLOT)).toBe('watched');
    expect(store.list().some((e) => e.game === 'c9')).toBe(false);
    expect(CONQUEST_SLOTS.every(isAutosaveName)).toBe(true);
    // Continue: the conquest game (played last), named as one, with its speed
    expect(store.lastGame()).toMatchObject({ name: CONQUEST_SLOTS[0], ruleset: 'conquest', speed: 4, title: 'Conquest · Domination' });
    const html = continueHtml(store.lastGame(), (id) => id);
    expect(html).toMatch(/Conquest · Domination · round 2/);
    expect(html).toMatch(/you: Crimson/);
    tick();
    // the star-system game played again is the last game again; its slot is still its own
    store.autosave('star2', { ...meta, played: true, game: 's' });
    expect(store.lastGame()?.name).toBe(PLAYED_SLOTS[0]);
    expect(store.load(CONQUEST_SLOTS[0] as string)).toBe('cq1');
    // more conquest games than slots: the one saved longest ago goes, never a star-system slot
    for (const g of ['c2', 'c3']) {
      tick();
      store.autosave(g, { ...conquest, game: g });
    }
    expect(store.list().filter((e) => e.ruleset === 'conquest').map((e) => e.game).sort()).toEqual(['c2', 'c3']);
    expect(store.load(PLAYED_SLOTS[0] as string)).toBe('star2');
  });

  it('an autosave from before slots (no "played") is still listed and still resumed when it is the only one', () => {
    const storage = new FakeStorage();
    storage.setItem('galactic-uprising.save.autosave', 'old');
    storage.setItem('galactic-uprising.saves', JSON.stringify([{ name: 'autosave', savedAt: '2026-01-01T00:00:00.000Z', scenario: 's', turn: 2 }]));
    const store = createSaveStore(storage);
    expect(store.lastGame()?.name).toBe(AUTOSAVE_NAME);
    expect(store.loadAutosave()).toBe('old');
    // a saved name is not an autosave, even the newest
    store.save('mine', 'm', meta);
    expect(store.lastGame()?.name).toBe(AUTOSAVE_NAME);
  });

  it('survives a corrupt index: not JSON, not a list, bad entries, duplicates, extra fields', () => {
    const storage = new FakeStorage();
    const store = createSaveStore(storage);
    for (const bad of ['{', '"x"', '{"name":"a"}', 'null'])  {
      storage.setItem('galactic-uprising.saves', bad);
      expect(store.list(), bad).toEqual([]);
    }
    const good = { name: 'ok', savedAt: '2026-01-01T00:00:00.000Z', scenario: 's', turn: 1 };
    storage.setItem('galactic-uprising.saves', JSON.stringify([null, 3, { name: 5 }, { ...good, turn: '2' }, { ...good, evil: '<script>', played: 'yes', who: 7 }, good]));
    expect(store.list()).toEqual([good]);
    // and it can still save on top of the mess
    store.save('new', 'text', meta);
    expect(store.list().map((e) => e.name).sort()).toEqual(['new', 'ok']);
  });

  it('a full or disabled storage: save says so clearly, autosave stays quiet, reads still work', () => {
    const storage = new FakeStorage();
    const store = createSaveStore(storage);
    store.save('kept', 'k', meta);
    storage.broken = true;
    expect(() => store.save('big', 'x', meta)).toThrow(/could not be kept.*Export it to a file/);
    expect(() => store.autosave('x', meta)).not.toThrow();
    expect(store.load('kept')).toBe('k');
    expect(store.list().map((e) => e.name)).toEqual(['kept']);
  });

  it('with no storage at all, nothing is kept and nothing breaks', () => {
    const store = createSaveStore(null);
    store.save('x', 'y', meta);
    expect(store.load('x')).toBeNull();
    expect(store.list()).toEqual([]);
  });
});
