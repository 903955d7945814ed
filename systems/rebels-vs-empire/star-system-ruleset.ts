/**
 * The star-system game [Game Turn SRS]: a Rebel player-turn, an Imperial player-turn, then the
 * interphase. Each player-turn: operations (movement, enemy reaction, military combat), search,
 * missions (assignment, action, bonus draw). Province scenarios play the same sequence over a province.
 */
import { isGalactic } from '../../src/core/content/validate';
import { DOMINO_RULES, type SideId } from '../../src/core/content/schema';
import type { Frame, Game, Ruleset, SegmentDef } from '../../src/core/engine/types';
import { buildWorld } from '../../src/core/world/build';
import { refreshPrisoners } from './capture';
import { characterCombat } from './character-combat';
import { refreshControl } from './control';
import { dominoEffect, dominoShift } from './domino';
import { refreshHealing } from './healing';
import { imperialShipReceipt, setupImperialShips } from './imperial-ships';
import { interphase, interphaseRebelControl } from './interphase';
import { movementSegment, moveGroup } from './movement';
import { allocateLosses, environCombat, militaryCombatSegment, rebellionCombat } from './military-combat';
import { reactionSegment } from './reaction';
import { refreshShips, refreshStacks } from './stacking';
import { bonusDraw } from './bonus-draw';
import { missionAction } from './mission-action';
import { missionAssignment } from './mission-assignment';
import { concealEnemyMissions } from './missions';
import { placementProcedure, placeStartingForces, startPlacement } from './placement';
import { assignPossession, initPossessionDeck, possessionTransfer, reassignSpaceshipProcedure } from './possessions';
import { search, searchPhase } from './search';
import { rebellionForces } from './rebellion';
import { recordStartingRebelControl, score, victory } from './victory';
import { refreshSecretPlanets, secretBaseProcedure } from './secret-planets';
import { galacticEventProcedure, galacticPhaseProcedure, setupGalacticDecks } from './galactic-events';
import { chaosIndex, victoryLevel } from './chaos';

/** The setup that follows placement, whether automatic or by hand. */
function afterPlacement(game: Game): void {
  recordStartingRebelControl(game);
  initPossessionDeck(game); // [14.24]
  setupImperialShips(game); // [14.61]
}

/** Placement by hand (the frame to run) or automatic (done at once, null). */
function beginPlacement(game: Game): Frame | null {
  const byHand = startPlacement(game);
  if (byHand) return byHand;
  placeStartingForces(game);
  afterPlacement(game);
  return null;
}

function playerTurn(player: SideId): SegmentDef[] {
  return [
    { player, phase: 'operations', segment: 'movement', procedure: 'movement' },
    { player, phase: 'operations', segment: 'enemy reaction', procedure: 'reaction' },
    { player, phase: 'operations', segment: 'military combat', procedure: 'military-combat' },
    { player, phase: 'search', segment: 'search', procedure: 'search-phase' },
    { player, phase: 'mission', segment: 'mission assignment', procedure: 'mission-assignment' },
    { player, phase: 'mission', segment: 'mission action', procedure: 'mission-action' },
    { player, phase: 'mission', segment: 'bonus draw', procedure: 'bonus-draw' },
  ];
}

export const starSystemRuleset: Ruleset = {
  id: 'star-system',
  sides: ['rebel', 'imperial'],
  scenarios: (content) => content.scenarios,
  buildWorld, // the whole galaxy, the scenario's area in play, its forces mustered [16.1]
  procedures: {
    movement: movementSegment,
    'move-group': moveGroup,
    reaction: reactionSegment,
    'military-combat': militaryCombatSegment,
    'environ-combat': environCombat,
    'allocate-losses': allocateLosses,
    'rebellion-combat': rebellionCombat,
    'search-phase': searchPhase,
    search,
    'character-combat': characterCombat,
    'possession-transfer': possessionTransfer,
    'assign-possession': assignPossession,
    'reassign-spaceship': reassignSpaceshipProcedure,
    'imperial-ship-receipt': imperialShipReceipt,
    'mission-assignment': missionAssignment,
    'mission-action': missionAction,
    'bonus-draw': bonusDraw,
    'rebellion-forces': rebellionForces,
    interphase,
    'interphase-rebel-control': interphaseRebelControl,
    // [16.12-16.14] placement by hand, before the first segment
    placement: placementProcedure(afterPlacement),
    'secret-base': secretBaseProcedure(beginPlacement),
    'galactic-phase': galacticPhaseProcedure,
    'galactic-event': galacticEventProcedure,
    // 000 15.2: queued by loyalty.ts whenever a cause sparks one
    'domino-effect': dominoEffect,
    'domino-shift': dominoShift,
  },
  // [16.14] the Rebel player-turn is first.
  sequence: [...playerTurn('rebel'), ...playerTurn('imperial'), { player: null, phase: 'interphase', segment: 'interphase', procedure: 'interphase' }],
  setup(game: Game) {
    // the galactic game: the Rebel first hides his secret base, then both sides place
    if (isGalactic(game.scenario)) {
      setupGalacticDecks(game);
      return void game.stack.push({ proc: 'secret-base', data: {} });
    }
    // a side placing by hand decides in the placement procedure, which then finishes the setup
    const byHand = beginPlacement(game);
    if (byHand) game.stack.push(byHand);
  },
  refresh(game: Game) {
    refreshStacks(game); // [10.6] operations: stacks and spaceships first, then control [15.5]
    refreshShips(game);
    refreshControl(game);
    refreshPrisoners(game); // [12.81, 12.82]
    refreshHealing(game); // [13.71, 13.72]
    refreshSecretPlanets(game); // galactic game: a secret planet that rises, or is trodden, is discovered
  },
  /**
   * Of the refresh, only healing reads where the game stands in the turn (the phasing side, a segment just
   * ended): the stacks, ships, control, prisoners and secret planets are kept from the world alone, so on
   * a world a refresh has just left as it was they find nothing to do. The secret planets still follow
   * healing, as in the whole refresh, in case a healing changes the world.
   */
  refreshTurn(game: Game) {
    refreshHealing(game);
    refreshSecretPlanets(game);
  },
  revision: (game) => game.world.revision,
  /** The one new-game option: `domino`, how the domino chapter is played (000 15.x; domino.ts `dominoRule`). */
  optionsProblem(options) {
    for (const key of Object.keys(options)) if (key !== 'domino') return `the star-system game takes no option "${key}" (only "domino")`;
    if (options.domino !== undefined && !(DOMINO_RULES as readonly unknown[]).includes(options.domino))
      return `the option "domino" must be one of ${DOMINO_RULES.join(', ')}, not ${JSON.stringify(options.domino)}`;
    return null;
  },
  victory,
  score,
  winnerText(side, game) {
    const text = side === 'rebel' ? 'The Rebellion wins.' : 'The Empire wins.';
    if (!isGalactic(game.scenario)) return text;
    // the galactic game: the Empire's victory level by the Chaos Index [001 victory levels]
    const level = `${victoryLevel(game).name} (Chaos Index ${chaosIndex(game)})`;
    return side === 'rebel' ? `The Rebellion wins: the Empire's rule ends in ${level}.` : `The Empire wins, its victory level ${level}.`;
  },
  conceal: concealEnemyMissions, // [13.1]
};

/** Every ruleset, by id. */
export const RULESETS: Record<string, Ruleset> = { [starSystemRuleset.id]: starSystemRuleset };
