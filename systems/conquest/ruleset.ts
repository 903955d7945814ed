/**
 * The conquest game [002]: a Risk-style game for 2 to 6 factions on a map of territories. A game-turn is
 * a round: every faction still in the game takes its turn in the order drawn at the start. The sides
 * are the six faction colours; the game's options say which are seated.
 */
import type { Procedure, Ruleset } from '../../src/core/engine/types';
import { createGameWorld } from '../../src/core/world/world';
import { BLOC_NAMES, blocsOf, victorsOf } from './blocs';
import { conquestContent, conquestOptionsProblem, FACTIONS, type ConquestScenario, type FactionId } from './content';
import { conquestSetup, initialState, setupFrame } from './setup';
import { aliveFactions, stateOf, territoryCount, type ConquestGame } from './state';
import { conquestTurn, turnFrame } from './turn';

/** A round: each faction still in the game takes its turn, in the order of play [002 II Turns]. */
const conquestRound: Procedure<ConquestGame> = {
  step(game, frame) {
    const s = stateOf(game);
    let next = (frame.data.next as number | undefined) ?? 0;
    if (frame.data.result !== undefined) {
      delete frame.data.result;
      next += 1;
    }
    while (!s.winner && next < s.order.length) {
      const faction = s.order[next]!;
      if (territoryCount(game, faction)) {
        frame.data.next = next;
        return { push: turnFrame(faction) };
      }
      next += 1;
    }
    return { done: true };
  },
  answer() {
    throw new Error('a round asks nothing itself');
  },
};

export const conquestRuleset: Ruleset<FactionId, ConquestScenario> = {
  id: 'conquest',
  sides: [...FACTIONS],
  scenarios: (content) => conquestContent(content).scenarios,
  // The galaxy is drawn from the content; a conquest game's own state is plain data (see state.ts).
  buildWorld: () => createGameWorld(),
  optionsProblem: (options, scenario) => conquestOptionsProblem(options, scenario),
  procedures: {
    'conquest-setup': conquestSetup,
    'conquest-round': conquestRound,
    'conquest-turn': conquestTurn,
  },
  sequence: [{ player: null, phase: 'round', segment: 'round', procedure: 'conquest-round' }],
  setup(game) {
    initialState(game);
    game.stack.push(setupFrame());
  },
  refresh() {},
  victory(game) {
    return stateOf(game).winner;
  },
  score(game) {
    // territories held, by faction still in the game
    return Object.fromEntries(aliveFactions(game).map((f) => [f, territoryCount(game, f)]));
  },
  // [3F4] a bloc's victory: the winner is its leading member, the coalition the bloc
  coalition(game) {
    const bloc = blocsOf(game)?.victor;
    if (!bloc || !game.winner || game.winner === 'draw') return null;
    return { id: bloc, name: `${BLOC_NAMES[bloc]} bloc`, members: victorsOf(game, bloc), leader: game.winner };
  },
  winnerText: (faction, game) => {
    const name = `${faction[0]!.toUpperCase()}${faction.slice(1)}`;
    const bloc = blocsOf(game)?.victor;
    return bloc ? `The ${BLOC_NAMES[bloc]} bloc wins, led by ${name}.` : `${name} wins.`;
  },
};
