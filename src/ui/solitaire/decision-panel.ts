/**
 * The solitaire decision panel's body [001]: the options in plain words, grouped by sector when there
 * are many (pick a sector on the map or among its chips), moves as a row per group of units, attacks
 * each with its exact odds, and before a suppression its chance, from the rule's own outcome function.
 * Pure: it reads the view, the game (for the rules' odds) and what the screen has in focus.
 */
import type { Command, Decision } from '../../core/engine/types';
import type { UnitDef, UnitType } from '../../../systems/solitaire/content';
import type { Side, SolitaireGame } from '../../../systems/solitaire/state';
import { suppressionOdds } from '../../../systems/solitaire/phases/tables';
import type { SolitaireView } from '../../../systems/solitaire/view';
import { esc } from '../html';
import { COLOURS, holderOf, markersOf } from './board';
import { exposureMark, exposureNote, extropyWords } from './risks';
import {
  ENDING_TYPES,
  eventCards,
  loseChance,
  moveOrigin,
  oddsByOption,
  oddsRows,
  optionSector,
  optionText,
  pct,
  sectorLabel,
  sectorNo,
  unitsCode,
  winChance,
  type AttackOdds,
} from './words';

type C = Command<Side>;

/** More options than this are sorted by sector: pick a sector (on the map or in the list) to see its own. */
const MANY = 10;

/** What the panel reads besides the decision. */
export interface PanelContext {
  view: SolitaireView;
  /** The game on show: the rules' own functions read it for the odds said before a choice. */
  game: SolitaireGame;
  /** The sector picked on the map or among the chips, whose options the panel lists. */
  focus: string | null;
  nameOf: (sector: string) => string;
  defs: ReadonlyMap<UnitType, UnitDef>;
  eventNames: Parameters<typeof eventCards>[1];
  file: Parameters<typeof suppressionOdds>[0];
}

/** The sector an option is picked by: a move's origin, else the place it names. */
export function anchorOf(view: SolitaireView, c: C): string | null {
  return c.type === 'move' ? moveOrigin(view, c) : optionSector(view, c);
}

function opt(i: number, label: string, detail = '', cls = ''): string {
  return `<button class="sol-opt ${cls}" data-opt="${i}" data-testid="sol-option"><span>${label}</span>${detail ? `<small>${detail}</small>` : ''}</button>`;
}

export function decisionBodyHtml(p: PanelContext, d: Decision<Side>): string {
const view = p.view;
  const o = d.options;
  const text = (c: C) => esc(optionText(view, c, p.nameOf, p.defs));
  const enders = o.map((c, i) => ({ c, i })).filter(({ c }) => ENDING_TYPES.has(c.type));
  const endHtml = enders.length ? `<div class="sol-options sol-ends">${enders.map(({ c, i }) => opt(i, text(c), '', 'ends')).join('')}</div>` : '';
  const ctx = d.context ?? {};
  let intro = '';
  if (d.kind === 'chaos-build') intro = `<p class="small">${view.rp} RP to spend · an extropy operation costs ${esc(String(ctx.extropyCost ?? '?'))} RP</p>`;
  if (d.kind === 'chaos-suppress' || d.kind === 'chaos-institute') {
    const marker = String(ctx.marker ?? '');
    const blurb = marker ? eventCards([{ turn: view.turn, when: '', kind: 'chaos-marker', text: '', visibleTo: 'all', data: { marker } }], p.eventNames)[0] : undefined;
    if (blurb) intro = `<div class="sol-mini-card"><b>${esc(blurb.name)}</b><br><span class="small">${esc(blurb.blurb)}</span></div>`;
    // [001 Suppression] its chance, its target and its cost, from the rule's own outcome function [issue 44]
    if (d.kind === 'chaos-suppress') {
      const odds = suppressionOdds(p.file);
      const index = odds.changes.map((c) => `${c.change > 0 ? '+' : ''}${c.change} ${Math.round(c.chance * 100)}%`).join(' · ');
      intro += `<p class="small" data-testid="sol-suppress-odds">Suppress <b>${esc(blurb?.name ?? marker)}</b>: prevented <b>${Math.round(odds.prevented * 100)}%</b>. Costs one Repression marker, prevented or not; the Chaos Index moves either way: ${esc(index)}.</p>`;
    }
  }
  if (d.kind === 'chaos-alien-leader' && typeof ctx.modifier === 'number') intro = `<p class="small">The roll's modifier from the units there: ${ctx.modifier >= 0 ? '+' : ''}${ctx.modifier}.</p>`;
  if (d.kind === 'chaos-attack') return intro + attackBody(p, d) + endHtml;
  const rest = o.map((c, i) => ({ c, i })).filter(({ c }) => !ENDING_TYPES.has(c.type));
  const anchored = rest.filter(({ c }) => anchorOf(view, c) !== null);
  const free = rest.filter(({ c }) => anchorOf(view, c) === null);
  const freeHtml = free.length ? `<div class="sol-options">${free.map(({ c, i }) => opt(i, text(c), costOf(p, c))).join('')}</div>` : '';
  let placed = '';
  if (anchored.length && anchored.length <= MANY && !p.focus) {
    placed = `<div class="sol-options">${anchored.map(({ c, i }) => opt(i, text(c), costOf(p, c))).join('')}</div>`;
  } else if (anchored.length) {
    const sectors = [...new Set(anchored.map(({ c }) => anchorOf(view, c) as string))].sort((a, b) => view.sectors.indexOf(a) - view.sectors.indexOf(b));
    const chips = `<div class="sol-chips" data-testid="sol-sectors">${sectors
      .map((x) => `<button class="sol-chip-btn${x === p.focus ? ' on' : ''}" data-focus="${esc(x)}" data-testid="sol-sector-chip" style="--c:${COLOURS[holderOf(view, x)]}">${sectorNo(view, x)} ${esc(p.nameOf(x))}</button>`)
      .join('')}</div>`;
    const focusOpts = p.focus ? anchored.filter(({ c }) => anchorOf(view, c) === p.focus) : [];
    const there = p.focus
      ? `<h4>${esc(sectorLabel(view, p.nameOf, p.focus))} <button class="link" data-act="unfocus">× all sectors</button></h4>${sectorFacts(view, p.focus)}${
          d.kind === 'chaos-move' ? moveRows(p, focusOpts) : `<div class="sol-options">${focusOpts.map(({ c, i }) => opt(i, text(c), costOf(p, c))).join('')}</div>`
        }`
      : `<p class="muted small">${d.kind === 'chaos-move' ? 'Click a sector with Imperial units on the map (or below) to move them.' : 'Click a glowing sector on the map, or pick one below.'}</p>`;
    placed = `${chips}${there}`;
  }
  return `${intro}${freeHtml}${placed}${endHtml}`;
}

function costOf(p: PanelContext, c: C): string {
  if (c.type === 'extropy') return extropyWords(p.game);
  // [001 Units] a unit offered (bought, given by an event, placed): what it is
  if (c.type === 'recruit' || c.type === 'corps' || c.type === 'place') {
    const def = p.defs.get(c.unit as UnitType);
    return def ? `military ${def.military} · morph ${def.morph} · move ${def.movement} · upkeep ${def.upkeep}` : '';
  }
  return '';
}

/** A sector's facts for the panel: its system, the units and markers there. */
function sectorFacts(view: SolitaireView, sector: string): string {
  const sys = view.systems[sector];
  const mine = view.units.filter((u) => u.sector === sector && u.side === 'empire');
  const theirs = view.units.filter((u) => u.sector === sector && u.side === 'chaos');
  const markers = markersOf(view, sector);
  return `<p class="small sol-facts">${sys ? `<span style="color:${COLOURS[holderOf(view, sector)]}">${sys.side === 'empire' ? 'Imperial' : 'Chaos'} system</span> R${sys.resource} M${sys.military} G${sys.morph}` : 'No system'}${
    mine.length ? ` · <span class="gold">Imperial ${esc(unitsCode(mine))}</span>` : ''
  }${theirs.length ? ` · <span class="red">Chaos ${esc(unitsCode(theirs))}</span>` : ''}${markers.length ? ` · ${markers.map((m) => esc(`${m[0]} ${m[1]}`)).join(', ')}` : ''}</p>`;
}

/** Moves from one sector: a row per group of units, a button per destination. */
function moveRows(p: PanelContext, opts: { c: C; i: number }[]): string {
const view = p.view;
  const groups = new Map<string, { c: C; i: number }[]>();
  for (const x of opts) {
    const key = ((x.c.units as number[]) ?? []).join(',');
    groups.set(key, [...(groups.get(key) ?? []), x]);
  }
  return [...groups]
    .map(([key, xs]) => {
      const units = view.units.filter((u) => key.split(',').map(Number).includes(u.id));
      const label = units.length > 1 ? `The whole stack (${esc(unitsCode(units))})` : esc(unitsCode(units));
      return `<div class="sol-move-row"><span class="sol-move-who">${label}</span><span class="sol-move-to">${xs
        .sort((a, b) => view.sectors.indexOf(String(a.c.to)) - view.sectors.indexOf(String(b.c.to)))
        .map(({ c, i }) => `<button class="sol-opt small" data-opt="${i}" data-to="${esc(String(c.to))}" data-testid="sol-option" title="${esc(optionText(view, c, p.nameOf, p.defs))}">→ ${sectorNo(view, String(c.to))} ${esc(p.nameOf(String(c.to)))}${exposureMark(p.game, c)}</button>`)
        .join('')}</span></div>`;
    })
    .join('') + exposureNote(p.game);
}

/** Attacks, each with its exact odds: the result by die, and whom each result hits. */
function attackBody(p: PanelContext, d: Decision<Side>): string {
const view = p.view;
  const odds = oddsByOption(d.options, d.context?.odds as unknown as (AttackOdds | null)[] | undefined);
  const items = d.options.map((c, i) => ({ c, i })).filter(({ c }) => !ENDING_TYPES.has(c.type));
  const shown = p.focus ? items.filter(({ c }) => c.sector === p.focus) : items;
  const cards = shown
    .map(({ c, i }) => {
      const text = esc(optionText(view, c, p.nameOf, p.defs));
      const od = odds[i];
      if (c.type !== 'attack' || !od) return opt(i, text);
      const rows = oddsRows(view, c, od, p.defs);
      const bar = rows.map((r) => `<span class="seg ${r.good === true ? 'good' : r.good === false ? 'bad' : 'none'}" style="flex:${r.probability}" title="${esc(r.result)} ${pct(r.probability)}: ${esc(r.effect)}"></span>`).join('');
      const mod = od.modifier ? ` · die ${od.modifier > 0 ? '+' : ''}${od.modifier}` : '';
      return `<div class="sol-attack" data-testid="sol-attack">
        <div class="sol-attack-head"><b>${text}</b></div>
        <div class="sol-odds" data-testid="sol-odds"><span>Strength <b>${od.attack}</b> against <b>${od.defence}</b>${mod}</span> <span class="good">hits theirs ${pct(winChance(rows))}</span> <span class="bad">costs you ${pct(loseChance(rows))}</span></div>
        <div class="sol-oddsbar">${bar}</div>${exposureMark(p.game, { ...c, to: String(c.sector) })}
        <table class="sol-odds-table">${rows.map((r) => `<tr class="${r.good === true ? 'good' : r.good === false ? 'bad' : ''}"><td>${esc(r.result === '-' ? '—' : r.result)}</td><td>${pct(r.probability)}</td><td>${esc(r.effect)}</td></tr>`).join('')}</table>
        ${opt(i, c.kind === 'military' ? 'Attack (military: destroys)' : 'Attack (morphogenetic: converts)', '', 'go')}
      </div>`;
    })
    .join('');
  const filter = p.focus ? `<h4>${esc(sectorLabel(view, p.nameOf, p.focus))} <button class="link" data-act="unfocus">× every attack</button></h4>` : '';
  return `<p class="muted small">Military combat destroys, morphogenetic combat converts. A result hits <i>every</i> unit of the side it names whose strength of that kind is at or below its number (D: the defenders, A: your attackers). The odds are exact.</p>${filter}<div class="sol-attacks">${cards || '<p class="muted">No attack there.</p>'}</div>`;
}
