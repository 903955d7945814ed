/**
 * A conquest game [002] in plain words and exact numbers, for the screens: card names, set values, the
 * odds of an attack (from `battleOdds` and `singleRollOutcomes`, computed, never simulated), the dice of
 * a roll as the engine told it, and each decision's option as a line a player reads. No DOM.
 */
import { FIXED_VALUES, ITALIAN_VALUES, increasingValue, type Card, type CardOption } from '../../../systems/conquest/cards';
import type { FactionId } from '../../../systems/conquest/content';
import { maxDefenceDice } from '../../../systems/conquest/dice';
import { battleOdds, singleRollOutcomes } from '../../../systems/conquest/odds';
import type { ConquestView } from '../../../systems/conquest/view';
import { blocOptionText } from './blocs-panel';
import type { Command, GameEvent, Json } from '../../core/engine/types';

/** The card options on the setup screen, each with its one line [002 I Cards Options]. */
export const CARD_OPTION_TEXT: Record<CardOption, { name: string; text: string }> = {
  increasing: { name: 'Increasing', text: 'Each set anyone trades is worth more than the last: 4, 6, 8, 10, 12, 15, 20, 25, then 5 more each time.' },
  fixed: { name: 'Fixed', text: 'A set is always worth the same: 3 infantry 4, 3 cavalry 6, 3 cannon 8, one of each 10, 3 wildcards 12.' },
  italian: { name: 'Italian', text: 'Fixed values (3 cannon 4, 3 infantry 6, 3 cavalry 8, one of each 10, a pair and a wildcard 12), no card limit, and defenders roll up to 3 dice.' },
};

/** Card kinds by name [002 II.1]. */
export const CARD_KIND_NAMES: Record<Card['kind'], string> = { infantry: 'Infantry', cavalry: 'Cavalry', cannon: 'Cannon', wild: 'Wildcard' };
/** A small sign per kind, so a hand reads at a glance. */
export const CARD_KIND_SIGNS: Record<Card['kind'], string> = { infantry: '♟', cavalry: '♞', cannon: '✹', wild: '★' };

/** "Infantry · Solenne", or "Wildcard". */
export function cardText(card: Card, nameOf: (territory: string) => string): string {
  return card.territory ? `${CARD_KIND_NAMES[card.kind]} · ${nameOf(card.territory)}` : CARD_KIND_NAMES.wild;
}

/** What a set is worth now, in one line, under the game's card option. */
export function setValuesText(option: CardOption, setsTraded: number): string {
  if (option === 'increasing') return `The next set traded, by anyone, is worth ${increasingValue(setsTraded)} armies (${setsTraded} traded so far).`;
  if (option === 'fixed')
    return `Sets: 3 infantry ${FIXED_VALUES.infantry}, 3 cavalry ${FIXED_VALUES.cavalry}, 3 cannon ${FIXED_VALUES.cannon}, one of each ${FIXED_VALUES.oneOfEach}, 3 wildcards ${FIXED_VALUES.allWild}.`;
  return `Sets: 3 cannon ${ITALIAN_VALUES.cannon}, 3 infantry ${ITALIAN_VALUES.infantry}, 3 cavalry ${ITALIAN_VALUES.cavalry}, one of each ${ITALIAN_VALUES.oneOfEach}, a pair and a wildcard ${ITALIAN_VALUES.pairAndWild}. No card limit.`;
}

/** An exact chance as a percentage with one decimal ("84.3%"); certain and impossible read 100% and 0%. */
export function pct(chance: number): string {
  if (chance >= 1) return '100%';
  if (chance <= 0) return '0%';
  const text = (chance * 100).toFixed(1);
  // never round a possible outcome to a certainty or an impossibility
  if (text === '100.0') return '>99.9%';
  if (text === '0.0') return '<0.1%';
  return `${text}%`;
}

/** One decimal, for expected armies. */
export function armies1(x: number): string {
  return x.toFixed(1);
}

/** The exact odds of attacking `to` from `from` to the end (Annihilate), or until `stopAt` armies are left. */
export interface AttackOdds {
  attackers: number;
  defenders: number;
  /** The territory is taken. */
  win: number;
  /** Armies the attacker and the defender lose, on average, by the end. */
  attackerLoss: number;
  defenderLoss: number;
}

export function attackOdds(view: ConquestView, from: string, to: string, stopAt?: number): AttackOdds {
  const attackers = view.armies[from] ?? 0;
  const defenders = Math.max(1, view.armies[to] ?? 0);
  const odds = battleOdds(Math.max(1, attackers), defenders, { italian: view.options.cards === 'italian', ...(stopAt === undefined ? {} : { stopAt }) });
  return { attackers, defenders, win: odds.attackerWins, attackerLoss: attackers - odds.expectedAttackerLeft, defenderLoss: defenders - odds.expectedDefenderLeft };
}

/** The outcomes of one roll of `attackDice` against the defender's most dice, in words with their exact chances. */
export function rollOutcomesText(view: ConquestView, to: string, attackDice: number, defenceDice?: number): string {
  const dice = defenceDice ?? maxDefenceDice(Math.max(1, view.armies[to] ?? 1), view.options.cards === 'italian');
  return singleRollOutcomes(attackDice, dice)
    .map((o) => `${lossWords(o.attackerLosses, o.defenderLosses)} ${pct(o.probability)}`)
    .join(' · ');
}

function lossWords(attacker: number, defender: number): string {
  if (attacker && defender) return `each loses ${attacker === defender ? attacker : `${attacker}/${defender}`}`;
  if (defender) return `they lose ${defender}`;
  return `you lose ${attacker}`;
}

/** The dice of a roll event, each side's highest first (as they are matched [002 II.3]); null for any other event. */
export function rollDice(event: { kind: string; data?: { [key: string]: Json } }): { attack: number[]; defence: number[] } | null {
  const { attack, defence } = event.data ?? {};
  if (event.kind !== 'roll' || !isDice(attack) || !isDice(defence)) return null;
  const highFirst = (dice: number[]) => [...dice].sort((a, b) => b - a);
  return { attack: highFirst(attack), defence: highFirst(defence) };
}

function isDice(value: Json | undefined): value is number[] {
  return Array.isArray(value) && value.length > 0 && value.every((d) => typeof d === 'number' && Number.isInteger(d) && d >= 1 && d <= 6);
}

/** The armies a faction would receive at the start of a turn now [002 II.2]: territories / 3, at least 3, plus whole continents. */
export function reinforcementsOf(view: ConquestView, faction: FactionId): number {
  const held = Object.values(view.owner).filter((o) => o === faction).length;
  const continents = (view.continentsHeld[faction] ?? []).reduce((sum, c) => sum + (view.map.bonus.get(c) ?? 0), 0);
  return Math.max(3, Math.floor(held / 3)) + continents;
}

/** A decision's kind as a heading. */
export const DECISION_TITLES: Record<string, string> = {
  'conquest-claim': 'Claim a system',
  'conquest-setup-place': 'Place your starting armies',
  'conquest-capital': 'Choose your capital',
  'conquest-trade': 'Trade in cards',
  'conquest-bonus': 'Card bonus',
  'conquest-place': 'Place new armies',
  'conquest-attack': 'Attack',
  'conquest-battle': 'Battle',
  'conquest-defend': 'Defend',
  'conquest-move-in': 'Move in',
  'conquest-goal-met': 'Victory, or Domination?',
  'conquest-fortify': 'Reinforcing move',
  'conquest-fortify-count': 'Reinforcing move',
  'conquest-cede': 'Cede a system',
};

/**
 * One option of a decision in words, as a button reads: "Roll 3 dice", "Annihilate, stop at 4 armies",
 * "Solenne (6) → Ivoris (2)". `hand` is the deciding faction's own cards (for a trade).
 */
export function optionText(view: ConquestView, command: Command<FactionId>, hand: readonly Card[] = [], nameOf: (t: string) => string): string {
  const t = (key: string) => nameOf(String(command[key]));
  const at = (key: string) => `${t(key)} (${view.armies[String(command[key])] ?? 0})`;
  switch (command.type) {
    case 'claim':
    case 'capital':
    case 'bonus':
      return t('territory');
    case 'place':
      return typeof command.count === 'number' && command.count > 1 ? `${command.count} on ${t('territory')}` : `1 on ${t('territory')}`;
    case 'trade':
      return (command.cards as number[]).map((i) => (hand[i] ? cardText(hand[i], nameOf) : '?')).join(' + ');
    case 'keep-cards':
      return 'Keep your cards for now';
    case 'attack':
    case 'fortify':
      return `${at('from')} → ${at('to')}`;
    case 'end-attacks':
      return 'Stop attacking';
    case 'roll':
      return `Roll ${command.dice} ${command.dice === 1 ? 'die' : 'dice'}`;
    case 'annihilate':
      return command.stopAt === 1 ? 'Annihilate: roll to the end' : `Annihilate, but stop at ${command.stopAt} armies`;
    case 'retreat':
      return 'Retreat';
    case 'defend':
      return `Defend with ${command.dice} ${command.dice === 1 ? 'die' : 'dice'}`;
    case 'move-in':
    case 'move':
      return `Move ${command.count}`;
    case 'claim-victory':
      return 'Claim the victory';
    case 'go-on':
      return 'Go on to Domination';
    case 'end-turn':
      return 'End your turn';
    case 'cancel':
      return 'Back';
    case 'take-back': {
      const n = Number(command.count);
      return `Take back ${n} ${n === 1 ? 'army' : 'armies'} from ${t('territory')}`;
    }
    default:
      return blocOptionText(view, command, nameOf) ?? command.type;
  }
}

/**
 * The events as the log shows them: a faction's placements one after another, one army at a time as the
 * panel places them, make one line ("Crimson places 5 armies: 3 on Ivoris, 2 on Solenne.") [002 II.2]; a
 * placement taken back comes off that line, so it says what was placed in the end.
 */
export function logLines(events: readonly GameEvent<FactionId>[], nameOf: (territory: string) => string, factionName: (f: FactionId) => string): GameEvent<FactionId>[] {
  const lines: GameEvent<FactionId>[] = [];
  let run: { faction: FactionId; turn: number; counts: Map<string, number>; first: GameEvent<FactionId> } | null = null;
  const close = () => {
    if (!run) return;
    if (!run.counts.size) return void (run = null); // every army placed was taken back
    const total = [...run.counts.values()].reduce((a, b) => a + b, 0);
    const armies = (n: number) => `${n} ${n === 1 ? 'army' : 'armies'}`;
    const where = [...run.counts].map(([t, n]) => (run!.counts.size === 1 ? `on ${nameOf(t)}` : `${n} on ${nameOf(t)}`)).join(', ');
    lines.push({ ...run.first, text: `${factionName(run.faction)} places ${armies(total)}${run.counts.size === 1 ? ' ' : ': '}${where}.` });
    run = null;
  };
  for (const e of events) {
    const d = e.data;
    const placement = e.kind === 'place' && typeof d?.faction === 'string' && typeof d.territory === 'string' && typeof d.count === 'number';
    if (placement && run && run.faction === d.faction && run.turn === e.turn && e.visibleTo === run.first.visibleTo) {
      run.counts.set(d.territory as string, (run.counts.get(d.territory as string) ?? 0) + (d.count as number));
      continue;
    }
    // a placement taken back [002 II.2] comes off the line it was on: the log says what stays placed
    const takenBack = e.kind === 'take-back' && typeof d?.territory === 'string' && typeof d.count === 'number';
    if (takenBack && run && run.faction === d.faction && run.turn === e.turn) {
      const left = (run.counts.get(d.territory as string) ?? 0) - (d.count as number);
      if (left > 0) run.counts.set(d.territory as string, left);
      else run.counts.delete(d.territory as string);
      continue;
    }
    close();
    if (placement) run = { faction: d!.faction as FactionId, turn: e.turn, counts: new Map([[d!.territory as string, d!.count as number]]), first: e };
    else lines.push(e);
  }
  close();
  return lines;
}
