/**
 * What the tutorials know of a solitaire game [001]: its places are sectors (each a star system of the
 * galaxy), its facts the Empire's fortunes.
 *
 * Facts: `index` (the Chaos Index), `rp`, `repression`, `illumination`, `owner:<sector>` (whose system
 * unit stands there: empire, chaos, or null), `imperialUnits:<sector>` and `chaosUnits:<sector>`
 * (mobile units there), `units` (Imperial mobile units in all), `imperialSystems`, `turn`.
 */
import type { AnyGame, Command, Json } from '../core/engine/types';
import { solitaireRuleset } from '../../systems/solitaire/ruleset';
import { stateOf, unitsIn, type SolitaireGame } from '../../systems/solitaire/state';
import type { TutorialRuleset } from './compile';

export const solitaireTutorials: TutorialRuleset = {
  id: 'solitaire',
  ruleset: solitaireRuleset as unknown as TutorialRuleset['ruleset'],
  panels: ['index', 'score'],
  anchor(game: AnyGame, at: string) {
    const [kind, id] = at.split(':') as [string, string];
    if (kind !== 'sector' && kind !== 'system') return { ok: false, problem: `a solitaire game's places are sectors (sector:<id>), not ${kind}` };
    if (!(id in stateOf(game as SolitaireGame).systems)) return { ok: false, problem: `there is no sector "${id}" on the map` };
    return { ok: true, anchor: { system: id } };
  },
  fact(game: AnyGame, name: string): Json | undefined {
    const g = game as SolitaireGame;
    const s = stateOf(g);
    const [what, id = ''] = name.split(':');
    switch (what) {
      case 'index':
        return s.index;
      case 'rp':
        return s.rp;
      case 'repression':
        return s.repression;
      case 'illumination':
        return s.illumination;
      case 'turn':
        return game.turn;
      case 'units':
        return s.units.filter((u) => u.side === 'empire').length;
      case 'imperialSystems':
        return Object.values(s.systems).filter((u) => u?.side === 'empire').length;
      case 'owner':
        return id in s.systems ? (s.systems[id]?.side ?? null) : undefined;
      case 'imperialUnits':
        return id in s.systems ? unitsIn(g, id, 'empire').length : undefined;
      case 'chaosUnits':
        return id in s.systems ? unitsIn(g, id, 'chaos').length : undefined;
      default:
        return undefined;
    }
  },
  places(game: AnyGame, command: Command<string>): string[] {
    // a move names its units, not where they stand: the first one's sector is where it starts
    const units = Array.isArray(command.units) ? command.units : [];
    const from = command.type === 'move' && typeof units[0] === 'number' ? stateOf(game as SolitaireGame).units.find((u) => u.id === units[0])?.sector : undefined;
    return [from, command.sector, command.to].filter((t): t is string => typeof t === 'string');
  },
};
