/**
 * The AI seats' players, on worker threads [issue 27]: a room asks for an AI's answer and goes on serving
 * its clients while the worker thinks. Each worker keeps a copy of each game it plays (made from the
 * game's start and log, then kept up with the commands it has not seen), and the AI players themselves,
 * so an AI remembers what it saw from one decision to the next. A game always goes to the same worker.
 */
import type { Worker } from 'node:worker_threads';
import type { Command } from '../core/engine/types';
import type { StoredGame } from './store';
import { serverWorker } from './server-worker';

/** Main thread to worker. */
export type ToAiWorker =
  | { type: 'decide'; id: number; game: Pick<StoredGame, 'id' | 'ruleset' | 'scenario' | 'seed' | 'seedHash' | 'options' | 'handPlacement'>; from: number; commands: Command<string>[]; side: string; agent: string }
  | { type: 'forget'; gameId: string };

/** Worker to main thread. */
export type FromAiWorker =
  | { type: 'decided'; id: number; command: Command<string>; known: number }
  /** `resync`: the worker's copy of the game is not where the request begins; it needs the whole log. */
  | { type: 'failed'; id: number; message: string; resync?: boolean };

interface Pending {
  resolve(command: Command<string>): void;
  reject(error: Error): void;
  gameId: string;
  /** Ask again with the whole log (once). */
  retry?: () => void;
}

export class AiPool {
  /**
   * The workers, each started when a game first needs it: a server whose games have no AI seat (most
   * online games are people against people) never pays a worker's start, its module loading and its
   * compiling (about 2 s of CPU each, and their memory for good).
   */
  private readonly workers: (Worker | undefined)[];
  private readonly pending = new Map<number, Pending>();
  /** How many of a game's commands its worker has (it is sent only the rest). */
  private readonly known = new Map<string, number>();
  private nextId = 1;

  constructor(size: number) {
    this.workers = new Array<Worker | undefined>(Math.max(1, size)).fill(undefined);
  }

  /** Workers started so far. */
  get started(): number {
    return this.workers.filter(Boolean).length;
  }

  /** The AI `agent` at `side` answers the game's pending decision (the game as `commands` made it). */
  decide(game: StoredGame, commands: readonly Command<string>[], side: string, agent: string, resync = false): Promise<Command<string>> {
    const id = this.nextId++;
    const from = resync ? 0 : Math.min(this.known.get(game.id) ?? 0, commands.length);
    const message: ToAiWorker = {
      type: 'decide',
      id,
      game: { id: game.id, ruleset: game.ruleset, scenario: game.scenario, seed: game.seed, seedHash: game.seedHash, options: game.options, handPlacement: game.handPlacement },
      from,
      commands: commands.slice(from),
      side,
      agent,
    };
    return new Promise((resolve, reject) => {
      const retry = resync ? undefined : () => this.decide(game, commands, side, agent, true).then(resolve, reject);
      this.pending.set(id, { resolve, reject, gameId: game.id, ...(retry ? { retry } : {}) });
      this.workerOf(game.id).postMessage(message);
    });
  }

  /** A game's room is gone: its worker drops its copy. */
  forget(gameId: string): void {
    if (!gameId) return;
    this.known.delete(gameId);
    // (a worker never started has no copy to drop)
    this.workers[this.indexOf(gameId)]?.postMessage({ type: 'forget', gameId } satisfies ToAiWorker);
  }

  async close(): Promise<void> {
    this.failAll(new Error('the server is stopping'));
    await Promise.all(this.workers.map((w) => w?.terminate()));
  }

  private onMessage(m: FromAiWorker): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (m.type === 'decided') {
      this.known.set(p.gameId, m.known);
      p.resolve(m.command);
    } else {
      this.known.delete(p.gameId);
      if (m.resync && p.retry) p.retry();
      else p.reject(new Error(m.message));
    }
  }

  private failAll(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }

  /** A game's worker, started if this is the first game it plays. */
  private workerOf(gameId: string): Worker {
    const i = this.indexOf(gameId);
    let worker = this.workers[i];
    if (!worker) {
      worker = serverWorker('ai-worker', {});
      worker.on('message', (m: FromAiWorker) => this.onMessage(m));
      worker.on('error', (e) => this.failAll(e));
      worker.unref();
      this.workers[i] = worker;
    }
    return worker;
  }

  /** Which worker plays a game: always the same one. */
  private indexOf(gameId: string): number {
    let h = 0;
    for (let i = 0; i < gameId.length; i++) h = (h * 31 + gameId.charCodeAt(i)) >>> 0;
    return h % this.workers.length;
  }
}
