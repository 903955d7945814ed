/**
 * What the tutorials know of a conquest game [002, 003]: its places are territories (each a star system
 * of the galaxy), its facts who holds what.
 *
 * Facts: `owner:<territory>`, `armies:<territory>`, `cards:<faction>` (how many it holds), `round`,
 * `setsTraded`; with bloc politics, `chit:<ideology>` (the bloc it shows), `extremist:<ideology>` (whether
 * an extremist sits on it), `blocOf:<faction>`, `bribes:<faction>`, `war` (peace, outbreak, war, won) and
 * `stock` (the outbreak roll's stock value).
 */
import type { AnyGame, Command, Json } from '../core/engine/types';
import { conquestRuleset } from '../../systems/conquest/ruleset';
import { mapOf, stateOf, type ConquestGame } from '../../systems/conquest/state';
import { blocOf, blocsOf } from '../../systems/conquest/blocs';
import type { FactionId } from '../../systems/conquest/content';
import type { TutorialRuleset } from './compile';

export const conquestTutorials: TutorialRuleset = {
  id: 'conquest',
  ruleset: conquestRuleset as unknown as TutorialRuleset['ruleset'],
  panels: ['blocs', 'cards', 'factions', 'continents'],
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
    const blocs = blocsOf(game as ConquestGame);
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
      case 'chit':
        return blocs?.chits.find((c) => c.ideology === id)?.shows;
      case 'extremist':
        return blocs?.chits.find((c) => c.ideology === id)?.extremist;
      case 'blocOf':
        return blocs && s.order.includes(id as FactionId) ? blocOf(blocs, id as FactionId) : undefined;
      case 'bribes':
        return blocs?.bribes[id as FactionId];
      case 'war':
        return blocs?.war;
      case 'stock':
        return blocs?.stock;
      default:
        return undefined;
    }
  },
  places(_game: AnyGame, command: Command<string>): string[] {
    // a defector's cede names a faction in `to`, and is chosen from the panel's list [3B3c]: no place to light
    if (command.type === 'cede') return [];
    return [command.territory, command.from, command.to].filter((t): t is string => typeof t === 'string');
  },
};
