/**
 * Solitaire: the Emperor against Chaos [001]. The player rules the Empire; the opposition is chaos
 * itself, usurpers, independent empires, invaders, rebels and aliens that arise from random events and
 * act by dice on the Chaos Operations table. The game ends after the scenario's last turn with a victory
 * level for the Empire, from Collapse to Galactic; Sweep of Empire plays on until a Universal Victory.
 *
 * The sides are the Empire and Chaos; Chaos is the rules' automaton and is never asked a decision. The
 * game's "winner" is the Empire when it ends at Survival or better (the level is what counts: see the score).
 */
import type { Procedure, Ruleset } from '../../src/core/engine/types';
import { createGameWorld } from '../../src/core/world/world';
import { OPTIONAL_RULES, solitaireContent, type SolitaireScenario } from './content';
// the game-turn's phases, in their order (ours: 001's sequence of play is not in our copy; the phases are the ones its markers name)
import { eventsPhase } from './phases/chaos-events';
import { alienPhase } from './phases/alien-conflict';
import { imperialPhase } from './phases/imperial';
import { instituteCheck, operationsPhase } from './phases/chaos-operations';
import { endOfTurn } from './phases/end-of-turn';
import { placementPhase, setupGame } from './setup';
import { fmt, forgetEmptyForces, imperialSystems, leviathanCheck, LEVEL_NAMES, LEVELS, levelOf, SIDES, stateOf, universalVictory, victoryPoints, type Side, type SolitaireGame } from './state';

function optionsProblem(options: { [key: string]: unknown }): string | null {
  for (const key of Object.keys(options)) if (key !== 'rules') return `a solitaire game takes only the option "rules" (its optional rules), not "${key}"`;
  const rules = options.rules;
  if (rules === undefined) return null;
  if (!Array.isArray(rules)) return 'the option "rules" is a list of optional rules';
  for (const r of rules)
    if (!OPTIONAL_RULES.includes(r as (typeof OPTIONAL_RULES)[number])) return `there is no optional rule "${String(r)}"; there are: ${OPTIONAL_RULES.join(', ')}`;
  if (new Set(rules).size !== rules.length) return 'an optional rule is named twice';
  return null;
}

export const solitaireRuleset: Ruleset<Side, SolitaireScenario> = {
  id: 'solitaire',
  sides: [...SIDES],
  scenarios: (content) => solitaireContent(content).scenarios,
  // the galaxy is drawn from the content; the game's own state is plain data (state.ts)
  buildWorld: () => createGameWorld(),
  optionsProblem: (options) => optionsProblem(options),
  procedures: {
    'chaos-placement': placementPhase,
    'chaos-events': eventsPhase,
    'chaos-aliens': alienPhase,
    'chaos-imperial': imperialPhase,
    'chaos-operations': operationsPhase,
    'chaos-end': endOfTurn,
  } as Record<string, Procedure<SolitaireGame>>,
  sequence: [
    { player: null, phase: 'chaos', segment: 'events', procedure: 'chaos-events' },
    { player: null, phase: 'chaos', segment: 'aliens', procedure: 'chaos-aliens' },
    { player: 'empire', phase: 'empire', segment: 'imperial', procedure: 'chaos-imperial' },
    { player: null, phase: 'chaos', segment: 'operations', procedure: 'chaos-operations' },
    { player: null, phase: 'end', segment: 'end', procedure: 'chaos-end' },
  ],
  setup: setupGame,
  refresh(game) {
    // the Leviathan goes the instant the Core is lost [001 32.0 Leviathan]
    leviathanCheck(game);
    // a force's marker goes when nothing of it is left, however that came about
    forgetEmptyForces(game);
    // the Institute goes "at any time" a Chaos force of strength 6 stands in its sector [001 32.0 The Institute 3]
    instituteCheck(game);
  },
  victory(game, final) {
    const s = stateOf(game);
    // an Empire with no system and no mobile unit left has nothing more to play with: the game ends now (ours)
    const fallen = imperialSystems(game).length === 0 && !s.units.some((u) => u.side === 'empire');
    if (fallen) final = true;
    if (game.scenario.sweep) {
      if (universalVictory(game)) {
        s.outcome = { vp: victoryPoints(game), level: 'galactic', universal: true };
        return 'empire';
      }
      if (!final) return null;
    } else if (!final) return null;
    const vp = victoryPoints(game);
    const level = levelOf(game, vp);
    s.outcome = { vp, level, universal: false };
    return LEVELS.indexOf(level) >= LEVELS.indexOf('survival') ? 'empire' : 'chaos';
  },
  score(game) {
    const s = stateOf(game);
    const vp = victoryPoints(game);
    return { index: s.index, vp, level: levelOf(game, vp), systems: imperialSystems(game).length, rp: s.rp };
  },
  winnerText(_winner, game) {
    const o = stateOf(game).outcome;
    if (!o) return 'The game is over.';
    if (o.universal) return `Universal Victory on turn ${game.turn}: every sector Imperial and the Chaos Index at ${fmt(stateOf(game).index)}.`;
    if (game.scenario.sweep) return `Sweep of Empire ends without a Universal Victory after ${game.turn} turns.`;
    return `The Empire ends at ${LEVEL_NAMES[o.level]}: ${o.vp} victory points.`;
  },
};
