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
];

export function soundForEvent(kind: string): SoundName | null {
  for (const [prefix, sound] of EVENT_SOUNDS) if (kind === prefix || kind.startsWith(`${prefix}-`)) return sound;
  return null;
}
