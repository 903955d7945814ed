/**
 * [issue 53] One table from every decision kind of the Rebels-vs-Empire rulesets to its board form, so no
 * kind falls back to the list unnoticed: each kind names its family, whose file builds what the map shows
 * for it (stacks to open and move, targets to take, a question asked at one place, pieces to choose, the
 * action cards of a mission). The answers with no place (end, pass, no combat, stop) are buttons beside
 * the question. `presentedOptions` says which of a decision's options its form reaches, for the coverage
 * count (`npm run board-coverage`) and its test; a kind missing from the table has no form (list only).
 * The decision list stays beside the board, for the keyboard.
 */
import type { Command, Decision, Game } from '../../core/engine/types';
import { canonical } from '../../core/engine/commands';
import { describeOption } from '../describe';
import { stackForm } from './stacks';
import { TARGETS, targetForm } from './targets';
import { ASKED_KINDS, askedForm } from './asked';
import { PIECE_KINDS, pieceForm } from './pieces';
import { cardForm } from './cards';
import type { BoardForm, Dest, Mover } from './types';

type Build = (game: Game, d: Decision) => { movers: Mover[]; deeds?: Dest[] };

/** The families of decisions, each built by its own file. */
const FAMILIES: Record<string, Build> = {
  stacks: stackForm,
  targets: targetForm,
  asked: askedForm,
  pieces: pieceForm,
  cards: cardForm,
};

/** Every decision kind of the Rebels-vs-Empire rulesets, and the family whose board form shows it. */
export const BOARD_FORMS: Readonly<Record<string, keyof typeof FAMILIES>> = {
  movement: 'stacks',
  'move-group': 'stacks',
  ...Object.fromEntries(Object.keys(TARGETS).map((k) => [k, 'targets'])),
  ...Object.fromEntries(ASKED_KINDS.map((k) => [k, 'asked'])),
  ...Object.fromEntries(PIECE_KINDS.map((k) => [k, 'pieces'])),
  'mission-draw': 'cards',
};

/** Answers that go back or put down, with no place of their own: buttons beside the question, like "end". */
const BUTTON_TYPES = new Set(['cancel-pick', 'drop-group']);

/** A button's words where the option's own label would not say it on the board. */
const BUTTON_WORDS: Record<string, string> = {
  'cancel-pick': 'Put him back (choose another)',
  'drop-group': 'Put the stack down',
};

/**
 * The decision's board form: its family's markers, then every answer not on the map that ends, passes,
 * goes back or gives to nobody, as a button beside the question. A kind with no family gets buttons only,
 * and the coverage count shows its options as list-only.
 */
export function boardForm(game: Game, d: Decision): BoardForm {
  const family = BOARD_FORMS[d.kind];
  const built = family ? (FAMILIES[family] as Build)(game, d) : { movers: [] };
  const form: BoardForm = { family: family ?? 'list', movers: built.movers, deeds: built.deeds ?? [], buttons: [] };
  const shown = presentedOptions(d, form);
  d.options.forEach((o, i) => {
    if (shown[i]) return;
    const info = describeOption(game, o, d);
    const nobody = Object.entries(o).some(([k, v]) => v === 0 && (k === 'character' || k === 'knight'));
    if (!info.ends && !BUTTON_TYPES.has(o.type) && !nobody) return;
    form.buttons.push({ place: '', label: BUTTON_WORDS[o.type] ?? info.label, odds: info.detail, warning: info.warning, commands: [o] });
  });
  return form;
}

/**
 * Which of the decision's options the board form reaches: the first command of each marker (a target, a
 * destination, a one-click choice, a stack's own choices, a button) and those it stands for (`same`), and
 * the pick of every counter of a stack. A stack's destinations come from its counters' picks, so in the
 * movement decision the picks are its options.
 *
 * A command reached is the same as an option when their canonical forms are. Most markers hold the option
 * itself and most picks are a counter's, so those are matched first without writing any out [issue 55];
 * an option matched neither way is compared with the commands reached of its own type.
 */
export function presentedOptions(d: Decision, form: BoardForm): boolean[] {
  const reached = new Set<Command>();
  const counters = new Set<number>();
  const take = (dest: Dest) => {
    const first = dest.commands[0];
    if (first) reached.add(first);
    for (const c of dest.same ?? []) reached.add(c);
  };
  for (const m of form.movers) {
    for (const dest of [...m.dests, ...(m.actions ?? [])]) take(dest);
    for (const c of m.counters ?? []) counters.add(c.piece);
  }
  for (const dest of [...form.deeds, ...form.buttons]) take(dest);
  // the canonical forms of the commands reached, by type, written out only for a type that needs them
  const canonicalOf = new Map<string, Set<string>>();
  const reachedOfType = (type: string) => {
    let keys = canonicalOf.get(type);
    if (!keys) {
      const picks = type === 'pick' ? [...counters].map((piece) => ({ type: 'pick', side: d.side, piece }) as Command) : [];
      canonicalOf.set(type, (keys = new Set([...reached, ...picks].filter((c) => c.type === type).map((c) => canonical(c)))));
    }
    return keys;
  };
  return d.options.map((o) => reached.has(o) || isCounterPick(o, d, counters) || reachedOfType(o.type).has(canonical(o)));
}

/** A pick of a counter shown: `{ type: 'pick', side, piece }` and nothing more, its piece one of the counters. */
function isCounterPick(o: Command, d: Decision, counters: Set<number>): boolean {
  return o.type === 'pick' && o.side === d.side && typeof o.piece === 'number' && counters.has(o.piece) && Object.keys(o).length === 3;
}
