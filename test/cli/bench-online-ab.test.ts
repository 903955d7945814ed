import { describe, expect, it } from 'vitest';
import { runOrder, wayOf } from '../../src/cli/bench-online-ab';

describe('the online A/B bench alternates its ways [issue 55]', () => {
  it('reads a way as its label, the server flags and, after --node, the node flags', () => {
    expect(wayOf('new: --network-warm-up-rooms 16 --node --maglev --max-semi-space-size=32')).toEqual({
      label: 'new',
      serverFlags: ['--network-warm-up-rooms', '16'],
      nodeFlags: ['--maglev', '--max-semi-space-size=32'],
      warmBots: false,
    });
    expect(wayOf('old:')).toEqual({ label: 'old', serverFlags: [], nodeFlags: [], warmBots: false });
    expect(wayOf('bots: --warm-bots --network-warm-up-rooms 0')).toEqual({ label: 'bots', serverFlags: ['--network-warm-up-rooms', '0'], nodeFlags: [], warmBots: true });
  });

  it('runs the ways forward then backward, each pair', () => {
    expect(runOrder(['a', 'b'], 2).join('')).toBe('abbaabba');
    expect(runOrder(['a', 'b', 'c'], 1).join('')).toBe('abccba');
  });
});
