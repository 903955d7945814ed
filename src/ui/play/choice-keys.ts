/**
 * [issue 59] The number keys of a decision: each line of the list as shown has a key, its place in the
 * list, top first (identical choices merged into one line share its key); past the ninth, a choice is
 * typed as two digits ("1" then "2" for 12).
 */
import { listOrder, type ListGroup } from '../../words/decision-list';

/** What the keys read of the decision on show, and what they do. */
export interface ChoiceKeysHost {
  /** The decision's options' labels (empty with no decision), and the list's groups when it is grouped. */
  options(): readonly { label: string }[];
  groups(): ListGroup[] | undefined;
  /** Take option `i` (the screen checks it may be taken now). */
  take(i: number): void;
  /** Show the digit typed so far ('' when nothing is). */
  showTyped(text: string): void;
}

/** How long a digit that can begin a two-digit number waits for the second (ms). */
const SECOND_DIGIT_MS = 700;

export class ChoiceKeys {
  /** Digits typed so far toward a two-digit option number, and the timer that ends the typing. */
  private typed = '';
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly host: ChoiceKeysHost) {}

  /**
   * A number key. With more than nine choices, a digit that can begin a two-digit number waits a moment
   * for the second digit ("1", "2" is choice 12); otherwise, or when the moment passes, it is taken alone.
   */
  type(digit: string): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.typed += digit;
    const n = Number(this.typed);
    const canGrow = this.typed.length < 2 && n * 10 <= this.order().length && n > 0;
    if (!canGrow) return this.takeTyped();
    this.host.showTyped(this.typed);
    this.timer = setTimeout(() => this.takeTyped(), SECOND_DIGIT_MS);
  }

  private takeTyped(): void {
    const n = Number(this.typed);
    this.typed = '';
    this.timer = null;
    this.host.showTyped('');
    if (!(n >= 1)) return;
    const i = this.order()[n - 1] ?? -1;
    if (i >= 0) this.host.take(i);
  }

  /**
   * The options in the order the list shows them, one a line: key n takes the n-th. The list is sorted by
   * place and name, so an option's number in the decision is not its key (the domino effect's "Shift One"
   * was shown first with key 2).
   */
  private order(): number[] {
    const groups = this.host.groups();
    return groups?.length ? listOrder(groups) : this.host.options().map((_, i) => i);
  }

  /** The key that takes option `i`: its line's place in the list as shown. */
  keyOf(i: number): number {
    const order = this.order();
    const at = order.indexOf(i);
    if (at >= 0) return at + 1;
    // an option merged into a line above it: that line's key
    const options = this.host.options();
    const label = options[i]?.label;
    const line = order.findIndex((j) => options[j]?.label === label);
    return line >= 0 ? line + 1 : i + 1;
  }
}
