/**
 * [issue 59] No blind decisions: the first three game-turns of the smallest Rebels-vs-Empire scenario,
 * played from each side against the AI as the screen plays them (needless questions answered by it), and
 * every option of every decision asked checked against what the rules say it risks or changes. An option
 * the rules give a chance (a roll it leads to: a detection, a PDB's fire, a mission's draws, a combat, a
 * search) must show one, a percentage; one with a rule-decided consequence (a place's loyalty, a leader's
 * leadership, who takes a wound) must show that fact. What an option risks is judged here from the rules
 * (movement.ts's own checks of a move, the hyperjump, the decision's kind), never from the words shown.
 * An option type met that this test does not know fails it: a new decision says whether it has facts.
 */
import { describe, expect, it } from 'vitest';
import type { SideId } from '../../src/core/content/schema';
import type { Command, Decision, Game } from '../../src/core/engine/types';
import { environOf, planetOfEnviron } from '../../src/core/world/world';
import { PlayEngine } from '../../src/ui/play/play-engine';
import { decisionInfo } from '../../src/words/decision-info';
import { boardForm } from '../../src/words/board/forms';
import type { Dest } from '../../src/words/board/types';
import { hyperjumpOdds, jumpOf, stackNavigation } from '../../systems/rebels-vs-empire/hyperjump';
import { checkedLeaving, checkedReaching, groupParts } from '../../systems/rebels-vs-empire/movement';
import { pdbAttackColumn, pdbUsableBy } from '../../systems/rebels-vs-empire/pdb';
import { enemyOf, phasing } from '../../systems/rebels-vs-empire/sides';
import { content } from '../fixtures';

/** What an option must show: a chance (a percentage), or a fact (these words), or nothing. */
type Need = { chance: true } | { words: RegExp } | null;
const CHANCE: Need = { chance: true };

/** A move's risk, by the rule's own checks: a roll of some PDB on the way, or a hyperjump. */
function moveRolls(game: Game, side: SideId, pieces: number[], from: number, to: number): boolean {
  const w = game.world;
  const { units, characters, ship } = groupParts(game, pieces);
  const fromPlanet = from ? planetOfEnviron(w, from) : 0;
  const toPlanet = planetOfEnviron(w, to);
  const checks = [checkedLeaving(game, side, fromPlanet, toPlanet, ship !== 0) ? fromPlanet : 0, checkedReaching(game, side, fromPlanet, toPlanet) ? toPlanet : 0].filter(Boolean);
  // units meet a PDB's fire where it can fire [9.22]; a ship its detection [9.3]
  const rolls = units.length ? checks.some((p) => pdbAttackColumn(game, p) !== null) : ship !== 0 && checks.length > 0;
  // [5.22] a hyperjump rolls when the stack's navigation is not above the route's distance
  const jump = from ? jumpOf(game, from, to) : null;
  return rolls || (!!jump && Object.keys(hyperjumpOdds(game, jump.distance, stackNavigation(game, units, characters))).length > 1);
}

/** Option types with nothing to weigh beyond their label (ending, picking, choosing whom a success hits...). */
const NO_FACTS = new Set([
  'end-movement', 'pick', 'drop-group', 'cancel-pick', 'end-assignment', 'pick-for-mission', 'end-reaction', 'pdb-hold', 'stack-with-units', 'mission-stack',
  'resolve-environ', 'next-environ', 'end-transfers', 'end-raising', 'assassinate', 'free-prisoner', 'assign-possession', 'choose-base', 'subvert-unit', 'pdb-up',
  'combat-role', 'choose-guard', 'remove-unit', 'transfer-possession', 'place-unit-done', 'keep-ship', 'guard',
]);

/** What the rules say option `o` of `d` risks or changes, for the side deciding. */
function needOf(game: Game, d: Decision, o: Command): Need {
  const side = d.side;
  switch (o.type) {
    case 'move-to': {
      const group = ((d.context?.group as number[] | undefined) ?? []).filter((p) => typeof p === 'number');
      return group.length && moveRolls(game, side, group, environOf(game.world, group[0]!), o.to as number) ? CHANCE : null;
    }
    case 'react': {
      const pieces = (o.pieces as number[]) ?? [];
      return moveRolls(game, side, pieces, environOf(game.world, pieces[0]!), o.to as number) ? CHANCE : null;
    }
    case 'place-characters':
      // [15.1] the place's loyalty, and from space [16.12] the landing's detection where an enemy PDB sees it
      return d.context?.fromSpace === true && pdbUsableBy(game, planetOfEnviron(game.world, o.environ as number), enemyOf(side)) ? CHANCE : { words: /loyalty/ };
    case 'place-unit':
    case 'place-reinforcement':
      return { words: /loyalty/ };
    case 'assign-mission':
    case 'assign-camp':
    case 'draw-action':
    case 'stop-drawing':
    case 'stop-mission':
    case 'declare-combat':
    case 'attack-found':
    case 'pdb-fire':
    case 'combat-style':
    case 'combat-intent':
    case 'break-off':
      return CHANCE;
    case 'declare-search':
      return o.search === true ? CHANCE : null;
    case 'search-by':
      return o.by === 'none' ? null : CHANCE;
    case 'no-combat':
      // [10.1] from the phasing player it leaves the enemy his attack
      return d.rule === '[10.1]' && side === phasing(game) ? CHANCE : null;
    case 'choose-hider':
      return { words: /intelligence/ };
    case 'name-leader':
      return { words: /leadership/ };
    case 'assign-wound':
      return { words: /endurance/ };
    case 'gain-character':
      return { words: /combat \d/ };
    case 'domino-option':
    case 'domino-planet':
      return { words: /loyal|unrest|dissent|neutral|patriotic/ };
    case 'raise-unit':
      return { words: /room for/ };
    case 'assign-ship':
    case 'reassign-spaceship':
      return { words: /maneuver/ };
    default:
      if (NO_FACTS.has(o.type)) return null;
      throw new Error(`the check does not know option "${o.type}" of "${d.kind}": say what it risks, or that it has nothing to weigh (NO_FACTS)`);
  }
}

/** Everything the screen says of an option: its words, its warning, the decision's notes and the map's markers that take it. */
function shownFor(game: Game, d: Decision, i: number, dests: Dest[]): string {
  const info = decisionInfo(game, d);
  const o = d.options[i]!;
  const same = (c: Command) => JSON.stringify(c) === JSON.stringify(o);
  const onMap = dests.filter((x) => x.commands.some(same)).map((x) => `${x.mark ?? ''} ${x.odds ?? ''} ${x.warning ?? ''}`);
  const combat = info.combat && o.type === 'declare-combat' ? `combat odds ${info.combat.ownStrength}% shown` : '';
  return [info.options[i]?.detail, info.options[i]?.warning, info.options[i]?.label, ...info.notes.flatMap((n) => n.lines), ...onMap, combat].filter(Boolean).join(' | ');
}

/** Play the Wendmoor Tithe as `side` against normal's AI for three game-turns, checking every decision asked. */
function walk(side: SideId): { asked: number; checked: number; kinds: Set<string>; blind: string[] } {
  const e = new PlayEngine(content);
  const other = enemyOf(side);
  e.start({ scenario: 'start-of-rebellion', seed: '59', players: { [side]: { kind: 'human' }, [other]: { kind: 'ai', agent: 'normal' } } as never, handPlacement: [side] });
  const blind: string[] = [];
  const kinds = new Set<string>();
  let asked = 0;
  let checked = 0;
  for (let step = 0; step < 4000; step++) {
    if (e.stepAI()) continue;
    const s = e.state();
    const g = e.game as Game;
    if (g.winner || g.turn > 3) break;
    const d = g.pending;
    if (!s.play.decision || !d || d.side !== side) continue;
    asked++;
    kinds.add(d.kind);
    // what the board shows of the decision: its markers (a stack's destinations, its own choices), deeds and buttons
    const form = boardForm(g, d);
    const all = form.movers;
    const dests = [...all.flatMap((m) => [...m.dests, ...(m.actions ?? [])]), ...form.deeds, ...form.buttons];
    d.options.forEach((o, i) => {
      const need = needOf(g, d, o);
      if (!need) return;
      checked++;
      const shown = shownFor(g, d, i, dests);
      const ok = 'chance' in need ? /\d+%/.test(shown) : need.words.test(shown);
      if (!ok) blind.push(`turn ${g.turn} ${d.kind}: "${s.play.options[i]?.label}" shows no ${'chance' in need ? 'chance' : `fact (${need.words})`}: ${shown}`);
    });
    // the movement decision: each stack's destinations on the map, their risks by the rule
    if (d.kind === 'movement')
      for (const m of all)
        for (const x of m.dests) {
          const to = x.commands.at(-1)?.to;
          if (typeof to !== 'number' || !m.take.length) continue;
          if (!moveRolls(g, side, m.take, environOf(g.world, m.take[0]!), to)) continue;
          checked++;
          if (!/\d+%/.test(`${x.odds ?? ''}`)) blind.push(`turn ${g.turn} movement: ${m.label} → ${x.label} shows no chance: ${x.odds}`);
        }
    // answer as a player finding his way: the map's lit choices often, every card drawn, else the end
    const draw = d.options.findIndex((o) => o.type === 'draw-action');
    if (draw >= 0) {
      e.answer(side, draw);
      continue;
    }
    const lit = all.flatMap((m) => m.dests.filter((x) => !x.way));
    const pick = lit[(step * 7) % Math.max(1, lit.length)];
    if (pick && step % 3 !== 0 && e.answerMany(side, pick.commands)[0]?.type === 'state') continue;
    const end = d.options.findIndex((o) => /^(end|no|stop|drop|cancel)-/.test(o.type));
    e.answer(side, Math.max(0, end));
  }
  return { asked, checked, kinds, blind };
}

describe('no blind decisions [issue 59]', () => {
  for (const side of ['rebel', 'imperial'] as const)
    it(`the ${side === 'rebel' ? "Rebel's" : "Empire's"} first three game-turns of the Wendmoor Tithe: every option that risks or changes something says what`, () => {
      const r = walk(side);
      expect(r.blind, r.blind.join("\n")).toEqual([]);
      // the walk met decisions worth checking
      expect(r.asked).toBeGreaterThan(10);
      expect(r.checked).toBeGreaterThan(10);
      expect([...r.kinds]).toEqual(expect.arrayContaining(side === 'rebel' ? ['place-characters', 'assign-mission', 'mission-draw'] : ['assign-mission', 'mission-draw']));
    });
});
