/**
 * [issue 53] An open stack on the map, as a player spreads a stack on the table: its counters beside it,
 * each with its kind, name and ratings. A click takes a counter in or out of the pick (units alike stand
 * as one chip: a click takes one more, shift-click all of them); a counter that cannot go with the pick is
 * dimmed, and its hover gives the rule that stops it. A ship shows its seats, taken and free; a character
 * dragged onto it boards it (or click the ship, then its passengers). Why the pick may go nowhere is said
 * under the counters, and the stack's other choices (a helm handed over) are buttons there.
 */
import { esc } from '../../html';
import type { Dest } from '../../../words/board/types';
import type { Chip, MapPlay, Tray } from './map-play';

const SIGN: Record<string, string> = { ship: '✈', character: '◆', unit: '▲' };

function chipHtml(chip: Chip, i: number): string {
  const c = chip.counter;
  const n = chip.pieces.length;
  const state = chip.picked ? (chip.picked === n ? 'picked' : 'part') : chip.why ? 'dim' : '';
  const count = n > 1 ? ` <b class="chip-count">${chip.picked ? `${chip.picked}/` : '×'}${n}</b>` : '';
  const seats = c.kind === 'ship' ? `<small class="chip-seats" data-testid="chip-seats">${chip.seats ? `seats ${chip.seats.used}/${chip.seats.of}${chip.seats.used > chip.seats.of ? ' ⚠' : ''}` : `${c.seats ?? 0} seat${c.seats === 1 ? '' : 's'}`}</small>` : '';
  return `<button class="chip chip-${c.kind}${state ? ` ${state}` : ''}" data-chip="${i}" data-kind="${c.kind}" data-piece="${c.piece}" data-pieces="${chip.pieces.join(' ')}" data-testid="counter"${chip.why ? ` data-why="${esc(chip.why)}"` : ''} draggable="false"><span class="chip-name">${SIGN[c.kind] ?? ''} ${esc(c.name)}${count}</span>${c.kind === 'ship' ? '' : `<small class="chip-face">${esc(c.face)}</small>`}${seats}</button>`;
}

/** The words a chip's hover gives: what the counter is, and, dimmed, the rule that stops it (another side's: what it is). */
export function chipWords(chip: Chip, theirs = false): string {
  const c = chip.counter;
  const n = chip.pieces.length;
  if (theirs) return `${c.name}${n > 1 ? ` ×${n}` : ''}: ${c.about}`;
  const click = chip.picked === n ? 'click to take it out of the pick' : n > 1 ? 'click to take one more, shift-click to take all of them' : 'click to take it into the pick';
  const board = c.kind === 'character' ? '; drag him onto a ship to board it' : c.kind === 'ship' ? '; click it, then its passengers, or drag them onto it' : '';
  return `${c.name}${n > 1 ? ` ×${n}` : ''}: ${c.about}${chip.why ? `. It cannot go with the pick: ${chip.why}` : ''} (${click}${board})`;
}

/** The tray's element for the open stack (a fresh one each time the board is drawn). */
export function trayElement(tray: Tray, board: MapPlay, tip: (el: HTMLElement, text: string) => void, untip: () => void): HTMLElement {
  const el = document.createElement('div');
  el.className = 'board-tray';
  el.dataset.testid = 'board-tray';
  el.dataset.environ = tray.mover.place;
  if (tray.theirs) el.classList.add('theirs');
  const m = tray.mover;
  const actions = tray.actions.map((a, i) => `<button class="tray-action" data-action="${i}" data-testid="tray-action" title="${esc(`${a.label}${a.odds ? `: ${a.odds}` : ''}`)}">${esc(a.mark ?? a.label)}</button>`).join('');
  const status = tray.theirs
    ? '<p class="tray-note muted">Not yours to move: hover a counter for what it is (a hidden unit shows as ?-? [7.22]).</p>'
    : tray.waiting
    ? '<p class="tray-note muted">…</p>'
    : tray.stuck
      ? `<p class="tray-note warn" data-testid="tray-stuck">Nowhere to go: ${esc(tray.stuck)}</p>`
      : tray.picked
        ? '<p class="tray-note muted">Where they may go is lit on the map.</p>'
        : '<p class="tray-note muted">Click the counters that move.</p>';
  el.innerHTML = `<div class="tray-head"><b>${esc(m.label.length > 48 ? `${m.pieces.length} pieces` : m.label)}</b> <span class="muted">${tray.theirs ? `${m.pieces.length} seen` : `${tray.picked} of ${m.pieces.length} picked`}</span>${
    tray.theirs ? ' <button data-tray="close" title="Close the stack (Esc)">×</button>' : tray.held ? '' : ' <button data-tray="all" title="Pick the whole stack">all</button> <button data-tray="none" title="Pick nothing">none</button> <button data-tray="close" title="Close the stack (Esc)">×</button>'
  }</div><div class="tray-chips">${tray.chips.map(chipHtml).join('')}</div>${status}${actions ? `<div class="tray-actions">${actions}</div>` : ''}`;
  const chipOf = (t: EventTarget | null) => {
    const b = (t as HTMLElement | null)?.closest?.<HTMLElement>('[data-chip]');
    return b ? { el: b, chip: tray.chips[Number(b.dataset.chip)] as Chip } : null;
  };
  // a drag of a character onto a ship boards it; a press that does not move is a click
  let drag: { chip: Chip; x: number; y: number; moved: boolean; ghost: HTMLElement | null } | null = null;
  let dragged = false;
  el.addEventListener('pointerdown', (e) => {
    const hit = chipOf(e.target);
    if (!hit || e.button !== 0 || hit.chip.counter.kind !== 'character' || tray.theirs) return;
    drag = { chip: hit.chip, x: e.clientX, y: e.clientY, moved: false, ghost: null };
    const move = (ev: PointerEvent) => {
      if (!drag) return;
      if (!drag.moved && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 6) return;
      if (!drag.moved) {
        drag.moved = true;
        drag.ghost = document.body.appendChild(document.createElement('div'));
        drag.ghost.className = 'chip-ghost';
        drag.ghost.textContent = `◆ ${drag.chip.counter.name}`;
      }
      if (drag.ghost) drag.ghost.style.transform = `translate(${ev.clientX + 8}px, ${ev.clientY + 8}px)`;
    };
    const up = (ev: PointerEvent) => {
      window.removeEventListener('pointermove', move, true);
      window.removeEventListener('pointerup', up, true);
      const d = drag;
      drag = null;
      d?.ghost?.remove();
      if (!d?.moved) return;
      dragged = true;
      setTimeout(() => (dragged = false), 0);
      const onto = chipOf(document.elementFromPoint(ev.clientX, ev.clientY));
      if (onto?.chip.counter.kind === 'ship') board.board(onto.chip.counter.piece, d.chip.counter.piece);
    };
    window.addEventListener('pointermove', move, true);
    window.addEventListener('pointerup', up, true);
  });
  el.addEventListener('click', (e) => {
    if (dragged) return;
    const t = e.target as HTMLElement;
    const hit = chipOf(t);
    if (hit && tray.theirs) return;
    if (hit) {
      board.shift = e.shiftKey;
      untip();
      return board.toggle(hit.chip.pieces);
    }
    const act = t.closest<HTMLElement>('[data-tray]')?.dataset.tray;
    if (act === 'all' || act === 'none') return board.chooseAll(act === 'all');
    if (act === 'close') return void board.close();
    const action = t.closest<HTMLElement>('[data-action]');
    if (action) board.clickDest(tray.actions[Number(action.dataset.action)] as Dest);
  });
  el.addEventListener('pointerover', (e) => {
    const hit = chipOf(e.target);
    if (hit) tip(hit.el, chipWords(hit.chip, tray.theirs));
  });
  el.addEventListener('pointerout', (e) => {
    if (chipOf(e.target)) untip();
  });
  return el;
}
