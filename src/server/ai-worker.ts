/**
 * An AI worker thread of the game server [issue 27] (see ai-pool.ts): it keeps a copy of each game it
 * plays and its AI players, brings the copy up to date with the commands it is sent, and answers the
 * pending decision as the seat's AI would in a local game, from that side's view only.
 */
import { parentPort } from 'node:worker_threads';
import { bundledContent } from '../core/content/bundled';
import { apply } from '../core/engine/game';
import type { AnyGame } from '../core/engine/types';
import { ONLINE_RULESETS, startStoredGame, type OnlineAgent } from './online-rulesets';
import type { FromAiWorker, ToAiWorker } from './ai-pool';

const content = bundledContent();
const games = new Map<string, { game: AnyGame; agents: Map<string, OnlineAgent> }>();

parentPort?.on('message', (m: ToAiWorker) => {
  if (m.type === 'forget') {
    games.delete(m.gameId);
    return;
  }
  const reply = (r: FromAiWorker) => parentPort?.postMessage(r);
  try {
    const online = ONLINE_RULESETS[m.game.ruleset];
    if (!online) throw new Error(`no ${m.game.ruleset} games here`);
    let held = games.get(m.game.id);
    if (m.from === 0) {
      held = { game: startStoredGame(content, m.game), agents: held?.agents ?? new Map() };
      games.set(m.game.id, held);
    }
    if (!held || held.game.log.length !== m.from) return reply({ type: 'failed', id: m.id, message: 'out of step', resync: true });
    for (const command of m.commands) {
      const result = apply(held.game, command);
      if (!result.ok) throw new Error(`a command of the game does not apply here: ${result.reason}`);
    }
    const decision = held.game.pending;
    if (!decision || decision.side !== m.side) throw new Error(`the ${m.side} seat has no decision to make`);
    const key = `${m.side}:${m.agent}`;
    let agent = held.agents.get(key);
    // seeded from the game's secret (not its public id), so nobody can foresee the AI's choices [issue 55]
    if (!agent) held.agents.set(key, (agent = online.agent(m.agent, m.side, `${m.game.seed}:${m.side}`, m.game.seedHash)));
    reply({ type: 'decided', id: m.id, command: agent.decide(held.game, decision), known: held.game.log.length });
  } catch (e) {
    games.delete(m.game.id);
    reply({ type: 'failed', id: m.id, message: (e as Error).message });
  }
});
