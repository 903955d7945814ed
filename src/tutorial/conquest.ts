/**
 * What the tutorials know of a conquest game [002, 003]: its places are territories (each a star system
 * of the galaxy), its facts who holds what.
 *
 * Facts: `owner:<territory>`, `armies:<territory>`, `cards:<faction>` (how many it holds), `round`,
 * `setsTraded`, `blocOf:<faction>`, `chits:<faction>` and `extremists:<faction>` (bloc politics).
 */
import type { AnyGame, Command, Json } from '../core/engine/types';
import { conquestRuleset } from '../../systems/conquest/ruleset';
import { mapOf, stateOf, type ConquestGame } from '../../systems/conquest/state';
import type { TutorialRuleset } from './compile';

export const conquestTutorials: TutorialRuleset = {
  id: 'conquest',
  ruleset: conquestRuleset as unknown as TutorialRuleset['ruleset'],
  anchor(game: AnyGame, at: string) {
    const [kind, id] = at.split(':') as [string, string];
    const map = mapOf(game as ConquestGame);
    if (kind !== 'territory' && kind !== 'system') return { ok: false, problem: `a conquest game's places are territories (territory:<id>), not ${kind}` };
    if (!map.territories.includes(id)) return { ok: false, problem: `there is no territory "${id}" on the map` };
    return { ok: true, anchor: { system: id } };
  },
  fact(game: AnyGame, name: string): Json | undefined {
    const s = stateOf(game as ConquestGame);
    const [what, id = ''] = name.split(':');
    const blocs = s.blocs as unknown as { factions?: Record<string, { bloc?: string; chits?: number; extremists?: number }> } | undefined;
    switch (what) {
      case 'owner':
        return id in s.owner ? s.owner[id] : undefined;
      case 'armies':
        return id in s.armies ? s.armies[id] : undefined;
      case 'cards':
        return s.hands[id as keyof typeof s.hands]?.length;
      case 'round':
        return game.turn;
      case 'setsTraded':
        return s.setsTraded;
      case 'blocOf':
        return blocs?.factions?.[id]?.bloc;
      case 'chits':
        return blocs?.factions?.[id]?.chits;
      case 'extremists':
        return blocs?.factions?.[id]?.extremists;
      default:
        return undefined;
    }
  },
  places(command: Command<string>): string[] {
    return [command.territory, command.from, command.to].filter((t): t is string => typeof t === 'string');
  },
};
