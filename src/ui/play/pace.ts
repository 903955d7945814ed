/**
 * The play screen's pace, remembered, so a resumed game goes on at the speed it was played at. (Who
 * plays a saved game, in the save store's terms, is the save store's: `saveMetaOf` in src/ui/saves.ts.)
 */
const PACE_KEY = 'galactic-uprising.pace';

/** The pace (ms between AI decisions) last chosen on the setup screen, or `fallback`. */
export function loadPace(fallback: number): number {
  try {
    const raw = globalThis.localStorage?.getItem(PACE_KEY);
    const n = Number(raw);
    return raw != null && raw !== '' && Number.isFinite(n) && n >= 0 && n <= 5000 ? n : fallback;
  } catch {
    return fallback;
  }
}

export function savePace(ms: number): void {
  try {
    globalThis.localStorage?.setItem(PACE_KEY, String(ms));
  } catch {
    // storage disabled: the default pace next time
  }
}
