/**
 * Makes the game's sounds: every effect is synthesized here in plain TypeScript (oscillators, noise,
 * envelopes, one-pole filters) and written as a small 16-bit mono WAV (22050 Hz) into `assets/audio/`.
 * Nothing is downloaded. Run `npx tsx src/cli/make-sounds.ts` after changing a recipe, and commit the files.
 *
 * Every sound ends with a short fade and is normalized to a peak below full scale, so none clicks or clips.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SoundName } from '../audio/audio';
import { decorativeRandom } from '../core/rng';

export const SAMPLE_RATE = 22050;
const TAU = Math.PI * 2;

/** Noise in [-1, 1) from a seeded source, so the files are the same every run. */
function noiseSource(seed: number): () => number {
  const random = decorativeRandom(seed);
  return () => random() * 2 - 1;
}

const buffer = (seconds: number) => new Float64Array(Math.round(seconds * SAMPLE_RATE));

/** Attack-decay envelope at time t (s): a soft (raised-cosine) attack, then an exponential decay. */
function envelope(t: number, attack: number, decay: number): number {
  if (t < 0) return 0;
  if (t < attack) return 0.5 - 0.5 * Math.cos((Math.PI * t) / attack);
  return Math.exp(-(t - attack) / decay);
}

/** Add a sine note (with a couple of soft harmonics) to `out`, starting at `start` seconds. */
function note(out: Float64Array, start: number, freq: number, length: number, opts: { attack?: number; decay?: number; gain?: number; harmonics?: number[]; glide?: number } = {}): void {
  const { attack = 0.01, decay = length / 3, gain = 0.5, harmonics = [1, 0.3, 0.1], glide = 0 } = opts;
  const first = Math.round(start * SAMPLE_RATE);
  const n = Math.round(length * SAMPLE_RATE);
  let phase = 0;
  for (let i = 0; i < n && first + i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    const f = freq * (1 + glide * (t / length));
    phase += (TAU * f) / SAMPLE_RATE;
    let s = 0;
    harmonics.forEach((h, k) => (s += h * Math.sin(phase * (k + 1))));
    out[first + i]! += gain * envelope(t, attack, decay) * s * fadeOut(t, length, 0.02);
  }
}

/** 1 until the last `fade` seconds of a sound, then a smooth fall to 0 (no click at the end). */
function fadeOut(t: number, length: number, fade: number): number {
  const left = length - t;
  return left >= fade ? 1 : Math.max(0, 0.5 - 0.5 * Math.cos((Math.PI * left) / fade));
}

/** One-pole low-pass filter whose cutoff (Hz) may change over time. */
function lowpass(input: Float64Array, cutoff: (t: number) => number): Float64Array {
  const out = new Float64Array(input.length);
  let y = 0;
  for (let i = 0; i < input.length; i++) {
    const a = 1 - Math.exp((-TAU * cutoff(i / SAMPLE_RATE)) / SAMPLE_RATE);
    y += a * ((input[i] as number) - y);
    out[i] = y;
  }
  return out;
}

function highpass(input: Float64Array, cutoff: number): Float64Array {
  const low = lowpass(input, () => cutoff);
  return input.map((v, i) => v - (low[i] as number));
}

/** Scale to a peak of `peak` (of full scale) and fade both ends a little, so nothing clips or clicks. */
function finish(samples: Float64Array, peak = 0.7, fade = 0.01): Float64Array {
  let max = 0;
  for (const v of samples) max = Math.max(max, Math.abs(v));
  const scale = max > 0 ? peak / max : 0;
  const length = samples.length / SAMPLE_RATE;
  return samples.map((v, i) => {
    const t = i / SAMPLE_RATE;
    const fadeIn = t < fade ? 0.5 - 0.5 * Math.cos((Math.PI * t) / fade) : 1;
    return v * scale * fadeIn * fadeOut(t, length, fade);
  });
}

const midi = (n: number) => 440 * 2 ** ((n - 69) / 12);

// ------------------------------------------------------------------ the recipes

/** A bright two-note chime (a fifth up). */
function select(): Float64Array {
  const out = buffer(0.45);
  note(out, 0, midi(84), 0.3, { attack: 0.004, decay: 0.09, gain: 0.5, harmonics: [1, 0.25, 0, 0.08] });
  note(out, 0.07, midi(91), 0.38, { attack: 0.004, decay: 0.12, gain: 0.45, harmonics: [1, 0.25, 0, 0.08] });
  return finish(out, 0.5);
}

/** A soft short swish: filtered noise rising and falling. */
function move(): Float64Array {
  const rnd = noiseSource(2);
  const length = 0.35;
  const raw = buffer(length).map((_, i) => rnd() * envelope(i / SAMPLE_RATE, 0.12, 0.08));
  return finish(lowpass(highpass(raw, 300), (t) => 800 + 2500 * Math.sin((Math.PI * t) / length)), 0.45);
}

/** A whoosh: noise through a sweeping filter, under a rising then falling tone. */
function hyperjump(): Float64Array {
  const rnd = noiseSource(3);
  const length = 1.2;
  const raw = buffer(length).map((_, i) => {
    const t = i / SAMPLE_RATE;
    return rnd() * Math.sin((Math.PI * t) / length) ** 2;
  });
  const whoosh = lowpass(raw, (t) => 200 + 4000 * Math.sin((Math.PI * t) / length) ** 3);
  const tone = buffer(length);
  note(tone, 0, 110, length, { attack: 0.4, decay: 0.4, gain: 0.25, glide: 3, harmonics: [1, 0.4, 0.2] });
  return finish(whoosh.map((v, i) => v * 3 + (tone[i] as number)), 0.6, 0.03);
}

/** A muffled thud (a falling low sine) and a crackle of filtered noise bursts. */
function combat(): Float64Array {
  const rnd = noiseSource(4);
  const out = buffer(0.9);
  note(out, 0, 70, 0.6, { attack: 0.005, decay: 0.12, gain: 1, glide: -0.5, harmonics: [1, 0.2] });
  const crackle = buffer(0.9);
  for (let burst = 0; burst < 14; burst++) {
    const at = Math.round((0.05 + rnd() * 0.1 + burst * 0.04) * SAMPLE_RATE);
    const gain = 0.5 * Math.exp(-burst / 6);
    for (let i = 0; i < 220 && at + i < crackle.length; i++) crackle[at + i]! += rnd() * gain * Math.exp(-i / 40);
  }
  const muffled = lowpass(crackle, () => 1800);
  return finish(out.map((v, i) => v + (muffled[i] as number) * 1.5), 0.7, 0.02);
}

/** A sonar ping: a pure tone with a long decay and one quieter echo. */
function detection(): Float64Array {
  const out = buffer(1.3);
  note(out, 0, 1318, 0.9, { attack: 0.005, decay: 0.22, gain: 0.5, harmonics: [1, 0.05] });
  note(out, 0.38, 1318, 0.9, { attack: 0.005, decay: 0.2, gain: 0.15, harmonics: [1] });
  return finish(out, 0.5, 0.02);
}

/** Rattling clicks: short resonant ticks at irregular, slowing intervals. */
function dice(): Float64Array {
  const rnd = noiseSource(5);
  const out = buffer(0.6);
  let t = 0.005;
  for (let k = 0; k < 11; k++) {
    const f = 1800 + rnd() * 1600;
    note(out, t, f, 0.035, { attack: 0.001, decay: 0.008, gain: 0.5 * (1 - k / 14), harmonics: [1, 0.4] });
    t += 0.025 + k * 0.006 + rnd() * 0.02;
  }
  return finish(highpass(out, 500), 0.5, 0.005);
}

/** A paper flick: a quick burst of bright noise with a softer tail. */
function card(): Float64Array {
  const rnd = noiseSource(6);
  const raw = buffer(0.25).map((_, i) => {
    const t = i / SAMPLE_RATE;
    return rnd() * (envelope(t, 0.004, 0.02) + 0.3 * envelope(t - 0.05, 0.01, 0.04));
  });
  return finish(lowpass(highpass(raw, 1500), () => 6000), 0.45, 0.005);
}

/** A rising swell: a major chord growing louder and brighter. */
function rebellion(): Float64Array {
  const length = 1.3;
  const out = buffer(length);
  for (const n of [57, 61, 64, 69]) note(out, 0, midi(n), length, { attack: 0.95, decay: 0.35, gain: 0.25, glide: 0.02, harmonics: [1, 0.5, 0.3, 0.15] });
  return finish(lowpass(out, (t) => 400 + 2500 * (t / length)), 0.6, 0.05);
}

/** A fanfare: a rising arpeggio landing on a held major chord. */
function victory(): Float64Array {
  const out = buffer(1.35);
  const brass = [1, 0.6, 0.4, 0.25, 0.12];
  [60, 64, 67].forEach((n, i) => note(out, i * 0.12, midi(n), 0.24, { attack: 0.02, decay: 0.12, gain: 0.35, harmonics: brass }));
  for (const n of [60, 64, 67, 72]) note(out, 0.36, midi(n), 0.99, { attack: 0.04, decay: 0.4, gain: 0.22, harmonics: brass });
  return finish(lowpass(out, () => 3500), 0.65, 0.04);
}

/** A falling minor phrase, slow and dark. */
function defeat(): Float64Array {
  const out = buffer(1.35);
  [67, 63, 62, 60].forEach((n, i) => note(out, i * 0.24, midi(n - 12), i === 3 ? 0.63 : 0.35, { attack: 0.04, decay: i === 3 ? 0.25 : 0.14, gain: 0.4, harmonics: [1, 0.3, 0.15] }));
  return finish(lowpass(out, () => 1500), 0.6, 0.04);
}

/**
 * The ambient loop: a low drone of detuned sines whose brightness slowly breathes. Every modulation
 * completes whole cycles in the loop's length, so the loop joins without a seam.
 */
function ambient(): Float64Array {
  const length = 8;
  const n = Math.round(length * SAMPLE_RATE);
  const out = new Float64Array(n);
  // frequencies chosen as whole cycles per loop (k / length Hz), so the end meets the start
  const partials = [
    { f: 55, g: 0.5 },
    { f: 55.25, g: 0.35 },
    { f: 82.5, g: 0.25 },
    { f: 110, g: 0.15 },
    { f: 164.875, g: 0.06 },
  ];
  for (let i = 0; i < n; i++) {
    const t = i / SAMPLE_RATE;
    let s = 0;
    partials.forEach(({ f, g }, k) => {
      const swell = 0.6 + 0.4 * Math.sin((TAU * (k + 1) * t) / length + k);
      s += g * swell * Math.sin(TAU * f * t);
    });
    out[i] = s;
  }
  let max = 0;
  for (const v of out) max = Math.max(max, Math.abs(v));
  return out.map((v) => (v / max) * 0.5); // no fades: it loops
}

export const RECIPES: Record<SoundName, () => Float64Array> = { select, move, hyperjump, combat, detection, dice, card, rebellion, victory, defeat, ambient };

/** 16-bit mono PCM WAV bytes. */
export function encodeWav(samples: Float64Array, sampleRate = SAMPLE_RATE): Buffer {
  const data = samples.length * 2;
  const out = Buffer.alloc(44 + data);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + data, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16); // fmt chunk size
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  out.writeUInt16LE(2, 32); // block align
  out.writeUInt16LE(16, 34); // bits per sample
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(data, 40);
  samples.forEach((v, i) => out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32767), 44 + i * 2));
  return out;
}

export const AUDIO_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../assets/audio');

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(AUDIO_DIR, { recursive: true });
  for (const [name, recipe] of Object.entries(RECIPES)) {
    const bytes = encodeWav(recipe());
    writeFileSync(join(AUDIO_DIR, `${name}.wav`), bytes);
    console.log(`${name}.wav  ${(bytes.length / 1024).toFixed(1)} KB`);
  }
}
