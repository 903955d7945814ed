/** The play worker's game: humans answer by option number, AIs in between, undo within a segment. */
import { describe, expect, it } from 'vitest';
import { PlayEngine } from '../../src/ui/play/play-engine';
import { viewFor } from '../../src/core/view';
import { content, STAR_SYSTEM_SCENARIOS } from '../fixtures';

const scenario = STAR_SYSTEM_SCENARIOS[0] as string;

function rebelVsAI(seed = '7') {
  const e = new PlayEngine(content);
  e.start({ scenario, seed, players: { rebel: { kind: 'human' }, imperial: { kind: 'ai', agent: 'random' } } });
  return e;
}

describe('playing against the AI', () => {
  it('offers the human its decision with described options and map places, and hides it otherwise', () => {
    const e = rebelVsAI();
    while (e.stepAI());
    const s = e.state();
    expect(s.play.viewer).toBe('rebel');
    expect(s.play.decision?.side).toBe('rebel');
    expect(s.play.options.length).toBe(s.play.decision?.options.length);
    for (const o of s.play.options) expect(o.label.length).toBeGreaterThan(2);
    expect(s.view.side).toBe('rebel');
  });

  it('refuses an answer for the AI side or an option that does not exist', () => {
    const e = rebelVsAI();
    while (e.stepAI());
    expect(e.answer('imperial', 0)[0]?.type).toBe('error');
    expect(e.answer('rebel', 999)[0]?.type).toBe('error');
  });

  it('undo takes back the last human command within the segment, and the game is as before', () => {
    const e = rebelVsAI();
    while (e.stepAI());
    const before = e.game!.log.length;
    const pick = e.game!.pending!.options.findIndex((o) => o.type === 'pick');
    expect(pick).toBeGreaterThanOrEqual(0); // the first decision has a piece to pick
    e.answer('rebel', pick);
    expect(e.game!.log.length).toBe(before + 1);
    expect(e.state().play.canUndo).toBe(true);
    e.undo();
    expect(e.game!.log.length).toBe(before);
    expect(e.state().play.canUndo).toBe(false);
  });

  it('plays a whole game-turn with the human always taking the first option, and AI moves in between', () => {
    const e = rebelVsAI('3');
    let guard = 0;
    while (e.game!.turn === 1 && !e.game!.winner && guard++ < 3000) {
      if (e.stepAI()) continue;
      const s = e.state();
      // a needless question answered for him (a reaction that reaches no enemy) may hand the turn to the AI
      if (!s.play.decision) {
        expect(e.aiToMove()).not.toBeNull();
        continue;
      }
      const end = s.play.options.findIndex((o) => o.ends);
      e.answer('rebel', end >= 0 ? end : 0);
    }
    expect(e.game!.turn > 1 || e.game!.winner).toBeTruthy();
  });

  it('[9.31] the AI moves in steps the player can see, so its unseen decisions cannot be counted', () => {
    // the Rebel watches the Empire (normal) for two game-turns, answering his own decisions at once
    const e = new PlayEngine(content);
    e.start({ scenario, seed: '5', players: { rebel: { kind: 'human' }, imperial: { kind: 'ai', agent: 'normal' } } });
    const g = e.game!;
    const seen = () => JSON.stringify(viewFor(g, 'rebel', { events: false }));
    // for each AI decision: did the Rebel see anything change?
    let changed: boolean[] = [];
    const stepAI = e.stepAI.bind(e);
    e.stepAI = () => {
      const before = seen();
      const events = g.events.length;
      const stepped = stepAI();
      if (stepped) changed.push(g.events.slice(events).some((ev) => ev.visibleTo !== 'imperial') || seen() !== before);
      return stepped;
    };
    let unseenDecisions = 0;
    let guard = 0;
    while (g.turn <= 2 && !g.winner && guard++ < 5000) {
      if (!e.aiToMove()) {
        const end = e.state().play.options.findIndex((o) => o.ends);
        e.answer('rebel', end >= 0 ? end : 0);
        continue;
      }
      changed = [];
      const steps = e.stepAIUntilSeen();
      expect(steps).toBe(changed.length);
      // nothing seen before the step's last decision; and that one was seen, unless the AI's turn ended
      expect(changed.slice(0, -1)).not.toContain(true);
      if (e.aiToMove()) expect(changed.at(-1)).toBe(true);
      unseenDecisions += steps - 1;
    }
    // the Empire made decisions the Rebel could not see (moves of unseen characters, hidden choices)
    expect(unseenDecisions).toBeGreaterThan(0);
  });

  it('hot-seat: each side sees its own view when it decides', () => {
    const e = new PlayEngine(content);
    e.start({ scenario, seed: '5', players: { rebel: { kind: 'human' }, imperial: { kind: 'human' } } });
    const seen = new Set<string>();
    for (let i = 0; i < 400 && e.game!.pending; i++) {
      const s = e.state();
      expect(s.play.viewer).toBe(s.play.decision?.side);
      seen.add(String(s.play.viewer));
      const end = s.play.options.findIndex((o) => o.ends);
      e.answer(s.play.decision!.side, end >= 0 ? end : 0);
    }
    expect(seen.has('rebel') && seen.has('imperial')).toBe(true);
  });
});

describe('option descriptions', () => {
  it('marks "end" and the "no" of a yes-or-no question as what Enter does, but not a mission without declared possessions', async () => {
    const { describeOption } = await import('../../src/words/describe');
    const e = rebelVsAI();
    const g = e.game!;
    expect(describeOption(g, { type: 'end-movement', side: 'rebel' }).ends).toBe(true);
    expect(describeOption(g, { type: 'declare-search', side: 'imperial', environ: 0, search: false }).ends).toBe(true);
    expect(describeOption(g, { type: 'declare-search', side: 'imperial', environ: 0, search: true }).ends).toBe(false);
    expect(describeOption(g, { type: 'assign-mission', side: 'rebel', character: 0, letter: 'B', declare: false }).ends).toBe(false);
  });
});

describe('names, not ids', () => {
  it('a prompt names environs and characters by their names', async () => {
    const { namesIn } = await import('../../src/words/describe');
    const e = rebelVsAI();
    const env = [...content.environs.values()][0]!;
    const ch = [...content.characters.values()][0]!;
    const text = namesIn(e.game!, `Missions at ${env.id} by ${ch.id}: draw action card 1 of 2`);
    expect(text).toContain(`${content.planets.get(env.planet)!.name} ${env.index + 1} (${env.type})`);
    expect(text).toContain(ch.name);
    expect(text).toContain('draw action card 1 of 2');
  });
});

describe('undo never reveals', () => {
  it('is refused once anything was rolled or revealed since the last human command, and allowed otherwise', () => {
    const e = new PlayEngine(content);
    e.start({ scenario: 'armageddon', seed: '5', players: { rebel: { kind: 'human' }, imperial: { kind: 'ai', agent: 'random' } } });
    const revealing = /detection|pdb|combat|search|action|mission|hyperjump|squad|domino|rebellion|capture|subvert/;
    let checked = 0;
    let refused = 0;
    for (let i = 0; i < 40 && e.game!.pending && !e.game!.winner; i++) {
      if (e.stepAI()) continue;
      const d = e.game!.pending!;
      // move stacks about: pick a piece, then the first destination
      let index = d.options.findIndex((o) => o.type === 'move-to');
      if (index < 0) index = d.options.findIndex((o) => o.type === 'pick');
      if (index < 0) index = 0;
      const eventsBefore = e.game!.events.length;
      const segment = `${e.game!.turn}|${e.game!.segment}`;
      e.answer(d.side, index);
      while (e.stepAI());
      if (`${e.game!.turn}|${e.game!.segment}` !== segment) continue;
      const since = e.game!.events.slice(eventsBefore);
      const s = e.state();
      checked++;
      expect(s.play.canUndo).toBe(!since.some((ev) => revealing.test(ev.kind)));
      if (!s.play.canUndo) {
        refused++;
        expect(e.undo()[0]?.type).toBe('error');
      }
    }
    expect(checked).toBeGreaterThan(3);
    expect(refused).toBeGreaterThan(0); // this game's first moves pass a PDB [9.21]
  });
});

describe('a played game saves its seats and resumes as played', () => {
  /** A few human answers into a game against the AI. */
  function playedSome(e: PlayEngine, answers: number) {
    for (let n = 0, guard = 0; n < answers && guard++ < 2000; ) {
      if (e.stepAI()) continue;
      const s = e.state();
      const end = s.play.options.findIndex((o) => o.ends);
      e.answer(s.play.decision!.side, end >= 0 ? end : 0);
      n++;
    }
    while (e.stepAI());
  }

  it('resumes with the same seats, the human side’s own view and its pending decision', () => {
    const e = rebelVsAI('12');
    playedSome(e, 6);
    const text = e.saveText();
    expect(JSON.parse(text).seats).toEqual({ rebel: { kind: 'human' }, imperial: { kind: 'ai', agent: 'random' } });
    const before = e.state();
    const resumed = new PlayEngine(content);
    const out = resumed.resume(text);
    expect(out.map((m) => m.type)).toEqual(['started', 'state']);
    const s = resumed.state();
    expect(s.play.humans).toEqual(['rebel']);
    expect(s.play.viewer).toBe('rebel');
    expect(s.view.side).toBe('rebel');
    expect(s.play.decision?.side).toBe('rebel');
    expect(s.play.options.map((o) => o.label)).toEqual(before.play.options.map((o) => o.label));
    expect(resumed.game!.log).toEqual(e.game!.log);
    // undo never reaches back before the resume, and play goes on
    expect(s.play.canUndo).toBe(false);
    playedSome(resumed, 2);
    expect(resumed.game!.log.length).toBeGreaterThan(e.game!.log.length);
  });

  it('[000 15.x] the domino rule chosen on the setup screen goes into the game\'s options, its save, and the game resumed from it', async () => {
    const { dominoRule } = await import('../../systems/rebels-vs-empire/loyalty');
    const verdant = [...content.scenarios.values()].find((sc) => sc.domino === 'single')!; // the Verdant Drift
    expect(verdant.kind).toBe('province'); // its default is single; the player chooses the chapter whole
    const e = new PlayEngine(content);
    e.start({ scenario: verdant.id, seed: '5', players: { rebel: { kind: 'human' }, imperial: { kind: 'ai', agent: 'random' } }, domino: 'chain' });
    expect(dominoRule(e.game!)).toBe('chain');
    playedSome(e, 2);
    const text = e.saveText();
    expect(JSON.parse(text).options).toEqual({ domino: 'chain' });
    const resumed = new PlayEngine(content);
    expect(resumed.resume(text).map((m) => m.type)).toEqual(['started', 'state']);
    expect(dominoRule(resumed.game!)).toBe('chain');
    // left at the scenario's default, the save is as it always was (no options)
    const plain = new PlayEngine(content);
    plain.start({ scenario: verdant.id, seed: '5', players: { rebel: { kind: 'human' }, imperial: { kind: 'ai', agent: 'random' } } });
    expect(JSON.parse(plain.saveText()).options).toBeUndefined();
    expect(dominoRule(plain.game!)).toBe('single');
  });

  it('hot-seat resumes as hot-seat, with the deciding side’s view', () => {
    const e = new PlayEngine(content);
    e.start({ scenario, seed: '5', players: { rebel: { kind: 'human' }, imperial: { kind: 'human' } } });
    playedSome(e, 4);
    const resumed = new PlayEngine(content);
    resumed.resume(e.saveText());
    const s = resumed.state();
    expect(s.play.humans).toEqual(['rebel', 'imperial']);
    expect(s.play.viewer).toBe(e.game!.pending!.side);
    expect(s.play.thinking).toBeNull();
  });

  it('refuses a broken save, a watched save or an unknown AI level with a message, and the game stays', () => {
    const e = rebelVsAI('12');
    playedSome(e, 3);
    const log = [...e.game!.log];
    const good = JSON.parse(e.saveText());
    const cases: [string, RegExp][] = [
      ['{ not json', /cannot be loaded: The save is not valid JSON/],
      [JSON.stringify({ ...good, seats: { rebel: { kind: 'human' } } }), /malformed at seats\.imperial/],
      [JSON.stringify({ ...good, seats: undefined }), /watched game/],
      [JSON.stringify({ ...good, seats: { ...good.seats, imperial: { kind: 'ai', agent: 'grandmaster' } } }), /cannot be loaded: .*grandmaster/],
    ];
    for (const [text, message] of cases) {
      const out = e.resume(text);
      expect(out).toHaveLength(1);
      expect(out[0]?.type === 'error' && out[0].message).toMatch(message);
      expect(e.game!.log).toEqual(log);
      expect(e.state().play.humans).toEqual(['rebel']);
    }
  });
});
