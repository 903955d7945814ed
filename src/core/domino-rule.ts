/**
 * How a game plays the domino chapter (000 15.x, an optional rule): the new game's option `domino`, else
 * its scenario's, else "chain" (docs/rules.md, "Domino effect"). Read by the rules (loyalty.ts, the
 * interphase) and by the views, so an agent knows whether a shift it makes may set off another.
 */
import type { DominoRule } from './content/schema';
import type { Game } from './engine/types';

export function dominoRule(game: Game): DominoRule {
  return (game.options.domino as DominoRule | undefined) ?? game.scenario.domino ?? 'chain';
}
