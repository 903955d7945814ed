/**
 * Colours of the picture, in one place: stars by spectral class, environs by type, loyalty and
 * planet state. The UI's CSS uses the same hex values for its legends.
 */
import type { EnvironType, LoyaltyId, PlanetStateId } from './types';

/** The black of space: the canvas's clear colour (and the page's background in style.css). */
export const SPACE = 0x02030a;

/** Star colour by spectral class: blue-white O/B through yellow G to red M. */
export const STAR_COLORS: Record<string, string> = {
  O: '#9db4ff',
  B: '#b3c8ff',
  A: '#dfe6ff',
  F: '#fff6e0',
  G: '#ffe39a',
  K: '#ffbb6b',
  M: '#ff8459',
};

/** Star glow size (world units) by class: hot stars are bigger in the picture. */
export const STAR_SIZES: Record<string, number> = { O: 3.4, B: 3.0, A: 2.7, F: 2.4, G: 2.2, K: 2.0, M: 1.8 };

export const ENVIRON_COLORS: Record<EnvironType, string> = {
  urban: '#ffd27a',
  wild: '#7ddc7a',
  liquid: '#5fb4ff',
  subterranean: '#c59b6d',
  air: '#c8e6ff',
  fire: '#ff6a3d',
};

/** Loyalty from the Empire's extreme (cold blue) to the Rebel's (hot red) [15.1]. */
export const LOYALTY_COLORS: Record<LoyaltyId, string> = {
  patriotic: '#3f7bff',
  loyal: '#7fb0ff',
  neutral: '#c9cbd6',
  dissent: '#ffb15c',
  unrest: '#ff5a3c',
};

export const STATE_LABELS: Record<PlanetStateId, string> = {
  'imperial-control': 'Imperial control',
  rebellion: 'In rebellion',
  'rebel-control': 'Rebel control',
  'rebellion-stopped': 'Rebellion stopped',
};

export const SIDE_COLORS: Record<string, string> = { rebel: '#ff7a59', imperial: '#6fb7ff' };
export const NAV_STAR_COLOR = '#9fd8ff';
export const GOLD = '#ffd27a';

/**
 * The colour-blind-safe set (Okabe & Ito's eight colours), for the side, loyalty and environ colours.
 * Red against green and orange against red are the pairs most players with colour-blindness lose;
 * this set keeps every pair apart in lightness or hue for deuteranopia, protanopia and tritanopia.
 */
export const OKABE_ITO = {
  orange: '#e69f00',
  skyBlue: '#56b4e9',
  bluishGreen: '#009e73',
  yellow: '#f0e442',
  blue: '#0072b2',
  vermillion: '#d55e00',
  reddishPurple: '#cc79a7',
} as const;

const COLOUR_BLIND: { side: Record<string, string>; loyalty: Record<LoyaltyId, string>; environ: Record<EnvironType, string> } = {
  side: { rebel: OKABE_ITO.vermillion, imperial: OKABE_ITO.skyBlue },
  loyalty: { patriotic: OKABE_ITO.blue, loyal: OKABE_ITO.skyBlue, neutral: '#c9cbd6', dissent: OKABE_ITO.yellow, unrest: OKABE_ITO.vermillion },
  environ: {
    urban: OKABE_ITO.yellow,
    wild: OKABE_ITO.bluishGreen,
    liquid: OKABE_ITO.blue,
    subterranean: OKABE_ITO.reddishPurple,
    air: '#d8ecff',
    fire: OKABE_ITO.orange,
  },
};

/** The standard colours, kept so the palette can be switched back. */
const STANDARD = { side: { ...SIDE_COLORS }, loyalty: { ...LOYALTY_COLORS }, environ: { ...ENVIRON_COLORS } };

/**
 * Switch the picture's and the HUD's side, loyalty and environ colours between the standard set and the
 * colour-blind-safe one. The records are changed in place, so every reader (scene, panels) sees the new
 * colours on its next draw.
 */
export function usePalette(colourBlind: boolean): void {
  const set = colourBlind ? COLOUR_BLIND : STANDARD;
  Object.assign(SIDE_COLORS, set.side);
  Object.assign(LOYALTY_COLORS, set.loyalty);
  Object.assign(ENVIRON_COLORS, set.environ);
}
