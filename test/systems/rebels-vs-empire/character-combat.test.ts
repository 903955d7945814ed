import { describe, expect, it } from 'vitest';
import { hasComponent } from 'bitecs';
import type { Game } from '../../../src/core/engine/types';
import { environOf, guardOf, holderOf, possessionsOf } from '../../../src/core/world/world';
import { combatColumn, roundResult, squadRatings } from '../../../systems/rebels-vs-empire/character-combat';
import { givePossession } from '../../../systems/rebels-vs-empire/possessions';
import { eid, rigDice } from '../../fixtures';
import { nameOf } from '../../../src/core/names';
import { anEnviron, choose, clearedGame, finished, putCharacter, putUnit, resultOf, run } from './character-fixtures';

const table = (game: Game) => game.content.tables.characterCombat;
/** The die on which a column gives a result matching `test`. */
function dieWhere(game: Game, col: number, test: (r: { attacker: number; defender: number; attackerCapture: boolean; defenderCapture: boolean }) => boolean): number {
  const i = table(game).rows.findIndex((row) => test(row[col]!));
  if (i < 0) throw new Error('no such row');
  return i + 1;
}

/** Dravona Esk (8/8) attacks Kaelen Dray (5/6): the attacker chooses style and intent. */
function duel(style: 'hand-to-hand' | 'firefight', intent: 'kill' | 'capture', seed = 'duel') {
  const game = clearedGame(seed);
  const env = anEnviron(game);
  const rebel = putCharacter(game, 'kaelen-dray', env);
  const imperial = putCharacter(game, 'dravona-esk', env);
  run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'characters', characters: [imperial] }, defenders: [rebel] });
  expect(game.pending?.kind).toBe('combat-style');
  choose(game, { style });
  expect(game.pending?.kind).toBe('combat-intent');
  choose(game, { intent });
  return { game, env, rebel, imperial };
}

describe('character combat [12.x]', () => {
  it('[12.32] attacking characters choose hand-to-hand or firefight, and kill or capture [12.3, 12.85]', () => {
    const { game } = duel('hand-to-hand', 'kill');
    // a single defender is active without asking [12.4]; the next decision is the break-off [12.5]
    expect(game.pending?.kind).toBe('break-off');
    expect(game.pending?.side).toBe('rebel');
    expect(game.pending?.context?.differential).toBe(8 - 5);
  });

  it('[12.31] a squad always fights a firefight; [12.12] its ratings come from the squad chart, a leader raises endurance', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'squad', strength: 3, leader: 0, units: [] }, defenders: [rebel] });
    expect(game.pending?.kind).toBe('combat-intent');
    choose(game, { intent: 'kill' });
    const row = game.content.tables.squad.rows.find((r) => r.min <= 3 && r.max >= 3)!;
    expect(game.pending?.context?.differential).toBe(row.combat - 5);
    expect(squadRatings(game, 3, 0)).toEqual({ combat: row.combat, endurance: row.endurance });
    expect(squadRatings(game, 3, 42).endurance).toBe(row.endurance + game.content.tables.squad.leaderEndurance);
    // firefight: results doubled [12.6]
    const col = combatColumn(game, row.combat - 5, false, 0);
    rigDice(game, [6, 6]);
    choose(game, { attempt: false });
    expect(game.world.c.Wounds.value[rebel]).toBe(Math.min(6, table(game).rows[5]![col]!.defender * 2));
  });

  it('[12.32] creatures always kill: no style or intent asked; the style is the creature\'s', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'spore-choir' }, defenders: [rebel] });
    expect(game.pending?.kind).toBe('break-off');
  });

  it('[12.14, 12.31] irate locals fight with their race\'s chart row and style, always to kill', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'irate-locals', race: 'tessarine' }, defenders: [rebel] });
    expect(game.pending?.kind).toBe('break-off');
    const irate = game.content.races.get('tessarine')!.irateLocals!;
    expect(game.pending?.context?.differential).toBe(irate.combat - 5);
  });

  it('[12.4, 12.43] the defender names active and inactive characters each round, at least one active with combat above 0', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const a = putCharacter(game, 'kaelen-dray', env);
    const b = putCharacter(game, 'brokk-hallgar', env);
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'spore-choir' }, defenders: [a, b] });
    expect(game.pending?.kind).toBe('active-or-inactive');
    expect(game.pending?.options.map((o) => o.role)).toEqual(['active', 'inactive']);
    choose(game, { character: a, role: 'inactive' });
    // the last one cannot also be inactive
    expect(game.pending?.kind).toBe('break-off');
    expect(game.pending?.context?.differential).toBe(5 - 8); // only Brokk's 8 defends [12.41, 12.42]
  });

  it('[12.41, 12.6] defence strength is the active characters\' combat plus Rebel possession bonuses, less wounds', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    givePossession(game, eid(game, 'possession', 'grathawk'), rebel); // +2 in any combat
    game.world.c.Wounds.value[rebel] = 1;
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'spore-choir' }, defenders: [rebel] });
    expect(game.pending?.context?.differential).toBe(5 - (5 + 2 - 1));
  });

  it('[12.72] a character\'s contribution is never below zero', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const weak = putCharacter(game, 'ansel-wirra', env); // combat 1, endurance 4
    game.world.c.Wounds.value[weak] = 3;
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'spore-choir' }, defenders: [weak] });
    expect(game.pending?.context?.differential).toBe(5 - 0);
  });

  it('[12.5, 12.51] a successful break-off ends the combat for the characters who got away', () => {
    const { game, rebel } = duel('hand-to-hand', 'kill');
    const col = combatColumn(game, 3, false, 0);
    rigDice(game, [table(game).breakOffActive[col]!]);
    choose(game, { attempt: true });
    expect(finished(game)).toBe(true);
    expect(resultOf(game)).toEqual({ killed: [], captured: [], brokeOff: true, attackerDefeated: false });
    expect(game.world.c.Wounds.value[rebel]).toBe(0);
  });

  it('[12.42, 12.52] inactive characters break off on the better number; those who fail fight on', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const a = putCharacter(game, 'kaelen-dray', env);
    const b = putCharacter(game, 'brokk-hallgar', env);
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'spore-choir' }, defenders: [a, b] });
    choose(game, { character: a, role: 'inactive' });
    const col = combatColumn(game, 5 - 8, false, 0);
    const t = table(game);
    expect(t.breakOffInactive[col]!).toBeGreaterThan(t.breakOffActive[col]!);
    // a die between the two numbers: the inactive Kaelen gets away, the active Brokk does not
    rigDice(game, [t.breakOffActive[col]! + 1, 6, 6]);
    choose(game, { attempt: true });
    expect(game.events.some((e) => e.kind === 'break-off' && e.entities?.includes(a) && !e.entities?.includes(b))).toBe(true);
    // [12.53] the round is fought one column to the right
    expect(game.events.at(-1)?.text).toContain(`column ${col + 2}`);
  });

  it('[12.53] a failed break-off shifts the round one column to the right', () => {
    const { game } = duel('hand-to-hand', 'kill');
    const col = combatColumn(game, 3, false, 0);
    rigDice(game, [6, 1, 1]);
    choose(game, { attempt: true });
    const round = game.events.find((e) => e.text.startsWith('Round 1'))!;
    expect(round.text).toContain(`column ${col + 2}`);
  });

  it('[12.6] firefight doubles every result; hand-to-hand does not', () => {
    for (const style of ['hand-to-hand', 'firefight'] as const) {
      const { game, rebel, imperial } = duel(style, 'kill', `style-${style}`);
      const col = combatColumn(game, 3, false, 0);
      const die = dieWhere(game, col, (r) => r.defender > 0);
      const die2 = dieWhere(game, col, (r) => r.attacker > 0);
      rigDice(game, [die, die2]);
      choose(game, { attempt: false });
      const k = style === 'firefight' ? 2 : 1;
      expect(game.world.c.Wounds.value[rebel]).toBe(Math.min(6, table(game).rows[die - 1]![col]!.defender * k));
      expect(game.world.c.Wounds.value[imperial]).toBe(Math.min(8, table(game).rows[die2 - 1]![col]!.attacker * k));
    }
  });

  it('[12.7] wounds are assigned by their owner among his active characters, one at a time', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const a = putCharacter(game, 'kaelen-dray', env);
    const b = putCharacter(game, 'brokk-hallgar', env);
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'spore-choir' }, defenders: [a, b] });
    choose(game, { character: a, role: 'active' });
    choose(game, { character: b, role: 'active' });
    const col = combatColumn(game, 5 - 13, false, 0);
    const die = dieWhere(game, col, (r) => r.defender > 0);
    rigDice(game, [die, 1]);
    choose(game, { attempt: false });
    const due = table(game).rows[die - 1]![col]!.defender * 2; // spore choir fights a firefight
    expect(game.pending?.kind).toBe('assign-wound');
    expect(game.pending?.side).toBe('rebel');
    expect(game.pending?.options.map((o) => o.character)).toEqual([a, b]);
    for (let i = 0; i < due; i++) choose(game, { character: b });
    expect(game.world.c.Wounds.value[b]).toBe(due);
    expect(game.world.c.Wounds.value[a]).toBe(0);
  });

  it('[12.73] a character whose wounds reach his endurance dies; [14.25] his possessions are destroyed, but not his spaceship', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'ansel-wirra', env); // endurance 4
    const friend = putCharacter(game, 'mirra-solvane', env);
    const knife = eid(game, 'possession', 'veil-knife');
    const ship = eid(game, 'possession', 'dawnrunner');
    givePossession(game, knife, rebel);
    givePossession(game, ship, rebel);
    game.world.c.Wounds.value[rebel] = 3;
    const tallyBefore = (game.vars.tally as number | undefined) ?? 0;
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'spore-choir' }, defenders: [rebel] });
    const col = combatColumn(game, 5 - 0, false, 0);
    rigDice(game, [dieWhere(game, col, (r) => r.defender > 0), 6]);
    choose(game, { attempt: false });
    const w = game.world;
    expect(hasComponent(w, rebel, w.c.Dead)).toBe(true);
    expect(environOf(w, rebel)).toBe(0);
    expect(hasComponent(w, knife, w.c.Eliminated)).toBe(true);
    expect(hasComponent(w, ship, w.c.Eliminated)).toBe(false);
    // [14.55] the ship may pass to a friend stacked with him
    expect(game.pending?.kind).toBe('reassign-spaceship');
    choose(game, { character: friend });
    expect(holderOf(w, ship)).toBe(friend);
    expect(finished(game)).toBe(true);
    expect(resultOf(game).killed).toEqual([rebel]);
    // tables.md: a Rebel character killed
    expect(game.vars.tally).toBe(tallyBefore + game.content.tables.victoryPoints.rebelKilled);
  });

  it('[12.74] a creature stops when its wounds reach its endurance; wounds come off its combat strength', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'brokk-hallgar', env); // 8/8
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'dune-shrike' }, defenders: [rebel] }); // 8/5
    const col = combatColumn(game, 0, false, 0);
    const die2 = dieWhere(game, col, (r) => r.attacker > 0);
    const hit = table(game).rows[die2 - 1]![col]!.attacker;
    rigDice(game, [6, die2]);
    choose(game, { attempt: false });
    // round 2: its strength is down by its wounds
    expect(game.pending?.kind).toBe('break-off');
    expect(game.pending?.context?.differential).toBe(8 - hit - (8 - (game.world.c.Wounds.value[rebel] as number)));
    // beat it down: keep rolling until its endurance is reached
    rigDice(game, Array(40).fill(6).flatMap((x, i) => (i % 2 ? [x] : [6])).map((x, i) => (i % 2 ? 1 : x)));
    while (game.pending?.kind === 'break-off') choose(game, { attempt: false });
    expect(finished(game)).toBe(true);
    expect(resultOf(game).attackerDefeated).toBe(true);
  });

  it('[12.8, 12.81] in capture combat a * takes a random active character after the wounds, guarded at once', () => {
    const { game, rebel, imperial } = duel('hand-to-hand', 'capture');
    const col = combatColumn(game, 3, true, 0);
    expect(col).toBe(combatColumn(game, 3, false, 0) - table(game).captureShift); // [12.5, 12.6]
    const die = dieWhere(game, col, (r) => r.defenderCapture);
    const die2 = dieWhere(game, col, (r) => !r.attackerCapture && r.attacker < 8);
    rigDice(game, [die, die2]);
    const before = (game.vars.tally as number | undefined) ?? 0;
    choose(game, { attempt: false });
    while (game.pending?.kind === 'assign-wound') choose(game, { character: game.pending.options[0]!.character! });
    expect(finished(game)).toBe(true);
    const w = game.world;
    expect(hasComponent(w, rebel, w.c.Captured)).toBe(true);
    expect(guardOf(w, rebel)).toBe(imperial);
    expect(resultOf(game).captured).toEqual([rebel]);
    expect(game.vars.tally).toBe(before + game.content.tables.victoryPoints.rebelCaptured);
  });

  it('[12.86] the * results are ignored in kill combat', () => {
    const { game, rebel } = duel('hand-to-hand', 'kill');
    const col = combatColumn(game, 3, false, 0);
    // the attacker's die marks the defender * and leaves Kaelen (endurance 6) alive to be taken
    const die = dieWhere(game, col, (r) => r.defenderCapture && r.defender < 6);
    expect(roundResult(game.content.tables, col, 'hand-to-hand', [die], 6).captures).toBe(1); // a capture was rolled
    rigDice(game, [die, 6, 6, 6, 6, 6, 6, 6, 6]);
    choose(game, { attempt: false });
    expect(game.events.some((e) => e.kind === 'character-combat' && e.text.startsWith('Round 1 at ') && e.text.includes(`dice ${die}, 6`))).toBe(true);
    expect(hasComponent(game.world, rebel, game.world.c.Captured)).toBe(false);
    expect(game.events.some((e) => e.kind === 'capture')).toBe(false);
  });

  it('[12.85] only characters or a squad may capture: creatures and irate locals are never asked', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'irate-locals', race: 'gloamfolk' }, defenders: [rebel] });
    expect(game.pending?.kind).not.toBe('combat-intent');
  });

  it('[12.83] if the capturing force is beaten in the same combat, nobody is captured', () => {
    const game = clearedGame('capture-beaten');
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'mirra-solvane', env); // 2/4
    const weak = putCharacter(game, 'ysmena-coil', env); // 2/3
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'characters', characters: [weak] }, defenders: [rebel] });
    choose(game, { style: 'firefight' });
    choose(game, { intent: 'capture' });
    const col = combatColumn(game, 0, true, 0);
    // the defender's die both marks a capture and wounds the attacker to death (doubled in a firefight)
    const die2 = dieWhere(game, col, (r) => r.attackerCapture && r.attacker * 2 >= 3);
    const die = dieWhere(game, col, (r) => r.defender * 2 < 4);
    rigDice(game, [die, die2]);
    choose(game, { attempt: false });
    expect(game.events.some((e) => e.kind === 'capture' && e.text.includes('overpowered'))).toBe(true);
    expect(finished(game)).toBe(true);
    expect(resultOf(game).attackerDefeated).toBe(true);
    expect(resultOf(game).captured).toEqual([]);
    expect(hasComponent(game.world, rebel, game.world.c.Captured)).toBe(false);
  });

  it('[12.0] the log says who attacks whom and where, each round where it is fought, and how it ended by name', () => {
    const game = clearedGame('wyrm');
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'brokk-hallgar', env);
    rigDice(game, Array(40).fill(6));
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'glass-wyrm' }, defenders: [rebel] });
    const place = nameOf(game, env);
    const texts = game.events.filter((e) => e.kind === 'character-combat').map((e) => e.text);
    expect(texts[0]).toBe(`Character combat at ${place}: ${game.content.creatures.get('glass-wyrm')!.name} attacks Brokk Hallgar.`);
    expect(texts.some((t) => t.startsWith(`Round 1 at ${place}: `))).toBe(true);
    expect(texts.at(-1)).toMatch(new RegExp(`^The character combat at ${place.replace(/[()]/g, '\\$&')} ends \\(.* against Brokk Hallgar\\): `));
    // the first and last lines go to the turn summary; the rounds are steps of it
    const steps = game.events.filter((e) => e.kind === 'character-combat' && e.data?.step === true).map((e) => e.text);
    expect(steps.every((t) => !t.startsWith('Character combat at') && !t.startsWith('The character combat'))).toBe(true);
    expect(steps.some((t) => t.startsWith('Round 1'))).toBe(true);
  });

  it('[13.45] a creature that cannot be broken off never offers a break-off', () => {
    const game = clearedGame('wyrm');
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'brokk-hallgar', env);
    rigDice(game, Array(40).fill(6));
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'glass-wyrm' }, defenders: [rebel] });
    expect(game.events.some((e) => e.text.startsWith('Round 1'))).toBe(true);
    expect(finished(game)).toBe(true); // fought to the end without a single break-off decision
  });

  it('[13.45] an ambushing creature gives no break-off in the first round, but does in the next', () => {
    const game = clearedGame('ambush');
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'brokk-hallgar', env);
    rigDice(game, [6, 1]);
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'mire-lurker' }, defenders: [rebel] });
    expect(game.events.some((e) => e.text.startsWith('Round 1'))).toBe(true);
    expect(game.pending?.kind).toBe('break-off');
    expect(game.pending?.context?.round).toBe(2);
  });

  it('[13.45] a creature that attacks twice rolls twice for the defender\'s wounds', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'brokk-hallgar', env);
    const cr = game.content.creatures.get('cinder-hounds')!;
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'cinder-hounds' }, defenders: [rebel] });
    const col = combatColumn(game, cr.combat - 8, false, 0);
    rigDice(game, [6, 6, 1]);
    choose(game, { attempt: false });
    const k = cr.style === 'firefight' ? 2 : 1;
    expect(game.world.c.Wounds.value[rebel]).toBe(Math.min(8, 2 * table(game).rows[5]![col]!.defender * k));
  });

  it('[12.0 step 17] the rounds go on while both sides fight', () => {
    const { game, rebel, imperial } = duel('hand-to-hand', 'kill');
    // dice that leave both standing: Kaelen (endurance 6) and Dravona (8) each take fewer wounds than that
    const col = combatColumn(game, 3, false, 0);
    const die = dieWhere(game, col, (r) => r.defender < 6 && !r.defenderCapture);
    const die2 = dieWhere(game, col, (r) => r.attacker < 8 && !r.attackerCapture);
    rigDice(game, [die, die2]);
    choose(game, { attempt: false });
    while (game.pending?.kind === 'assign-wound') choose(game, { character: game.pending.options[0]!.character! });
    expect(hasComponent(game.world, rebel, game.world.c.Dead)).toBe(false);
    expect(hasComponent(game.world, imperial, game.world.c.Dead)).toBe(false);
    // round two begins: the defender may break off again [12.5]
    expect(game.pending?.kind).toBe('break-off');
    expect(game.events.filter((e) => e.kind === 'character-combat' && e.text.startsWith('Round 1 at '))).toHaveLength(1);
  });

  it('[14.2, 14.22] a possession that gave a combat bonus is used: one-use possessions are gone afterwards', () => {
    const game = clearedGame();
    const env = anEnviron(game);
    const rebel = putCharacter(game, 'kaelen-dray', env);
    const tonic = eid(game, 'possession', 'quickfire-tonic');
    givePossession(game, tonic, rebel);
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'spore-choir' }, defenders: [rebel] });
    const col = combatColumn(game, 5 - 7, false, 0);
    // breaking off before any round: the tonic was never used
    rigDice(game, [table(game).breakOffActive[col]!]);
    choose(game, { attempt: true });
    expect(finished(game)).toBe(true);
    expect(possessionsOf(game.world, rebel)).toContain(tonic);
    // a round fought with it uses it up
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'spore-choir' }, defenders: [rebel] });
    const die2 = dieWhere(game, col, (r) => r.defender === 0 && r.attacker > 0);
    rigDice(game, [die2, 6, table(game).breakOffActive[col]!]);
    choose(game, { attempt: false });
    expect(game.pending?.kind).toBe('break-off');
    choose(game, { attempt: true });
    expect(finished(game)).toBe(true);
    expect(possessionsOf(game.world, rebel)).not.toContain(tonic);
    expect(game.vars.possessionDeck).toContain('quickfire-tonic');
  });

  it('[12.12] a squad leaves its units untouched by the combat', () => {
    const game = clearedGame();
    const env = anEnviron(game, 2);
    const rebel = putCharacter(game, 'ansel-wirra', env);
    const unit = putUnit(game, 'line', env);
    run(game, 'character-combat', { environ: env, attackerSide: 'imperial', attacker: { kind: 'squad', strength: 3, leader: 0, units: [unit] }, defenders: [rebel] });
    choose(game, { intent: 'kill' });
    rigDice(game, [6, 1, 6, 1, 6, 1, 6, 1]);
    while (game.pending && game.pending.kind !== 'movement') choose(game, { ...(game.pending.kind === 'break-off' ? { attempt: false } : { character: game.pending.options[0]!.character! }) });
    expect(hasComponent(game.world, unit, game.world.c.Eliminated)).toBe(false);
    expect(environOf(game.world, unit)).toBe(env);
  });

  it('[Character Class SRS] a character\'s allegiance and ratings never change: wounds are kept apart from them', () => {
    const { game, rebel } = duel('firefight', 'kill', 'ratings');
    const c = game.world.c;
    const card = game.content.characters.get(c.Ref.id[rebel]!)!;
    rigDice(game, [6, 6]);
    choose(game, { attempt: false });
    expect(c.Wounds.value[rebel]).toBeGreaterThan(0);
    expect([c.Character.combat[rebel], c.Character.endurance[rebel], c.Character.intelligence[rebel], c.Owner.side[rebel]]).toEqual([
      card.combat,
      card.endurance,
      card.intelligence,
      0,
    ]);
  });
});
