/**
 * The conquest screens' words and numbers [002] (src/ui/conquest): the dice read back from the engine's
 * own roll lines, the exact odds shown before an attack (battleOdds, never simulated), chances that
 * never round to a certainty, the setup's refusals, and the session that runs a game in the page.
 */
import { describe, expect, it } from 'vitest';
import { battleOdds } from '../../systems/conquest/odds';
import type { FactionId } from '../../systems/conquest/content';
import { ConquestSession, sessionFromSave, setupProblem, type ConquestSetup } from '../../src/ui/conquest/session';
import { stateHash } from '../../src/core/engine/game';
import { attackOdds, logLines, optionText, pct, reinforcementsOf, rollDice, setValuesText } from '../../src/ui/conquest/words';
import { content } from '../fixtures';

const SETUP: ConquestSetup = {
  scenario: 'conquest-domination',
  seed: '9',
  seats: [
    { faction: 'crimson', player: 'normal' },
    { faction: 'azure', player: 'normal' },
    { faction: 'emerald', player: 'random' },
  ],
  cards: 'increasing',
  autoPlace: true,
  recycle: true,
  autoDefend: true,
};

describe('conquest screens', () => {
  it('[002 II.3] every roll event carries its dice, attacker and defender apart, the ones its line tells', () => {
    const session = new ConquestSession(content, SETUP);
    let rolls = 0;
    for (let i = 0; i < 3000 && !session.over && rolls < 40; i++) {
      const step = session.stepAi();
      if (!step) break;
      for (const e of step.events.filter((x) => x.kind === 'roll')) {
        const dice = rollDice(e);
        expect(dice, e.text).not.toBeNull();
        // the words say the same dice, highest first
        expect(e.text).toContain(`: ${dice!.attack.join(' ')} against ${dice!.defence.join(' ')};`);
        expect(dice!.attack.length).toBeGreaterThanOrEqual(1);
        expect(dice!.attack.length).toBeLessThanOrEqual(3);
        expect(dice!.defence.length).toBeGreaterThanOrEqual(1);
        expect(dice!.defence.length).toBeLessThanOrEqual(2);
        rolls++;
      }
    }
    expect(rolls).toBeGreaterThan(0);
    expect(rollDice({ kind: 'roll', data: { attack: [3, 6, 5], defence: [2, 4] } })).toEqual({ attack: [6, 5, 3], defence: [4, 2] });
    expect(rollDice({ kind: 'place', data: { count: 1 } })).toBeNull();
    expect(rollDice({ kind: 'roll', data: { attack: [7], defence: [1] } })).toBeNull();
  });

  it('[002 II.2] the log says a run of one faction\'s placements in one line, with the armies on each territory', () => {
    const ev = (kind: string, text: string, data?: Record<string, string | number>, turn = 3) => ({ turn, when: '', kind, text, visibleTo: 'all' as const, ...(data ? { data } : {}) });
    const place = (faction: string, territory: string, count: number, turn = 3) => ev('place', `${faction} places ...`, { faction, territory, count }, turn);
    const names: Record<string, string> = { io: 'Io', europa: 'Europa' };
    const lines = logLines(
      [
        ev('trade', 'Crimson trades in three Fleets for 4 armies.'),
        place('crimson', 'io', 1),
        place('crimson', 'europa', 1),
        place('crimson', 'io', 2),
        ev('roll', 'Crimson attacks Europa ...'),
        place('azure', 'io', 1, 4),
        place('azure', 'io', 1, 4),
        place('crimson', 'io', 1, 5),
      ],
      (t) => names[t] ?? t,
      (f) => f.charAt(0).toUpperCase() + f.slice(1),
    ).map((e) => e.text);
    expect(lines).toEqual([
      'Crimson trades in three Fleets for 4 armies.',
      'Crimson places 4 armies: 3 on Io, 1 on Europa.',
      'Crimson attacks Europa ...',
      'Azure places 2 armies on Io.',
      'Crimson places 1 army on Io.',
    ]);
    // [002 II.2] a placement taken back comes off its line: the log says what stays placed
    const back = (territory: string, count: number) => ev('take-back', 'Crimson takes back ...', { faction: 'crimson', territory, count });
    const kept = logLines([place('crimson', 'io', 2), place('crimson', 'europa', 1), back('europa', 1), place('crimson', 'io', 1), back('io', 1)], (t) => names[t] ?? t, (f) => f.charAt(0).toUpperCase() + f.slice(1));
    expect(kept.map((e) => e.text)).toEqual(['Crimson places 2 armies on Io.']);
    expect(logLines([place('crimson', 'io', 1), back('io', 1)], (t) => t, (f) => f).map((e) => e.text)).toEqual([]);
  });

  it('[002 II.3] the odds before an attack are battleOdds exactly: the chance to take it and the expected losses', () => {
    const session = new ConquestSession(content, SETUP);
    while (session.decision?.kind !== 'conquest-attack') session.stepAi();
    const view = session.view(null);
    const attack = session.decision.options.find((o) => o.type === 'attack')!;
    const from = attack.from as string;
    const to = attack.to as string;
    const odds = attackOdds(view, from, to);
    const exact = battleOdds(view.armies[from]!, view.armies[to]!, { italian: false });
    expect(odds.win).toBe(exact.attackerWins);
    expect(odds.attackerLoss).toBeCloseTo(view.armies[from]! - exact.expectedAttackerLeft, 12);
    expect(odds.defenderLoss).toBeCloseTo(view.armies[to]! - exact.expectedDefenderLeft, 12);
    expect(optionText(view, attack, [], view.map.nameOf)).toBe(`${view.map.nameOf(from)} (${view.armies[from]}) → ${view.map.nameOf(to)} (${view.armies[to]})`);
    // the new armies a faction is owed [002 II.2]: a third of its systems, at least 3, and its continents
    const f = view.order[0] as FactionId;
    const held = Object.values(view.owner).filter((o) => o === f).length;
    expect(reinforcementsOf(view, f)).toBeGreaterThanOrEqual(Math.max(3, Math.floor(held / 3)));
  });

  it('a chance is never shown as certain or impossible when it is not', () => {
    expect(pct(1)).toBe('100%');
    expect(pct(0)).toBe('0%');
    expect(pct(0.99996)).toBe('>99.9%');
    expect(pct(0.00004)).toBe('<0.1%');
    expect(pct(0.8343)).toBe('83.4%');
    expect(setValuesText('increasing', 0)).toMatch(/worth 4 armies/);
    expect(setValuesText('increasing', 8)).toMatch(/worth 30 armies/);
  });

  it('the setup refuses two seats of one colour and an unknown AI, and says which seats', () => {
    expect(setupProblem(content, SETUP)).toBeNull();
    const twice = { ...SETUP, seats: [...SETUP.seats, { faction: 'azure' as FactionId, player: 'human' }] };
    expect(setupProblem(content, twice)).toMatch(/seats 2 and 4 have the same colour/);
    expect(() => new ConquestSession(content, twice)).toThrow(/same colour/);
    expect(setupProblem(content, { ...SETUP, seats: [{ faction: 'crimson', player: 'genius' }, SETUP.seats[1]!] })).toMatch(/seat 1: there is no conquest agent "genius"/);
    expect(setupProblem(content, { ...SETUP, seats: [SETUP.seats[0]!] })).toMatch(/2 to 6 players/);
  });

  it('a spectator sees every event; a player only the public ones and its own', () => {
    const session = new ConquestSession(content, { ...SETUP, scenario: 'conquest-mission' });
    for (let i = 0; i < 400 && !session.over; i++) session.stepAi();
    const all = session.eventsFor(null);
    const crimson = session.eventsFor('crimson');
    expect(all.some((e) => e.visibleTo === 'azure')).toBe(true);
    expect(crimson.every((e) => e.visibleTo === 'all' || e.visibleTo === 'crimson')).toBe(true);
    expect(crimson.some((e) => e.visibleTo === 'crimson')).toBe(true);
  });

  it('[002 I Auto Place All, II.3 Auto-Defend] each player\'s own choice is kept in the save and comes back with it', () => {
    const setup: ConquestSetup = {
      ...SETUP,
      autoPlace: ['crimson', 'emerald'],
      autoDefend: ['azure'],
      seats: [{ faction: 'crimson', player: 'human' }, { faction: 'azure', player: 'human' }, { faction: 'emerald', player: 'random' }],
    };
    expect(setupProblem(content, setup)).toBeNull();
    const session = new ConquestSession(content, setup);
    // only azure, who placed by hand, is asked to claim and place
    const asked = new Set<string>();
    for (let i = 0; i < 200 && !session.over && session.decision?.kind !== 'conquest-place'; i++) {
      if (session.stepAi()) continue;
      asked.add(session.decision!.side);
      session.answer(session.decision!.options[0]!);
    }
    expect([...asked]).toEqual(['azure']);
    const back = sessionFromSave(content, session.saveText());
    if (!back.ok) throw new Error(back.message);
    expect([back.session.setup.autoPlace, back.session.setup.autoDefend]).toEqual([['crimson', 'emerald'], ['azure']]);
    expect(stateHash(back.session.game)).toBe(stateHash(session.game));
    expect(setupProblem(content, { ...setup, autoDefend: ['violet'] })).toMatch(/autoDefend\[0\]: violet does not play in this game/);
  });

  it('a game resumed from its save is the same game, with the same seats and humans; a bad save says why', () => {
    const setup: ConquestSetup = {
      ...SETUP,
      scenario: 'conquest-mission',
      cards: 'fixed',
      autoDefend: false,
      seats: [{ faction: 'crimson', player: 'normal' }, { faction: 'azure', player: 'human' }, { faction: 'emerald', player: 'human' }, { faction: 'amber', player: 'random' }],
    };
    const session = new ConquestSession(content, setup);
    // the humans' decisions are answered with their first option
    for (let i = 0; i < 300 && !session.over; i++) {
      const step = session.stepAi();
      if (!step) session.answer(session.decision!.options[0]!);
    }
    const text = session.saveText();
    expect(JSON.parse(text).seats).toEqual({ crimson: { kind: 'ai', agent: 'normal' }, azure: { kind: 'human' }, emerald: { kind: 'human' }, amber: { kind: 'ai', agent: 'random' } });
    const back = sessionFromSave(content, text);
    if (!back.ok) throw new Error(back.message);
    expect(back.session.setup).toEqual(setup);
    expect(back.session.humans).toEqual(['azure', 'emerald']);
    expect(stateHash(back.session.game)).toBe(stateHash(session.game));
    expect(back.session.decision).toEqual(session.decision);

    const bad = (save: object) => sessionFromSave(content, JSON.stringify(save));
    const good = JSON.parse(text);
    expect(bad({ ...good, seats: { ...good.seats, amber: undefined } })).toMatchObject({ ok: false, message: expect.stringMatching(/do not say who plays amber/) });
    expect(bad({ ...good, seats: { ...good.seats, amber: { kind: 'ai', agent: 'genius' } } })).toMatchObject({ ok: false, message: expect.stringMatching(/genius/) });
    expect(bad({ ...good, commands: [{ type: 'claim', side: 'crimson', territory: 'nowhere' }] })).toMatchObject({ ok: false, message: expect.stringMatching(/command 1/) });
    expect(sessionFromSave(content, '{not json')).toMatchObject({ ok: false, message: expect.stringMatching(/not valid JSON/) });
    // a watched game's save (no seats) resumes with every seat an AI
    const watched = sessionFromSave(content, JSON.stringify({ ...good, seats: undefined }));
    expect(watched.ok && watched.session.humans).toEqual([]);
  });
});
