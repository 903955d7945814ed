/**
 * The game's sound, behind a small interface so the game never depends on a browser's audio: the
 * browser gets howler (`createHowlerAudio` in howler-audio.ts), tests and Node get `silentAudio`.
 */

/** Every sound the game makes. Files are `assets/audio/<name>.wav` (made by `src/cli/make-sounds.ts`). */
export const SOUND_NAMES = ['select', 'move', 'hyperjump', 'combat', 'detection', 'dice', 'card', 'rebellion', 'victory', 'defeat', 'ambient'] as const;
export type SoundName = (typeof SOUND_NAMES)[number];

export interface Volumes {
  master: number;
  music: number;
  effects: number;
  muted: boolean;
}

export interface GameAudio {
  /** Play a sound effect once. Before `unlock`, it does nothing (browsers allow audio only after a gesture). */
  play(name: SoundName): void;
  /** Start or stop the ambient drone (loops). */
  ambient(on: boolean): void;
  setVolumes(volumes: Volumes): void;
  /** Call from the first user gesture (click, key). */
  unlock(): void;
}

/** Audio that plays nothing: for tests, Node, and players who turned sound off. */
export const silentAudio: GameAudio = {
  play() {},
  ambient() {},
  setVolumes() {},
  unlock() {},
};

/** Which sound a game event makes, by event kind (data, not code paths); null for none. */
const EVENT_SOUNDS: [prefix: string, sound: SoundName][] = [
  ['move', 'move'],
  ['reinforcement', 'move'],
  ['detection', 'detection'],
  ['pdb', 'detection'],
  ['military-combat', 'combat'],
  ['character-combat', 'combat'],
  ['combat', 'combat'],
  ['search', 'detection'],
  ['action', 'card'],
  ['mission', 'card'],
  ['rebellion', 'rebellion'],
  ['domino', 'rebellion'],
  ['rebel-control', 'rebellion'],
  ['coup', 'rebellion'],
  ['capture', 'combat'],
  ['captured', 'combat'],
  ['killed', 'combat'],
  ['character-killed', 'combat'],
  ['unit-eliminated', 'combat'],
  ['ship-lost', 'combat'],
];

/** Events that name their dice ("dice 3 and 5", "die 4") rattle, unless their kind has its own sound. */
const DICE_TEXT = /\bdi(?:c)?e\b/i;

export function soundForEvent(kind: string, text?: string): SoundName | null {
  for (const [prefix, sound] of EVENT_SOUNDS) if (kind === prefix || kind.startsWith(`${prefix}-`)) return sound;
  if (text && DICE_TEXT.test(text)) return 'dice';
  return null;
}

/** Which sound matters most when several happen at once (first wins). */
export const SOUND_PRIORITY: SoundName[] = ['victory', 'defeat', 'rebellion', 'combat', 'detection', 'hyperjump', 'dice', 'card', 'move', 'select'];

/** The one sound a batch of events makes: the most important of theirs (null if none makes a sound). */
export function soundForEvents(events: readonly { kind: string; text?: string }[]): SoundName | null {
  let best: SoundName | null = null;
  for (const e of events) {
    const s = soundForEvent(e.kind, e.text);
    if (s && (best === null || SOUND_PRIORITY.indexOf(s) < SOUND_PRIORITY.indexOf(best))) best = s;
  }
  return best;
}

/**
 * Keeps fast play from becoming a cacophony: one sound may repeat only after `sameGapMs`, and any two
 * sounds are at least `anyGapMs` apart. Times are passed in, so it is testable without a clock.
 */
export class SoundLimiter {
  private readonly last = new Map<SoundName, number>();
  private lastAny = -Infinity;
  constructor(
    readonly sameGapMs = 250,
    readonly anyGapMs = 60,
  ) {}

  allow(name: SoundName, now: number): boolean {
    if (now - (this.last.get(name) ?? -Infinity) < this.sameGapMs || now - this.lastAny < this.anyGapMs) return false;
    this.last.set(name, now);
    this.lastAny = now;
    return true;
  }
}
