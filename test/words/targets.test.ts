/**
 * [issue 44] the map's targets for decisions other than movement: each target is an option of the
 * pending decision at its place, its commands taken by the engine; its odds are the rule's own: an
 * attack's chance that the enemy loses a unit or more is the share of die faces the military combat
 * resolution (`combatResult`) gives a loss on the column shown [10.0]; a search's chance to find is the
 * search table's found-on number (`searchNumber`) over six [11.0]; a reinforcement lights every environ
 * the rules offer it [16.15].
 */
import { describe, expect, it } from 'vitest';
import type { SideId } from '../../src/core/content/schema';
import type { Decision, Game } from '../../src/core/engine/types';
import { environOf, refOf } from '../../src/core/world/world';
import { boardForm } from '../../src/words/board/forms';
import { type Mover } from '../../src/words/board/types';
import { playUntil } from './play-until';
import { PlayEngine } from '../../src/ui/play/play-engine';
import { combatResult } from '../../systems/rebels-vs-empire/military-combat';
import { searchChoices, searchNumber, searchableGroup } from '../../systems/rebels-vs-empire/search';
import { enemyOf } from '../../systems/rebels-vs-empire/sides';
import { content, testGame } from '../fixtures';
import { driftOfPlace } from '../../src/words/drift-place';
import { driftingStacks } from '../../systems/rebels-vs-empire/hyperjump';
import { sideOf } from '../../systems/rebels-vs-empire/sides';
import { breakOffResult, roundResult, attackerStrikes, currentCombat, squadRatings } from '../../systems/rebels-vs-empire/character-combat';
import { characterColumn, percent, rackingResult } from '../../src/core/odds';

/** Each target's commands, played on a copy of the game: the engine takes them all. */
function takenByEngine(e: PlayEngine, side: SideId, m: Mover): void {
  for (const dest of m.dests) {
    const copy = new PlayEngine(content);
    copy.resume(e.saveText());
    const before = copy.game!.log.length;
    expect(copy.answerMany(side, dest.commands)[0]?.type).toBe('state');
    expect(copy.game!.log.length).toBe(before + dest.commands.length);
  }
}

describe('the board: targets of the other decisions [issue 44]', () => {
  it('[10.1, 10.0] the combat order lights each contested environ; a click attacks there, at the odds of the military combat table', () => {
    const e = playUntil('start-of-rebellion', 'imperial', '1', (d) => d.kind === 'combat-order' || (d.kind === 'declare-combat' && d.side === 'imperial'));
    const g = e.game as Game;
    const d = g.pending as Decision;
    const [m] = boardForm(g, d).movers;
    expect(m?.targets).toBe('⚔');
    const environs = d.options.filter((o) => o.type === 'next-environ' || o.type === 'declare-combat').map((o) => refOf(g.world, o.environ as number));
    expect(m!.dests.map((x) => x.place).sort()).toEqual([...environs].sort());
    takenByEngine(e, 'imperial', m!);
    for (const dest of m!.dests) {
      expect(dest.commands.at(-1)?.type).toBe('declare-combat');
      // "column 1-3; the enemy loses a unit or more 50%" (the worst column first)
      const m2 = /column (\S+?)(?: to \S+)?; the enemy loses a unit or more (\d+)%/.exec(dest.odds ?? '');
      expect(m2, dest.odds).not.toBeNull();
      const column = g.content.tables.militaryCombat.columns.indexOf(m2![1] as string);
      expect(column).toBeGreaterThanOrEqual(0);
      let faces = 0;
      for (let die = 1; die <= 6; die++) if (combatResult(g, column, die).defenderLoss > 0) faces++;
      expect(Number(m2![2])).toBe(Math.round((faces / 6) * 100));
    }
  });

  it('[11.0, 11.1] a search to declare lights its environ with the chance each way of searching finds them', () => {
    const e = playUntil('start-of-rebellion', 'imperial', '1', (d) => d.kind === 'declare-search');
    const g = e.game as Game;
    const d = g.pending as Decision;
    const [m] = boardForm(g, d).movers;
    expect(m?.targets).toBe('◎');
    expect(m!.dests).toHaveLength(1); // the "no search" stays in the list
    takenByEngine(e, d.side, m!);
    const environ = d.context?.environ as number;
    const choice = searchChoices(g, { environ, searchingSide: d.side, group: searchableGroup(g, environ, enemyOf(d.side)) })!;
    const said = [...(m!.dests[0]!.odds ?? '').matchAll(/search value (\d+): (?:finds them (\d+)%(?: to (\d+)%)?|cannot find them)/g)];
    expect(said.length).toBe(choice.options.filter((o) => o.by !== 'none').length);
    for (const s of said) {
      const value = Number(s[1]);
      const at = (hiding: number) => Math.round((Math.max(0, Math.min(6, searchNumber(g, value, hiding))) / 6) * 100);
      if (s[2] === undefined) expect(at(choice.hidingLeast)).toBe(0);
      else {
        expect(Number(s[2])).toBe(at(choice.hidingMost));
        expect(Number(s[3] ?? s[2])).toBe(at(choice.hidingLeast));
      }
    }
  });

  it('[16.15] a reinforcement lights every environ the rules offer it, each placed by its click', () => {
    const e = playUntil('galactic-lucent-spiral', 'imperial', '7', (d) => d.kind === 'place-reinforcement');
    const g = e.game as Game;
    const d = g.pending as Decision;
    const [m] = boardForm(g, d).movers;
    expect(m?.held).toBe(true);
    expect(m!.dests.map((x) => x.place).sort()).toEqual(d.options.map((o) => refOf(g.world, o.environ as number)).sort());
    // each says what a player weighs there: the planet's loyalty and its PDB
    for (const dest of m!.dests) expect(dest.label).toMatch(/PDB \d (up|down)/);
    takenByEngine(e, 'imperial', { ...m!, dests: m!.dests.slice(0, 3) });
  });

  it('[13.1] a mission is chosen on the map: the character, then his mission, where he stands', () => {
    const e = playUntil('start-of-rebellion', 'rebel', '11', (d) => d.kind === 'pick-for-mission');
    const g = e.game as Game;
    const [pick] = boardForm(g, g.pending as Decision).movers;
    // the characters lit at once: all but "finish assigning"
    expect(pick?.dests.filter((x) => !x.way).length).toBe((g.pending as Decision).options.length - 1);
    // or a mission first: each way names a mission, its targets the characters who may take it, each taken in two commands
    const first = pick!.dests.filter((x) => x.way);
    expect(first.length).toBeGreaterThan(0);
    for (const x of first) {
      expect(x.commands.map((c) => c.type)).toEqual(['pick-for-mission', x.commands[1]!.type]);
      expect(x.label.startsWith(x.way!)).toBe(true);
      expect(x.odds).toMatch(/\d+% this turn: (its letter|\d of its letters)|no draws left/);
    }
    takenByEngine(e, 'rebel', { ...pick!, dests: first.slice(0, 4) });
    const copy = new PlayEngine(content);
    copy.resume(e.saveText());
    copy.answerMany('rebel', pick!.dests.find((x) => !x.way)!.commands);
    const d = copy.game!.pending as Decision;
    expect(d.kind).toBe('assign-mission');
    const [mission] = boardForm(copy.game!, d).movers;
    // the character is in hand where he stands; each mission is a target there, with its bonus draws' chance
    expect(mission?.place).toBe(pick!.dests.find((x) => !x.way)!.place);
    for (const dest of mission!.dests) {
      expect(dest.place).toBe(mission!.place);
      expect(dest.odds).toMatch(/\d+% this turn: (its letter|\d of its letters)|no draws left/);
      expect(dest.mark).toMatch(/\d+%/);
    }
    takenByEngine(copy, 'rebel', mission!);
  });

  it('[5.22] a stack adrift in a drift area lands by a click on an environ of that system', () => {
    const e = playUntil('galactic-lucent-spiral', 'imperial', '3', (d) => d.kind === 'movement' && d.options.some((o) => o.type === 'leave-drift' && o.outer === false));
    const g = e.game as Game;
    const d = g.pending as Decision;
    const adrift = boardForm(g, d).movers.filter((m) => m.whole);
    expect(adrift.length).toBeGreaterThan(0);
    const lands = d.options.filter((o) => o.type === 'leave-drift' && o.outer === false);
    expect(adrift.flatMap((m) => m.dests.map((x) => x.place)).sort()).toEqual(lands.map((o) => refOf(g.world, o.to as number)).sort());
    const m = adrift[0]!;
    // drawn on its own star system's sun's drift area, where it lands from
    const lands0 = lands.find((o) => o.system === m.dests[0]!.commands[0]!.system)!;
    expect(driftOfPlace(m.at!)).toEqual({ system: refOf(g.world, lands0.system as number), outer: false });
    const copy = new PlayEngine(content);
    copy.resume(e.saveText());
    expect(copy.answerMany('imperial', m.dests[0]!.commands)[0]?.type).toBe('state');
    const w = copy.game!.world;
    for (const p of m.pieces) expect(refOf(w, environOf(w, p))).toBe(m.dests[0]!.place);
  });

  it('[000 15.2] a domino effect\'s planets to choose light up, each with its loyalty and control', () => {
    const g = testGame();
    const planets = [...g.content.planets.keys()].slice(0, 3).map((id) => g.world.ids.planet.get(id)!);
    const d: Decision = { side: 'rebel', kind: 'domino-planet', prompt: '', rule: '[000 15.2b]', options: planets.map((planet) => ({ type: 'domino-planet', side: 'rebel', planet })) };
    const [m] = boardForm(g, d).movers;
    expect(m?.targets).toBe('⇄');
    // each at its planet on the map (its first environ), saying its standing
    expect(m!.dests.map((x) => content.environs.get(x.place)?.planet)).toEqual(planets.map((p) => refOf(g.world, p)));
    for (const x of m!.dests) expect(x.odds).toMatch(/PDB \d (up|down)/);
  });

  it('[000 15.2c-e] a domino effect asks how many planets shift at the planet it spreads from: each option a marker naming the planets it shifts', () => {
    const e = playUntil('embers-of-the-reach', 'rebel', '1', (d) => d.kind === 'domino-option', 'single'); // the game found under the scenario's old default
    const g = e.game as Game;
    const d = g.pending as Decision;
    const [m, ...rest] = boardForm(g, d).movers;
    expect(rest).toEqual([]);
    expect(m?.ask).toMatch(/how many planets shift\?/);
    const source = String(d.context?.source);
    const targets = d.context?.targets as Record<string, string[]>;
    // every option, at the rising planet, and nothing else
    expect(m!.dests.map((x) => x.commands[0])).toEqual(d.options);
    for (const x of m!.dests) {
      expect(content.environs.get(x.place)?.planet).toBe(source);
      const planets = targets[String(x.commands[0]!.shift)]!;
      // the planets are the engine's own (the decision's targets for that option); a choice among more says so
      const most = { all: Infinity, two: 2, one: 1 }[String(x.commands[0]!.shift)]!;
      expect(x.mark!.startsWith(`⇄ ${{ all: 'All', two: 'Two', one: 'One' }[String(x.commands[0]!.shift)]}${planets.length > most ? ` of ${planets.length}` : ''}, `)).toBe(true);
      // [000 15.2c] the option's restriction as the chart has it: the one at the enemy extreme excluded or not
      expect(x.label.includes('none at the enemy extreme')).toBe(x.mark!.includes('not at the extreme'));
      expect(x.odds!.includes('you choose which')).toBe(planets.length > most);
      for (const id of planets) expect(x.odds).toContain(content.planets.get(id as never)!.name);
    }
    takenByEngine(e, 'rebel', m!);
  });

  it('[9.28] rake the ship the PDB has seen, or hold fire: both at the ship\'s environ, the rake with the odds of the rule\'s own dice', () => {
    const e = playUntil('embers-of-the-reach', 'imperial', '1', (d) => d.kind === 'pdb-racking');
    const g = e.game as Game;
    const d = g.pending as Decision;
    const ship = d.context!.ship as number;
    const [m, ...rest] = boardForm(g, d).movers;
    expect(rest).toEqual([]);
    expect(m?.ask).toMatch(/rake it\?/);
    expect(m!.dests.map((x) => x.commands[0])).toEqual(d.options);
    for (const x of m!.dests) expect(x.place).toBe(refOf(g.world, environOf(g.world, ship)));
    // every pair of dice through the rule's outcome function, against the marker
    const c = g.world.c;
    const level = c.Pdb.level[d.context!.planet as number] as number;
    let hit = 0;
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (rackingResult(g.content.tables, level, c.Spaceship.shields[ship] as number, c.Spaceship.cannon[ship] as number, a, b).shipHit) hit++;
    const rake = m!.dests.find((x) => x.commands[0]!.type === 'pdb-rack')!;
    expect(rake.mark).toContain(`hit ${percent(hit / 36)}`);
    expect(rake.odds).toContain(`the ship is hit ${percent(hit / 36)}`);
    takenByEngine(e, 'imperial', m!);
  });

  it('[12.5, 12.51, 12.53] break off or fight: both answers at the environ where the characters fight, their odds those of the rule\'s own dice', () => {
    const e = playUntil('start-of-rebellion', 'rebel', '1', (d) => d.kind === 'break-off');
    const g = e.game as Game;
    const d = g.pending as Decision;
    const frame = [...g.stack].reverse().find((f) => f.proc === 'character-combat')!.data as unknown as { environ: number; intent: string; style: 'hand-to-hand' | 'firefight'; attacker: never; active: number[] };
    const [m] = boardForm(g, d).movers;
    expect(m?.ask).toMatch(/break off, or fight\?/);
    expect(m!.dests.map((x) => x.commands[0])).toEqual(d.options);
    for (const x of m!.dests) expect(x.place).toBe(refOf(g.world, frame.environ));
    // the defender's characters stand there
    for (const ch of frame.active) expect(environOf(g.world, ch)).toBe(frame.environ);
    // the odds enumerated here from the outcome functions the procedure rolls with, against the markers'
    const t = g.content.tables;
    const capture = frame.intent === 'capture';
    const column = characterColumn(t, d.context!.differential as number, capture, 0);
    const away = [1, 2, 3, 4, 5, 6].filter((die) => breakOffResult(t, column, die).activeOff).length / 6;
    const strikes = attackerStrikes(g, frame.attacker);
    let hurt = 0;
    let hit = 0;
    let all = 0;
    const faces = [1, 2, 3, 4, 5, 6];
    const rolls = strikes === 1 ? faces.map((a) => [a]) : faces.flatMap((a) => faces.map((b) => [a, b]));
    for (const dice of rolls)
      for (const die2 of faces) {
        const r = roundResult(t, column, frame.style, dice, die2);
        all++;
        if (r.toDefender > 0) hurt++;
        if (r.toAttacker > 0) hit++;
      }
    const attempt = m!.dests.find((x) => x.commands[0]!.attempt === true)!;
    const fight = m!.dests.find((x) => x.commands[0]!.attempt === false)!;
    expect(attempt.mark).toBe(`⚑ Break off · away ${percent(away)}`);
    expect(fight.mark).toContain(`wounds you ${percent(hurt / all)}, them ${percent(hit / all)}`);
    expect(attempt.odds).toContain('one column right [12.53]');
    takenByEngine(e, 'rebel', m!);
  });

  it('[5.22] a stack in a system\'s outer drift area goes on to its sun\'s drift area by a click on that ring', () => {
    const e = playUntil('galactic-lucent-spiral', 'rebel', '1', (d) => d.kind === 'movement' && d.options.some((o) => o.type === 'leave-drift' && o.outer === true));
    const g = e.game as Game;
    const d = g.pending as Decision;
    const option = d.options.find((o) => o.type === 'leave-drift' && o.outer === true)!;
    const system = refOf(g.world, option.system as number);
    const m = boardForm(g, d).movers.find((x) => x.place === `drift:${system}:outer`)!;
    // drawn on the outer ring, whole, its one destination on the sun's ring, by the decision's own option
    expect(m.whole).toBe(true);
    expect(driftOfPlace(m.at!)).toEqual({ system, outer: true });
    expect(m.dests.map((x) => [driftOfPlace(x.place), x.commands])).toEqual([[{ system, outer: false }, [option]]]);
    expect(m.dests[0]!.odds).toMatch(/no PDB sees it \[5\.22\]/);
    const copy = new PlayEngine(content);
    copy.resume(e.saveText());
    expect(copy.answerMany('rebel', m.dests[0]!.commands)[0]?.type).toBe('state');
    const after = driftingStacks(copy.game!, 'rebel', (eid) => sideOf(copy.game!, eid)).find((x) => x.pieces.includes(m.pieces[0]!));
    expect(after).toMatchObject({ outer: false });
  });

  it('[11.32-11.34, 12.6] characters found: attack them or let them be, at the environ searched; the attack with its first round\'s odds from the rule\'s own dice', () => {
    const e = playUntil('start-of-rebellion', 'imperial', '1', (d) => d.kind === 'attack-found');
    const g = e.game as Game;
    const d = g.pending as Decision;
    const [m] = boardForm(g, d).movers;
    expect(m?.ask).toMatch(/attack them now\?/);
    expect(m!.dests.map((x) => x.commands[0])).toEqual(d.options);
    for (const x of m!.dests) expect(x.place).toBe(refOf(g.world, d.context!.environ as number));
    // the combat the attack starts, as the engine sets it up [11.34]: its force, the found, the style
    const copy = new PlayEngine(content);
    copy.resume(e.saveText());
    const attack = m!.dests.find((x) => x.commands[0]!.attack === true)!;
    expect(copy.answerMany('imperial', attack.commands)[0]?.type).toBe('state');
    const frame = copy.game!.stack.find((f) => f.proc === 'character-combat')!.data as unknown as { attacker: { kind: string; strength: number; leader: number; characters: number[] }; defenders: number[] };
    const t = g.content.tables;
    const force = frame.attacker.kind === 'squad' ? squadRatings(g, frame.attacker.strength, frame.attacker.leader).combat : frame.attacker.characters.reduce((n, ch) => n + currentCombat(g, ch), 0);
    const defence = frame.defenders.reduce((n, ch) => n + currentCombat(g, ch), 0);
    const column = characterColumn(t, force - defence, false, 0);
    const style = frame.attacker.kind === 'squad' ? 'firefight' : 'hand-to-hand'; // [12.31] a squad always fires
    let them = 0;
    let you = 0;
    for (const a of [1, 2, 3, 4, 5, 6])
      for (const b of [1, 2, 3, 4, 5, 6]) {
        const r = roundResult(t, column, style, [a], b);
        if (r.toDefender > 0) them++;
        if (r.toAttacker > 0) you++;
      }
    expect(attack.mark).toBe(`⚔ Attack · round 1 wounds them ${percent(them / 36)}, you ${percent(you / 36)}`);
    takenByEngine(e, 'imperial', m!);
  });
});
