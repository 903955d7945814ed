/**
 * The domino effect (000 15.x). Not built yet: every cause reaches `sparkDomino`, which for now only
 * records it in the event log. See docs/rules.md, "Not built yet".
 */
import type { SideId } from '../src/core/content/schema';
import { emit } from '../src/core/engine/game';
import type { Game } from '../src/core/engine/types';
import { refOf } from '../src/core/world/world';

export function sparkDomino(game: Game, planet: number, level: number, side: SideId, cause: string): void {
  emit(game, {
    kind: 'domino',
    text: `A level-${level} domino effect for the ${side} from ${refOf(game.world, planet)} (${cause}) — not yet resolved.`,
    rule: '[000 15.2]',
    visibleTo: 'all',
    entities: [planet],
  });
}
