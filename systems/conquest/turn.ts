/**
 * A faction's turn [002 II Turns]: trade in cards, place new armies, attack, then one reinforcing move;
 * a card at the end if it took a territory. The frame's `data.stage` says where the turn is:
 *
 *   trade -> place -> attack <-> battle -> move-in -> (trade down after an elimination) -> attack
 *         -> fortify -> fortify-count -> end
 *
 * Until the turn's first attack, the armies placed this turn can be taken back one placement at a time
 * (`take-back`), as players of the board game do before they commit: nothing random happens between
 * placing and attacking, so taking back re-rolls nothing (docs/rules.md, "Conquest").
 */
import type { Command, Frame, Json, Procedure, Step } from '../../src/core/engine/types';
import { afterConquest, attackKinds, beginTurn, blocsOf, cede, cedeOptions, defect, endTurn, freeActions, payForAttack, sneakDefenceDice, truce } from './blocs';
import { bonusTerritories, forcedTrades, setValue, tradeableSets, type Card } from './cards';
import { autoDefends, type FactionId } from './content';
import { maxAttackDice, maxDefenceDice, resolveDice, throwDice } from './dice';
import { winChance } from './odds';
import {
  factionName,
  mapOf,
  optionsOfGame,
  reinforcementsFor,
  stateOf,
  tell,
  tellOnly,
  tellRoll,
  territoriesOf,
  territoryCount,
  type ConquestGame,
} from './state';
import type { RollNames } from './roll-event';
import { checkVictory } from './victory';

type Stage = 'begin' | 'trade' | 'bonus' | 'place' | 'attack' | 'battle' | 'defend' | 'move-in' | 'goal-met' | 'cede' | 'fortify' | 'fortify-count' | 'end';

interface TurnData {
  player: FactionId;
  stage: Stage;
  /** Armies still to place this turn (new armies and traded sets) [002 II.2]. */
  toPlace: number;
  /** Sets that must still be traded (5 cards at the start, or the trade-down after an elimination). */
  forced: number;
  /** True for the trade-down after an elimination: only forced trades, then place and attack on. */
  midTurn: boolean;
  /** A territory was taken this turn: a card at the end [002 II.1]. */
  conquered: boolean;
  from: string | null;
  to: string | null;
  /** Dice the attacker rolled last (the fewest armies that must move in [002 II.3]). */
  dice: number;
  /** Territories the 2 extra armies of a trade may go on, when the player must choose [002 II.1]. */
  bonusChoices: string[];
  /** Where the turn goes on after the player answers that its mission is complete [002 I Game Type 3]. */
  resume?: Stage;
  /** Bloc politics: the battle is a vendetta or a sneak attack [3D1, 3B3c], and whether its bribe is paid. */
  bribe?: 'vendetta' | 'sneak';
  paid?: boolean;
  /** This turn's placements that may still be taken back, the last one last; absent once none may. */
  placed?: { territory: string; count: number }[];
  /** The turn has gone past its placements (an attack, a free action, the end of attacks): nothing is taken back any more. */
  committed?: true;
}

export function turnFrame(player: FactionId): Frame {
  const data: TurnData = { player, stage: 'begin', toPlace: 0, forced: 0, midTurn: false, conquered: false, from: null, to: null, dice: 0, bonusChoices: [] };
  return { proc: 'conquest-turn', data: data as unknown as Frame['data'] };
}

const nameOf = (game: ConquestGame, t: string) => mapOf(game).nameOf(t);

export const conquestTurn: Procedure<ConquestGame> = {
  step(game, frame) {
    const d = frame.data as unknown as TurnData;
    const s = stateOf(game);
    const me = d.player;
    const options = optionsOfGame(game);
    for (;;) {
      if (s.winner) return { done: true };
      // A goal is met the moment it is, whatever the stage [002 I Game Type]: Domination wins at once;
      // every capital held or one's mission complete offers the victory or Domination. A defector's
      // system is ceded before anything is judged [3B3c].
      if (d.stage !== 'goal-met' && d.stage !== 'begin' && d.stage !== 'cede') {
        const won = checkVictory(game, me);
        if (won === 'goal-choice') {
          d.resume ??= d.stage;
          d.stage = 'goal-met';
        } else if (won) return { done: true };
      }
      switch (d.stage) {
        case 'begin': {
          beginTurn(game);
          const r = reinforcementsFor(game, me);
          d.toPlace = r.total;
          d.forced = forcedTrades(handOf(game, me).length, options.cards, true);
          tell(
            game,
            'turn',
            `${factionName(game, me)}'s turn: ${r.territories} new armies for its territories${r.continents ? ` and ${r.continents} for its continents` : ''}.`,
            '[002 II.2]',
          );
          d.stage = 'trade';
          continue;
        }
        case 'trade': {
          const hand = handOf(game, me);
          const sets = tradeableSets(hand, options.cards);
          if (!sets.length || (d.midTurn && d.forced === 0)) {
            d.midTurn = false;
            d.stage = 'place';
            continue;
          }
          const offers: Command<FactionId>[] = sets.map((cards) => ({ type: 'trade', side: me, cards }));
          if (d.forced === 0) offers.push({ type: 'keep-cards', side: me });
          return decide(game, me, 'conquest-trade', d.forced ? 'You must trade in a set of three cards.' : 'Trade in a set of three cards?', '[002 II.1]', offers, {
            hand: hand as unknown as Json,
            values: sets.map((set) => setValue(set.map((i) => hand[i]!), options.cards, s.setsTraded)),
          });
        }
        case 'bonus':
          return decide(
            game,
            me,
            'conquest-bonus',
            'Your traded cards show territories you hold: which gets the 2 extra armies?',
            '[002 II.1]',
            d.bonusChoices.map((territory) => ({ type: 'bonus', side: me, territory })),
          );
        case 'place': {
          if (d.toPlace === 0) {
            d.stage = 'attack';
            continue;
          }
          const offers: Command<FactionId>[] = [];
          for (const territory of territoriesOf(game, me)) {
            offers.push({ type: 'place', side: me, territory, count: 1 });
            if (d.toPlace > 1) offers.push({ type: 'place', side: me, territory, count: d.toPlace });
          }
          offers.push(...takeBack(d, me));
          return decide(game, me, 'conquest-place', `Place your new armies (${d.toPlace} left) on your territories.`, '[002 II.2]', offers, { left: d.toPlace });
        }
        case 'attack': {
          const offers: Command<FactionId>[] = [];
          const blocs = blocsOf(game);
          const map = mapOf(game);
          // from each of its territories with an army to spare (territoriesOf), to each enemy neighbour (enemyNeighbours),
          // read in place: the attack stage is asked after every roll
          for (const from of map.territories) {
            if (s.owner[from] !== me || (s.armies[from] ?? 0) < 2) continue;
            for (const to of map.neighbours.get(from) ?? []) {
              if (s.owner[to] === me) continue;
              // [3c, 3D1] an ally is attacked only as a vendetta, for a bribe; [3B3c] a former ally also by a sneak attack
              for (const kind of attackKinds(blocs, me, s.owner[to]!))
                offers.push(kind === 'plain' ? { type: 'attack', side: me, from, to } : { type: 'attack', side: me, from, to, bribe: kind });
            }
          }
          offers.push(...freeActions(game, me));
          offers.push({ type: 'end-attacks', side: me });
          offers.push(...takeBack(d, me));
          return decide(game, me, 'conquest-attack', 'Attack a neighbouring territory, or stop attacking.', '[002 II.3]', offers);
        }
        case 'battle': {
          const from = d.from!;
          const to = d.to!;
          const attackers = s.armies[from] ?? 0;
          if (attackers < 2 || s.owner[to] === me) {
            d.stage = 'attack';
            continue;
          }
          const offers: Command<FactionId>[] = [];
          for (let dice = maxAttackDice(attackers); dice >= 1; dice--) offers.push({ type: 'roll', side: me, dice });
          for (const stopAt of annihilateStops(attackers)) offers.push({ type: 'annihilate', side: me, stopAt });
          offers.push({ type: 'retreat', side: me });
          const chance = winChance(attackers, s.armies[to] ?? 0, options.cards === 'italian');
          return decide(game, me, 'conquest-battle', `${nameOf(game, from)} (${attackers}) attacks ${nameOf(game, to)} (${s.armies[to]}): roll, annihilate, or retreat.`, '[002 II.3]', offers, {
            from,
            to,
            winChance: chance,
          });
        }
        case 'defend': {
          const defender = s.owner[d.to!]!;
          const most = defenceDice(game, d);
          const offers: Command<FactionId>[] = [];
          for (let dice = most; dice >= 1; dice--) offers.push({ type: 'defend', side: defender, dice });
          return decide(game, defender, 'conquest-defend', `${nameOf(game, d.to!)} is attacked with ${d.dice} dice: defend with how many?`, '[002 II.3]', offers);
        }
        case 'move-in': {
          const least = s.armies[d.to!] ?? 0; // the armies that attacked, moved in already
          const most = least + (s.armies[d.from!] ?? 0) - 1;
          if (least >= most) {
            moveIn(game, d, most);
            continue;
          }
          const offers: Command<FactionId>[] = [];
          for (let count = most; count >= least; count--) offers.push({ type: 'move-in', side: me, count });
          return decide(game, me, 'conquest-move-in', `${nameOf(game, d.to!)} is taken: move in how many armies (at least ${least})?`, '[002 II.3]', offers, {
            from: d.from!,
            to: d.to!,
          });
        }
        case 'cede':
          return decide(game, me, 'conquest-cede', 'You defected: cede one of your systems, the price of defection.', '[3B3c]', cedeOptions(game, me));
        case 'goal-met':
          return decide(
            game,
            me,
            'conquest-goal-met',
            game.scenario.gameType === 'capital'
              ? 'You hold every capital: claim the victory, or go on to Domination?'
              : 'Your mission is complete: claim the victory, or go on to Domination?',
            game.scenario.gameType === 'capital' ? '[002 I Game Type 2, End of Game]' : '[002 I Game Type 3, End of Game]',
            [
              { type: 'claim-victory', side: me },
              { type: 'go-on', side: me },
            ],
            game.scenario.gameType === 'capital' ? { goal: 'capitals' } : { goal: 'mission', mission: s.missions[me]?.text ?? '' },
          );
        case 'fortify': {
          const offers: Command<FactionId>[] = [];
          for (const from of territoriesOf(game, me))
            if ((s.armies[from] ?? 0) >= 2)
              for (const to of mapOf(game).neighbours.get(from) ?? []) if (s.owner[to] === me) offers.push({ type: 'fortify', side: me, from, to });
          offers.push({ type: 'end-turn', side: me });
          return decide(game, me, 'conquest-fortify', 'Make your one reinforcing move, or end your turn.', '[002 II.4]', offers);
        }
        case 'fortify-count': {
          const offers: Command<FactionId>[] = [];
          for (let count = (s.armies[d.from!] ?? 0) - 1; count >= 1; count--) offers.push({ type: 'move', side: me, count });
          offers.push({ type: 'cancel', side: me });
          return decide(game, me, 'conquest-fortify-count', `Move how many armies from ${nameOf(game, d.from!)} to ${nameOf(game, d.to!)}?`, '[002 II.4]', offers, {
            from: d.from!,
            to: d.to!,
          });
        }
        case 'end':
          if (d.conquered) drawCard(game, me);
          endTurn(game, me);
          return { done: true };
      }
    }
  },

  answer(game, frame, command) {
    const d = frame.data as unknown as TurnData;
    const s = stateOf(game);
    const me = d.player;
    const options = optionsOfGame(game);
    // anything but trading, placing and taking back (an attack, a free action, the end of attacks, a goal
    // claimed) commits the turn's placements
    if (d.committed === undefined && !UNCOMMITTED.includes(command.type)) {
      // `placed` first, the property added last: deleting any other turns the frame's data into a slow
      // dictionary for the rest of the turn, read at every step
      delete d.placed;
      d.committed = true;
    }
    switch (command.type) {
      case 'trade': {
        const hand = handOf(game, me);
        const indices = command.cards as number[];
        const set = indices.map((i) => hand[i]!);
        const value = setValue(set, options.cards, s.setsTraded);
        s.setsTraded += 1;
        s.hands[me] = hand.filter((_, i) => !indices.includes(i));
        s.discard.push(...set);
        d.toPlace += value;
        d.forced = Math.max(0, d.forced - 1);
        tell(game, 'trade', `${factionName(game, me)} trades in ${describeSet(set)} for ${value} armies.`, '[002 II.1]');
        const shown = bonusTerritories(set, (t) => s.owner[t] === me);
        if (shown.length === 1) giveBonus(game, me, shown[0]!);
        else if (shown.length > 1) {
          d.bonusChoices = shown;
          d.stage = 'bonus';
        }
        return;
      }
      case 'keep-cards':
        d.stage = 'place';
        return;
      case 'bonus':
        giveBonus(game, me, command.territory as string);
        d.bonusChoices = [];
        d.stage = 'trade';
        return;
      case 'place': {
        const territory = command.territory as string;
        const count = command.count as number;
        s.armies[territory] = (s.armies[territory] ?? 0) + count;
        d.toPlace -= count;
        if (!d.committed) (d.placed ??= []).push({ territory, count });
        tell(game, 'place', `${factionName(game, me)} places ${count} ${count === 1 ? 'army' : 'armies'} on ${nameOf(game, territory)}.`, '[002 II.2]', {
          faction: me,
          territory,
          count,
        });
        return;
      }
      case 'take-back': {
        // the last placement of the turn comes off the board and is placed again [002 II.2]
        const last = d.placed!.pop()!;
        if (!d.placed!.length) delete d.placed;
        s.armies[last.territory] = (s.armies[last.territory] ?? 0) - last.count;
        d.toPlace += last.count;
        d.stage = 'place';
        tell(game, 'take-back', `${factionName(game, me)} takes back ${last.count} ${last.count === 1 ? 'army' : 'armies'} from ${nameOf(game, last.territory)}.`, '[002 II.2]', {
          faction: me,
          territory: last.territory,
          count: last.count,
        });
        return;
      }
      case 'attack':
        d.from = command.from as string;
        d.to = command.to as string;
        d.stage = 'battle';
        if (command.bribe !== undefined) {
          d.bribe = command.bribe as 'vendetta' | 'sneak';
          d.paid = false;
        } else if (d.bribe !== undefined) {
          // the last added first (see `placed` above)
          delete d.paid;
          delete d.bribe;
        }
        return;
      case 'defect':
        defect(game, me);
        if (cedeOptions(game, me).length) d.stage = 'cede';
        return;
      case 'cede':
        cede(game, me, command.territory as string, command.to as FactionId);
        d.stage = 'attack';
        return;
      case 'truce':
        truce(game, me);
        return;
      case 'end-attacks':
        d.stage = 'fortify';
        return;
      case 'retreat':
        d.stage = 'attack';
        return;
      case 'roll':
        d.dice = command.dice as number;
        payBribe(game, d);
        if (!autoDefends(options, s.owner[d.to!]!)) {
          d.stage = 'defend';
          return;
        }
        roll(game, d, d.dice, defenceDice(game, d), rollNames(game, d));
        return;
      case 'defend':
        d.stage = 'battle';
        roll(game, d, d.dice, command.dice as number, rollNames(game, d));
        return;
      case 'annihilate': {
        // [002 II.3] roll again and again, the most dice each side may, until one side is gone (or the
        // attacker's territory is down to `stopAt`, the way to stop it).
        const stopAt = Math.max(1, command.stopAt as number);
        payBribe(game, d);
        const names = rollNames(game, d); // the same for every roll: the battle ends when the territory changes hands
        while (d.stage === 'battle' && (s.armies[d.from!] ?? 0) > stopAt && (s.armies[d.from!] ?? 0) >= 2) {
          d.dice = maxAttackDice(s.armies[d.from!] ?? 0);
          roll(game, d, d.dice, defenceDice(game, d), names);
        }
        return;
      }
      case 'move-in':
        moveIn(game, d, command.count as number);
        return;
      case 'claim-victory':
        s.winner = me;
        if (game.scenario.gameType === 'capital') tell(game, 'victory', `${factionName(game, me)} holds every capital.`, '[002 I Game Type 2]');
        else tell(game, 'mission', `${factionName(game, me)} completes its mission: ${s.missions[me]?.text ?? ''}`, '[002 I Game Type 3]');
        return;
      case 'go-on':
        s.playingOnBy = me;
        if (game.scenario.gameType === 'capital') tell(game, 'go-on', `${factionName(game, me)} holds every capital and goes on to Domination.`, '[002 End of Game]');
        else tell(game, 'mission', `${factionName(game, me)} completes its mission (${s.missions[me]?.text ?? ''}) and goes on to Domination.`, '[002 End of Game]');
        d.stage = d.resume ?? 'attack';
        delete d.resume;
        return;
      case 'fortify':
        d.from = command.from as string;
        d.to = command.to as string;
        d.stage = 'fortify-count';
        return;
      case 'cancel':
        d.stage = 'fortify';
        return;
      case 'move': {
        const count = command.count as number;
        s.armies[d.from!] = (s.armies[d.from!] ?? 0) - count;
        s.armies[d.to!] = (s.armies[d.to!] ?? 0) + count;
        tell(game, 'fortify', `${factionName(game, me)} moves ${count} ${count === 1 ? 'army' : 'armies'} from ${nameOf(game, d.from!)} to ${nameOf(game, d.to!)}.`, '[002 II.4]');
        d.stage = 'end';
        return;
      }
      case 'end-turn':
        d.stage = 'end';
        return;
    }
  },
};

function decide(
  game: ConquestGame,
  side: FactionId,
  kind: string,
  prompt: string,
  rule: string,
  options: Command<FactionId>[],
  context?: { [key: string]: Json },
): Step<FactionId> {
  const said = `${factionName(game, side)}: ${prompt}`;
  return { decide: context ? { side, kind, prompt: said, rule, options, context } : { side, kind, prompt: said, rule, options } };
}

/** The commands of a turn's start, before anything is committed: trades and their bonus, placements and take-backs. */
const UNCOMMITTED = ['trade', 'keep-cards', 'bonus', 'place', 'take-back'];

/**
 * Taking back the turn's last placement: offered while the placing and the attack stage before the
 * first attack, never once the turn has committed (so never after a die is rolled). The command names
 * what it takes back, so the log and a replay read it.
 */
function takeBack(d: TurnData, me: FactionId): Command<FactionId>[] {
  const last = d.committed ? undefined : d.placed?.at(-1);
  return last ? [{ type: 'take-back', side: me, territory: last.territory, count: last.count }] : [];
}

/** The most dice the defender may roll [002 II.3]: one fewer against a sneak attack (docs/rules.md, 3B3c). */
function defenceDice(game: ConquestGame, d: TurnData): number {
  const most = maxDefenceDice(stateOf(game).armies[d.to!] ?? 0, optionsOfGame(game).cards === 'italian');
  return d.bribe === 'sneak' ? sneakDefenceDice(most) : most;
}

/** A vendetta's or a sneak attack's bribe, paid to the victim just before the battle's first roll [3D1, 3B3c]. */
function payBribe(game: ConquestGame, d: TurnData): void {
  if (d.bribe === undefined || d.paid) return;
  d.paid = true;
  payForAttack(game, d.player, stateOf(game).owner[d.to!]!, d.bribe);
}

/** Where an Annihilate may stop: at the end (1 army left), or with half or three quarters of the army kept. */
function annihilateStops(attackers: number): number[] {
  // asked before every roll of a battle: the three, each kept if it is a stop and not one before it
  const stops: number[] = [];
  for (const n of [1, Math.floor(attackers / 2), Math.floor((attackers * 3) / 4)]) if (n >= 1 && n < attackers && !stops.includes(n)) stops.push(n);
  return stops;
}

function handOf(game: ConquestGame, faction: FactionId): Card[] {
  const s = stateOf(game);
  return (s.hands[faction] ??= []);
}

function describeSet(set: Card[]): string {
  return set.map((c) => c.kind).join(', ');
}

function giveBonus(game: ConquestGame, me: FactionId, territory: string): void {
  const s = stateOf(game);
  s.armies[territory] = (s.armies[territory] ?? 0) + 2;
  tell(game, 'trade-bonus', `${factionName(game, me)} holds ${nameOf(game, territory)}, shown on a traded card: 2 extra armies there.`, '[002 II.1]');
}

/** Who rolls against whom, where, by name, for the words of a roll's event. */
function rollNames(game: ConquestGame, d: TurnData): RollNames {
  const defender = stateOf(game).owner[d.to!]!;
  return { attacker: factionName(game, d.player), defender: factionName(game, defender), from: nameOf(game, d.from!), to: nameOf(game, d.to!) };
}

/** One roll of the dice [002 II.3], through `resolveDice`. */
function roll(game: ConquestGame, d: TurnData, attackDice: number, defenceDice: number, names: Readonly<RollNames>): void {
  const s = stateOf(game);
  const from = d.from!;
  const to = d.to!;
  const defender = s.owner[to]!;
  const a = throwDice(game.rng, attackDice);
  const b = throwDice(game.rng, defenceDice);
  const { attackerLosses, defenderLosses } = resolveDice(a, b);
  s.armies[from] = (s.armies[from] ?? 0) - attackerLosses;
  s.armies[to] = (s.armies[to] ?? 0) - defenderLosses;
  tellRoll(game, names, { from, to, attack: a, defence: b, attackerLosses, defenderLosses });
  if ((s.armies[to] ?? 0) > 0) return;
  // Conquered: the attacker moves in at once with at least the armies it attacked with [002 II.3]
  // (a roll that empties the territory lost the attacker nothing, so they are there to move); the
  // move-in decision then asks how many in all.
  s.owner[to] = d.player;
  s.armies[from] = (s.armies[from] ?? 0) - attackDice;
  s.armies[to] = attackDice;
  d.conquered = true;
  tell(game, 'conquest', `${factionName(game, d.player)} takes ${nameOf(game, to)} from ${factionName(game, defender)}.`, '[002 II.3]');
  if (!territoryCount(game, defender)) eliminate(game, d, defender);
  afterConquest(game, d.player, defender, to);
  d.stage = 'move-in';
}

/** The conquering armies in `to` come to `count` in all (the first `d.dice` are there already). */
function moveIn(game: ConquestGame, d: TurnData, count: number): void {
  const s = stateOf(game);
  const more = count - (s.armies[d.to!] ?? 0);
  s.armies[d.from!] = (s.armies[d.from!] ?? 0) - more;
  s.armies[d.to!] = count;
  d.stage = d.forced > 0 ? 'trade' : 'attack';
}

/** A faction has lost its last territory: the conqueror takes its cards, perhaps to trade down at once [002 II.1 NOTES a]. */
function eliminate(game: ConquestGame, d: TurnData, loser: FactionId): void {
  const s = stateOf(game);
  s.eliminatedBy[loser] = d.player;
  const taken = s.hands[loser] ?? [];
  s.hands[loser] = [];
  const hand = handOf(game, d.player);
  hand.push(...taken);
  tell(game, 'eliminated', `${factionName(game, loser)} is eliminated by ${factionName(game, d.player)}, who takes its ${taken.length} ${taken.length === 1 ? 'card' : 'cards'}.`, '[002 II.1]');
  const forced = forcedTrades(hand.length, optionsOfGame(game).cards, false);
  if (forced > 0) {
    d.forced = forced;
    d.midTurn = true;
  }
}

/** [002 II.1] one card at the end of a turn in which a territory was taken; an empty deck is recycled if the option says so. */
function drawCard(game: ConquestGame, me: FactionId): void {
  const s = stateOf(game);
  if (!s.deck.length && optionsOfGame(game).recycle && s.discard.length) {
    s.deck = game.rng.shuffle(s.discard);
    s.discard = [];
    tell(game, 'recycle', 'The deck is spent: the traded cards are shuffled into a new one.', '[002 I Recycle Cards]');
  }
  const card = s.deck.pop();
  if (!card) {
    tell(game, 'no-card', `${factionName(game, me)} took a territory, but the deck is spent: no card.`, '[002 I Recycle Cards]');
    return;
  }
  handOf(game, me).push(card);
  tell(game, 'card', `${factionName(game, me)} draws a card.`, '[002 II.1]');
  tellOnly(game, me, 'card-drawn', `${factionName(game, me)} draws ${card.territory ? `${nameOf(game, card.territory)} (${card.kind})` : 'a wildcard'}.`, '[002 II.1]');
}
