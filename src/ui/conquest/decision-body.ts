/**
 * The conquest decision panel's body [002]: each decision's answers as buttons, in words, with the exact
 * odds before every attack and every roll (never simulated), the placements front line first, the pairs
 * the map's picks narrow; around it, the panel's head, the question, and what the AI did meanwhile. Pure
 * HTML from a view and the decision (and the count slider's words kept in step as it moves); the screen
 * (conquest-screen.ts) answers the buttons' `data-opt` clicks.
 */
import type { Command, Decision } from '../../core/engine/types';
import type { Card } from '../../../systems/conquest/cards';
import { autoDefends, type FactionId } from '../../../systems/conquest/content';
import { maxDefenceDice } from '../../../systems/conquest/dice';
import { singleRollOutcomes } from '../../../systems/conquest/odds';
import type { ConquestView } from '../../../systems/conquest/view';
import { areEnemies } from '../../../systems/conquest/blocs';
import { esc } from '../html';
import { attackTagHtml, freeActionsHtml } from './blocs-panel';
import { territoryHtml } from './board';
import { armies1, attackOdds, DECISION_TITLES, optionText, pct, rollOutcomesText } from './words';
import { capital } from '../game-screen/setup';

type C = Command<FactionId>;

/** What the panel's body needs of the screen: the factions' colours and names, the map's picks, the attacker's dice in a defence. */
export interface PanelContext {
  colours: ReadonlyMap<FactionId, string>;
  name(f: FactionId | null | undefined): string;
  /** The territory picked first on the map (an attack's or a move's origin), and an enemy picked first. */
  selected: string | null;
  onto: string | null;
  /** The dice the attacker rolls in the battle being defended (0: not known). */
  attackDice: number;
}

export function opt(i: number, label: string, detail = '', cls = ''): string {
  return `<button class="cq-opt ${cls}" data-opt="${i}" data-testid="cq-option"><span>${label}</span>${detail ? `<small>${detail}</small>` : ''}</button>`;
}

/**
 * The panel of a decision the viewer answers: who decides what under which rule, the coach's line
 * (`coach`), why the last answer was refused (`refusal`), the question, the take-back, the answers
 * (decisionBody), and what the AI did meanwhile: the summary of its turns (`roundLines`, fast), else its last moves.
 */
export function decisionPanelHtml(ctx: PanelContext, view: ConquestView, d: Decision<FactionId>, o: { coach: string; refusal: string; roundLines: readonly string[]; lastLines: readonly string[] }): string {
  const hand = ((d.context?.hand as unknown as Card[] | undefined) ?? view.hands[d.side] ?? []) as Card[];
  const nameOf = (t: string) => view.map.nameOf(t);
  const body = decisionBody(ctx, view, d, hand, nameOf);
  return `<div class="cq-who" style="--c:${ctx.colours.get(d.side) ?? '#888'}">${esc(ctx.name(d.side))} · <span class="cq-kind">${esc(DECISION_TITLES[d.kind] ?? d.kind)}</span> <span class="rule">${esc(d.rule)}</span></div>
      ${o.coach}${o.refusal ? `<p class="cq-error" data-testid="cq-refused">Your answer was refused: ${esc(o.refusal)}. Choose again.</p>` : ''}
      <p class="cq-prompt" data-testid="cq-prompt">${esc(capital(d.prompt.replace(/^[A-Z][a-z]+: /, '')))}</p>${takeBackHtml(view, d)}${body}
      ${o.roundLines.length ? roundSummaryHtml(o.roundLines) : o.lastLines.length ? `<ul class="cq-last small muted">${o.lastLines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : ''}`;
}

/** [issue 53] The summary after the AI's turns (fast): each beat in a line, until the player answers. */
export function roundSummaryHtml(lines: readonly string[]): string {
  const n = lines.length;
  return `<details class="cq-round" data-testid="cq-round-summary" open><summary>While you waited: ${n} ${n === 1 ? 'move' : 'moves'}</summary><ul class="small">${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul></details>`;
}

/** The count slider moved (`input`, in `panel`): its numbers, and what each system would hold, follow it. */
export function countMoved(panel: HTMLElement, input: HTMLInputElement, d: Decision<FactionId> | null, nameOf: (t: string) => string): void {
  for (const sel of ['[data-cq="count"]', '[data-cq="count-label"]']) {
    const el = panel.querySelector(sel);
    if (el) el.textContent = input.value;
  }
  // what each system would hold, as the slider says
  const box = input.closest<HTMLElement>('.cq-range');
  const after = panel.querySelector('[data-cq="after"]');
  if (box && after && d) {
    const n = Number(input.value);
    const a = Number(box.dataset.a);
    const b = Number(box.dataset.b);
    const [x, y] = box.dataset.total === '1' ? [a + b - n, n] : [a - n, b + n];
    after.textContent = `${nameOf(String(d.context?.from))} ${x} · ${nameOf(String(d.context?.to))} ${y}`;
  }
}

export function decisionBody(ctx: PanelContext, view: ConquestView, d: Decision<FactionId>, hand: Card[], nameOf: (t: string) => string): string {
  const o = d.options;
  const idx = (c: C) => o.indexOf(c);
  const text = (c: C) => esc(optionText(view, c, hand, nameOf));
  const th = (t: string) => territoryHtml(view, t, ctx.colours);
  switch (d.kind) {
    case 'conquest-claim':
    case 'conquest-setup-place':
    case 'conquest-capital':
    case 'conquest-bonus': {
      const left = typeof d.context?.left === 'number' ? `<p class="small">${d.context.left} ${d.context.left === 1 ? 'army' : 'armies'} left to place.</p>` : '';
      return `${left}<p class="muted small">Click a glowing system on the map, or choose below.</p>${territoryGrid(view, o)}`;
    }
    case 'conquest-place': {
      const left = Number(d.context?.left ?? 0);
      const rows = [...new Set(o.map((c) => String(c.territory)))]
        .map((t) => ({ t, front: (view.map.neighbours.get(t) ?? []).filter((n) => areEnemies(view.blocs, d.side, view.owner[n] ?? null)).length }))
        .sort((a, b) => b.front - a.front || nameOf(a.t).localeCompare(nameOf(b.t)))
        .map(({ t, front }) => {
          const one = o.find((c) => c.territory === t && c.count === 1);
          const all = o.find((c) => c.territory === t && c.count !== 1);
          return `<div class="cq-place-row"><span>${th(t)} <b>${view.armies[t] ?? 0}</b> <small class="muted">${front ? `faces ${front} enemy ${front === 1 ? 'system' : 'systems'}` : 'inland'}</small></span>
            ${one ? `<button class="cq-opt small" data-opt="${idx(one)}" data-testid="cq-option">+1</button>` : ''}${all ? `<button class="cq-opt small" data-opt="${idx(all)}" data-testid="cq-option">+${left}</button>` : ''}</div>`;
        })
        .join('');
      return `<p class="muted small">Click one of your systems to place 1 there (Shift-click: all ${left}). Front-line systems first.</p><div class="cq-place">${rows}</div>`;
    }
    case 'conquest-trade': {
      const values = (d.context?.values as number[] | undefined) ?? [];
      let set = 0;
      const buttons = o
        .map((c, i) => {
          if (c.type !== 'trade') return opt(i, text(c), '', 'ends');
          const value = values[set++];
          const bonus = (c.cards as number[]).map((k) => hand[k]?.territory).filter((t): t is string => !!t && view.owner[t] === d.side);
          return opt(i, text(c), `${value ?? '?'} armies${bonus.length ? ` · +2 on ${bonus.map(nameOf).join(' or ')}` : ''}`);
        })
        .join('');
      return `<div class="cq-options">${buttons}</div>`;
    }
    case 'conquest-attack':
      return attackBody(ctx, view, d, 'attack');
    case 'conquest-fortify':
      return attackBody(ctx, view, d, 'fortify');
    case 'conquest-battle':
      return battleBody(ctx, view, d);
    case 'conquest-defend': {
      const attackDice = ctx.attackDice || 3;
      const buttons = o
        .map((c, i) => {
          const outcomes = singleRollOutcomes(attackDice, Number(c.dice))
            .map((x) => `${x.attackerLosses && x.defenderLosses ? `each loses ${x.attackerLosses}` : x.defenderLosses ? `you lose ${x.defenderLosses}` : `they lose ${x.attackerLosses}`} ${pct(x.probability)}`)
            .join(' · ');
          return opt(i, text(c), esc(outcomes));
        })
        .join('');
      return `<div class="cq-odds" data-testid="cq-odds">Against ${attackDice} attacking ${attackDice === 1 ? 'die' : 'dice'}, the exact odds of this roll:</div><div class="cq-options">${buttons}</div>`;
    }
    case 'conquest-move-in':
    case 'conquest-fortify-count': {
      // a move-in's count is what the conquered system holds in all (the armies that rolled stand there
      // already); a reinforcing move's is what moves
      const total = d.kind === 'conquest-move-in';
      const counts = o.filter((c) => typeof c.count === 'number').map((c) => Number(c.count));
      const most = Math.max(...counts);
      const least = Math.min(...counts);
      const from = String(d.context?.from ?? '');
      const to = String(d.context?.to ?? '');
      const a = view.armies[from] ?? 0;
      const b = view.armies[to] ?? 0;
      const split = (n: number) => (total ? [a + b - n, n] : [a - n, b + n]) as [number, number];
      const cancel = o.find((c) => c.type === 'cancel');
      const leastOpt = o.findIndex((c) => c.count === least);
      const after = (n: number) => `${esc(nameOf(from))} ${split(n)[0]} · ${esc(nameOf(to))} ${split(n)[1]}`;
      const range =
        least < most
          ? `<div class="cq-range" data-a="${a}" data-b="${b}" data-total="${total ? 1 : 0}"><input type="range" min="${least}" max="${most}" value="${most}" data-act="count" aria-label="${total ? `Armies in ${esc(nameOf(to))}` : 'Armies to move'}"><output data-cq="count">${most}</output></div>`
          : '';
      return `<p>${th(from)} <b>${a}</b> → ${th(to)} <b>${b}</b></p>${range}
        <div class="cq-options">
          <button class="cq-opt cq-go" data-act="move-count" data-count="${most}" data-testid="cq-move"><span>${total ? 'Hold' : 'Move'} <span data-cq="count-label">${most}</span>${total ? ` in ${esc(nameOf(to))}` : ''}</span><small data-cq="after">${after(most)}</small></button>
          ${least < most ? opt(o.findIndex((c) => c.count === most), total ? `All in: ${most} in ${esc(nameOf(to))}` : `Move all ${most}`, after(most)) : ''}
          ${least < most ? opt(leastOpt, total ? `Only the ${least} that rolled` : `Move ${least}`, after(least)) : ''}
          ${cancel ? opt(o.indexOf(cancel), 'Back: another move, or none', '', 'ends') : ''}
        </div>`;
    }
    default:
      return `${typeof d.context?.mission === 'string' ? `<p class="cq-mission">${esc(d.context.mission)}</p>` : ''}<div class="cq-options">${o.map((c, i) => opt(i, text(c), '', ['end-turn', 'end-attacks', 'keep-cards', 'retreat', 'go-on'].includes(c.type) ? 'ends' : '')).join('')}</div>`;
  }
}

/**
 * The turn's last placement, offered back until the first attack [002 II.2] (Backspace takes it); once
 * the turn attacks the rules offer it no more, so the button goes.
 */
export function takeBackHtml(view: ConquestView, d: Decision<FactionId>): string {
  const i = d.options.findIndex((c) => c.type === 'take-back');
  if (i < 0) return '';
  const c = d.options[i] as C;
  // (a test id of its own: it is no step forward, so "the first option" never means it)
  return `<div class="cq-take-back"><button class="cq-opt small back" data-opt="${i}" data-testid="cq-take-back" title="Until your first attack (Backspace)">↶ ${esc(optionText(view, c, [], view.map.nameOf))}</button></div>`;
}

/** Territory options as a grid, by continent. */
function territoryGrid(view: ConquestView, o: C[]): string {
  const order = view.map.def.continents.map((c) => c.id);
  const items = o
    .map((c, i) => ({ c, i, t: String(c.territory) }))
    .sort((a, b) => order.indexOf(view.map.continentOf.get(a.t) ?? '') - order.indexOf(view.map.continentOf.get(b.t) ?? '') || view.map.nameOf(a.t).localeCompare(view.map.nameOf(b.t)));
  const colourOf = (t: string) => view.map.def.continents.find((c) => c.id === view.map.continentOf.get(t))?.color ?? '#888';
  return `<div class="cq-grid">${items
    .map(
      ({ i, t }) =>
        `<button class="cq-opt cq-tile" data-opt="${i}" data-testid="cq-option" style="--p:${colourOf(t)}">${esc(view.map.nameOf(t))}${view.owner[t] ? ` <b>${view.armies[t] ?? 0}</b>` : ''}</button>`,
    )
    .join('')}</div>`;
}

/** An attack or a reinforcing move: pairs of territories, the map's picks narrowing them, with exact odds for attacks. */
function attackBody(ctx: PanelContext, view: ConquestView, d: Decision<FactionId>, type: 'attack' | 'fortify'): string {
  const o = d.options;
  const nameOf = (t: string) => view.map.nameOf(t);
  const th = (t: string) => territoryHtml(view, t, ctx.colours);
  const italian = view.options.cards === 'italian';
  let pairs = o.map((c, i) => ({ c, i })).filter(({ c }) => c.type === type);
  if (ctx.selected) pairs = pairs.filter(({ c }) => c.from === ctx.selected);
  if (ctx.onto) pairs = pairs.filter(({ c }) => c.to === ctx.onto);
  const rows = pairs.map(({ c, i }) => {
    const from = String(c.from);
    const to = String(c.to);
    if (type === 'fortify')
      return { chance: 0, html: `<button class="cq-opt cq-pair" data-opt="${i}" data-testid="cq-option" data-from="${from}" data-to="${to}"><span>${th(from)} <b>${view.armies[from]}</b> → ${th(to)} <b>${view.armies[to]}</b></span></button>` };
    const odds = attackOdds(view, from, to);
    return {
      chance: odds.win,
      html: `<button class="cq-opt cq-pair" data-opt="${i}" data-testid="cq-option" data-from="${from}" data-to="${to}">
        <span>${th(from)} <b>${odds.attackers}</b> → ${th(to)} <b>${odds.defenders}</b> <small class="muted">${esc(ctx.name(view.owner[to]))}</small>${attackTagHtml(c)}</span>
        <span class="cq-chance ${odds.win >= 0.6 ? 'good' : odds.win >= 0.4 ? 'even' : 'bad'}" title="the exact chance to take it, rolling to the end">${pct(odds.win)}</span>
        <small>expected losses: you ${armies1(odds.attackerLoss)}, ${esc(ctx.name(view.owner[to]))} ${armies1(odds.defenderLoss)}</small></button>`,
    };
  });
  if (type === 'attack') rows.sort((a, b) => b.chance - a.chance);
  const endOpt = o.findIndex((c) => c.type === (type === 'attack' ? 'end-attacks' : 'end-turn'));
  const filter =
    ctx.selected || ctx.onto
      ? `<p class="cq-filter">${ctx.selected ? `From ${th(ctx.selected)}` : `Onto ${th(ctx.onto as string)}`}: ${rows.length} ${rows.length === 1 ? 'choice' : 'choices'}. <button data-act="unfilter">show all</button></p>`
      : `<p class="muted small">${type === 'attack' ? `Click one of your systems on the map, then an enemy neighbour. The percentage is the exact chance to take it rolling to the end${italian ? ' (Italian: up to 3 defence dice)' : ''}.` : 'Click a system of yours, then a neighbour of yours to move armies to. One move per turn.'}</p>`;
  const none = !rows.length ? `<p class="muted">${type === 'attack' ? 'No attack is possible: a system needs 2 armies and an enemy neighbour.' : 'No move is possible.'}</p>` : '';
  return `${filter}${none}${type === 'attack' ? freeActionsHtml(view, o, opt) : ''}<div class="cq-options cq-pairs">${rows.map((r) => r.html).join('')}</div>
    ${endOpt >= 0 ? `<div class="cq-options">${opt(endOpt, type === 'attack' ? 'Stop attacking: on to your reinforcing move' : 'End your turn', '', 'ends')}</div>` : ''}`;
}

/** A battle: the exact odds of rolling to the end and of each single roll, before the dice [002 II.3]. */
function battleBody(ctx: PanelContext, view: ConquestView, d: Decision<FactionId>): string {
  const from = String(d.context?.from ?? '');
  const to = String(d.context?.to ?? '');
  const th = (t: string) => territoryHtml(view, t, ctx.colours);
  const them = ctx.name(view.owner[to]);
  const odds = attackOdds(view, from, to);
  const defenceDice = maxDefenceDice(Math.max(1, view.armies[to] ?? 1), view.options.cards === 'italian');
  const buttons = d.options
    .map((c, i) => {
      if (c.type === 'roll')
        return opt(i, esc(optionText(view, c, [], view.map.nameOf)), `against ${defenceDice}: ${esc(rollOutcomesText(view, to, Number(c.dice), defenceDice))}`);
      if (c.type === 'annihilate') {
        const stop = Number(c.stopAt);
        const a = attackOdds(view, from, to, stop);
        return opt(i, esc(optionText(view, c, [], view.map.nameOf)), `take it ${pct(a.win)} · expected losses: you ${armies1(a.attackerLoss)}, ${esc(them)} ${armies1(a.defenderLoss)}`, 'annihilate');
      }
      return opt(i, esc(optionText(view, c, [], view.map.nameOf)), 'stop this attack; attack elsewhere or stop', 'ends');
    })
    .join('');
  return `<div class="cq-odds" data-testid="cq-odds"><b>Exact odds</b>, rolling to the end (Annihilate): you take ${esc(view.map.nameOf(to))} <b data-testid="cq-win">${pct(odds.win)}</b>;
      expected losses: you <b>${armies1(odds.attackerLoss)}</b>, ${esc(them)} <b>${armies1(odds.defenderLoss)}</b>.${
        !view.owner[to] || autoDefends(view.options, view.owner[to]) ? '' : ` <span class="muted">Auto-Defend is off for ${esc(them)}: the defender chooses its dice; the odds count the most.</span>`
      }</div>
    <div class="cq-options">${buttons}</div>`;
}
