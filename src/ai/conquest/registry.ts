/** Every conquest agent, by the name used on the command line and in the setup screen. */
import type { ConquestAgentFactory } from './agent';
import { hardConquestAgent } from './hard-agent';
import { easyConquestAgent, normalConquestAgent } from './normal-agent';
import { randomConquestAgent } from './random-agent';
import { byName, lookUp } from '../by-name';

export const CONQUEST_AGENTS = byName<ConquestAgentFactory>({
  random: randomConquestAgent,
  easy: easyConquestAgent,
  normal: normalConquestAgent,
  hard: hardConquestAgent,
});

export function conquestAgentFactory(name: string): ConquestAgentFactory {
  const factory = lookUp(CONQUEST_AGENTS, name);
  if (!factory) throw new Error(`there is no conquest agent "${name}"; there are: ${Object.keys(CONQUEST_AGENTS).join(', ')}`);
  return factory;
}
