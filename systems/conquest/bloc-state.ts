/**
 * The bloc layer's state [003], as the conquest state holds it (state.ts) and the bloc rules change it
 * (blocs.ts): plain data, in a module of its own so that neither imports the other back.
 */
import type { BlocId, FactionId } from './content';

/** A propaganda chit [3B3]: one per colour's ideology, showing a bloc; its faction's extremist on it or not [3B2a]. */
export interface Chit {
  ideology: string;
  /** The colour whose ideology it is: that faction's bloc is what this chit shows [3B2c]. */
  faction: FactionId;
  shows: BlocId;
  /** The faction's extremist sits on it [3A2g]; flipped off for good once the chit flips [3B2b]. */
  extremist: boolean;
}

/**
 * Where the war stands [3C]: peace (or a truce); an outbreak this turn (war from the end of the turn
 * [3C1], its effects from the next faction's turn [3Cd]); war; or won by a bloc [3F4].
 */
export type WarState = 'peace' | 'outbreak' | 'war' | 'won';

/**
 * How a bloc won [3F4]: every chit turned by a victorious attack (`propaganda`), a defector's
 * capitulation [3B3c], or no enemy left holding a system (`domination`, docs/rules.md); `by` is the
 * faction whose move it was.
 */
export interface BlocEnding {
  how: 'propaganda' | 'capitulation' | 'domination';
  by: FactionId;
}

export interface BlocState {
  chits: Chit[];
  /** Bribes each seated faction holds [3A2d, 3B1]. */
  bribes: Partial<Record<FactionId, number>>;
  war: WarState;
  /** The bloc that won the war [3F4]. */
  victor: BlocId | null;
  /** How it won; absent until then (so games saved before it load as they were). */
  ending?: BlocEnding;
  /** The outbreak roll's stock value now: it drops with every roll, as 003's stock prices drop [3C1]. */
  stock: number;
  /** Outbreak rolls made, wars declared and truces made so far. */
  rolls: number;
  wars: number;
  truces: number;
  /** The faction that defected this turn, allowed sneak attacks on its former allies [3B3c]. */
  defector: FactionId | null;
  /** A victorious attack has flipped a chit this turn (one a turn: docs/rules.md, 3D9). */
  flippedThisTurn: boolean;
  /** A defection left every chit showing one bloc: the war ends at the end of the turn [3B3c Capitulation]. */
  capitulation: boolean;
}
