/**
 * Who may read a character combat's events [9.31, 9.4]: a creature or irate locals fighting characters
 * the enemy has not detected is their side's secret (the hot-seat enemy must not read their dice, their
 * break-off or their possessions in his log); a fight the enemy sees is everyone's.
 */
import { describe, expect, it } from 'vitest';
import type { Game, GameEvent, Json } from '../../../src/core/engine/types';
import { tag } from '../../../src/core/world/world';
import { givePossession } from '../../../systems/rebels-vs-empire/possessions';
import { eid } from '../../fixtures';
import { anEnviron, choose, clearedGame, finished, putCharacter, run } from './character-fixtures';

/** The combat's own events: everything but deaths, which every side sees on the board. */
const COMBAT_KINDS = ['character-combat', 'break-off', 'possession'];

/** Fight to the end: the first break-off attempt fails on a 6, later rounds are fought out. */
function fightOut(game: Game): GameEvent[] {
  const from = game.events.length;
  let first = true;
  for (let i = 0; i < 200 && !finished(game); i++) {
    const d = game.pending!;
    if (d.kind === 'break-off') {
      if (first) {
        first = false;
        // one attempt, with a 6: no active character breaks off on a 6 [12.51], and the die is logged
        const roll = game.rng.d6;
        game.rng.d6 = () => {
          game.rng.d6 = roll;
          return 6;
        };
        choose(game, { attempt: true });
      } else choose(game, { attempt: false });
    } else choose(game, d.options[0] as Record<string, Json>);
  }
  expect(finished(game)).toBe(true);
  return game.events.slice(from);
}

function setUp(detected: boolean, attacker: 'creature' | 'irate-locals', defender: 'kaelen-dray' | 'dravona-esk' = 'kaelen-dray') {
  const game = clearedGame('secrecy');
  const env = anEnviron(game);
  const ch = putCharacter(game, defender, env);
  if (defender === 'kaelen-dray') givePossession(game, eid(game, 'possession', 'quickfire-tonic'), ch); // +2, lost after one use [14.23]
  if (detected) tag(game.world, ch, game.world.c.Detected);
  const side = defender === 'kaelen-dray' ? 'rebel' : 'imperial';
  const data: Json =
    attacker === 'creature'
      ? { kind: 'creature', creature: 'spore-choir' }
      : { kind: 'irate-locals', race: 'tessarine' };
  run(game, 'character-combat', { environ: env, attackerSide: side === 'rebel' ? 'imperial' : 'rebel', attacker: data, defenders: [ch] });
  return { game, side };
}

describe('character combat secrecy [9.4]', () => {
  it('[9.31, 9.4] a creature fighting an undetected Rebel: its dice, break-off and the possession used are the Rebel\'s alone', () => {
    const { game } = setUp(false, 'creature');
    const events = fightOut(game).filter((e) => COMBAT_KINDS.includes(e.kind));
    expect(events.some((e) => e.kind === 'break-off')).toBe(true);
    expect(events.some((e) => e.kind === 'character-combat' && /^Round 1/.test(e.text))).toBe(true);
    expect(events.some((e) => e.kind === 'possession')).toBe(true); // the tonic is used up [14.23]
    for (const e of events) expect(e.visibleTo, e.text).toBe('rebel');
  });

  it('[9.4] irate locals fighting an undetected Rebel: their fight is the Rebel\'s alone', () => {
    const { game } = setUp(false, 'irate-locals');
    const events = fightOut(game).filter((e) => COMBAT_KINDS.includes(e.kind));
    expect(events.length).toBeGreaterThan(2);
    for (const e of events) expect(e.visibleTo, e.text).toBe('rebel');
  });

  it('[9.4] an undetected Imperial character attacked by a creature keeps it from the Rebel', () => {
    const { game } = setUp(false, 'creature', 'dravona-esk');
    const events = fightOut(game).filter((e) => COMBAT_KINDS.includes(e.kind));
    expect(events.length).toBeGreaterThan(2);
    for (const e of events) expect(e.visibleTo, e.text).toBe('imperial');
  });

  it('[9.4] a detected Rebel is fought in the open: the enemy reads every event', () => {
    const { game } = setUp(true, 'creature');
    const events = fightOut(game).filter((e) => COMBAT_KINDS.includes(e.kind));
    expect(events.some((e) => e.kind === 'break-off')).toBe(true);
    for (const e of events) expect(e.visibleTo, e.text).toBe('all');
  });
});
