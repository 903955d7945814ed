/**
 * Bot players over the network [issue 27, 55]: a seat that answers each of its decisions at random, as fast
 * as the states come, the way the load check's clients play (src/cli/bench-online.ts) and the way a fresh
 * server's network warm-up plays before it listens (src/server/network-warm-up.ts).
 */
import { Rng } from '../core/rng';
import type { OnlineSeat } from './client';
import type { StateMessage } from './protocol';

/**
 * Play `seat` at random (seeded by `seed`) until the game is over, or until `enough()` says so as a state
 * comes (then nothing more is sent). With `roundTrips`, each of its commands' round trip (sent, to the state
 * that shows it applied) is added there, in ms.
 */
export function botPlay(seat: OnlineSeat, seed: string, roundTrips?: number[], enough: () => boolean = () => false): Promise<void> {
  const rng = Rng.fromSeed(seed);
  let sent: { step: number; at: number } | null = null;
  return new Promise((resolve) => {
    seat.onOver(() => resolve());
    seat.onState((state: StateMessage) => {
      if (sent && state.step > sent.step) {
        roundTrips?.push(performance.now() - sent.at);
        sent = null;
      }
      if (state.winner || enough()) return resolve();
      if (!state.decision || sent) return;
      sent = { step: state.step, at: performance.now() };
      seat.send(rng.pick(state.decision.options));
    });
  });
}
