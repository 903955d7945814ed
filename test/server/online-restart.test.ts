/**
 * Online games survive [issue 27]: the server process is killed mid-game (SIGKILL: nothing is saved on the
 * way out) and started again on the same database; both players rejoin their seats by their links and
 * finish, and the game is the one a local replay of its stored log gives. A seat whose person does not
 * come back within the host's time is handed to an AI, and the game goes on.
 *
 * The tests run at once (each its own server on its own port and database): most of their time is waiting,
 * on a server process starting and on the seats' times running out.
 */
import { describe, it, type TestContext } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { bundledContent } from '../../src/core/content/bundled';
import { stateHash } from '../../src/core/engine/game';
import { createOnlineGame, OnlineSeat } from '../../src/online/client';
import { SqliteStore } from '../../src/server/sqlite-store';
import { replay } from '../../src/server/game-snapshots';
import { ONLINE_RULESETS } from '../../src/server/online-rulesets';
import { databaseFile, freePort, playSeat, pollFor, spawnServer } from './helpers';

const content = bundledContent();
const scenario = [...content.scenarios.keys()][0]!;
/** The test's server processes, killed when it ends (the test's own hook: the tests run at once). */
function serverProcesses(onTestFinished: TestContext['onTestFinished']): ChildProcess[] {
  const children: ChildProcess[] = [];
  onTestFinished(() => {
    for (const c of children) c.kill('SIGKILL');
  });
  return children;
}

describe.concurrent('online games survive [issue 27]', () => {
  it('the server is killed mid-game and started again: both players rejoin by their links and finish', async ({ expect, onTestFinished }) => {
    const children = serverProcesses(onTestFinished);
    const port = await freePort();
    const database = databaseFile();
    const url = `http://127.0.0.1:${port}`;
    children.push(await spawnServer(port, database));
    const made = await createOnlineGame(url, { ruleset: 'star-system', scenario, seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] }, 'rebel');
    const rebel = await OnlineSeat.join(url, { gameId: made.gameId, token: made.token! });
    const imperial = await OnlineSeat.join(url, { gameId: made.gameId, side: 'imperial' });
    const imperialToken = imperial.joined.token!;
    const halfway = (s: { step: number }) => s.step >= 60;
    await Promise.all([playSeat(rebel, 'r', [], halfway), playSeat(imperial, 'i', [], halfway)]);
    const step = rebel.latest!.step;
    expect(rebel.latest!.winner).toBeNull();

    children[0]!.kill('SIGKILL');
    await new Promise((r) => children[0]!.once('exit', r));
    children.push(await spawnServer(port, database));

    const rebel2 = await OnlineSeat.join(url, { gameId: made.gameId, token: made.token! });
    const imperial2 = await OnlineSeat.join(url, { gameId: made.gameId, token: imperialToken });
    expect([rebel2.side, imperial2.side]).toEqual(['rebel', 'imperial']);
    await new Promise<void>((resolve) => rebel2.onState(() => resolve()));
    // every command answered before the kill is there (at most the one in flight is not)
    expect(rebel2.latest!.step).toBeGreaterThanOrEqual(step - 1);
    await Promise.all([playSeat(rebel2, 'r2'), playSeat(imperial2, 'i2')]);
    const over = await new Promise<NonNullable<OnlineSeat['over']>>((resolve) => rebel2.onOver(resolve));
    await Promise.all([rebel2.leave(), imperial2.leave()]);

    children[1]!.kill('SIGTERM');
    await new Promise((r) => children[1]!.once('exit', r));
    const store = await SqliteStore.open(database);
    const stored = (await store.game(made.gameId))!;
    const local = replay(content, stored, await store.commands(made.gameId));
    await store.close();
    expect(stateHash(local)).toBe(over.hash);
    expect(stored.status).toBe('over');
  });

  it('a seat whose person left is still handed to an AI when its time comes after a restart [issue 46]', async ({ expect, onTestFinished }) => {
    const children = serverProcesses(onTestFinished);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const database = databaseFile();
    children.push(await spawnServer(port, database));
    // the test reads the stamps through a store of its own, opened now: its thread takes a while to start,
    // and the 3 s seat's time runs from its leave to the restart
    const store = await SqliteStore.open(database);
    onTestFinished(() => store.close());
    // two games, each with its imperial seat left: one with an hour, which no restart, however slow,
    // outlasts, then one with the host's 3 s, left last, just before the server is killed
    const leaveImperial = async (seatTimeoutSeconds: number) => {
      const made = await createOnlineGame(url, { ruleset: 'star-system', scenario, seatTimeoutSeconds, seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] }, 'rebel');
      const rebel = await OnlineSeat.join(url, { gameId: made.gameId, token: made.token! });
      const imperial = await OnlineSeat.join(url, { gameId: made.gameId, side: 'imperial' });
      const left = Date.now();
      await imperial.leave();
      // the state after the leave: a seat taken and left (the Rebel's first state, which may still be its
      // latest, has the seat open and nobody at it)
      await new Promise<void>((resolve) => rebel.onState((s) => s.seats.some((x) => x.side === 'imperial' && x.kind === 'human' && !x.connected) && resolve()));
      // the server stamped the seat's time in the store, counted from the leave (read until it is there: a
      // state sent for the join may reach the Rebel after the leave, before the stamp is kept)
      const due = await pollFor(async () => {
        const seat = (await store.game(made.gameId))!.seats.find((x) => x.side === 'imperial')!;
        if (seat.kind === 'ai') throw new Error(`the seat's ${seatTimeoutSeconds} s ran out before the server was killed: an AI has it already (the machine is too slow for this test's timing)`);
        return seat.handOverAt;
      }, 'the seat\'s hand-over time in the store');
      expect(due).toBeGreaterThanOrEqual(left + seatTimeoutSeconds * 1000);
      return { made, rebel, imperial, due };
    };
    const later = await leaveImperial(3600);
    const soon = await leaveImperial(3);
    // the server stops at once (nothing saved on the way out), and comes back
    children[0]!.kill('SIGKILL');
    await new Promise((r) => children[0]!.once('exit', r));
    children.push(await spawnServer(port, database));
    const waiting = await OnlineSeat.join(url, { gameId: later.made.gameId, token: later.made.token! });
    const back = await OnlineSeat.join(url, { gameId: soon.made.gameId, token: soon.made.token! });
    await new Promise<void>((resolve) => back.onState((s) => s.seats.find((x) => x.side === 'imperial')?.kind === 'ai' && resolve()));
    // not before the time it had before the restart: measured against the server's own stamp, on the same
    // clock, as a lower bound (a slow machine only makes the hand-over later, so it cannot fail this)
    expect(Date.now()).toBeGreaterThanOrEqual(soon.due);
    expect(back.latest!.seats.find((x) => x.side === 'imperial')).toMatchObject({ kind: 'ai', agent: 'normal' });
    await expect(OnlineSeat.join(url, { gameId: soon.made.gameId, token: soon.imperial.joined.token! })).rejects.toThrow(/an AI has taken over/);
    // and the hour's seat, restored before the 3 s one was handed over, still waits for its person
    expect(waiting.latest!.seats.find((x) => x.side === 'imperial')).toMatchObject({ kind: 'human', connected: false });
    const step = back.latest!.step;
    await playSeat(back, 'alone', [], (s) => s.step >= step + 2);
    await Promise.all([soon.rebel.leave(), later.rebel.leave(), back.leave(), waiting.leave()]);
  });

  it('a seat left empty past the host\'s time is handed to an AI, and the game goes on to its end', async ({ expect, onTestFinished }) => {
    const children = serverProcesses(onTestFinished);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    children.push(await spawnServer(port, databaseFile()));
    const made = await createOnlineGame(url, { ruleset: 'star-system', scenario, seatTimeoutSeconds: 1, seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] }, 'rebel');
    const rebel = await OnlineSeat.join(url, { gameId: made.gameId, token: made.token! });
    const imperial = await OnlineSeat.join(url, { gameId: made.gameId, side: 'imperial' });
    await imperial.leave();
    await new Promise<void>((resolve) => rebel.onState((s) => s.seats.find((x) => x.side === 'imperial')?.kind === 'ai' && resolve()));
    expect(rebel.latest!.seats.find((x) => x.side === 'imperial')).toMatchObject({ kind: 'ai', agent: 'normal', connected: false });
    // its link no longer opens the seat
    await expect(OnlineSeat.join(url, { gameId: made.gameId, token: imperial.joined.token! })).rejects.toThrow(/an AI has taken over/);
    await playSeat(rebel, 'alone');
    expect(rebel.latest!.winner ?? rebel.over?.winner).toBeTruthy();
    await rebel.leave();
  });
});
