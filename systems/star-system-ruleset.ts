/**
 * The star-system game [Game Turn SRS]: a Rebel player-turn, an Imperial player-turn, then the
 * interphase. Each player-turn: operations (movement, enemy reaction, military combat), search,
 * missions (assignment, action, bonus draw). Province scenarios play the same sequence over a province.
 */
import type { SideId } from '../src/core/content/schema';
import type { Game, Ruleset, SegmentDef } from '../src/core/engine/types';
import { refreshControl } from './control';
import { dominoEffect, dominoShift } from './domino';
import { interphase } from './interphase';
import { movementSegment } from './movement';
import { placeStartingForces } from './placement';
import { notYetBuilt } from './placeholders';
import { recordStartingRebelControl, score, victory } from './victory';

function playerTurn(player: SideId): SegmentDef[] {
  return [
    { player, phase: 'operations', segment: 'movement', procedure: 'movement' },
    { player, phase: 'operations', segment: 'enemy reaction', procedure: 'reaction' },
    { player, phase: 'operations', segment: 'military combat', procedure: 'military-combat' },
    { player, phase: 'search', segment: 'search', procedure: 'search' },
    { player, phase: 'mission', segment: 'mission assignment', procedure: 'mission-assignment' },
    { player, phase: 'mission', segment: 'mission action', procedure: 'mission-action' },
    { player, phase: 'mission', segment: 'bonus draw', procedure: 'bonus-draw' },
  ];
}

export const starSystemRuleset: Ruleset = {
  id: 'star-system',
  sides: ['rebel', 'imperial'],
  procedures: {
    movement: movementSegment,
    reaction: notYetBuilt(),
    'military-combat': notYetBuilt(),
    search: notYetBuilt(),
    'mission-assignment': notYetBuilt(),
    'mission-action': notYetBuilt(),
    'bonus-draw': notYetBuilt(),
    interphase,
    // 000 15.2: queued by loyalty.ts whenever a cause sparks one
    'domino-effect': dominoEffect,
    'domino-shift': dominoShift,
  },
  // [16.14] the Rebel player-turn is first.
  sequence: [...playerTurn('rebel'), ...playerTurn('imperial'), { player: null, phase: 'interphase', segment: 'interphase', procedure: 'interphase' }],
  setup(game: Game) {
    placeStartingForces(game);
    recordStartingRebelControl(game);
  },
  refresh: refreshControl,
  victory,
  score,
};

/** Every ruleset, by id. */
export const RULESETS: Record<string, Ruleset> = { [starSystemRuleset.id]: starSystemRuleset };
