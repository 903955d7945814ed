/**
 * A pending decision as its side's screen shows it: the prompt and its facts in names instead of content
 * ids, each option in words with its places on the map, and an attack's odds as the deciding side knows
 * them. Made where the game is: the play worker for a game at this screen, the game server for one
 * played online [issue 27]. Only ever for the deciding side, so it tells that side nothing it may not know.
 */
import type { Decision, Game } from '../core/engine/types';
import { describeOption, namesIn, type OptionInfo } from './describe';
import { whileStill } from './still';
import { combatFacts, type CombatFacts } from './combat-facts';
import { decisionNotes } from './decision-notes';
import type { OddsNote } from './character-odds';
import { boardForm } from './board/forms';
import type { BoardForm } from './board/types';
import { groupedOptions, type ListGroup } from './decision-list';

export interface DecisionInfo {
  decision: Decision;
  options: OptionInfo[];
  combat: CombatFacts | null;
  /** What the decision is about and the odds of its answers, from the rules' own outcome functions (character combat, landing, search...). */
  notes: OddsNote[];
}

export function decisionInfo(game: Game, pending: Decision): DecisionInfo {
  const named = (v: unknown) => (typeof v === 'string' ? namesIn(game, v) : v);
  const decision: Decision = {
    ...pending,
    prompt: namesIn(game, pending.prompt),
    context: pending.context
      ? (Object.fromEntries(Object.entries(pending.context).map(([k, v]) => [k, Array.isArray(v) ? v.map(named) : named(v)])) as Decision['context'])
      : undefined,
  };
  return { decision, options: pending.options.map((o) => describeOption(game, o, pending)), combat: combatFacts(game, pending), notes: decisionNotes(game, pending) };
}

/**
 * A pending decision as its side's screen shows it all: in words (`decisionInfo`), on the board
 * (`boardForm`) and grouped for the list (`groupedOptions`), each option described once for the three,
 * and each fact they share worked out once (`whileStill`) [issue 55]. What the play worker and the game
 * server send to the deciding side's screen.
 */
export function decisionScreen(game: Game, pending: Decision): { info: DecisionInfo; board: BoardForm; groups: ListGroup[] } {
  return whileStill(game, () => {
    const info = decisionInfo(game, pending);
    return { info, board: boardForm(game, pending), groups: groupedOptions(game, pending, info.options) };
  });
}

/** The turn sequence as the play screen's bar labels it ("rebel operations: movement"). */
export function sequenceLabels(game: Game): string[] {
  return game.ruleset.sequence.map((s) => (s.player ? `${s.player} ${s.phase}: ${s.segment}` : s.phase));
}
