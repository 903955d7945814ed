/**
 * [9.0, issue 44] the board's dests: from the galactic Empire's movement decision, each stack that can
 * move and where it may go, every destination reached by commands the engine takes; the decision list
 * grouped by star system and stack with every option in it once; a map move refused whole when a step
 * is not a choice.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../src/core/engine/game';
import type { Game } from '../../src/core/engine/types';
import { environOf, refOf } from '../../src/core/world/world';
import { decisionInfo } from '../../src/words/decision-info';
import { FLAT_MAX, groupedOptions } from '../../src/words/decision-list';
import { movers, stackDests } from '../../src/words/board/stacks';
import { PlayEngine } from '../../src/ui/play/play-engine';
import { content } from '../fixtures';

const GALACTIC = 'galactic-lucent-spiral';

/** A galactic game with the Empire human, the Rebel AI, at the Empire's first movement decision. */
function imperialMovement(seed = '7'): PlayEngine {
  const e = new PlayEngine(content);
  e.start({ scenario: GALACTIC, seed, players: { rebel: { kind: 'ai', agent: 'normal' }, imperial: { kind: 'human' } } });
  for (let i = 0; i < 3000; i++) {
    if (e.stepAI()) continue;
    const d = e.game!.pending!;
    if (d.kind === 'movement' && d.side === 'imperial') return e;
    const end = d.options.findIndex((o) => /^(end|no|stop|drop)-/.test(o.type));
    e.answer('imperial', Math.max(0, end));
  }
  throw new Error('no Imperial movement decision');
}

describe('the board: dests from the pending decision [9.0]', () => {
  const e = imperialMovement();
  const game = e.game as Game;
  const d = game.pending!;

  it('[9.0] every stack that can move has its pieces from one environ, and every destination is reached by legal commands', () => {
    const list = movers(game, d);
    expect(list.length).toBeGreaterThan(3);
    const withDests = list.filter((m) => m.dests.length);
    expect(withDests.length).toBeGreaterThan(0);
    for (const m of list) for (const p of m.pieces) expect(refOf(game.world, environOf(game.world, p))).toBe(m.place);
    // each destination of the first few stacks, played on a copy of the game: the stack arrives there
    for (const m of withDests.slice(0, 4)) {
      for (const dest of m.dests.slice(0, 3)) {
        const copy = new PlayEngine(content);
        copy.resume(e.saveText());
        const out = copy.answerMany('imperial', dest.commands);
        expect(out[0]?.type).toBe('state');
        const g = copy.game!;
        // the move is done (a PDB or a hyperjump may stop part of it, but never silently: the decision moved on)
        expect(g.log.length).toBe(game.log.length + dest.commands.length);
        const arrived = m.pieces.filter((p) => refOf(g.world, environOf(g.world, p)) === dest.place);
        expect(arrived.length + m.pieces.filter((p) => environOf(g.world, p) === 0).length).toBeGreaterThan(0);
      }
    }
  });

  it('[9.5] a stack that cannot go anywhere together still moves one piece at a time', () => {
    const list = movers(game, d);
    const stuck = list.find((m) => !m.dests.length && m.pieces.length > 1);
    expect(stuck).toBeDefined(); // the fixture's movement has such a stack
    const picks = d.options.filter((o) => o.type === 'pick' && stuck!.pieces.includes(o.piece as number));
    expect(picks.length).toBeGreaterThan(0);
    // the engine lets it pick a piece; what a piece can reach alone, the board offers, each way a move
    const alone = stuck!.pieces.map((p) => stackDests(game, d, [p])).filter((dests) => dests.length > 0);
    expect(alone.length).toBeGreaterThan(0);
    for (const dests of alone) for (const dest of dests) expect(dest.commands.at(-1)?.type).toBe('move-to');
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
