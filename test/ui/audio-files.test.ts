import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOUND_NAMES, soundForEvent } from '../../src/audio/audio';
import { AUDIO_DIR, encodeWav, RECIPES } from '../../src/cli/make-sounds';

/** Decode a 16-bit mono PCM WAV's header and samples (-1..1), checking the header as it goes. */
function decodeWav(bytes: Buffer): { sampleRate: number; samples: Float64Array } {
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
  expect(bytes.toString('ascii', 8, 12)).toBe('WAVE');
  expect(bytes.toString('ascii', 12, 16)).toBe('fmt ');
  expect(bytes.readUInt16LE(20)).toBe(1); // PCM
  expect(bytes.readUInt16LE(22)).toBe(1); // mono
  const sampleRate = bytes.readUInt32LE(24);
  expect(bytes.readUInt32LE(28)).toBe(sampleRate * 2);
  expect(bytes.readUInt16LE(34)).toBe(16);
  expect(bytes.toString('ascii', 36, 40)).toBe('data');
  const size = bytes.readUInt32LE(40);
  expect(size).toBe(bytes.length - 44);
  const samples = new Float64Array(size / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(44 + i * 2) / 32768;
  return { sampleRate, samples };
}

const measure = (s: Float64Array) => {
  let peak = 0;
  let sum = 0;
  for (const v of s) {
    peak = Math.max(peak, Math.abs(v));
    sum += v * v;
  }
  return { peak, rms: Math.sqrt(sum / s.length) };
};

describe('the sound files (assets/audio, made by src/cli/make-sounds.ts)', () => {
  for (const name of SOUND_NAMES) {
    it(`${name}.wav exists, has a valid header, a sane length and level, and no clipped sample`, () => {
      const path = join(AUDIO_DIR, `${name}.wav`);
      expect(existsSync(path)).toBe(true);
      const bytes = readFileSync(path);
      const { sampleRate, samples } = decodeWav(bytes);
      expect(sampleRate).toBe(22050);
      const seconds = samples.length / sampleRate;
      const { peak, rms } = measure(samples);
      if (name === 'ambient') {
        expect(bytes.length).toBeLessThan(400 * 1024);
        expect(seconds).toBeGreaterThanOrEqual(4);
      } else {
        expect(bytes.length).toBeLessThan(60 * 1024);
        expect(seconds).toBeGreaterThan(0.1);
        expect(seconds).toBeLessThan(1.4);
        // no click: an effect starts and ends at (near) silence
        expect(Math.abs(samples[0] as number)).toBeLessThan(0.01);
        expect(Math.abs(samples[samples.length - 1] as number)).toBeLessThan(0.01);
      }
      expect(peak).toBeLessThan(0.95); // headroom: nothing clips
      expect(peak).toBeGreaterThan(0.3); // and it is not too quiet to hear
      expect(rms).toBeGreaterThan(0.01);
    });
  }

  it('the ambient loop joins without a jump (its last sample leads smoothly into its first)', () => {
    const { samples } = decodeWav(readFileSync(join(AUDIO_DIR, 'ambient.wav')));
    const step = Math.abs((samples[0] as number) - (samples[samples.length - 1] as number));
    let typical = 0;
    for (let i = 1; i < samples.length; i++) typical = Math.max(typical, Math.abs((samples[i] as number) - (samples[i - 1] as number)));
    expect(step).toBeLessThanOrEqual(typical * 1.01);
  });

  it('the committed files are what the script makes now (no stale sound; a last-bit difference in Math is allowed)', () => {
    for (const name of SOUND_NAMES) {
      const fresh = encodeWav(RECIPES[name]());
      const committed = readFileSync(join(AUDIO_DIR, `${name}.wav`));
      expect(committed.length, name).toBe(fresh.length);
      let worst = 0;
      for (let i = 44; i < fresh.length; i += 2) worst = Math.max(worst, Math.abs(fresh.readInt16LE(i) - committed.readInt16LE(i)));
      expect(worst, name).toBeLessThanOrEqual(2);
    }
  });

  it('game events map to sounds by kind (unknown kinds make none)', () => {
    expect(soundForEvent('military-combat-round')).toBe('combat');
    expect(soundForEvent('detection')).toBe('detection');
    expect(soundForEvent('rebellion')).toBe('rebellion');
    expect(soundForEvent('nothing-at-all')).toBeNull();
  });
});
