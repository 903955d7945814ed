/**
 * The agents' registries are looked up by names people type (the sim's flags, a setup screen's seats, an
 * online room's AI): a name that is a property of every plain object ("constructor", "__proto__"...) is an
 * unknown agent like any other, said in words, never a TypeError from calling what the lookup found.
 */
import { describe, expect, it } from 'vitest';
import { AGENTS, agentFactory } from '../../src/ai/registry';
import { CONQUEST_AGENTS, conquestAgentFactory } from '../../src/ai/conquest/registry';
import { SOLITAIRE_AGENTS, solitaireAgentFactory } from '../../src/ai/solitaire/registry';
import { ONLINE_RULESETS } from '../../src/server/online-rulesets';

const INHERITED = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'];

describe('agent registries: only the agents they list', () => {
  it.each(INHERITED)('"%s" is no agent in any registry, and asking for it says so', (name) => {
    for (const registry of [AGENTS, CONQUEST_AGENTS, SOLITAIRE_AGENTS, ONLINE_RULESETS]) expect(registry[name]).toBeUndefined();
    expect(() => agentFactory(name)).toThrow(`there is no agent "${name}"; there are: random, easy, normal, hard`);
    expect(() => conquestAgentFactory(name)).toThrow(`there is no conquest agent "${name}"; there are: random, easy, normal, hard`);
    expect(() => solitaireAgentFactory(name)).toThrow(`there is no solitaire agent "${name}"; there are: random, normal, hard`);
  });

  it('every listed agent is found', () => {
    for (const name of Object.keys(AGENTS)) expect(agentFactory(name)).toBe(AGENTS[name]);
    for (const name of Object.keys(CONQUEST_AGENTS)) expect(conquestAgentFactory(name)).toBe(CONQUEST_AGENTS[name]);
    for (const name of Object.keys(SOLITAIRE_AGENTS)) expect(solitaireAgentFactory(name)).toBe(SOLITAIRE_AGENTS[name]);
  });
});
