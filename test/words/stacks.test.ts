/**
 * [9.0, issue 44, 53] the board's stacks: from the galactic Empire's movement decision, each stack opened
 * into its counters, picking what may go whole and nothing else; a pick's destinations reached by
 * commands the engine takes; every other counter's word on the pick (it joins, or the movement rule's own
 * reason it cannot: Militia stay home [7.21], seats [9.56, 14.57], a ship's pilot [9.55]), agreeing with
 * where the engine lets the pick and the counter go together; the decision list grouped by star system and
 * stack with every option in it once; a map move refused whole when a step is not a choice.
 */
import { describe, expect, it } from 'vitest';
import type { Decision, Game } from '../../src/core/engine/types';
import { environOf, planetOfEnviron, refOf } from '../../src/core/world/world';
import { decisionInfo } from '../../src/words/decision-info';
import { boardForm } from '../../src/words/board/forms';
import { pickFacts } from '../../src/words/board/stacks';
import { FLAT_MAX, groupedOptions } from '../../src/words/decision-list';
import { PlayEngine } from '../../src/ui/play/play-engine';
import { groupDestinations, isShip } from '../../systems/rebels-vs-empire/movement';
import { content } from '../fixtures';

const GALACTIC = 'galactic-lucent-spiral';

/** A game with `side` human and the other AI, at the human's first movement decision that `want` accepts. */
function movementOf(scenario: string, side: 'rebel' | 'imperial', seed: string, want: (g: Game, d: Decision) => boolean = () => true): PlayEngine {
  const e = new PlayEngine(content);
  e.start({ scenario, seed, players: { rebel: side === 'rebel' ? { kind: 'human' } : { kind: 'ai', agent: 'normal' }, imperial: side === 'imperial' ? { kind: 'human' } : { kind: 'ai', agent: 'normal' } } });
  for (let i = 0; i < 3000; i++) {
    if (e.stepAI()) continue;
    const d = e.game!.pending!;
    if (d.kind === 'movement' && d.side === side && want(e.game!, d)) return e;
    const end = d.options.findIndex((o) => /^(end|no|stop|drop)-/.test(o.type));
    e.answer(side, Math.max(0, end));
  }
  throw new Error('no movement decision');
}

/** Whether the pieces may leave their planet together: some destination of theirs is on another planet. */
function leaves(game: Game, pieces: number[]): boolean {
  const w = game.world;
  const planet = planetOfEnviron(w, environOf(w, pieces[0] as number));
  return groupDestinations(game, pieces).some((e) => planetOfEnviron(w, e) !== planet);
}

describe('the board: stacks opened into their counters [9.0, issue 53]', () => {
  const e = movementOf(GALACTIC, 'imperial', '7');
  const game = e.game as Game;
  const d = game.pending!;
  const stacks = boardForm(game, d).movers.filter((m) => m.counters);

  it('[9.0, 7.21] each stack is one environ\'s pieces, a counter each, opened with what the rules let fly (nothing of an old pick)', () => {
    expect(stacks.length).toBeGreaterThan(3);
    const homeBound = (p: number) => game.world.c.Unit.mobile[p] === 0;
    let flying = 0;
    for (const m of stacks) {
      for (const p of m.pieces) expect(refOf(game.world, environOf(game.world, p))).toBe(m.place);
      expect(m.counters!.map((c) => c.piece).sort()).toEqual([...m.pieces].sort());
      // all of it, nothing, or all but the Militia that keep the rest at home: then the rest may fly
      const whole = m.take.length === m.pieces.length;
      const roaming = m.pieces.filter((p) => !homeBound(p) || game.world.kinds[p] !== 'unit');
      if (!whole && m.take.length) {
        expect(m.take.sort()).toEqual(roaming.sort());
        expect(leaves(game, m.take)).toBe(true);
        flying++;
      }
    }
    expect(flying).toBeGreaterThan(0);
  });

  it('[9.0] a pick\'s destinations are the engine\'s, each reached by commands it takes', () => {
    const opened = stacks.filter((m) => m.take.length).slice(0, 3);
    expect(opened.length).toBeGreaterThan(0);
    for (const m of opened) {
      const facts = pickFacts(game, d, m.place, m.take);
      expect(facts.dests.map((x) => x.place).sort()).toEqual(groupDestinations(game, m.take).map((to) => refOf(game.world, to)).sort());
      for (const dest of facts.dests.slice(0, 2)) {
        const copy = new PlayEngine(content);
        copy.resume(e.saveText());
        expect(copy.answerMany('imperial', dest.commands)[0]?.type).toBe('state');
        expect(copy.game!.log.length).toBe(game.log.length + dest.commands.length);
      }
    }
  });

  it('[7.21, 9.5] each other counter joins the pick exactly when the engine lets them go together as far; Militia say why not', () => {
    let militia = 0;
    for (const m of stacks) {
      const mobile = m.pieces.filter((p) => game.world.c.Unit.mobile[p] === 1);
      if (!mobile.length || mobile.length === m.pieces.length) continue;
      const pick = mobile.slice(0, 1);
      const facts = pickFacts(game, d, m.place, pick);
      const flies = leaves(game, pick);
      for (const o of facts.others) {
        const together = [...pick, o.piece];
        const engine = groupDestinations(game, together).length > 0 && (!flies || leaves(game, together));
        expect(o.joins, `${m.label}: piece ${o.piece}`).toBe(engine);
        if (!o.joins) expect(o.why).toMatch(/\[\d+\.\d+/);
        if (game.world.c.Unit.mobile[o.piece] === 0 && flies) {
          militia++;
          expect(o.why).toMatch(/never leave their planet \[7\.21\]/);
        }
      }
    }
    expect(militia).toBeGreaterThan(0);
  });

  it('groups the options by star system, then stack, each option in it once, identical labels merged', () => {
    const info = decisionInfo(game, d);
    const groups = groupedOptions(game, d, info.options);
    const items = groups.flatMap((g) => g.stacks.flatMap((s) => s.items));
    expect(items.reduce((n, it) => n + it.count, 0)).toBe(d.options.length);
    // a merged line stands for options with the same label, and there were such (three Line units at one place...)
    expect(items.some((it) => it.count > 1)).toBe(true);
    for (const it of items) expect(info.options[it.index]?.label).toBe(it.label);
    const titles = groups.map((g) => g.title).filter((t) => t !== 'General');
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(groups[0]?.title).toBe('General');
    // no system section shows more lines flat than a dozen without its stacks to fold them
    expect(d.options.length).toBeGreaterThan(FLAT_MAX);
    expect(groups.length).toBeGreaterThan(1);
  });

  it('refuses a map move whole when one step is not a choice, and leaves the game as it was', () => {
    const copy = new PlayEngine(content);
    copy.resume(e.saveText());
    const before = copy.game!.log.length;
    const pick = copy.game!.pending!.options.find((o) => o.type === 'pick')!;
    const out = copy.answerMany('imperial', [pick, { type: 'move-to', side: 'imperial', to: 999999 }]);
    expect(out[0]?.type).toBe('error');
    expect(copy.game!.log.length).toBe(before);
    expect(copy.game!.pending?.kind).toBe('movement');
    expect(copy.answerMany('rebel', [pick])[0]?.type).toBe('error');
  });
});

describe('the board: a ship boarded by hand [9.55, 9.56, 14.57]', () => {
  // the Rebel's team and its ship at Gallowmere, Wendmoor's first Rebel movement
  const e = movementOf('start-of-rebellion', 'rebel', '11');
  const game = e.game as Game;
  const d = game.pending!;
  const w = game.world;
  const stack = boardForm(game, d).movers.find((m) => m.counters?.some((c) => c.kind === 'ship') && m.pieces.length >= 4)!;
  const ship = stack.counters!.find((c) => c.kind === 'ship')!;
  const seats = w.c.Spaceship.passengers[ship.piece] as number;
  const pilot = ship.pilot!;
  const others = stack.pieces.filter((p) => p !== ship.piece && p !== pilot);

  it('[14.57] the ship\'s counter shows its seats; a passenger counts his seat', () => {
    expect(ship.seats).toBe(seats);
    expect(stack.pieces).toContain(pilot);
    const facts = pickFacts(game, d, stack.place, [ship.piece, others[0]!]);
    expect(facts.seats).toEqual({ ship: ship.piece, used: 1, of: seats });
  });

  it('[9.55] a ship without its pilot aboard has nowhere to go, and says whose it is', () => {
    const facts = pickFacts(game, d, stack.place, [ship.piece, others[0]!]);
    expect(facts.dests).toEqual([]);
    expect(facts.stuck).toContain(`flies only with its pilot ${content.characters.get(refOf(w, pilot))!.name} aboard`);
    expect(facts.stuck).toContain('[9.55, 14.51]');
    // a passenger before his pilot is not turned away for want of a pilot: the pilot is one click away
    expect(pickFacts(game, d, stack.place, [ship.piece]).others.find((o) => o.piece === others[0])?.joins).toBe(true);
  });

  it('[9.56, 14.57] once the seats are taken (the pilot counted), every other character is dimmed with the seats\' rule, as the engine refuses him', () => {
    const aboard = [ship.piece, pilot, ...others.slice(0, seats - 1)];
    const facts = pickFacts(game, d, stack.place, aboard);
    expect(facts.dests.length).toBeGreaterThan(0);
    expect(facts.seats).toEqual({ ship: ship.piece, used: seats, of: seats });
    const left = others.slice(seats - 1).filter((p) => !isShip(game, p));
    expect(left.length).toBeGreaterThan(0);
    for (const p of left) {
      const o = facts.others.find((x) => x.piece === p)!;
      expect(o.joins).toBe(false);
      expect(o.why).toMatch(new RegExp(`${seats + 1} aboard .*, but it has ${seats} seats \\[9\\.56, 14\\.57\\]`));
      expect(groupDestinations(game, [...aboard, p]).filter((to) => planetOfEnviron(w, to) !== planetOfEnviron(w, environOf(w, pilot)))).toEqual([]);
    }
    // and the boarded ship flies: a destination on another planet, taken by the engine
    const away = facts.dests.find((x) => content.environs.get(x.place)?.planet !== content.environs.get(stack.place)?.planet)!;
    const copy = new PlayEngine(content);
    copy.resume(e.saveText());
    expect(copy.answerMany('rebel', away.commands)[0]?.type).toBe('state');
    expect(refOf(copy.game!.world, environOf(copy.game!.world, ship.piece)) === away.place || environOf(copy.game!.world, ship.piece) === 0).toBe(true);
  });
});
