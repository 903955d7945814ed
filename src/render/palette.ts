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
