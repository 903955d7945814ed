/**
 * [issue 53] A piece's counter as a side may read it, as a player spreads a stack on the table: its kind,
 * name and ratings on its face, the ratings in words for its hover. One's own stacks are read from the
 * game in the worker (`counterOf`); another side's stack, opened on the map to look at, from the side's
 * view (`viewCounters`), which holds only what that side may know: an Imperial unit still hidden shows
 * neither type nor strength [7.22], undetected characters are not in it at all. Both build the same faces.
 */
import type { Game } from '../../core/engine/types';
import type { Content } from '../../core/content/validate';
import type { SideId, UnitTypeDef } from '../../core/content/schema';
import type { GameView } from '../../core/view';
import { holderOf, kindOf } from '../../core/world/world';
import { nameOf } from '../../core/names';
import { isShip } from '../../../systems/rebels-vs-empire/movement';
import { pilotNavigation } from '../../../systems/rebels-vs-empire/detection';
import { passengerCount } from '../../../systems/rebels-vs-empire/stacking';
import { isUnit, sideOf } from '../../../systems/rebels-vs-empire/sides';
import { entityName } from '../describe';
import type { Counter } from './types';

/** The characters' ratings in the rules' order, and their letters on a counter's face. */
const FACE = [
  ['C', 'combat'],
  ['E', 'endurance'],
  ['I', 'intelligence'],
  ['L', 'leadership'],
  ['D', 'diplomacy'],
  ['N', 'navigation'],
] as const;

type Ratings = Record<(typeof FACE)[number][1], number>;

/** [7.22] an Imperial unit whose type and strength its enemy does not know. */
function hiddenUnit(piece: number): Counter {
  return { piece, kind: 'unit', name: 'Mobile unit', face: '?-?', about: 'a hidden Imperial unit: a Patrol or a Line, its strength unknown [7.22]' };
}

/** A military unit of a known type and strength [7.1]: whether it may leave its planet [7.21, 7.3]. */
function unitCounter(piece: number, type: UnitTypeDef, combat: number): Counter {
  const moves = type.mobile ? 'mobile: it may fly to another planet' : type.side === 'rebel' ? 'it never leaves its planet [7.3]' : 'it never leaves its planet [7.21]';
  return { piece, kind: 'unit', name: type.name, face: `${combat}-${type.second}`, about: `${type.name}, strength ${combat} (${combat}-${type.second}); ${moves}` };
}

/** A character: his six ratings on the face; `more` adds to his hover (wounds, the seats he takes). */
function characterCounter(piece: number, name: string, r: Ratings, more: string[] = [], takes?: number): Counter {
  return {
    piece,
    kind: 'character',
    name,
    face: FACE.map(([k, f]) => `${k}${r[f]}`).join(' '),
    about: [FACE.map(([, f]) => `${f} ${r[f]}`).join(' · '), ...more].join('; '),
    ...(takes !== undefined ? { takes } : {}),
  };
}

/** A spaceship: its seats [9.56, 14.57] and what it flies with [9.55]. */
function shipCounter(piece: number, name: string, seats: number, flies: string, pilot?: number): Counter {
  const s = `${seats} seat${seats === 1 ? '' : 's'}`;
  return { piece, kind: 'ship', name, face: s, about: `a spaceship: ${s} for characters and their companions [9.56, 14.57]; it ${flies} [9.55]`, seats, ...(pilot !== undefined ? { pilot } : {}) };
}

/** A piece's counter as `side` may read it, from the game: an enemy's hidden unit shows neither type nor strength [7.22]. */
export function counterOf(game: Game, piece: number, side: SideId): Counter {
  const w = game.world;
  const name = entityName(game, piece, side).replace(/ \(.*\)$/, '');
  if (isShip(game, piece)) {
    const pilot = holderOf(w, piece);
    const flies = pilot ? `flies with its pilot ${nameOf(game, pilot)} aboard (navigation ${pilotNavigation(game, pilot)}), or with military units` : 'flies with military units';
    return shipCounter(piece, name, w.c.Spaceship.passengers[piece] as number, flies, pilot);
  }
  if (isUnit(game, piece)) {
    const type = game.content.tables.unitTypes[w.c.Unit.type[piece] as number];
    if ((w.c.Unit.hidden[piece] === 1 && sideOf(game, piece) !== side) || !type) return hiddenUnit(piece);
    return unitCounter(piece, type, w.c.Unit.combat[piece] as number);
  }
  const r = w.c.Character as unknown as Record<string, ArrayLike<number>>;
  const ratings = Object.fromEntries(FACE.map(([, f]) => [f, r[f]?.[piece] ?? 0])) as Ratings;
  const takes = kindOf(w, piece) === 'character' ? passengerCount(game, [piece]) : 1;
  return characterCounter(piece, name, ratings, takes > 1 ? [`with his companions he takes ${takes} seats aboard a ship [14.57]`] : [], takes);
}

/**
 * The counters of `side`'s stack at `environ` (its entity id) as `view` shows it to its viewer: ships, then
 * characters (the dead and the captured left out: a prisoner is no piece of the stack), then units. What
 * the view does not hold (undetected characters) is not there; hidden units show as unknown [7.22].
 */
export function viewCounters(view: GameView, content: Content, environ: number, side: SideId): Counter[] {
  const out: Counter[] = [];
  for (const s of view.ships) {
    if (s.side !== side || s.environ !== environ) continue;
    const def = content.possessions.get(s.id)?.ship ?? content.imperialShips.get(s.id)?.ship;
    const name = content.possessions.get(s.id)?.name ?? content.imperialShips.get(s.id)?.name ?? s.id;
    if (def) out.push(shipCounter(s.eid, name, def.passengers, 'flies with its pilot aboard, or with military units'));
  }
  for (const c of view.characters) {
    if (c.side !== side || c.environ !== environ || c.dead || c.captured) continue;
    const def = content.characters.get(c.id);
    if (!def) continue;
    const more = [c.detected ? 'detected' : 'undetected', ...(c.wounds ? [`${c.wounds} wound${c.wounds === 1 ? '' : 's'} [12.7]`] : [])];
    out.push(characterCounter(c.eid, def.name, def, more));
  }
  for (const u of view.units) {
    if (u.side !== side || u.environ !== environ) continue;
    const type = content.unitTypes.get(u.type);
    out.push(u.combat === null || !type ? hiddenUnit(u.eid) : unitCounter(u.eid, type, u.combat));
  }
  return out;
}
