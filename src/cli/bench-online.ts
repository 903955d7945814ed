/**
 * The online load check [issue 27]: one game server, `rooms` star-system games played at once, each by two
 * bot clients over real websockets (each answers its decisions at random, as fast as states come). It
 * measures each command's round trip (sent, to the state that shows it applied), the rooms that did not
 * finish, and the server's memory per room.
 */
import { bundledContent } from '../core/content/bundled';
import { Rng } from '../core/rng';
import { createOnlineGame, OnlineSeat } from '../online/client';
import { startGameServer } from '../server/game-server';
import type { StateMessage } from '../online/protocol';
import { freePort } from '../server/free-port';

export interface OnlineBench {
  rooms: number;
  roomsFinished: number;
  roomsLost: number;
  commands: number;
  seconds: number;
  medianRoundTripMs: number;
  p95RoundTripMs: number;
  heapPerRoomMB: number;
}

export async function benchOnline(rooms = 50): Promise<OnlineBench> {
  const content = bundledContent();
  const port = await freePort();
  const server = await startGameServer({ port, database: ':memory:', aiWorkers: 1, content });
  const scenario = [...content.scenarios.keys()][0]!;
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const roundTrips: number[] = [];
  const started = performance.now();
  let heapPeak = heapBefore;
  const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 100);

  const playRoom = async (i: number): Promise<boolean> => {
    const made = await createOnlineGame(server.url, { ruleset: 'star-system', scenario, seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] }, 'rebel');
    const seats = [await OnlineSeat.join(server.url, { gameId: made.gameId, token: made.token! }), await OnlineSeat.join(server.url, { gameId: made.gameId, side: 'imperial' })];
    const finished = await Promise.race([
      Promise.all(seats.map((seat, k) => botPlay(seat, `${i}-${k}`, roundTrips))).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 120_000)),
    ]);
    await Promise.all(seats.map((s) => s.leave()));
    return finished;
  };
  const results = await Promise.all(Array.from({ length: rooms }, (_, i) => playRoom(i).catch(() => false)));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  await server.close();
  const sorted = [...roundTrips].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const finished = results.filter(Boolean).length;
  return {
    rooms,
    roomsFinished: finished,
    roomsLost: rooms - finished,
    commands: roundTrips.length,
    seconds,
    medianRoundTripMs: at(0.5),
    p95RoundTripMs: at(0.95),
    heapPerRoomMB: (heapPeak - heapBefore) / rooms / 1048576,
  };
}

/** A bot seat: answers each of its decisions at random and times how long the server takes to apply it. */
function botPlay(seat: OnlineSeat, seed: string, roundTrips: number[]): Promise<void> {
  const rng = Rng.fromSeed(seed);
  let sent: { step: number; at: number } | null = null;
  return new Promise((resolve) => {
    seat.onOver(() => resolve());
    seat.onState((state: StateMessage) => {
      if (sent && state.step > sent.step) {
        roundTrips.push(performance.now() - sent.at);
        sent = null;
      }
      if (state.winner) return resolve();
      if (!state.decision || sent) return;
      sent = { step: state.step, at: performance.now() };
      seat.send(rng.pick(state.decision.options));
    });
  });
}
