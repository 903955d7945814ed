import { afterEach, describe, expect, it } from 'vitest';
import { ENVIRON_COLORS, LOYALTY_COLORS, OKABE_ITO, SIDE_COLORS, usePalette } from '../../src/render/palette';

const snapshot = () => ({ side: { ...SIDE_COLORS }, loyalty: { ...LOYALTY_COLORS }, environ: { ...ENVIRON_COLORS } });
const standard = snapshot();

describe('colour-blind-safe palette switch', () => {
  afterEach(() => usePalette(false));

  it('switches the side, loyalty and environ colours in place, to colours of the Okabe-Ito set', () => {
    const sideRecord = SIDE_COLORS;
    usePalette(true);
    expect(SIDE_COLORS).toBe(sideRecord); // readers holding the record see the change
    expect(SIDE_COLORS.rebel).not.toBe(standard.side.rebel);
    const safe = new Set<string>([...Object.values(OKABE_ITO)]);
    expect(safe.has(SIDE_COLORS.rebel as string)).toBe(true);
    expect(safe.has(SIDE_COLORS.imperial as string)).toBe(true);
    expect(LOYALTY_COLORS.unrest).not.toBe(standard.loyalty.unrest);
    expect(ENVIRON_COLORS.wild).not.toBe(standard.environ.wild);
  });

  it('keeps every colour of a kind apart (the two sides, the five loyalties, the six environs)', () => {
    usePalette(true);
    for (const set of [SIDE_COLORS, LOYALTY_COLORS, ENVIRON_COLORS]) {
      const values = Object.values(set);
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it('switching back restores the standard colours exactly', () => {
    usePalette(true);
    usePalette(false);
    expect(snapshot()).toEqual(standard);
  });
});
