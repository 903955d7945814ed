/**
 * Online play on a real game server [issue 27]: the server on a free loopback port, clients through the
 * Colyseus SDK as a browser would use it. A whole star-system game between two clients, every command
 * checked by the server, ends with the state hash a local replay of the stored log gives; nobody takes a
 * seat they do not hold; a side never hears the other's secrets; illegal and malformed commands are
 * refused and change nothing; the lobby lists games with an open seat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledContent } from '../../src/core/content/bundled';
import { stateHash } from '../../src/core/engine/game';
import { createOnlineGame, OnlineSeat } from '../../src/online/client';
import { startGameServer, type GameServer } from '../../src/server/game-server';
import { replay } from '../../src/server/game-snapshots';
import { ONLINE_RULESETS } from '../../src/server/online-rulesets';
import { stateOf, type ConquestGame } from '../../systems/conquest/state';
import { databaseFile, freePort, nextMove, playSeat, pollFor } from './helpers';
import { readState, type OnlinePlayFacts, type StateMessage } from '../../src/online/protocol';
import type { GameEvent } from '../../src/core/engine/types';

const content = bundledContent();
let server: GameServer;

beforeAll(async () => {
  server = await startGameServer({ port: await freePort(), database: databaseFile(), aiWorkers: 1, content });
});
afterAll(async () => {
  await server?.close();
});

const STAR_SYSTEM = { ruleset: 'star-system', scenario: 'the-first-spark' };

describe('online play [issue 27]', () => {
  it('two clients play a whole star-system game; the final hash is a local replay\'s of the stored log', async () => {
    const scenario = [...content.scenarios.keys()][0]!;
    const made = await createOnlineGame(server.url, { ...STAR_SYSTEM, scenario, seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] }, 'rebel');
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const rebel = await OnlineSeat.join(server.url, { gameId: made.gameId, token: made.token! });
    const imperial = await OnlineSeat.join(server.url, { gameId: made.gameId, side: 'imperial' });
    expect(rebel.side).toBe('rebel');
    expect(imperial.side).toBe('imperial');
    expect(imperial.joined.token).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // a third client may take neither seat: one without its token, nor a made-up token
    await expect(OnlineSeat.join(server.url, { gameId: made.gameId, side: 'rebel' })).rejects.toThrow(/rebel seat is taken/);
    await expect(OnlineSeat.join(server.url, { gameId: made.gameId, token: 'x'.repeat(32) })).rejects.toThrow(/does not open a seat/);
    await expect(OnlineSeat.join(server.url, { gameId: made.gameId })).rejects.toThrow(/every seat of this game is taken/);

    const heard: Record<string, string[]> = { rebel: [], imperial: [] };
    const wire: StateMessage[] = [];
    rebel.room.onMessage('state', (bytes: Uint8Array) => wire.push(readState(bytes)));
    await Promise.all([playSeat(rebel, 'r', heard.rebel), playSeat(imperial, 'i', heard.imperial)]);
    const over = await new Promise<NonNullable<OnlineSeat['over']>>((resolve) => rebel.onOver(resolve));
    expect(['rebel', 'imperial', 'draw']).toContain(over.winner);
    const stored = (await server.store.game(made.gameId))!;
    expect(stored.status).toBe('over');
    const log = await server.store.commands(made.gameId);
    expect(log.length).toBe(over.commands);
    const local = replay(content, stored, log);
    expect(stateHash(local)).toBe(over.hash);
    expect(local.winner).toBe(over.winner);
    // after the first, a state carries only the view's fields that changed; the seat puts it back whole
    expect(wire.slice(1).length).toBeGreaterThan(10);
    expect(wire.slice(1).every((m) => m.partial === true && !('environs' in (m.view as object)))).toBe(true);
    expect(Object.keys(rebel.latest!.view as object)).toEqual(expect.arrayContaining(['planets', 'environs', 'units', 'characters', 'turn']));
    // and whole again, it is the side's view of the game as it ended: no change was left out [issue 46]
    expect(rebel.latest!.view).toEqual(JSON.parse(JSON.stringify(ONLINE_RULESETS['star-system']!.view(local, 'rebel'))));
    // programs that only play are sent no presentation facts
    expect(heard.rebel!.some((h) => h.includes('"extra"'))).toBe(false);
    // every line only one side was told (a detection roll, a unit's strength, a hidden move...) never
    // reached the other side's client, in any message
    const lines = local.events as GameEvent[];
    for (const [side, other] of [['rebel', 'imperial'], ['imperial', 'rebel']] as const) {
      const shared = new Set(lines.filter((e) => e.visibleTo !== side).map((e) => e.text));
      const secrets = lines.filter((e) => e.visibleTo === side && !shared.has(e.text)).map((e) => JSON.stringify(e.text).slice(1, -1));
      expect(secrets.length).toBeGreaterThan(0);
      const told = heard[other]!.join('\n');
      for (const secret of secrets) expect(told.includes(secret), `${other} heard "${secret}"`).toBe(false);
    }
    await Promise.all([rebel.leave(), imperial.leave()]);
    // a game of people alone started no AI worker thread (the first game with an AI seat starts its own)
    expect(server.aiWorkersStarted()).toBe(0);
  });

  it('a star-system screen gets its own decision in words with the static entities first (a program that only plays gets none); placement by hand is kept [16.12-16.14]', async () => {
    const scenario = [...content.scenarios.keys()][0]!;
    const made = await createOnlineGame(server.url, { ...STAR_SYSTEM, scenario, handPlacement: ['rebel'], seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'ai', agent: 'normal' }] }, 'rebel');
    expect((await server.store.game(made.gameId))!.handPlacement).toEqual(['rebel']);
    const rebel = await OnlineSeat.join(server.url, { gameId: made.gameId, token: made.token!, screen: true });
    const states: StateMessage[] = [];
    rebel.onState((s) => states.push(s));
    // the first state of ours to decide: the Rebel's own placement by hand, after the Empire's automatic one
    await expect.poll(() => states.find((s) => s.decision), { timeout: 20_000 }).toBeTruthy();
    const first = states[0]!.extra as unknown as OnlinePlayFacts;
    expect(Object.keys(first.refs ?? {}).length).toBeGreaterThan(10);
    expect(first.sequence!.length).toBeGreaterThan(3);
    // what never changes comes once
    expect(states.slice(1).every((s) => (s.extra as unknown as OnlinePlayFacts).refs === undefined && (s.extra as unknown as OnlinePlayFacts).sequence === undefined)).toBe(true);
    const mine = states.find((s) => s.decision)!;
    const facts = mine.extra as unknown as OnlinePlayFacts;
    expect(mine.decision!.kind).toMatch(/placement|place/);
    expect(facts.decision!.options.length).toBe(mine.decision!.options.length);
    expect(facts.decision!.options.every((o) => o.label.length > 0)).toBe(true);
    // [issue 44] with the board's facts made from it: the grouped list's lines are its options, and each move on the map begins with one of them
    const lines = facts.decision!.groups!.flatMap((g) => g.stacks.flatMap((st) => st.items));
    for (const line of lines) expect(facts.decision!.options[line.index]?.label).toBeDefined();
    expect(lines.reduce((n, line) => n + line.count, 0)).toBe(lines.length ? mine.decision!.options.length : 0);
    const options = new Set(mine.decision!.options.map((o) => JSON.stringify(o)));
    const board = facts.decision!.board!;
    for (const m of board.movers) for (const d of m.dests) expect(options.has(JSON.stringify(d.commands[0]))).toBe(true);
    for (const d of [...board.deeds, ...board.buttons]) expect(options.has(JSON.stringify(d.commands[0]))).toBe(true);
    // play on (the first option each time) until the Empire's AI is to move and something has been told
    for (let i = 0; i < 300 && !(states.some((x) => !x.decision && x.step > mine.step) && states.some((x) => x.events.length)); i++) {
      const { step, option } = await nextMove(rebel).catch(() => ({ step: -1, option: null }));
      if (!option) break; // nothing more for us to answer for now: the Empire is playing
      rebel.send(option);
      await waitFor(() => (rebel.latest!.step > step ? true : null));
    }
    const notOurs = states.filter((x) => !x.decision && x.step > mine.step);
    expect(notOurs.length).toBeGreaterThan(0);
    // a decision not ours comes without its words, its board or its list
    for (const s of notOurs) expect((s.extra as unknown as OnlinePlayFacts).decision).toBeUndefined();
    expect(states.flatMap((s) => s.events).length).toBeGreaterThan(0);
    // events in names: no environ id such as "tollis.1" is left in a line
    const ids = [...content.environs.keys()];
    for (const e of states.flatMap((s) => s.events)) expect(ids.some((id) => new RegExp(`\\b${id.replace('.', '\\.')}\\b`).test(e.text))).toBe(false);
    await rebel.leave();
  });

  it('a command out of turn, for another seat, malformed or not among the options is refused; nothing changes', async () => {
    const scenario = [...content.scenarios.keys()][0]!;
    const made = await createOnlineGame(server.url, { ...STAR_SYSTEM, scenario, seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] }, 'rebel');
    const rebel = await OnlineSeat.join(server.url, { gameId: made.gameId, token: made.token! });
    const imperial = await OnlineSeat.join(server.url, { gameId: made.gameId, side: 'imperial' });
    const state = await waitFor(() => rebel.latest?.waitingFor ? rebel.latest : null);
    const mover = state.waitingFor === 'rebel' ? rebel : imperial;
    const other = mover === rebel ? imperial : rebel;
    const option = (mover.latest!.decision ?? (await waitFor(() => mover.latest?.decision)))!.options[0]!;
    const before = (await server.store.commands(made.gameId)).length;

    other.send({ ...option, side: other.side! }); // out of turn
    other.send(option); // another seat's command
    mover.send({ type: 'no-such-thing', side: mover.side! });
    mover.send({ type: 'x'.repeat(9000), side: mover.side! } as never);
    mover.room.send('command', 'not a command' as never);
    mover.room.send('cheat', { give: 'me everything' } as never);
    await waitFor(() => (other.refusals.length >= 2 && mover.refusals.length >= 4 ? true : null));
    expect(other.refusals.join(' | ')).toMatch(/decision|not the/);
    expect(other.refusals.join(' | ')).toMatch(/you play the .* seat, not the/);
    expect(mover.refusals.join(' | ')).toMatch(/not one of the options|not among|is not/);
    expect(mover.refusals.join(' | ')).toMatch(/"cheat" is not a message this server takes/);
    expect((await server.store.commands(made.gameId)).length).toBe(before);

    mover.send(option); // and the legal one goes through
    await pollFor(async () => ((await server.store.commands(made.gameId)).length === before + 1 ? true : null), 'the legal command kept');
    await Promise.all([rebel.leave(), imperial.leave()]);
  });

  it('a flood of messages is refused once said, and the client is not let through', async () => {
    const scenario = [...content.scenarios.keys()][0]!;
    const made = await createOnlineGame(server.url, { ...STAR_SYSTEM, scenario, seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'ai', agent: 'random' }] }, 'rebel');
    const rebel = await OnlineSeat.join(server.url, { gameId: made.gameId, token: made.token! });
    for (let i = 0; i < 1000; i++) rebel.send({ type: 'noise', side: 'rebel' });
    await waitFor(() => (rebel.refusals.some((r) => /too many messages/.test(r)) ? true : null));
    expect(rebel.refusals.filter((r) => /too many messages/.test(r)).length).toBeLessThanOrEqual(3);
    // a flood that goes on is sent away
    await waitFor(() => rebel.closedWith);
    expect(rebel.closedWith).toBe(4029);
    expect((await server.store.commands(made.gameId)).every((c) => c.type !== 'noise')).toBe(true);
    await rebel.leave();
  });

  it('a conquest game with a secret mission each: no client ever hears another\'s mission; AI seats play on the server', async () => {
    const options = { players: ['crimson', 'azure', 'emerald'], autoPlace: true };
    const made = await createOnlineGame(
      server.url,
      { ruleset: 'conquest', scenario: 'conquest-mission', options, seats: [{ side: 'crimson', kind: 'open' }, { side: 'azure', kind: 'open' }, { side: 'emerald', kind: 'ai', agent: 'normal' }] },
      'crimson',
    );
    const crimson = await OnlineSeat.join(server.url, { gameId: made.gameId, token: made.token! });
    const azure = await OnlineSeat.join(server.url, { gameId: made.gameId, side: 'azure' });
    const heard: Record<string, string[]> = { crimson: [], azure: [] };
    await Promise.all([playSeat(crimson, 'c', heard.crimson), playSeat(azure, 'a', heard.azure)]);
    const stored = (await server.store.game(made.gameId))!;
    const game = replay(content, stored, await server.store.commands(made.gameId));
    const missions = stateOf(game as unknown as ConquestGame).missions as Record<string, { id: string; text: string }>;
    expect(Object.keys(missions).sort()).toEqual(['azure', 'crimson', 'emerald']);
    for (const me of ['crimson', 'azure'] as const) {
      const all = heard[me]!.join('\n');
      expect(all).toContain(missions[me]!.text); // one's own mission is told
      for (const other of Object.keys(missions).filter((f) => f !== me)) expect(all, `${me} hears ${other}'s mission`).not.toContain(missions[other]!.id);
    }
    expect(game.log.some((c) => c.side === 'emerald')).toBe(true);
    expect(server.aiWorkersStarted()).toBe(1);
    await Promise.all([crimson.leave(), azure.leave()]);
  });

  it('a reserved seat opens only with its own link; an open one with none', async () => {
    const scenario = [...content.scenarios.keys()][0]!;
    const made = await createOnlineGame(server.url, { ...STAR_SYSTEM, scenario, seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'reserved' }] });
    expect(made.side).toBeNull();
    expect(made.reserved.map((r) => r.side)).toEqual(['imperial']);
    await expect(OnlineSeat.join(server.url, { gameId: made.gameId, side: 'imperial' })).rejects.toThrow(/imperial seat is taken/);
    const imperial = await OnlineSeat.join(server.url, { gameId: made.gameId, token: made.reserved[0]!.token });
    expect(imperial.side).toBe('imperial');
    const rebel = await OnlineSeat.join(server.url, { gameId: made.gameId }); // the first open seat
    expect(rebel.side).toBe('rebel');
    await Promise.all([rebel.leave(), imperial.leave()]);
  });

  it('the lobby lists games with an open seat, never a token; a bad request gets its reason', async () => {
    const scenario = [...content.scenarios.keys()][0]!;
    const made = await createOnlineGame(server.url, { ...STAR_SYSTEM, scenario, seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] }, 'imperial');
    const lobby = (await (await fetch(`${server.url}/api/games`)).json()) as { games: { gameId: string; seats: { side: string; kind: string }[] }[] };
    const listed = lobby.games.find((g) => g.gameId === made.gameId);
    expect(listed?.seats).toEqual([
      { side: 'rebel', kind: 'open' },
      { side: 'imperial', kind: 'human' },
    ]);
    expect(JSON.stringify(lobby)).not.toContain(made.token!);
    await expect(createOnlineGame(server.url, { ...STAR_SYSTEM, ruleset: 'chess', seats: [] })).rejects.toThrow(/not "chess"/);
    await expect(createOnlineGame(server.url, { ...STAR_SYSTEM, scenario, seats: [{ side: 'rebel', kind: 'ai', agent: 'genius' }, { side: 'imperial', kind: 'open' }] })).rejects.toThrow(/no AI "genius"/);
    const broken = await fetch(`${server.url}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{ not json' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: string }).error).toMatch(/could not be read/);
    await expect(OnlineSeat.join(server.url, { gameId: 'nope' })).rejects.toThrow(/no game "nope"/);
  });
});

/** Poll until `get` gives something (a message has arrived), or fail after a while. */
async function waitFor<T>(get: () => T | null | undefined, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = get();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
