/**
 * The map online [issue 47]: a move made on the map (a stack's picks, then where it goes) is one message
 * the room plays all or none, keeps once and sends everyone once; only its last command may roll a die or
 * reveal anything, so a move refused and undone has taught its seat nothing. A click on a stack's counter
 * asks what the pick may do (where it may go, and what each other counter would do to it) [issue 53]: the
 * server answers, for the seat's own decision and pieces only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import Database from 'better-sqlite3';
import { bundledContent } from '../../src/core/content/bundled';
import { apply, stateHash } from '../../src/core/engine/game';
import { Rng } from '../../src/core/rng';
import { canonical } from '../../src/core/engine/commands';
import { viewFor } from '../../src/core/view';
import { nameOf } from '../../src/core/names';
import type { AnyGame, Command, Game } from '../../src/core/engine/types';
import { createOnlineGame, OnlineSeat } from '../../src/online/client';
import type { DestsMessage, OnlinePlayFacts, StateMessage } from '../../src/online/protocol';
import { startGameServer, type GameServer } from '../../src/server/game-server';
import { replay } from '../../src/server/game-snapshots';
import { ONLINE_RULESETS, startStoredGame } from '../../src/server/online-rulesets';
import { pickFacts, stackDests } from '../../src/words/board/stacks';
import type { Dest, Mover } from '../../src/words/board/types';
import { databaseFile, freePort, waitFor } from './helpers';

const content = bundledContent();
const STAR_SYSTEM = ONLINE_RULESETS['star-system']!;
const database = databaseFile();
let server: GameServer;

beforeAll(async () => {
  server = await startGameServer({ port: await freePort(), database, aiWorkers: 1, content });
});
afterAll(async () => {
  await server?.close();
});

/** A star-system game between two people, at the Rebel's first movement decision (the game's first), with the stacks his board offers. */
async function atRebelMovement(): Promise<{ gameId: string; token: string; rebel: OnlineSeat; imperial: OnlineSeat; state: StateMessage; movers: Mover[]; good: { mover: Mover; dests: Dest[] } }> {
  const made = await createOnlineGame(server.url, { ruleset: 'star-system', scenario: 'start-of-rebellion', seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] }, 'rebel');
  const rebel = await OnlineSeat.join(server.url, { gameId: made.gameId, token: made.token!, screen: true });
  const imperial = await OnlineSeat.join(server.url, { gameId: made.gameId, side: 'imperial' });
  const state = await waitFor(() => (rebel.latest?.decision?.kind === 'movement' ? rebel.latest : null), 'the Rebel movement decision');
  const movers = (state.extra as unknown as OnlinePlayFacts).decision!.board!.movers;
  // a stack of two pieces or more with somewhere to go together (a ship with its pilot aboard, if not the stack as it opens)
  const local = await storedGame(made.gameId);
  const good = movers
    .map((mover) => {
      const ship = mover.counters?.find((c) => c.kind === 'ship');
      const pick = mover.take.length >= 2 ? mover.take : ship?.pilot ? [ship.piece, ship.pilot] : [];
      return { mover: { ...mover, take: pick }, dests: pick.length >= 2 ? stackDests(local, local.pending!, pick) : [] };
    })
    .find((m) => m.dests.length)!;
  return { gameId: made.gameId, token: made.token!, rebel, imperial, state, movers, good };
}

/** The game the room holds now (the one live copy on this server). */
const roomGame = (seat: OnlineSeat): AnyGame => (matchMaker.getLocalRoomById(seat.room.roomId) as unknown as { game: AnyGame }).game;

/** The game the store keeps: its start and every command kept, replayed. */
const storedGame = async (gameId: string): Promise<Game> => replay(content, (await server.store.game(gameId))!, await server.store.commands(gameId)) as Game;

describe('map moves online are one message, played all or none [issue 47]', () => {
  it('[9.0] a move whose last command is illegal leaves the game as it was (same state hash, nothing kept, nothing sent) and says why; only its last may roll or reveal; a good one is kept and sent once', async () => {
    const { gameId, rebel, imperial, state, good: found } = await atRebelMovement();
    expect(found, 'a stack of two or more pieces with somewhere to go').toBeDefined();
    const mover = found.mover;
    const good = found.dests[0]!.commands as Command<string>[];
    expect(good.length).toBe(mover.take.length + 1); // each piece picked, then where to
    const kept = (await server.store.commands(gameId)).length;
    const before = stateHash(roomGame(rebel));
    const heard: Record<string, StateMessage[]> = { rebel: [], imperial: [] };
    rebel.onState((s) => s.step > state.step && heard.rebel!.push(s));
    imperial.onState((s) => s.step > state.step && heard.imperial!.push(s));

    // the same picks, then a place the stack cannot reach: the engine refuses the last command
    const local = await storedGame(gameId);
    const reachable = new Set(found.dests.map((d) => d.place));
    const nowhere = [...local.world.ids.environ].find(([id]) => !reachable.has(id))![1];
    const bad = [...good.slice(0, -1), { type: 'move-to', side: 'rebel', to: nowhere }];
    rebel.sendMove(bad);
    const reason = await waitFor(() => rebel.refusals[0], 'the refusal');
    expect(reason).toMatch(new RegExp(`^that move was not made, the game is as it was: its command ${bad.length} of ${bad.length} \\(move-to\\) was refused: .*not a legal answer`));
    expect(stateHash(roomGame(rebel))).toBe(before);
    expect((await server.store.commands(gameId)).length).toBe(kept);

    // a command for another seat anywhere in a move: refused before any is played
    rebel.sendMove([good[0]!, { ...good[1]!, side: 'imperial' }]);
    await waitFor(() => rebel.refusals[1], 'the second refusal');
    expect(rebel.refusals[1]).toMatch(/^that move was not made, nothing changed: its command 2 of 2: you play the rebel seat, not the imperial/);
    expect(stateHash(roomGame(rebel))).toBe(before);

    // a command that may roll or reveal (the move itself) only ends a move: nobody tries one, learns what it
    // brings and has it taken back by the command after it
    rebel.sendMove([...good, good[0]!]);
    await waitFor(() => rebel.refusals[2], 'the third refusal');
    expect(rebel.refusals[2]).toBe(`that move was not made, nothing changed: only pick, pick-for-mission, next-environ may come before its last command, and its command ${good.length} is move-to`);
    expect(stateHash(roomGame(rebel))).toBe(before);

    // the good move: kept in one go, sent to each seat once, as one step of the game
    rebel.sendMove(good);
    await waitFor(() => heard.imperial!.length > 0 && heard.rebel!.length > 0, 'the state after the move');
    expect((await server.store.commands(gameId)).slice(kept).map(canonical)).toEqual(good.map(canonical));
    await new Promise((r) => setTimeout(r, 200)); // anything more would have come by now
    for (const side of ['rebel', 'imperial']) {
      expect(heard[side]!.map((s) => s.step), `${side}'s states`).toEqual([kept + good.length]);
    }
    expect(rebel.refusals.length).toBe(3);
    // the room's game is the one its store makes again
    expect(stateHash(roomGame(rebel))).toBe(stateHash((await storedGame(gameId))));
    expect(stateHash(roomGame(rebel))).not.toBe(before);
    await Promise.all([rebel.leave(), imperial.leave()]);
  });

  it('[9.0] a move the database cannot keep whole is kept not at all: the game is as it was, and the seat is told why', async () => {
    const { gameId, rebel, imperial, state, good: found } = await atRebelMovement();
    const good = found.dests[0]!.commands as Command<string>[];
    const before = stateHash(roomGame(rebel));
    // another program has written the move's last command's row already: the move's write breaks at its last row
    const other = new Database(database);
    const last = state.step + good.length - 1;
    other.prepare('insert into commands (game_id, n, command) values (?, ?, ?)').run(gameId, last, '{}');
    rebel.sendMove(good);
    await waitFor(() => rebel.refusals[0], 'the refusal');
    expect(rebel.refusals[0]).toMatch(/^the server could not keep this move \(.*\); the game is as it was last saved$/);
    expect(stateHash(roomGame(rebel))).toBe(before);
    expect(other.prepare('select n from commands where game_id = ? order by n').all(gameId)).toEqual([{ n: last }]);
    // that row gone, the same move is played whole
    other.prepare('delete from commands where game_id = ?').run(gameId);
    other.close();
    rebel.sendMove(good);
    await waitFor(() => (rebel.latest!.step === state.step + good.length ? true : null), 'the move played');
    expect((await server.store.commands(gameId)).map(canonical)).toEqual(good.map(canonical));
    expect(stateHash(roomGame(rebel))).toBe(stateHash((await storedGame(gameId))));
    await Promise.all([rebel.leave(), imperial.leave()]);
  });

  it('[issue 55] a tab that joins while a command waits for the store hears of it only once kept: one the store then fails was never shown to anyone', async () => {
    const { gameId, token, rebel, imperial, state } = await atRebelMovement();
    const store = server.store;
    const addCommands = store.addCommands;
    let release: ((fail: boolean) => void) | null = null;
    store.addCommands = async (...args) => {
      if (await new Promise<boolean>((resolve) => (release = resolve))) throw new Error('the disk is gone');
      return addCommands.apply(store, args);
    };
    try {
      const steps: number[] = [];
      imperial.onState((s) => steps.push(s.step));
      rebel.send(state.decision!.options[0]!);
      await waitFor(() => release, 'the command waiting for the store');
      // the Rebel opens the game in a second tab meanwhile (the first gives way): it is told nothing of the command not kept yet
      const tab = await OnlineSeat.join(server.url, { gameId, token, screen: true });
      tab.onState((s) => steps.push(s.step));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(steps.filter((step) => step > state.step)).toEqual([]);
      release!(true);
      await waitFor(() => tab.latest, "the tab's first state");
      expect(tab.latest!.step).toBe(state.step);
      expect(steps.filter((step) => step > state.step)).toEqual([]);
      expect(stateHash(roomGame(tab))).toBe(stateHash(await storedGame(gameId)));
      await tab.leave();
    } finally {
      store.addCommands = addCommands;
    }
    await Promise.all([rebel.leave(), imperial.leave()]);
  });

  it('[9.0, 9.56] a counter clicked online: the server says what the seat\'s own pick may do, the board\'s own answer; nothing of a hidden enemy shows through it', async () => {
    const { gameId, rebel, imperial, state, movers } = await atRebelMovement();
    const answers: DestsMessage[] = [];
    rebel.onDests((m) => answers.push(m));
    const mover = movers.find((m) => m.pieces.length >= 2)!;
    const ask = async (pieces: number[], seat = rebel, heard = answers, place = mover.place): Promise<DestsMessage> => {
      const n = heard.length;
      seat.askDests(place, pieces);
      return waitFor(() => heard[n], 'the dests answer');
    };
    const local = await storedGame(gameId);
    const before = stateHash(roomGame(rebel));
    // a piece of the stack that can go somewhere alone (a ship without its pilot cannot [9.5])
    const single = mover.pieces.find((p) => stackDests(local, local.pending!, [p]).length);
    expect(single).toBeDefined();

    // nothing picked (the stack just opened), that piece alone, and the stack's first two: each the answer the local board's worker gives (pickFacts)
    for (const pieces of [[], [single!], mover.pieces.slice(0, 2)]) {
      const answer = await ask(pieces);
      expect(answer.refused).toBeUndefined();
      expect(answer.step).toBe(state.step);
      expect(answer.pieces).toEqual(pieces);
      expect(answer.facts).toEqual(JSON.parse(JSON.stringify(pickFacts(local, local.pending!, mover.place, pieces))));
      expect(answer.facts!.others.length).toBe(mover.pieces.length - pieces.length);
      // each destination is a move the room takes: the pieces picked, then where to, all among the decision's options at their turn
      for (const d of answer.facts!.dests) expect(d.commands.map((c) => c.type)).toEqual([...pieces.map(() => 'pick'), 'move-to']);
    }
    expect(answers[1]!.facts!.dests.length).toBeGreaterThan(0);

    // the Empire's characters the Rebel has not seen: asking of them gets the words a made-up id gets
    const seen = new Set((viewFor(local, 'rebel').characters ?? []).map((c) => c.eid));
    const hidden = viewFor(local, null).characters.filter((c) => c.side === 'imperial' && !seen.has(c.eid));
    expect(hidden.length).toBeGreaterThan(0);
    const madeUp = await ask([999_999]);
    expect(madeUp.refused).toBe('you may ask only about a stack of yours you may move now, and its own pieces');
    // nor of a place where it has no stack to move (an enemy's, seen or not): the same words
    const elsewhere = [...local.world.ids.environ.keys()].find((id) => !movers.some((m) => m.place === id))!;
    expect((await ask([], rebel, answers, elsewhere)).refused).toBe(madeUp.refused);
    for (const c of hidden.slice(0, 3)) {
      const answer = await ask([c.eid]);
      expect(answer).toEqual({ ...madeUp, pieces: [c.eid] });
      // nor with one of the Rebel's own pieces beside it
      expect((await ask([mover.pieces[0]!, c.eid])).refused).toBe(madeUp.refused);
    }
    // and no answer names one of them
    const told = JSON.stringify(answers);
    for (const c of hidden) expect(told).not.toContain(nameOf(local, c.eid));

    // a seat asks only on its own decision; a malformed question gets its reason; nothing changes
    const theirs: DestsMessage[] = [];
    imperial.onDests((m) => theirs.push(m));
    expect((await ask(mover.pieces.slice(0, 1), imperial, theirs)).refused).toBe('you have no stack to move now');
    rebel.room.send('dests', { place: mover.place, pieces: 'all' });
    await waitFor(() => answers.some((a) => /a dests request is/.test(a.refused ?? '')), 'the malformed question\'s answer');
    expect((await server.store.commands(gameId)).length).toBe(state.step);
    expect(stateHash(roomGame(rebel))).toBe(before);
    expect(rebel.refusals).toEqual([]);
    await Promise.all([rebel.leave(), imperial.leave()]);
  });

  it('[9.0, 10.0, 13.1] the commands a move may hold before its last gather a choice and nothing more: no die rolled, nothing told, the decision still the seat\'s', () => {
    const leading = STAR_SYSTEM.leadingCommands!;
    const seen: Record<string, number> = {};
    // random games of four scenarios: every leading command answered in them, checked as the room checks it
    for (const scenario of [...content.scenarios.keys()].slice(0, 4)) {
      const game = startStoredGame(content, { ruleset: 'star-system', scenario, seed: scenario, seedHash: 'xmur3', options: {} }) as Game;
      const rng = Rng.fromSeed(`leading ${scenario}`);
      while (game.pending && !game.winner) {
        const option = rng.pick(game.pending.options);
        const dice = JSON.stringify(game.rng.state());
        const told = game.events.length;
        expect(apply(game, option).ok).toBe(true);
        if (!leading.includes(option.type)) continue;
        seen[option.type] = (seen[option.type] ?? 0) + 1;
        expect(JSON.stringify(game.rng.state()), `${option.type} rolled`).toBe(dice);
        expect(game.events.slice(told), `${option.type} told`).toEqual([]);
        expect(game.pending?.side, `${option.type} passed the decision`).toBe(option.side);
      }
    }
    expect(seen.pick).toBeGreaterThan(100);
    expect(seen['pick-for-mission']).toBeGreaterThan(10);
  });
});
