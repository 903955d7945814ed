/**
 * The end of a bloc game on the result screen [3F4, 3F4d, 3G1]: why the war ended, each human seat's
 * verdict (won with its bloc, or why not), and each faction's bloc, points and standing for the result
 * table. Read from the view and the public events only, so a spectator, a hot-seat table and an online
 * seat read the same words.
 */
import type { Content } from '../../core/content/validate';
import type { GameEvent } from '../../core/engine/types';
import { BLOC_NAMES, blocOf, chitOf, isVictor, pointsOf } from '../../../systems/conquest/blocs';
import { conquestContent, type FactionId } from '../../../systems/conquest/content';
import type { ConquestView } from '../../../systems/conquest/view';
import { esc } from '../html';

type Name = (f: FactionId) => string;

/** How a faction lost its extremist [3B3c]: it defected, or surrendered to a victorious attack. */
function disgrace(events: readonly GameEvent<FactionId>[], faction: FactionId): { how: 'defected' | 'surrendered'; index: number } | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind !== 'bloc-flip' || e.data?.faction !== faction || e.data.disgraced !== true) continue;
    return { how: e.rule === '[3B3c]' ? 'defected' : 'surrendered', index: i };
  }
  return null;
}

function held(view: ConquestView, faction: FactionId): number {
  return view.map.territories.filter((t) => view.owner[t] === faction).length;
}

/** Why the war ended (or the game, when a bloc won it in peace), in a sentence with its rule; '' if no bloc won. */
export function blocEndingText(view: ConquestView, events: readonly GameEvent<FactionId>[], name: Name): string {
  const blocs = view.blocs;
  if (!blocs?.victor || !blocs.ending) return '';
  const bloc = BLOC_NAMES[blocs.victor];
  const by = name(blocs.ending.by);
  switch (blocs.ending.how) {
    case 'propaganda':
      return `${by}'s victorious attack turned the last propaganda chit: every chit shows ${bloc}, and the ${bloc} bloc wins the war [3B3a, 3F4].`;
    case 'capitulation':
      return `${by} defected, turning the last chit ${bloc}: a capitulation, which ended the war at the end of its turn, in its defeat [3B3c].`;
    case 'domination': {
      // a defection that left no enemy: the defector's own move ended it, once its system was ceded
      const lastTurn = events.findLastIndex((e) => e.kind === 'turn');
      const defected = disgrace(events, blocs.ending.by);
      if (defected?.how === 'defected' && defected.index > lastTurn)
        return `${by}'s defection left no enemy of the ${bloc} bloc holding a system: Domination, and the ${bloc} bloc wins [3B3c, 3F4].`;
      return `No enemy of the ${bloc} bloc holds a system any more (${by}'s turn): Domination, and the ${bloc} bloc wins [3F4].`;
    }
  }
}

/**
 * One faction's verdict at the end of a bloc game: whether it won, and the words that say why, from its
 * own seat ("you"). Undefined while the game goes on.
 */
export function blocVerdict(view: ConquestView, events: readonly GameEvent<FactionId>[], faction: FactionId, name: Name): { won: boolean; text: string } | undefined {
  const blocs = view.blocs;
  const w = view.winner;
  if (!blocs || !w) return undefined;
  const mine = BLOC_NAMES[blocOf(blocs, faction)];
  const fell = disgrace(events, faction);
  const out = view.eliminatedBy[faction];
  if (!blocs.victor) {
    if (w === 'draw') return { won: false, text: 'Nobody wins: the game ends in a draw.' };
    return w === faction ? { won: true, text: `You win, alone, by your own goal: the ${mine} bloc's war did not decide it.` } : { won: false, text: `You lose: ${name(w)} wins by its own goal.` };
  }
  const victor = BLOC_NAMES[blocs.victor];
  if (isVictor(blocs, blocs.victor, faction, held(view, faction)))
    return { won: true, text: w === faction ? `You win with the ${victor} bloc, and lead it on points [3G1].` : `You win with the ${victor} bloc; ${name(w as FactionId)} leads it on points [3G1].` };
  const sameBloc = blocOf(blocs, faction) === blocs.victor;
  if (fell?.how === 'defected') return { won: false, text: `You lose: you defected, and a defector is counted among the defeated [3F4d]${sameBloc ? `, though your colour is ${victor}` : ''}.` };
  if (sameBloc && !chitOf(blocs, faction).extremist)
    return {
      won: false,
      text:
        fell?.how === 'surrendered'
          ? 'You lose: your extremist was disgraced when a victorious attack turned your chit, and you are counted among the defeated [3B3c, 3F4d].'
          : 'You lose: without your extremist you are counted among the defeated [3F4d].',
    };
  if (sameBloc && out) return { won: false, text: `You lose: the ${victor} bloc won, but ${name(out)} eliminated you.` };
  return { won: false, text: `You lose: the ${victor} bloc won the war against your ${mine} bloc${w === 'draw' ? ', though none of its factions kept its extremist, so nobody wins' : ''}.` };
}

/** A faction's standing in the result table: its bloc, its points [3G1], and a word for where it stands. */
export function blocStanding(content: Content, view: ConquestView, events: readonly GameEvent<FactionId>[], faction: FactionId): { bloc: string; points: number; standing: string } | undefined {
  const blocs = view.blocs;
  if (!blocs) return undefined;
  const n = held(view, faction);
  const fell = disgrace(events, faction);
  const standing = blocs.victor && isVictor(blocs, blocs.victor, faction, n) ? 'victor' : fell ? fell.how : '';
  return { bloc: BLOC_NAMES[blocOf(blocs, faction)], points: pointsOf(conquestContent(content).blocs, blocs, faction, n), standing };
}

/**
 * The bloc game's part of the result box: why the war ended, each human seat's verdict (a line each, so
 * a hot-seat table reads its own), the result table's extra cells (bloc, points, standing), and whether a
 * seat won (with its bloc), for the fanfare. Null in a game without blocs.
 */
export function blocResult(
  content: Content,
  view: ConquestView,
  events: readonly GameEvent<FactionId>[],
  humans: readonly FactionId[],
  name: Name,
  swatch: (f: FactionId) => string,
): { how: string; verdicts: string; cells: (f: FactionId) => string; won: (f: FactionId) => boolean } | null {
  if (!view.blocs) return null;
  const verdicts = humans
    .map((f) => {
      const v = blocVerdict(view, events, f, name);
      return v ? `<p class="cq-verdict ${v.won ? 'won' : 'lost'}" data-testid="cq-verdict">${swatch(f)}<b>${esc(name(f))}</b>: ${esc(v.text)}</p>` : '';
    })
    .join('');
  return {
    how: blocEndingText(view, events, name),
    verdicts,
    cells: (f) => {
      const s = blocStanding(content, view, events, f)!;
      return `<td>${esc(s.bloc)}</td><td title="systems held, and bribes by the bloc that won [3G1]">${s.points} points</td><td class="small">${esc(s.standing)}</td>`;
    },
    won: (f) => blocVerdict(view, events, f, name)?.won ?? false,
  };
}
