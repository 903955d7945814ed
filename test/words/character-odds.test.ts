/**
 * [12.5-12.6] the character combat odds shown before a round, against the round itself: the notes'
 * distributions come from enumerating the rule's outcome functions, and the frequencies the procedure
 * deals over many seeded games must agree with them (firefight doubling, capture shift, the column right
 * after a failed break-off).
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/core/engine/types';
import { characterColumn } from '../../src/core/odds';
import { breakOffChances, characterCombatNotes, roundOdds, type CountChance } from '../../src/words/character-odds';
import { anEnviron, choose, clearedGame, putCharacter, run } from '../systems/rebels-vs-empire/character-fixtures';
import { boardForm } from '../../src/words/board/forms';
import { givePossession } from '../../systems/rebels-vs-empire/possessions';
import { eid } from '../fixtures';
import { refOf } from '../../src/core/world/world';
import { percent } from '../../src/core/odds';
import { currentCombat, roundResult } from '../../systems/rebels-vs-empire/character-combat';

/** Dravona Esk (8/8) attacks Kaelen Dray (5/6), waiting at the break-off decision. */
function duel(style: 'hand-to-hand' | 'firefight', intent: 'kill' | 'capture', seed: string): Game {
  const game = clearedGame(seed);
  const env = anEnviron(game);
  const rebel = putCharacter(game, 'kaelen-dray', env);
  const imperial = putCharacter(game, 'dravona-esk', env);
  run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'characters', characters: [imperial] }, defenders: [rebel] });
  choose(game, { style });
  choose(game, { intent });
  expect(game.pending?.kind).toBe('break-off');
  return game;
}

/** The wounds the round dealt, from its event: "the defender takes 4 wounds, the attacker 2, 1 capture". */
function dealt(game: Game, from: number): { toDefender: number; toAttacker: number; capture: boolean; column: number } | null {
  const e = game.events.slice(from).find((x) => x.kind === 'character-combat' && x.text.startsWith('Round'));
  const m = e && /column (\d+), dice [\d, ]+: the defender takes (\d+) wounds, the attacker (\d+)(, (\d+) capture)?/.exec(e.text);
  return m ? { column: Number(m[1]) - 1, toDefender: Number(m[2]), toAttacker: Number(m[3]), capture: !!m[4] } : null;
}

/** Each count's observed share is within 4 standard errors of its chance. */
function agrees(odds: CountChance[], seen: number[]): void {
  const n = seen.length;
  for (const { n: k, chance } of odds) {
    const share = seen.filter((x) => x === k).length / n;
    expect(Math.abs(share - chance)).toBeLessThanOrEqual(4 * Math.sqrt((chance * (1 - chance)) / n) + 1e-9);
  }
  expect(seen.every((x) => odds.some((o) => o.n === x))).toBe(true);
}

const TRIALS = 250;

describe('character combat odds against the resolution [12.5-12.6]', () => {
  it('[12.6, 12.5] a firefight to capture: doubled wounds on the capture column, as the round deals them', () => {
    const rounds: NonNullable<ReturnType<typeof dealt>>[] = [];
    let shown: ReturnType<typeof roundOdds> | null = null;
    for (let i = 0; i < TRIALS; i++) {
      const game = duel('firefight', 'capture', `ff-${i}`);
      const t = game.content.tables;
      const diff = game.pending?.context?.differential as number;
      shown ??= roundOdds(t, characterColumn(t, diff, true, 0), 'firefight', 1);
      const from = game.events.length;
      choose(game, { attempt: false });
      rounds.push(dealt(game, from)!);
    }
    expect(rounds.every((r) => r.column === shown!.column)).toBe(true);
    // a firefight doubles: no odd number of wounds is possible
    expect(shown!.toDefender.every((x) => x.n % 2 === 0)).toBe(true);
    agrees(shown!.toDefender, rounds.map((r) => r.toDefender));
    agrees(shown!.toAttacker, rounds.map((r) => r.toAttacker));
    const captures = rounds.filter((r) => r.capture).length / TRIALS;
    expect(Math.abs(captures - shown!.capture)).toBeLessThanOrEqual(4 * Math.sqrt((shown!.capture * (1 - shown!.capture)) / TRIALS) + 1e-9);
  });

  it('[12.51, 12.53] a break-off attempt: its chance, and a failed one fights the round one column right', () => {
    let off = 0;
    const failedRounds: NonNullable<ReturnType<typeof dealt>>[] = [];
    let chances: { active: number } | null = null;
    let right: ReturnType<typeof roundOdds> | null = null;
    for (let i = 0; i < TRIALS; i++) {
      const game = duel('hand-to-hand', 'kill', `bo-${i}`);
      const t = game.content.tables;
      const diff = game.pending?.context?.differential as number;
      chances ??= breakOffChances(t, characterColumn(t, diff, false, 0));
      right ??= roundOdds(t, characterColumn(t, diff, false, 1), 'hand-to-hand', 1);
      const from = game.events.length;
      choose(game, { attempt: true });
      const round = dealt(game, from);
      if (round) failedRounds.push(round);
      else off++;
    }
    const p = chances!.active;
    expect(Math.abs(off / TRIALS - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / TRIALS) + 1e-9);
    expect(failedRounds.every((r) => r.column === right!.column)).toBe(true);
    agrees(right!.toDefender, failedRounds.map((r) => r.toDefender));
  });

  it('[12.6] the break-off note says the firefight doubles and gives both columns', () => {
    const game = duel('firefight', 'kill', 'note');
    const notes = characterCombatNotes(game, game.pending!);
    const text = notes.flatMap((n) => n.lines).join('\n');
    expect(text).toContain('firefight');
    expect(text).toContain('one column right [12.53]');
    expect(text).toMatch(/Dravona Esk \(combat \d+\) attacks Kaelen Dray/);
    const t = game.content.tables;
    const most = Math.max(...roundOdds(t, characterColumn(t, game.pending!.context!.differential as number, false, 0), 'firefight').toDefender.map((x) => x.n));
    expect(text).toContain(`${most} wounds`);
  });

  it('[12.32, 12.3, 12.5] the attacker\'s style and intent are asked on the map where they fight, each with the first round\'s odds from the rule\'s own dice', () => {
    const game = clearedGame('style');
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const imperial = putCharacter(game, 'dravona-esk', env);
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'characters', characters: [imperial] }, defenders: [rebel] });
    const t = game.content.tables;
    const diff = currentCombat(game, imperial) - currentCombat(game, rebel);
    // the chance of at least one wound to each side, enumerated here over the two dice through roundResult
    const chances = (column: number, style: 'hand-to-hand' | 'firefight') => {
      let them = 0;
      let you = 0;
      let caught = 0;
      let mostThem = 0;
      let mostYou = 0;
      for (const a of [1, 2, 3, 4, 5, 6])
        for (const b of [1, 2, 3, 4, 5, 6]) {
          const r = roundResult(t, column, style, [a], b);
          if (r.toDefender > 0) them++;
          if (r.toAttacker > 0) you++;
          if (r.captures > 0) caught++;
          mostThem = Math.max(mostThem, r.toDefender);
          mostYou = Math.max(mostYou, r.toAttacker);
        }
      return { them: percent(them / 36), you: percent(you / 36), caught: percent(caught / 36), mostThem, mostYou };
    };
    for (const kind of ['combat-style', 'combat-intent'] as const) {
      expect(game.pending?.kind).toBe(kind);
      const [m] = boardForm(game, game.pending!).movers;
      expect(m!.dests.map((x) => x.commands[0])).toEqual(game.pending!.options);
      for (const x of m!.dests) {
        expect(x.place).toBe(refOf(game.world, env));
        const o = x.commands[0]!;
        const capture = o.intent === 'capture';
        const c = chances(characterColumn(t, diff, capture, 0), kind === 'combat-style' ? (o.style as 'firefight') : 'firefight');
        const deep = (n: number) => (kind === 'combat-style' ? ` (up to ${n})` : '');
        expect(x.mark).toContain(`round 1 ${capture ? `a capture ${c.caught}` : `wounds them ${c.them}${deep(c.mostThem)}`}, you ${c.you}${deep(c.mostYou)}`);
      }
      choose(game, kind === 'combat-style' ? { style: 'firefight' } : { intent: 'kill' });
    }
  });

  it('[12.6, 12.72, 12.41] the deciding side counts its own possessions as the fight does, in the style they work in; never the enemy\'s', () => {
    // Kaelen Dray (combat 5) with a beam rifle (+2 in a firefight only) attacks Dravona Esk
    const game = clearedGame('bonus');
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const imperial = putCharacter(game, 'dravona-esk', env);
    givePossession(game, eid(game, 'possession', 'longshot-beam-rifle'), rebel);
    run(game, 'character-combat', { environ: env, attackerSide: 'rebel', attacker: { kind: 'characters', characters: [rebel] }, defenders: [imperial] });
    expect(game.pending?.kind).toBe('combat-style');
    const said = (style: string) => {
      const mark = boardForm(game, game.pending!).movers[0]!.dests.find((x) => x.commands[0]!.style === style)!.odds ?? '';
      return Number(/differential ([+-]\d+)/.exec(mark)?.[1]);
    };
    expect(said('firefight') - said('hand-to-hand')).toBe(2);
    const notes = characterCombatNotes(game, game.pending!).flatMap((n) => n.lines).join('\n');
    expect(notes).toContain(`firefight; differential ${said('firefight') >= 0 ? '+' : ''}${said('firefight')}`);
    // the fight itself: the break-off the defender is asked carries the rule's own differential
    const shown = said('firefight');
    choose(game, { style: 'firefight' });
    choose(game, { intent: 'kill' });
    expect(game.pending?.kind).toBe('break-off');
    expect(game.pending?.context?.differential).toBe(shown);
    // the other way round: the Empire attacks Kaelen, who holds a Grathawk (+2 in any combat) it cannot see
    const seen = clearedGame('bonus-hidden');
    const there = anEnviron(seen);
    const kaelen = putCharacter(seen, 'kaelen-dray', there);
    const dravona = putCharacter(seen, 'dravona-esk', there);
    givePossession(seen, eid(seen, 'possession', 'grathawk'), kaelen);
    run(seen, 'character-combat', { environ: there, attackerSide: 'imperial', attacker: { kind: 'characters', characters: [dravona] }, defenders: [kaelen] });
    const told = characterCombatNotes(seen, seen.pending!).flatMap((n) => n.lines).join('\n');
    expect(told).toContain(`Kaelen Dray (combat ${currentCombat(seen, kaelen)},`); // his rating less wounds: the Grathawk unseen
    expect(told).toContain(`differential +${currentCombat(seen, dravona) - currentCombat(seen, kaelen)}`);
  });
});
