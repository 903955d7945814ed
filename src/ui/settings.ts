/**
 * Player settings, remembered between visits (localStorage). The lil-gui panel that edits them lives
 * beside this (settings-panel.ts); everything else reads `Settings` and listens for changes.
 */
export interface Settings {
  /** Graphics preset; the fields below refine it. */
  quality: 'low' | 'default' | 'high';
  pixelRatio: number;
  bloom: boolean;
  starfieldDensity: number;
  labels: boolean;
  /** Animation speed multiplier (1 normal; 0 skips animations). */
  animationSpeed: number;
  cameraSensitivity: number;
  masterVolume: number;
  musicVolume: number;
  effectsVolume: number;
  muted: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  quality: 'default',
  pixelRatio: 1,
  bloom: false,
  starfieldDensity: 1,
  labels: true,
  animationSpeed: 1,
  cameraSensitivity: 1,
  masterVolume: 0.8,
  musicVolume: 0.5,
  effectsVolume: 0.8,
  muted: false,
};

const KEY = 'galactic-uprising.settings';

/** Stored settings, each field checked: anything missing, of the wrong type or out of range falls back to its default. */
export function loadSettings(storage: Pick<Storage, 'getItem'> | null = globalThis.localStorage ?? null): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  let raw: unknown;
  try {
    raw = JSON.parse(storage?.getItem(KEY) ?? 'null');
  } catch {
    return out;
  }
  if (!raw || typeof raw !== 'object') return out;
  const record = raw as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const value = record[key];
    const fallback = DEFAULT_SETTINGS[key];
    if (typeof value !== typeof fallback) continue;
    if (key === 'quality' && !['low', 'default', 'high'].includes(value as string)) continue;
    if (typeof value === 'number' && (!Number.isFinite(value) || value < 0 || value > 4)) continue;
    (out as unknown as Record<string, unknown>)[key] = value;
  }
  return out;
}

export function saveSettings(settings: Settings, storage: Pick<Storage, 'setItem'> | null = globalThis.localStorage ?? null): void {
  try {
    storage?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // storage full or disabled: settings last for this visit only
  }
}
