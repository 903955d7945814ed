/**
 * [10.1] "No combat" from the phasing player leaves the environ to the other, who may attack: the facts
 * beside it name the enemy's best column and what the decider's units lose there, and the other player is
 * indeed asked next, and fights within the columns said.
 */
import { describe, expect, it } from 'vitest';
import { applyOrThrow, cloneGame } from '../../src/core/engine/game';
import type { Game } from '../../src/core/engine/types';
import { militaryOdds, percent } from '../../src/core/odds';
import { describeOption } from '../../src/words/describe';
import { phasing } from '../../systems/rebels-vs-empire/sides';
import { playUntil } from './play-until';

describe('no combat leaves the environ to the enemy [10.1]', () => {
  it('[10.1, 10.0] the phasing player\'s "No combat" says the enemy\'s column and the losses there; the enemy is asked next and attacks within it', () => {
    const e = playUntil('start-of-rebellion', 'imperial', '1', (d) => d.kind === 'declare-combat' && d.rule === '[10.1]');
    const game = e.game as Game;
    const d = game.pending!;
    expect(d.side).toBe(phasing(game));
    const no = d.options.find((o) => o.type === 'no-combat')!;
    const info = describeOption(game, no, d);
    const m = /on the (\d+-\d+)(?: to (\d+-\d+))? column/.exec(info.detail ?? '');
    expect(m, info.detail).toBeTruthy();
    const columns = game.content.tables.militaryCombat.columns;
    const best = m![2] ?? m![1]!;
    // the losses said are the table's, read apart (odds.ts): the defender's share of each die
    const table = militaryOdds(game.content.tables, columns.indexOf(best)).defenderLoss.map((o) => `${o.label.replace('loses ', '')} ${percent(o.chance)}`);
    for (const x of table) expect(info.detail).toContain(x);
    // the rule then asks the enemy; when it attacks, the column is among those said (no unseen leader here)
    const g = cloneGame(game);
    applyOrThrow(g, no);
    expect(g.pending?.kind).toBe('declare-combat');
    expect(g.pending?.side).not.toBe(d.side);
    const at = g.events.length;
    applyOrThrow(g, g.pending!.options.find((o) => o.type === 'declare-combat')!);
    for (let i = 0; i < 20 && g.pending?.kind === 'name-leader'; i++) applyOrThrow(g, g.pending.options[0]!);
    const fought = g.events.slice(at).find((ev) => ev.kind === 'military-combat');
    expect(fought).toBeTruthy();
    const column = / to (\d+-\d+); dice/.exec(fought!.text)![1]!;
    const lo = columns.indexOf(m![1]!);
    const hi = columns.indexOf(best);
    expect(columns.indexOf(column)).toBeGreaterThanOrEqual(lo);
    expect(columns.indexOf(column)).toBeLessThanOrEqual(hi);
  });
});
