import { describe, expect, it } from 'vitest';
import { silentAudio, SoundLimiter, soundForEvent, soundForEvents } from '../../src/audio/audio';

describe('game sounds for events', () => {
  it('maps event kinds to sounds, and dice named in the text to the dice rattle', () => {
    expect(soundForEvent('move')).toBe('move');
    expect(soundForEvent('character-killed')).toBe('combat');
    expect(soundForEvent('mission-complete')).toBe('card');
    expect(soundForEvent('pdb-attack', 'dice 3 and 5')).toBe('detection');
    expect(soundForEvent('loyalty', 'a die of 4 shifts it')).toBe('dice');
    expect(soundForEvent('loyalty', 'shifts to neutral')).toBeNull();
  });

  it('a batch of events makes one sound: the most important', () => {
    expect(soundForEvents([{ kind: 'move' }, { kind: 'military-combat' }, { kind: 'mission-draw' }])).toBe('combat');
    expect(soundForEvents([{ kind: 'move' }, { kind: 'rebellion' }])).toBe('rebellion');
    expect(soundForEvents([{ kind: 'healed' }])).toBeNull();
  });

  it('fast play is not a cacophony: a sound repeats only after a gap, and sounds are spaced', () => {
    const limit = new SoundLimiter(250, 60);
    expect(limit.allow('move', 0)).toBe(true);
    expect(limit.allow('move', 100)).toBe(false);
    expect(limit.allow('combat', 30)).toBe(false);
    expect(limit.allow('combat', 70)).toBe(true);
    expect(limit.allow('move', 260)).toBe(true);
  });

  it('the silent audio does nothing and never throws (Node and tests)', () => {
    expect(() => {
      silentAudio.unlock();
      silentAudio.setVolumes({ master: 1, music: 1, effects: 1, muted: false });
      silentAudio.play('victory');
      silentAudio.ambient(true);
    }).not.toThrow();
  });
});
