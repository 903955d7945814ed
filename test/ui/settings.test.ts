import { describe, expect, it } from 'vitest';
import { AI_PACE_ANIMATION, AI_PACE_MS, DEFAULT_SETTINGS, graphicsOf, loadSettings, QUALITY_SETTINGS, saveSettings, SETTING_RANGES, volumesOf, type Settings } from '../../src/ui/settings';
import { FakeStorage } from './fake-storage';

const KEY = 'galactic-uprising.settings';
const stored = (text: string) => {
  const s = new FakeStorage();
  s.setItem(KEY, text);
  return s;
};

describe('settings (remembered between visits)', () => {
  it('with nothing stored, or no storage at all, are the defaults', () => {
    expect(loadSettings(new FakeStorage())).toEqual(DEFAULT_SETTINGS);
    expect(loadSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('garbage in storage gives the defaults: not JSON, truncated, wrong shapes', () => {
    for (const text of ['not json', '{"quality":"hi', '[1,2,3]', '42', '"low"', 'null', 'true'])
      expect(loadSettings(stored(text)), text).toEqual(DEFAULT_SETTINGS);
  });

  it('each field is checked on its own: a bad one falls back, the good ones stay', () => {
    const s = loadSettings(stored(JSON.stringify({ quality: 'ultra', pixelRatio: 2, bloom: 'yes', starfieldDensity: 99, labels: false, masterVolume: -1, musicVolume: 0.2, cameraSensitivity: Number.NaN, extra: 1 })));
    expect(s.quality).toBe(DEFAULT_SETTINGS.quality);
    expect(s.pixelRatio).toBe(2);
    expect(s.bloom).toBe(DEFAULT_SETTINGS.bloom);
    expect(s.starfieldDensity).toBe(DEFAULT_SETTINGS.starfieldDensity);
    expect(s.labels).toBe(false);
    expect(s.masterVolume).toBe(DEFAULT_SETTINGS.masterVolume);
    expect(s.musicVolume).toBe(0.2);
    expect(s.cameraSensitivity).toBe(DEFAULT_SETTINGS.cameraSensitivity);
    expect('extra' in s).toBe(false);
  });

  it('a __proto__ key changes nothing (and pollutes nothing)', () => {
    const s = loadSettings(stored('{"__proto__": {"muted": true, "polluted": 1}, "constructor": {"x": 1}}'));
    expect(s).toEqual(DEFAULT_SETTINGS);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('round-trip through saveSettings, and a full storage does not throw', () => {
    const storage = new FakeStorage();
    const mine: Settings = { ...DEFAULT_SETTINGS, quality: 'high', ...QUALITY_SETTINGS.high, labels: false, animationSpeed: 2.5, muted: true, effectsVolume: 0.3 };
    saveSettings(mine, storage);
    expect(loadSettings(storage)).toEqual(mine);
    storage.broken = true;
    expect(() => saveSettings(DEFAULT_SETTINGS, storage)).not.toThrow();
  });

  it('every default and preset value is inside its range', () => {
    for (const [key, r] of Object.entries(SETTING_RANGES)) {
      const v = DEFAULT_SETTINGS[key as keyof Settings] as number;
      expect(v, key).toBeGreaterThanOrEqual(r.min);
      expect(v, key).toBeLessThanOrEqual(r.max);
    }
    for (const preset of Object.values(QUALITY_SETTINGS)) {
      expect(preset.pixelRatio).toBeLessThanOrEqual(SETTING_RANGES.pixelRatio.max);
      expect(preset.starfieldDensity).toBeGreaterThanOrEqual(SETTING_RANGES.starfieldDensity.min);
    }
  });

  it('turn into the galaxy quality and the audio volumes', () => {
    const s: Settings = { ...DEFAULT_SETTINGS, quality: 'low', ...QUALITY_SETTINGS.low, masterVolume: 0.5, muted: true };
    expect(graphicsOf(s)).toEqual({ pixelRatio: 1, bloom: false, density: 0.4, disc: false });
    expect(volumesOf(s)).toEqual({ master: 0.5, music: s.musicVolume, effects: s.effectsVolume, muted: true });
  });
});

describe('display settings: UI scale and colour-blind palette (issue 24)', () => {
  it('default to the designed size and the standard colours', () => {
    expect(DEFAULT_SETTINGS.uiScale).toBe(1);
    expect(DEFAULT_SETTINGS.colourBlind).toBe(false);
  });

  it('UI scale has a range that can shrink and grow the panels, and out-of-range values fall back', () => {
    const r = SETTING_RANGES.uiScale;
    expect(r.min).toBeLessThan(1);
    expect(r.max).toBeGreaterThan(1);
    for (const bad of [r.min - 0.01, r.max + 0.01, 0, -1, Number.POSITIVE_INFINITY, '1.2'])
      expect(loadSettings(stored(JSON.stringify({ uiScale: bad }))).uiScale, String(bad)).toBe(DEFAULT_SETTINGS.uiScale);
    expect(loadSettings(stored(JSON.stringify({ uiScale: r.min }))).uiScale).toBe(r.min);
    expect(loadSettings(stored(JSON.stringify({ uiScale: r.max }))).uiScale).toBe(r.max);
  });

  it('colour-blind must be a boolean', () => {
    expect(loadSettings(stored(JSON.stringify({ colourBlind: 'yes' }))).colourBlind).toBe(false);
    expect(loadSettings(stored(JSON.stringify({ colourBlind: 1 }))).colourBlind).toBe(false);
    expect(loadSettings(stored(JSON.stringify({ colourBlind: true }))).colourBlind).toBe(true);
  });

  it('both are remembered between visits', () => {
    const storage = new FakeStorage();
    saveSettings({ ...DEFAULT_SETTINGS, uiScale: 1.3, colourBlind: true }, storage);
    const back = loadSettings(storage);
    expect(back.uiScale).toBe(1.3);
    expect(back.colourBlind).toBe(true);
  });
});

describe("[issue 44] the opponent's pace", () => {
  it('is one of the paces, remembered; anything else falls back to normal', () => {
    expect(DEFAULT_SETTINGS.aiPace).toBe('normal');
    for (const pace of Object.keys(AI_PACE_MS)) expect(loadSettings(stored(JSON.stringify({ aiPace: pace }))).aiPace).toBe(pace);
    for (const bad of ['warp', 'toString', 3, null]) expect(loadSettings(stored(JSON.stringify({ aiPace: bad }))).aiPace).toBe('normal');
  });

  it('holds a slower pace longer, and off holds nothing and flies nothing', () => {
    expect(AI_PACE_MS.slow).toBeGreaterThan(AI_PACE_MS.normal);
    expect(AI_PACE_MS.normal).toBeGreaterThan(AI_PACE_MS.fast);
    expect(AI_PACE_MS.instant).toBe(0);
    expect(AI_PACE_ANIMATION.instant).toBe(0);
  });
});
