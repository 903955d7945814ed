/**
 * Bloc politics on the conquest screen [003]: the blocs, the six propaganda chits with their extremists,
 * each faction's bribes and the war's state, always in view; the words of the bloc commands; the blocs
 * option of the setup screen. The conquest screen and its setup call these through small hooks.
 */
import type { Command, GameEvent } from '../../core/engine/types';
import type { Content } from '../../core/content/validate';
import { BLOC_NAMES, blocOf, outbreakChance, seniority, type BlocState } from '../../../systems/conquest/blocs';
import { conquestContent, type BlocId, type FactionId } from '../../../systems/conquest/content';
import type { ConquestView } from '../../../systems/conquest/view';
import { esc } from '../html';

const BLOC_MARK: Record<BlocId, string> = { loyalist: '♁', independence: '☉' };

const WAR_TEXT: Record<BlocState['war'], string> = {
  peace: 'Peace',
  outbreak: 'War breaks out at the end of this turn',
  war: 'War of independence',
  won: 'The war is won',
};

/**
 * The panel: the war's state and the next outbreak roll's odds, the chits, each bloc with its factions'
 * bribes, and the last bloc event with its rule; `fresh` when that event is new since the panel was last
 * drawn (it flashes).
 */
export function blocsPanelHtml(
  content: Content,
  view: ConquestView,
  name: (f: FactionId) => string,
  swatch: (f: FactionId) => string,
  last?: { text: string; rule?: string; fresh: boolean },
): string {
  const blocs = view.blocs;
  if (!blocs) return '';
  const def = conquestContent(content).blocs;
  const count = seniority(def, view.round);
  // [3C1] the odds come from the rule's own outcome function (blocs.ts), enumerated over the die
  const odds =
    blocs.war === 'peace'
      ? `<small class="muted" data-testid="cq-outbreak-odds" title="[3C1] rolled when a faction completes a continent or takes a capital">next outbreak roll: d6 + ${count} seniority &gt; stock ${blocs.stock}, <b>${Math.round(outbreakChance(count, blocs.stock) * 100)}%</b> war</small>`
      : '';
  const chits = blocs.chits
    .map((c) => {
      const ideology = def.ideologies.find((i) => i.id === c.ideology)?.name ?? c.ideology;
      return `<span class="cq-chit cq-${c.shows}" title="${esc(ideology)}: ${BLOC_NAMES[c.shows]}${c.extremist ? `, ${esc(name(c.faction))}'s extremist on it` : ''} [3B3]" data-testid="cq-chit">${BLOC_MARK[c.shows]} ${esc(ideology)}${
        c.extremist ? ` ${swatch(c.faction)}<b title="extremist">★</b>` : ''
      }</span>`;
    })
    .join('');
  const column = (bloc: BlocId) => {
    const shown = blocs.chits.filter((c) => c.shows === bloc).length;
    const members = view.order
      .filter((f) => blocOf(blocs, f) === bloc)
      .map((f) => {
        const out = view.eliminatedBy[f] !== undefined;
        const extremist = blocs.chits.find((c) => c.faction === f)?.extremist;
        return `<li class="${out ? 'out' : ''}">${swatch(f)}${esc(name(f))} <span title="bribes [3B1]">${'●'.repeat(blocs.bribes[f] ?? 0) || '<span class="muted">no bribe</span>'}</span>${extremist ? '' : ' <small class="muted" title="no extremist: counts among the defeated [3F4d]">disgraced</small>'}</li>`;
      })
      .join('');
    return `<div class="cq-bloc cq-${bloc}"><b>${BLOC_MARK[bloc]} ${BLOC_NAMES[bloc]}</b> <small>${shown}/6 chits</small><ul>${members || '<li class="muted">nobody</li>'}</ul></div>`;
  };
  // a bloc's win ends the game, whatever the war had come to (a Domination may come in peace)
  const state = blocs.victor ? `<b>${BLOC_NAMES[blocs.victor]} victory</b>` : WAR_TEXT[blocs.war];
  const lastHtml = last ? `<p class="cq-bloc-last small${last.fresh ? ' fresh' : ''}" data-testid="cq-bloc-last">${esc(last.text)}${last.rule ? ` <span class="rule">${esc(last.rule)}</span>` : ''}</p>` : '';
  return `<div class="cq-blocs${last?.fresh ? ' fresh' : ''}" data-testid="cq-blocs"><h3>Blocs <small class="cq-war cq-war-${blocs.victor ? 'won' : blocs.war}" data-testid="cq-war">${state}</small></h3>
    ${odds}<div class="cq-chits">${chits}</div><div class="cq-bloc-cols">${column('loyalist')}${column('independence')}</div>${lastHtml}</div>`;
}

/** The last bloc event a viewer may see, and whether it is new since `seen` events (the count is returned to keep). */
export function lastBlocEvent(events: readonly GameEvent<FactionId>[], seen: number): { last?: { text: string; rule?: string; fresh: boolean }; count: number } {
  const blocEvents = events.filter((e) => e.kind.startsWith('bloc-') && e.visibleTo === 'all');
  const e = blocEvents.at(-1);
  return { count: blocEvents.length, ...(e ? { last: { text: e.text, ...(e.rule ? { rule: e.rule } : {}), fresh: blocEvents.length !== seen } } : {}) };
}

/** The words of the bloc commands and of a vendetta or sneak attack; undefined for any other. */
export function blocOptionText(view: ConquestView, command: Command<FactionId>, nameOf: (t: string) => string, name: (f: FactionId) => string = (f) => f[0]!.toUpperCase() + f.slice(1)): string | undefined {
  switch (command.type) {
    case 'defect':
      return 'Defect [3B3c]: flip your extremist\'s chit, change bloc, and cede a system; a defector never wins [3F4d]';
    case 'truce':
      return `Buy a truce [3F3]: ${command.cost} ${command.cost === 1 ? 'bribe' : 'bribes'}, one to each enemy faction, and the war stops`;
    case 'cede':
      return `Cede ${nameOf(String(command.territory))} (${view.armies[String(command.territory)] ?? 0}) to ${name(command.to as FactionId)}`;
    default:
      return undefined;
  }
}

/** The tag an attack option carries in a bloc game: a vendetta on an ally, or a sneak attack, each for a bribe. */
export function attackTagHtml(command: Command<FactionId>): string {
  if (command.bribe === 'vendetta') return ' <small class="cq-vendetta" title="[3D1] an ally: you pay it a bribe before the first roll">vendetta: 1 bribe</small>';
  if (command.bribe === 'sneak') return ' <small class="cq-vendetta" title="[3B3c] a former ally, on your defection turn: a bribe, and it rolls a die fewer">sneak attack: 1 bribe</small>';
  return '';
}

/**
 * The attack stage's free actions (defect, truce) as a compact row of option buttons, their whole words
 * on hover: offered at every attack stage, in peace too, they stay in view without crowding the attacks.
 */
export function freeActionsHtml(view: ConquestView, options: readonly Command<FactionId>[], opt: (i: number, label: string, detail?: string, cls?: string) => string): string {
  const short = (c: Command<FactionId>) => (c.type === 'defect' ? 'Defect' : `Buy a truce: ${c.cost} ${c.cost === 1 ? 'bribe' : 'bribes'}`);
  const buttons = options
    .map((c, i) => (c.type === 'defect' || c.type === 'truce' ? `<span title="${esc(blocOptionText(view, c, (t) => t) ?? c.type)}">${opt(i, esc(short(c)), '', 'cq-bloc-act')}</span>` : ''))
    .join('');
  return buttons ? `<div class="cq-bloc-actions" data-testid="cq-bloc-actions"><small class="muted">Bloc politics [003]:</small> ${buttons}</div>` : '';
}

/** The game-over line of a bloc victory, or undefined; a bloc with no victor left won the war, and nobody the game [3F4d]. */
export function blocWinnerText(view: ConquestView, leader: FactionId | 'draw', name: (f: FactionId) => string): string | undefined {
  const bloc = view.blocs?.victor;
  if (!bloc) return undefined;
  return leader === 'draw' ? `The ${BLOC_NAMES[bloc]} bloc wins the war, but nobody the game.` : `The ${BLOC_NAMES[bloc]} bloc wins, led by ${name(leader)}!`;
}

// ------------------------------------------------------------------ setup

/** The setup screen's blocs option [003]: a checkbox beside the game type. */
export function blocsOptionHtml(): string {
  return `<label class="cq-check"><input type="checkbox" data-cq="blocs" data-testid="cq-blocs-check"> <b>Bloc politics</b> <span class="muted small">Loyalists against Independents: propaganda, bribes, a war of independence [003]</span></label>`;
}

/** The scenario a game type plays with the blocs option on or off: its id with "blocs" in it, or without. */
export function scenarioWithBlocs(content: Content, scenarioId: string, blocs: boolean): string {
  const scenarios = conquestContent(content).scenarios;
  const type = scenarios.get(scenarioId)?.gameType;
  const found = [...scenarios.values()].find((s) => s.gameType === type && !!s.blocs === blocs);
  return found?.id ?? scenarioId;
}

/** A seat's colour as the setup lists it with blocs on: its ideology and starting bloc [3A2b]. */
export function colourWithBloc(content: Content, faction: FactionId, label: string): string {
  const i = conquestContent(content).blocs.ideologies.find((x) => x.faction === faction);
  return i ? `${label} · ${i.name} (${BLOC_NAMES[i.bloc]})` : label;
}
