/**
 * Conquest in a small window (at most 900 px wide, as 800x600) [issue 53]: the map gets the room. The
 * factions panel folds to its tab as the game opens; the cards-and-turn panel folds while the AI plays
 * and while the player's question is answered on the map (placing armies), and opens for the questions
 * its buttons answer (an attack's odds, a battle's dice, a move's count, cards to trade). While it is
 * folded, the turn's question stays in view in a bar at the top of the map, with its end button, the
 * summary of the AI's turns, and the way to open the panel. The player's own fold or unfold stands until
 * the question changes. And the battle dice stand where they cover no system of the board.
 */
import type { Decision } from '../../core/engine/types';
import type { FactionId } from '../../../systems/conquest/content';
import type { ScreenBox } from '../screen-boxes';
import { esc } from '../html';
import { capital } from '../game-screen/setup';
import { DECISION_TITLES } from './words';

export { smallWindow } from '../shell/drawers';

/** The player's questions answered on the map by a click on a system: the panel stays folded for them. */
const ANSWERED_ON_MAP = new Set(['conquest-claim', 'conquest-setup-place', 'conquest-capital', 'conquest-bonus', 'conquest-place']);

/** Whether the cards-and-turn panel folds away now in a small window: nothing to answer in it (the AI plays, or the map answers). */
export function panelFolds(kind: string | null, humanToAnswer: boolean): boolean {
  return !humanToAnswer || (kind !== null && ANSWERED_ON_MAP.has(kind));
}

/** What the question bar says: who decides what, the question, its end answer, the summary's size. */
export interface QuestionWords {
  who: string;
  colour: string;
  title: string;
  prompt: string;
  /** The answer that ends the question (end attacks, end the turn), as its option's index and words. */
  end?: { opt: number; label: string };
  /** The moves the summary of the AI's turns holds (0: none to read). */
  summary: number;
}

/**
 * What the question bar says: the viewer's decision (`mine`), else the pending one (`pending`) with the
 * AI's last move (`lastLine`) or whom it waits for; `summary` the moves the summary of the AI's turns holds.
 */
export function questionWords(
  mine: Decision<FactionId> | null,
  pending: { side: FactionId; kind: string } | null,
  o: { humanToDecide: boolean; lastLine?: string; summary: number },
  faces: { name(f: FactionId | null): string; colour(f: FactionId | null): string },
): QuestionWords {
  const d = mine;
  const side = d?.side ?? pending?.side ?? null;
  const who = faces.name(side);
  const title = DECISION_TITLES[d?.kind ?? pending?.kind ?? ''] ?? '';
  if (!d) return { who, colour: faces.colour(side), title, prompt: o.humanToDecide ? `Waiting for ${who}…` : `The AI plays ${who}… ${o.lastLine ?? ''}`, summary: 0 };
  const end = d.options.findIndex((c) => c.type === 'end-attacks' || c.type === 'end-turn');
  const onMap = panelFolds(d.kind, true) ? ` Click a glowing system on the map${d.kind === 'conquest-place' ? ' (Shift-click: all)' : ''}.` : '';
  return {
    who,
    colour: faces.colour(side),
    title,
    prompt: `${capital(d.prompt.replace(/^[A-Z][a-z]+: /, ''))}${onMap}`,
    ...(end >= 0 ? { end: { opt: end, label: d.options[end]?.type === 'end-attacks' ? 'End attacks' : 'End your turn' } } : {}),
    summary: o.summary,
  };
}

/** The question bar's HTML (its buttons answer through the screen's own click handler: `data-opt`, `data-act`). */
export function questionBarHtml(q: QuestionWords): string {
  const end = q.end ? `<button class="cq-opt small ends" data-opt="${q.end.opt}" data-testid="cq-question-end">${esc(q.end.label)}</button>` : '';
  const summary = q.summary ? `<button class="small" data-act="open-panel" data-testid="cq-question-summary">While you waited: ${q.summary} ${q.summary === 1 ? 'move' : 'moves'} ▸</button>` : '';
  return `<span class="cq-q-who" style="--c:${q.colour}">${esc(q.who)} · ${esc(q.title)}</span> <span class="cq-q-prompt" data-testid="cq-question-prompt">${esc(q.prompt)}</span>
    <span class="cq-q-buttons">${end}${summary}<button class="small" data-act="open-panel" data-testid="cq-open-panel" title="The cards, the turn, the odds">Cards and turn ▸</button></span>`;
}

/**
 * Where a box of `width` x `height` stands in `open` (the part of the map the panels leave) covering the
 * fewest of `avoid` (the board's badges): the top or bottom of the open part, its corners, else over a
 * panel (`over`, the panels' own boxes), which covers no system at all. Returns its top-left corner.
 */
export function clearSpot(width: number, height: number, open: { left: number; top: number; right: number; bottom: number }, avoid: readonly ScreenBox[], over: readonly ScreenBox[]): { left: number; top: number } {
  const mid = (open.left + open.right - width) / 2;
  const candidates = [
    { left: mid, top: open.top },
    { left: mid, top: open.bottom - height },
    { left: open.left, top: open.top },
    { left: open.right - width, top: open.top },
    { left: open.left, top: open.bottom - height },
    { left: open.right - width, top: open.bottom - height },
    ...over.filter((p) => p.width >= width * 0.6).map((p) => ({ left: p.x - width / 2, top: p.y - p.height / 2 + 8 })),
  ];
  const covered = (c: { left: number; top: number }) =>
    avoid.filter((b) => b.visible && b.x + b.width / 2 > c.left && b.x - b.width / 2 < c.left + width && b.y + b.height / 2 > c.top && b.y - b.height / 2 < c.top + height).length;
  let best = candidates[0] as { left: number; top: number };
  let least = Infinity;
  for (const c of candidates) {
    const n = covered(c);
    if (n < least) [best, least] = [c, n];
    if (n === 0) break;
  }
  return { left: Math.max(0, best.left), top: Math.max(0, best.top) };
}
