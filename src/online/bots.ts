/**
 * Bot players over the network [issue 27, 55]: a seat that answers each of its decisions at random, as fast
 * as the states come, the way the load check's clients play (src/cli/bench-online.ts) and the way a fresh
 * server's network warm-up plays before it listens (src/server/network-warm-up.ts).
 */
import { Rng } from '../core/rng';
import type { OnlineSeat } from './client';
import type { StateMessage } from './protocol';

/** One command's round trip, as a bot saw it: what the load check's tail is made of (bench-tail.ts). */
export interface RoundTrip {
  /** From its sending to the state that shows it applied, in ms. */
  ms: number;
  /** When it was sent (performance.now(), the bench's clock). */
  sentAt: number;
  /** The seat's how-manieth command it was (0: its first in the game). */
  index: number;
  /** The kind of decision it answered ("choose-mission"). */
  kind: string;
}

/**
 * Play `seat` at random (seeded by `seed`) until the game is over, or until `enough()` says so as a state
 * comes (then nothing more is sent). With `roundTrips`, each of its commands' round trip (sent, to the state
 * that shows it applied) is added there.
 */
export function botPlay(seat: OnlineSeat, seed: string, roundTrips?: RoundTrip[], enough: () => boolean = () => false): Promise<void> {
  const rng = Rng.fromSeed(seed);
  let sent: { step: number; at: number; kind: string } | null = null;
  let index = 0;
  return new Promise((resolve) => {
    seat.onOver(() => resolve());
    seat.onState((state: StateMessage) => {
      if (sent && state.step > sent.step) {
        roundTrips?.push({ ms: performance.now() - sent.at, sentAt: sent.at, index: index++, kind: sent.kind });
        sent = null;
      }
      if (state.winner || enough()) return resolve();
      if (!state.decision || sent) return;
      sent = { step: state.step, at: performance.now(), kind: state.decision.kind };
      seat.send(rng.pick(state.decision.options));
    });
  });
}
