/**
 * The browser's sound: howler plays the WAVs made by `src/cli/make-sounds.ts`. Nothing loads or plays
 * before `unlock` (the first click or key press), because browsers refuse audio before a user gesture.
 * Effects are rate-limited per sound, so a fast game is lively rather than a cacophony.
 *
 * When nothing can be heard (muted, or the master volume at 0) the drone stops and the audio context is
 * suspended, so a muted page pays nothing for sound: a looping drone kept Chromium's audio threads
 * rendering silence, about a second of CPU in every ten of a page's life. Unmuting resumes the context
 * and brings the drone back in.
 */
import { Howl, Howler } from 'howler';
import { SOUND_NAMES, SoundLimiter, type GameAudio, type SoundName, type Volumes } from './audio';

/** The sound files' URLs, bundled by vite. */
const FILES = import.meta.glob('../../assets/audio/*.wav', { eager: true, query: '?url', import: 'default' }) as Record<string, string>;

const urlOf = (name: SoundName): string | undefined => FILES[`../../assets/audio/${name}.wav`];

/** For tests and the curious: whether sound is unlocked, how many files have loaded, how many plays. */
export interface AudioStatus {
  unlocked: boolean;
  loaded: number;
  failed: string[];
  played: number;
  /** Whether the ambient drone is playing. */
  ambient: boolean;
  /** The audio context's state ('running', 'suspended'), null before it exists. */
  context: AudioContextState | null;
}

export function createHowlerAudio(initial?: Volumes): GameAudio & { status(): AudioStatus } {
  const sounds = new Map<SoundName, Howl>();
  let volumes: Volumes = initial ?? { master: 0.8, music: 0.5, effects: 0.8, muted: false };
  let unlocked = false;
  let ambientWanted = false;
  const limiter = new SoundLimiter();
  const failed: string[] = [];
  let played = 0;

  const howl = (name: SoundName): Howl | null => {
    if (!unlocked) return null;
    let h = sounds.get(name);
    const src = urlOf(name);
    if (!h && src) {
      h = new Howl({
        src: [src],
        loop: name === 'ambient',
        volume: name === 'ambient' ? volumes.music : volumes.effects,
        preload: true,
        onloaderror: () => failed.push(name), // a sound that cannot load is simply not heard
      });
      sounds.set(name, h);
    }
    return h ?? null;
  };

  /** Whether anything can be heard at all. */
  const audible = () => !volumes.muted && volumes.master > 0;

  /** The drone plays while it is wanted and can be heard; it comes in slowly. */
  const syncAmbient = () => {
    const h = howl('ambient');
    if (!h) return;
    const on = ambientWanted && audible() && volumes.music > 0;
    if (on && !h.playing()) {
      h.play();
      h.fade(0, volumes.music, 2000);
    } else if (!on && h.playing()) h.stop();
  };

  const applyVolumes = () => {
    Howler.volume(volumes.master);
    Howler.mute(volumes.muted);
    for (const [name, h] of sounds) h.volume(name === 'ambient' ? volumes.music : volumes.effects);
    syncAmbient();
    quietContext();
  };

  /**
   * The audio context runs only while something can be heard. (Howler's own suspend waits 30 s after the
   * last sound, which a looping drone never ends; and its unlock resumes the context on the first click, so a
   * context resumed while nothing can be heard is suspended again.)
   */
  const watched = new WeakSet<AudioContext>();
  const quietContext = () => {
    const context = Howler.ctx as AudioContext | undefined;
    if (!context) return;
    if (!watched.has(context)) {
      watched.add(context);
      context.addEventListener('statechange', () => context.state === 'running' && !audible() && void context.suspend());
    }
    if (!audible() && context.state === 'running') void context.suspend();
    else if (audible() && context.state === 'suspended') void context.resume();
  };

  const audio: GameAudio & { status(): AudioStatus } = {
    status: () => ({
      unlocked,
      loaded: [...sounds.values()].filter((h) => h.state() === 'loaded').length,
      failed: [...failed],
      played,
      ambient: sounds.get('ambient')?.playing() ?? false,
      context: (Howler.ctx as AudioContext | undefined)?.state ?? null,
    }),
    play(name) {
      if (!unlocked || !audible() || volumes.effects <= 0 || name === 'ambient') return;
      if (limiter.allow(name, performance.now()) && howl(name)?.play() !== undefined) played++;
    },
    ambient(on) {
      ambientWanted = on;
      syncAmbient();
    },
    setVolumes(v) {
      volumes = { ...v };
      if (unlocked) applyVolumes();
    },
    unlock() {
      if (unlocked) return;
      unlocked = true;
      applyVolumes();
      for (const name of SOUND_NAMES) howl(name); // load them all now, so the first play is on time
      syncAmbient();
      quietContext(); // (the first sound made may have made Howler a new context)
    },
  };
  return audio;
}
