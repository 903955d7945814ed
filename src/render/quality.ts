/**
 * How much the picture draws: the pixel ratio, bloom, the dust's and starfield's density, the galactic
 * disc. The scene (galaxy-scene.ts) chooses a preset and its layers (layers.ts) build to it.
 */
export interface Quality {
  /** Device pixel ratio cap. */
  pixelRatio: number;
  bloom: boolean;
  /** Galactic dust and background star counts scale with this (0.25..2). */
  density: number;
  /** The baked galactic disc (the spiral's glow): most of the frame's fill, so "low" goes without it. */
  disc: boolean;
}

export const QUALITY_PRESETS: Record<string, Quality> = {
  low: { pixelRatio: 1, bloom: false, density: 0.4, disc: false },
  default: { pixelRatio: 1, bloom: false, density: 1, disc: true },
  high: { pixelRatio: 2, bloom: true, density: 1.6, disc: true },
};
