/**
 * Who sees what on the conquest screen [002]. A game's one human sees with their own eyes; in hot-seat,
 * the person who took the screen does, and once anyone holds a card or a mission the screen is handed over
 * between two people (the setup's claims, before any secret, pass without it), so nothing private to one
 * stays on the screen while another acts (shell/privacy.ts says what is drawn). A spectator, a finished
 * game and its replay see everything.
 */
import type { Decision } from '../../core/engine/types';
import type { FactionId } from '../../../systems/conquest/content';
import { secretsShownFor } from '../shell/privacy';
import type { AnySession } from './remote-session';

export class HotSeat {
  /** The human who took the screen last; `handOver` the one it is being handed to. */
  revealed: FactionId | null = null;
  handOver: FactionId | null = null;

  /** `game`: the game on show, and whether it is a replay's. */
  constructor(private readonly game: () => { session: AnySession | null; replaying: boolean }) {}

  /** A new game: no one has the screen yet. */
  reset(): void {
    this.revealed = null;
    this.handOver = null;
  }

  /** Whose eyes the screen shows: its human; in hot-seat the one who took the screen; watching or after the end, everyone's (null). */
  get viewer(): FactionId | null {
    const { session: s, replaying } = this.game();
    if (!s || s.humans.length === 0 || s.over || replaying) return null;
    if (s.humans.length === 1) return s.humans[0] as FactionId;
    return this.revealed;
  }

  /**
   * Secrets (cards, mission, private events) are drawn only as the shell's rule says (shell/privacy.ts):
   * in hot-seat, only while the human who took the screen is the one to act, so nothing of theirs stays
   * on the screen while an AI or the next person plays.
   */
  get secrets(): FactionId | null | 'nobody' {
    const { session: s, replaying } = this.game();
    if (!s) return 'nobody';
    // a replay is of a finished game: everything is told
    return secretsShownFor({ humans: s.humans, acting: s.decision?.side ?? null, revealed: this.revealed, handingOver: this.handOver !== null, over: s.over || replaying });
  }

  /** The pending decision, when it is the viewer's to answer on this screen now. */
  get decision(): Decision<FactionId> | null {
    const { session: s, replaying } = this.game();
    const d = s?.decision;
    if (!s || !d || !s.humanToDecide || this.handOver || replaying) return null;
    if (s.humans.length > 1 && d.side !== this.revealed) return null;
    return d;
  }

  /**
   * A person's decision `d` is pending: 'hand-over' when the screen must be handed to them first, 'taken'
   * when it passes to them at once (no one holds a secret yet), null when it is theirs already.
   */
  turnTo(d: Decision<FactionId>): 'hand-over' | 'taken' | null {
    const s = this.game().session;
    if (!s || s.humans.length <= 1 || d.side === this.revealed || this.handOver === d.side) return null;
    if (this.secretsDealt()) return 'hand-over';
    this.revealed = d.side;
    return 'taken';
  }

  /** The person the screen was handed to takes it; false when it was handed to no one. */
  take(): boolean {
    if (!this.handOver) return false;
    this.revealed = this.handOver;
    this.handOver = null;
    return true;
  }

  /** Whether anyone holds a card or a mission yet. */
  private secretsDealt(): boolean {
    const v = this.game().session?.view(null);
    return !!v && (Object.keys(v.missions).length > 0 || Object.values(v.handSizes).some((n) => (n ?? 0) > 0));
  }
}
