/**
 * A roll of the dice in the game's events [002 II.3]: "Red attacks Alaska from Kamchatka: 6 4 1 against
 * 5 2; the attacker loses 1, Blue loses 1." Its words are made when they are first read.
 *
 * A random Domination game rolls 7,000-11,000 times on its way to the 150-round draw, and its events are
 * kept to the end; the words of every roll, each made of a dozen pieces, were a fifth of the game's time
 * in the simulator, which never reads them ([issue 57]). So a roll's event keeps the facts (its `data`,
 * as before) and the four names, and makes its `text` from them when someone reads it: the log, a
 * screen, a message to a client. `text` is an ordinary property to all of them (own and enumerable: it
 * is in the event's JSON, a spread copy, a structured clone, in the same place as before), only its
 * value is worked out on the first read and then kept.
 */
import type { GameEvent, Json } from '../../src/core/engine/types';
import type { FactionId } from './content';
import { highestFirst } from './dice';

/** The facts of a roll, for the screens (the dice animated, the losses counted). */
export interface RollFacts {
  [key: string]: Json;
  from: string;
  to: string;
  attack: number[];
  defence: number[];
  attackerLosses: number;
  defenderLosses: number;
}

/** Who rolled against whom, where, by name: what the words need beyond the facts. */
export interface RollNames {
  attacker: string;
  defender: string;
  from: string;
  to: string;
}

/** `text` as an own, enumerable property whose value is made on the first read; one getter for every roll. */
const LAZY_TEXT: PropertyDescriptor = {
  get(this: RollEvent) {
    return this.words();
  },
  enumerable: true,
  configurable: true,
};

export class RollEvent implements GameEvent<FactionId> {
  declare readonly turn: number;
  declare readonly when: string;
  declare readonly kind: 'roll';
  declare readonly text: string;
  declare readonly rule: string;
  declare readonly visibleTo: 'all';
  declare readonly data: RollFacts;
  /** Read only, and shared by the rolls of one battle (an Annihilate rolls again and again). */
  readonly #names: Readonly<RollNames>;
  #text: string | undefined;

  constructor(turn: number, when: string, names: Readonly<RollNames>, data: RollFacts) {
    // the fields in the order every event has them (turn, when, kind, text, rule, visibleTo, data)
    this.#names = names;
    const self = this as { -readonly [K in keyof GameEvent<FactionId>]: GameEvent<FactionId>[K] };
    self.turn = turn;
    self.when = when;
    self.kind = 'roll';
    Object.defineProperty(this, 'text', LAZY_TEXT);
    self.rule = '[002 II.3]';
    self.visibleTo = 'all';
    self.data = data;
  }

  /** The roll in words, the dice highest first, made once. */
  words(): string {
    if (this.#text === undefined) {
      const { attack, defence, attackerLosses, defenderLosses } = this.data;
      const { attacker, defender, from, to } = this.#names;
      this.#text =
        `${attacker} attacks ${to} from ${from}: ${highestFirst(attack).join(' ')} against ${highestFirst(defence).join(' ')}; ` +
        `${attackerLosses ? `the attacker loses ${attackerLosses}` : ''}${attackerLosses && defenderLosses ? ', ' : ''}${defenderLosses ? `${defender} loses ${defenderLosses}` : ''}.`;
    }
    return this.#text;
  }
}
