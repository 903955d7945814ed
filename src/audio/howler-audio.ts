/**
 * The browser's sound: howler plays the WAVs made by `src/cli/make-sounds.ts`. Nothing loads or plays
 * before `unlock` (the first click or key press), because browsers refuse audio before a user gesture.
 * Effects are rate-limited per sound, so a fast game is lively rather than a cacophony.
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

  const applyVolumes = () => {
    Howler.volume(volumes.master);
    Howler.mute(volumes.muted);
    for (const [name, h] of sounds) h.volume(name === 'ambient' ? volumes.music : volumes.effects);
  };

  const audio: GameAudio & { status(): AudioStatus } = {
    status: () => ({ unlocked, loaded: [...sounds.values()].filter((h) => h.state() === 'loaded').length, failed: [...failed], played }),
    play(name) {
      if (!unlocked || volumes.muted || volumes.effects <= 0 || name === 'ambient') return;
      if (limiter.allow(name, performance.now()) && howl(name)?.play() !== undefined) played++;
    },
    ambient(on) {
      ambientWanted = on;
      const h = howl('ambient');
      if (!h) return;
      if (on && !h.playing()) {
        h.play();
        h.fade(0, volumes.music, 2000); // the drone comes in slowly
      } else if (!on && h.playing()) h.stop();
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
      if (ambientWanted) audio.ambient(true);
    },
  };
  return audio;
}
