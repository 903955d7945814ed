/**
 * How far the player has come in each tutorial, remembered between visits (localStorage): leaving a
 * tutorial and coming back resumes its step; a finished one is marked in the menu.
 */
export interface TutorialProgress {
  /** The step to resume at (0-based). */
  step: number;
  /** Its steps in all (0: not known). */
  of: number;
  /** Played to its end once. */
  finished: boolean;
}

const KEY = 'galactic-uprising.tutorials';

type Store = Pick<Storage, 'getItem' | 'setItem'> | null;

function readAll(storage: Store): Record<string, TutorialProgress> {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(KEY) ?? '{}');
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    const out: Record<string, TutorialProgress> = {};
    for (const [id, value] of Object.entries(raw as Record<string, unknown>)) {
      const v = value as Partial<TutorialProgress> | null;
      if (!v || typeof v !== 'object' || !Number.isInteger(v.step) || (v.step as number) < 0) continue;
      out[id] = { step: v.step as number, of: Number.isInteger(v.of) ? (v.of as number) : 0, finished: v.finished === true };
    }
    return out;
  } catch {
    return {};
  }
}

/** A tutorial's progress (none: never opened). */
export function progressOf(id: string, storage: Store = globalThis.localStorage ?? null): TutorialProgress | null {
  return readAll(storage)[id] ?? null;
}

/** Remember a tutorial's step (and, once, that it was finished). */
export function keepProgress(id: string, change: Partial<TutorialProgress>, storage: Store = globalThis.localStorage ?? null): void {
  const all = readAll(storage);
  const before = all[id] ?? { step: 0, of: 0, finished: false };
  all[id] = { step: change.step ?? before.step, of: change.of ?? before.of, finished: before.finished || change.finished === true };
  try {
    storage?.setItem(KEY, JSON.stringify(all));
  } catch {
    // storage full or disabled: the progress lasts for this visit only
  }
}
