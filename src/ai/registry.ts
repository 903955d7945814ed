/** Every agent, by the name used on the command line and in the setup screen. */
import type { AgentFactory } from './agent';
import { randomAgent } from './random-agent';
import { planAgent } from './plan-agent';
import { LEVELS, searchAgent } from './search-agent';
import { byName, lookUp } from './by-name';

export const AGENTS = byName<AgentFactory>({
  random: randomAgent,
  easy: searchAgent(LEVELS.easy),
  normal: planAgent,
  hard: searchAgent(LEVELS.hard),
});

export function agentNames(): string[] {
  return Object.keys(AGENTS);
}

export function agentFactory(name: string): AgentFactory {
  const factory = lookUp(AGENTS, name);
  if (!factory) throw new Error(`there is no agent "${name}"; there are: ${agentNames().join(', ')}`);
  return factory;
}
