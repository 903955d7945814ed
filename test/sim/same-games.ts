/**
 * The same games: a fixed table of short games, one or more for every ruleset and every agent, each with
 * the state hash it reaches (`same-games.json`). A change that only makes the engine faster leaves every
 * one of them as it was; `same-games.test.ts` fails on any game that moved. What each entry records:
 *
 * - `hash`: the state hash after the game's last decision (or after `decisions` of them, for the slow
 *   agents, whose whole games take seconds), and `decisions`, how many were played;
 * - `views`, where an agent reads its view: one hash over every view it was given, in order, so a view
 *   built differently (a cached one gone stale, a hidden piece shown) is caught even where the agent
 *   happened to answer the same;
 * - `imagined`, for the searching agent (`hard` in the Rebels-vs-Empire games): one hash over every
 *   imagined game it played, as each stood when the agent had judged it, so a copy of the game (world,
 *   RNG, frames) or a view inside an imagined game that differs by a bit is caught too.
 *
 * A change that means to change games (a rule mended, a new RNG, an AI that plays better) writes the
 * table again in the same commit and says why:
 *
 *   npx tsx test/sim/same-games.ts --write
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundledContent } from '../../src/core/content/bundled';
import type { Belief } from '../../src/core/belief';
import { canonical } from '../../src/core/engine/commands';
import { newGame, stateHash } from '../../src/core/engine/game';
import type { AnyGame, Game, Json } from '../../src/core/engine/types';
import { hashString } from '../../src/core/hash';
import type { Agent } from '../../src/ai/agent';
import { playOne } from '../../src/ai/play';
import { agentFactory } from '../../src/ai/registry';
import { conquestAgentFactory } from '../../src/ai/conquest/registry';
import type { ConquestAgent } from '../../src/ai/conquest/agent';
import { playConquestOne } from '../../src/ai/conquest/play';
import { solitaireAgentFactory } from '../../src/ai/solitaire/registry';
import type { SolitaireAgent } from '../../src/ai/solitaire/agent';
import { playSolitaireOne } from '../../src/ai/solitaire/play';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { conquestRuleset } from '../../systems/conquest/ruleset';
import { FACTIONS, type FactionId } from '../../systems/conquest/content';
import type { ConquestGame } from '../../systems/conquest/state';
import { solitaireRuleset } from '../../systems/solitaire/ruleset';
import type { SolitaireGame } from '../../systems/solitaire/state';

export const TABLE_FILE = fileURLToPath(new URL('./same-games.json', import.meta.url));

/** One game of the table: which ruleset, scenario, agents and seed, and how far it is played. */
export interface SameGame {
  ruleset: 'rebels-vs-empire' | 'conquest' | 'solitaire';
  scenario: string;
  /** One agent a side (Rebels vs Empire: rebel, imperial), a seat (conquest) or the Emperor (solitaire). */
  agents: string[];
  seed: string;
  /** Stop after this many decisions; absent, play to the end. */
  decisions?: number;
}

export interface SameGameResult {
  decisions: number;
  winner: string | null;
  hash: string;
  views?: string;
  imagined?: string;
}

/**
 * The table. Whole games where a game is cheap (random agents, normal in the smaller scenarios), the
 * first decisions of the rest, chosen so the searching agent searches and the slow rulesets reach their
 * middle game; under two seconds in all on a quiet machine.
 */
export const SAME_GAMES: readonly SameGame[] = [
  // Rebels vs Empire: every scenario by random agents, whole games
  ...['start-of-rebellion', 'armageddon', 'embers-of-the-reach', 'songs-of-the-verdant-drift'].map((scenario) => ({
    ruleset: 'rebels-vs-empire' as const,
    scenario,
    agents: ['random', 'random'],
    seed: 'same-1',
  })),
  { ruleset: 'rebels-vs-empire', scenario: 'galactic-lucent-spiral', agents: ['random', 'random'], seed: 'same-1', decisions: 600 },
  // every agent: easy and normal whole games, hard's first decisions on both sides (its searches)
  { ruleset: 'rebels-vs-empire', scenario: 'armageddon', agents: ['easy', 'normal'], seed: 'same-1' },
  { ruleset: 'rebels-vs-empire', scenario: 'embers-of-the-reach', agents: ['normal', 'easy'], seed: 'same-1', decisions: 150 },
  { ruleset: 'rebels-vs-empire', scenario: 'galactic-lucent-spiral', agents: ['normal', 'normal'], seed: 'same-1', decisions: 120 },
  { ruleset: 'rebels-vs-empire', scenario: 'start-of-rebellion', agents: ['hard', 'normal'], seed: 'same-1', decisions: 15 },
  { ruleset: 'rebels-vs-empire', scenario: 'armageddon', agents: ['normal', 'hard'], seed: 'same-1', decisions: 28 },
  { ruleset: 'rebels-vs-empire', scenario: 'galactic-lucent-spiral', agents: ['hard', 'hard'], seed: 'same-1', decisions: 26 },
  // conquest [002], four seats: each game type, with blocs [003] too
  ...['conquest-domination', 'conquest-capital', 'conquest-mission', 'conquest-blocs', 'conquest-blocs-capital', 'conquest-blocs-mission'].map((scenario) => ({
    ruleset: 'conquest' as const,
    scenario,
    agents: ['random', 'random', 'random', 'random'],
    seed: 'same-1',
    decisions: 250,
  })),
  { ruleset: 'conquest', scenario: 'conquest-domination', agents: ['easy', 'normal', 'hard', 'random'], seed: 'same-1', decisions: 150 },
  { ruleset: 'conquest', scenario: 'conquest-blocs', agents: ['hard', 'normal', 'easy', 'hard'], seed: 'same-1', decisions: 150 },
  // solitaire [001]: the Emperor by each agent
  ...['random', 'normal', 'hard'].map((agent) => ({ ruleset: 'solitaire' as const, scenario: 'chaos-long-twilight', agents: [agent], seed: 'same-1', decisions: 50 })),
  { ruleset: 'solitaire', scenario: 'chaos-divided-heavens-sweep', agents: ['hard'], seed: 'same-1', decisions: 50 },
];

/** What the table names an entry by: "scenario agents seed [decisions]". */
export function nameOf(g: SameGame): string {
  return `${g.scenario} ${g.agents.join('/')} ${g.seed}${g.decisions ? ` first ${g.decisions}` : ''}`;
}

/** A running hash over a sequence of texts (each hashed, then the hashes chained). */
class Chain {
  private value = '';
  count = 0;
  add(text: string): void {
    this.value = hashString(this.value + text);
    this.count++;
  }
  result(): string | undefined {
    return this.count ? `${this.value}/${this.count}` : undefined;
  }
}

/** An agent that hashes the views it is given and, through its belief, every game it imagines. */
function watched(agent: Agent, views: Chain, imagined: Chain): Agent {
  return {
    name: agent.name,
    ...(agent.readsView === false ? { readsView: false } : {}),
    decide(view, decision, belief) {
      if (agent.readsView !== false) views.add(canonical(view as unknown as Json));
      const samples: Game[] = [];
      const recording: Belief | undefined = belief && {
        sample: (seed, sightings) => {
          const game = belief.sample(seed, sightings);
          samples.push(game);
          return game;
        },
      };
      const command = agent.decide(view, decision, recording);
      for (const game of samples) imagined.add(stateHash(game));
      return command;
    },
  };
}

/**
 * A conquest or solitaire agent that hashes the views it is given. Every seat is given its view, even one
 * whose agent reads none (`random`): the table hashes what each seat could see.
 */
function watchedSeat<V, A extends { name: string; decide(view: V, decision: never): unknown }>(agent: A, views: Chain): A {
  return { name: agent.name, decide: (view: V, decision: never) => (views.add(canonical(view as unknown as Json)), agent.decide(view, decision)) } as A;
}

/** Play one game of the table and say where it ended. */
export function playSameGame(g: SameGame): SameGameResult {
  const content = bundledContent();
  const limit = g.decisions ?? Infinity;
  const views = new Chain();
  const imagined = new Chain();
  let game: AnyGame;
  let decisions = 0;
  // views are hashed where an agent reads them; games of random agents alone are played as the bench plays them
  const watch = g.agents.some((a) => a !== 'random');
  const seat = <V, A extends { name: string; decide(view: V, decision: never): unknown }>(agent: A): A => (watch ? watchedSeat<V, A>(agent, views) : agent);
  if (g.ruleset === 'rebels-vs-empire') {
    const rvE = newGame({ content, ruleset: starSystemRuleset, scenario: g.scenario, seed: g.seed });
    const [rebel, imperial] = g.agents as [string, string];
    const agents = {
      rebel: watched(agentFactory(rebel)({ side: 'rebel', seed: g.seed }), views, imagined),
      imperial: watched(agentFactory(imperial)({ side: 'imperial', seed: g.seed }), views, imagined),
    };
    while (decisions < limit && playOne(rvE, agents)) decisions++;
    game = rvE;
  } else if (g.ruleset === 'conquest') {
    const players = FACTIONS.slice(0, g.agents.length);
    const conquest = newGame({ content, ruleset: conquestRuleset, scenario: g.scenario, seed: g.seed, options: { players } }) as ConquestGame;
    const agents = Object.fromEntries(
      players.map((f, i) => [f, seat<unknown, ConquestAgent>(conquestAgentFactory(g.agents[i]!)({ faction: f, seed: g.seed }))]),
    ) as Record<FactionId, ConquestAgent>;
    while (decisions < limit && playConquestOne(conquest, agents)) decisions++;
    game = conquest;
  } else {
    const solitaire = newGame({ content, ruleset: solitaireRuleset, scenario: g.scenario, seed: g.seed }) as SolitaireGame;
    const emperor = seat<unknown, SolitaireAgent>(solitaireAgentFactory(g.agents[0]!)({ seed: g.seed }));
    while (decisions < limit && playSolitaireOne(solitaire, emperor)) decisions++;
    game = solitaire;
  }
  const seen = watch ? views.result() : undefined;
  return {
    decisions,
    winner: game.winner === null ? null : String(game.winner),
    hash: stateHash(game),
    ...(seen ? { views: seen } : {}),
    ...(imagined.result() ? { imagined: imagined.result() } : {}),
  };
}

export function readTable(): Record<string, SameGameResult> {
  return JSON.parse(readFileSync(TABLE_FILE, 'utf8')) as Record<string, SameGameResult>;
}

// npx tsx test/sim/same-games.ts [--write]: play the table, print each game's time, and with --write keep it
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const table: Record<string, SameGameResult> = {};
  let total = 0;
  for (const g of SAME_GAMES) {
    const started = performance.now();
    table[nameOf(g)] = playSameGame(g);
    const ms = performance.now() - started;
    total += ms;
    console.log(`${ms.toFixed(0).padStart(6)} ms  ${nameOf(g)}  ${JSON.stringify(table[nameOf(g)])}`);
  }
  console.log(`${total.toFixed(0)} ms in all`);
  if (process.argv.includes('--write')) {
    writeFileSync(TABLE_FILE, `${JSON.stringify(table, null, 2)}\n`);
    console.log(`wrote ${TABLE_FILE}`);
  }
}
