import { COACH_SETTINGS, type CoachSetting } from './coach';

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
  /** Size of the panels, buttons and text (1 as designed). */
  uiScale: number;
  /** Side, loyalty and environ colours from a colour-blind-safe set (Okabe-Ito). */
  colourBlind: boolean;
  /** In a played game, rolls are shown as dice tumbling onto their faces (a click or key skips them). */
  showDice: boolean;
  /**
   * [issue 44] In a played game, ask every question, even one whose answer cannot matter or that repeats
   * an unchanged answer (organize stacks); off, those are answered by their default.
   */
  askEveryTime: boolean;
  /**
   * [issue 44] In a played game, the pace of the opponent's (the AI's) moves on the map: each move it makes
   * that the player may see is flown, then held this long, so the player can follow it (any key or click
   * skips the rest of its turn); 'instant' plays it at once, without animation.
   */
  aiPace: AiPace;
  /** [issue 56] When the coach says a line about each new kind of decision: a mode's first game, every game, or never. */
  coach: CoachSetting;
}

export type AiPace = 'slow' | 'normal' | 'fast' | 'instant';
/** Milliseconds each seen step of the AI's turn is held at each pace (a comet's flight takes about 1.2 s at normal). */
export const AI_PACE_MS: Record<AiPace, number> = { slow: 2000, normal: 1100, fast: 400, instant: 0 };
/** The picture's animation speed at each pace (times the Animation speed setting). */
export const AI_PACE_ANIMATION: Record<AiPace, number> = { slow: 0.75, normal: 1, fast: 2.5, instant: 0 };
/** The pace's name in the Settings panel and on the setup screen. */
export const AI_PACE_NAMES: Record<AiPace, string> = { slow: 'slow', normal: 'normal (a pace to follow)', fast: 'fast', instant: 'off (at once)' };

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
  uiScale: 1,
  colourBlind: false,
  showDice: true,
  askEveryTime: false,
  aiPace: 'normal',
  coach: 'first',
};

/** Each number's allowed range and step (the panel's sliders use these too). */
export const SETTING_RANGES: Record<Exclude<keyof Settings, 'quality' | 'bloom' | 'labels' | 'muted' | 'colourBlind' | 'showDice' | 'askEveryTime' | 'aiPace' | 'coach'>, { min: number; max: number; step: number }> = {
  pixelRatio: { min: 0.5, max: 3, step: 0.25 },
  starfieldDensity: { min: 0.25, max: 2, step: 0.05 },
  animationSpeed: { min: 0, max: 4, step: 0.25 },
  cameraSensitivity: { min: 0.25, max: 3, step: 0.05 },
  masterVolume: { min: 0, max: 1, step: 0.05 },
  musicVolume: { min: 0, max: 1, step: 0.05 },
  effectsVolume: { min: 0, max: 1, step: 0.05 },
  uiScale: { min: 0.7, max: 1.6, step: 0.05 },
};

/** What each graphics preset sets (choosing a preset resets the fine settings to these). */
export const QUALITY_SETTINGS: Record<Settings['quality'], Pick<Settings, 'pixelRatio' | 'bloom' | 'starfieldDensity'>> = {
  low: { pixelRatio: 1, bloom: false, starfieldDensity: 0.4 },
  default: { pixelRatio: 1, bloom: false, starfieldDensity: 1 },
  high: { pixelRatio: 2, bloom: true, starfieldDensity: 1.6 },
};

/** The galaxy scene's quality for these settings (the preset's disc choice, refined by the fine settings). */
export function graphicsOf(settings: Settings): { pixelRatio: number; bloom: boolean; density: number; disc: boolean } {
  return { pixelRatio: settings.pixelRatio, bloom: settings.bloom, density: settings.starfieldDensity, disc: settings.quality !== 'low' };
}

/** The volumes for the audio (see src/audio/audio.ts). */
export function volumesOf(settings: Settings): { master: number; music: number; effects: number; muted: boolean } {
  return { master: settings.masterVolume, music: settings.musicVolume, effects: settings.effectsVolume, muted: settings.muted };
}

/** Where the settings are stored (localStorage). */
export const SETTINGS_KEY = 'galactic-uprising.settings';

/** Stored settings, each field checked: anything missing, of the wrong type or out of range falls back to its default. */
export function loadSettings(storage: Pick<Storage, 'getItem'> | null = globalThis.localStorage ?? null): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  let raw: unknown;
  try {
    raw = JSON.parse(storage?.getItem(SETTINGS_KEY) ?? 'null');
  } catch {
    return out;
  }
  if (!raw || typeof raw !== 'object') return out;
  if (Array.isArray(raw)) return out;
  const record = raw as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    // own fields only: a stored `__proto__` or inherited name never counts
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue;
    const value = record[key];
    const fallback = DEFAULT_SETTINGS[key];
    if (typeof value !== typeof fallback) continue;
    if (key === 'quality' && !['low', 'default', 'high'].includes(value as string)) continue;
    if (key === 'aiPace' && !Object.hasOwn(AI_PACE_MS, value as string)) continue;
    if (key === 'coach' && !Object.hasOwn(COACH_SETTINGS, value as string)) continue;
    const range = (SETTING_RANGES as Record<string, { min: number; max: number }>)[key];
    if (typeof value === 'number' && (!Number.isFinite(value) || !range || value < range.min || value > range.max)) continue;
    (out as unknown as Record<string, unknown>)[key] = value;
  }
  return out;
}

export function saveSettings(settings: Settings, storage: Pick<Storage, 'setItem'> | null = globalThis.localStorage ?? null): void {
  try {
    storage?.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // storage full or disabled: settings last for this visit only
  }
}
