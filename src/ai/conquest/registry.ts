/** Every conquest agent, by the name used on the command line and in the setup screen. */
import type { ConquestAgentFactory } from './agent';
import { hardConquestAgent } from './hard-agent';
import { easyConquestAgent, normalConquestAgent } from './normal-agent';
import { randomConquestAgent } from './random-agent';
import { byName, lookUp } from '../by-name';

/**
 * An agent that never takes a placement back: `take-back` is a person's second thought [002 II.2], and
 * an AI that weighed it as a move could place and take back for ever. The agents see the decision as it
 * was before take-backs existed, so their games are the same.
 */
export function placingOnce(factory: ConquestAgentFactory): ConquestAgentFactory {
  return (options) => {
    const agent = factory(options);
    return {
      name: agent.name,
      ...(agent.readsView === false ? { readsView: false } : {}),
      decide: (view, decision) =>
        agent.decide(view, decision.options.some((o) => o.type === 'take-back') ? { ...decision, options: decision.options.filter((o) => o.type !== 'take-back') } : decision),
    };
  };
}

export const CONQUEST_AGENTS = byName<ConquestAgentFactory>({
  random: placingOnce(randomConquestAgent),
  easy: placingOnce(easyConquestAgent),
  normal: placingOnce(normalConquestAgent),
  hard: placingOnce(hardConquestAgent),
});

export function conquestAgentFactory(name: string): ConquestAgentFactory {
  const factory = lookUp(CONQUEST_AGENTS, name);
  if (!factory) throw new Error(`there is no conquest agent "${name}"; there are: ${Object.keys(CONQUEST_AGENTS).join(', ')}`);
  return factory;
}
