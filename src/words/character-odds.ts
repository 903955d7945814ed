/**
 * The odds of a character combat round [12.5-12.6], computed by enumerating the rule's own outcome
 * functions (`roundResult`, `breakOffResult` in systems/rebels-vs-empire/character-combat.ts) over every die face: never
 * a second copy of the table reading. So a firefight's doubled wounds, a capture's column shift and the
 * column to the right after a failed break-off are in the odds because they are in the rule.
 *
 * The notes for the decisions of a character combat (style, intent, active or inactive, break off) say
 * who fights whom and what each answer risks, from what the deciding side knows: its own characters as
 * the rule counts them (`fightingStrength`: rating with possession bonuses, less wounds [12.6, 12.72]),
 * and of the enemy only his combat ratings less wounds (never a Rebel's possessions, which the Empire
 * cannot see).
 */
import type { TablesDef } from '../core/content/schema';
import type { Decision, Frame, Game } from '../core/engine/types';
import { percent } from '../core/odds';
import { nameOf } from '../core/names';
import { attackerName, attackerStrikes, breakOffResult, currentCombat, fightingStrength, forceRatings, remainingEndurance, roundResult, squadFrom, squadRatings, type Attacker, type CombatStyle, type CharacterCombatData } from '../../systems/rebels-vs-empire/character-combat';
import { characterColumn } from '../core/odds';
import { isFreeCharacter, sideOf } from '../../systems/rebels-vs-empire/sides';
import type { SideId } from '../core/content/schema';

const FACES = [1, 2, 3, 4, 5, 6];

/** A count and its chance. */
export interface CountChance {
  n: number;
  chance: number;
}

/** One round's outcome on one column: the chance of each number of wounds to each side, and of a capture. */
export interface RoundOdds {
  /** 0-based column of the character combat table. */
  column: number;
  style: CombatStyle;
  toDefender: CountChance[];
  toAttacker: CountChance[];
  /** The chance the dice show at least one capture (*) result: it counts only in a fight to capture [12.86]. */
  capture: number;
}

/** Every roll of `n` dice, each as a list of faces. */
function rolls(n: number): number[][] {
  let out: number[][] = [[]];
  for (let i = 0; i < n; i++) out = out.flatMap((r) => FACES.map((f) => [...r, f]));
  return out;
}

function add(list: CountChance[], n: number, chance: number): void {
  const x = list.find((y) => y.n === n);
  if (x) x.chance += chance;
  else list.push({ n, chance });
}

/** [12.6] a round's odds: every roll of the attacker's dice (`strikes` of them [13.45]) and the defender's die, through `roundResult`. */
export function roundOdds(t: TablesDef, column: number, style: CombatStyle, strikes = 1): RoundOdds {
  const all = rolls(strikes + 1);
  const p = 1 / all.length;
  const toDefender: CountChance[] = [];
  const toAttacker: CountChance[] = [];
  let capture = 0;
  for (const dice of all) {
    const r = roundResult(t, column, style, dice.slice(0, strikes), dice[strikes] as number);
    add(toDefender, r.toDefender, p);
    add(toAttacker, r.toAttacker, p);
    if (r.captures > 0) capture += p;
  }
  const byN = (a: CountChance, b: CountChance) => a.n - b.n;
  return { column, style, toDefender: toDefender.sort(byN), toAttacker: toAttacker.sort(byN), capture };
}

/** [12.51] the chance the break-off die lets the active characters, and the inactive ones, get away: through `breakOffResult`. */
export function breakOffChances(t: TablesDef, column: number): { active: number; inactive: number } {
  let active = 0;
  let inactive = 0;
  for (const die of FACES) {
    const r = breakOffResult(t, column, die);
    if (r.activeOff) active += 1 / 6;
    if (r.inactiveOff) inactive += 1 / 6;
  }
  return { active, inactive };
}

/** The chance of at least `n` in a distribution. */
export function atLeast(list: CountChance[], n: number): number {
  return list.filter((x) => x.n >= n).reduce((s, x) => s + x.chance, 0);
}

/** "0 wounds 50% · 2 wounds 33% · 4 wounds 17%". */
export function woundsWords(list: CountChance[]): string {
  return list.map((x) => `${x.n} wound${x.n === 1 ? '' : 's'} ${percent(x.chance)}`).join(' · ');
}

/** A note beside a decision: a title with its rule, and lines of facts and odds. */
export interface OddsNote {
  title: string;
  rule: string;
  lines: string[];
}

interface CombatFrame extends CharacterCombatData {
  style?: CombatStyle;
  intent?: 'kill' | 'capture';
  fighting?: number[];
  active?: number[];
  toName?: number[];
  attackerWounds?: number;
  round?: number;
}

/** The character combat being fought: the top character-combat frame, if the decision is one of its. */
function combatFrame(game: Game): CombatFrame | null {
  for (let i = game.stack.length - 1; i >= 0; i--) {
    const f = game.stack[i] as Frame;
    if (f.proc === 'character-combat') return f.data as unknown as CombatFrame;
  }
  return null;
}

/**
 * What a character adds to a fight in this style, as `viewer` knows it: his own side's as the rule counts
 * it [12.6, 12.72]; the enemy's rating less wounds, his possessions unseen.
 */
function strengthSeen(game: Game, character: number, style: CombatStyle, viewer: SideId): number {
  return sideOf(game, character) === viewer ? fightingStrength(game, character, style) : currentCombat(game, character);
}

/** Combat (less wounds) of the attacking force, as `viewer` sees it in the fight: characters' strengths, a squad's or creature's chart. */
function attackCombat(game: Game, s: CombatFrame, style: CombatStyle, viewer: SideId): { combat: number; endurance: number } {
  const a = s.attacker;
  if (a.kind === 'characters') {
    const live = a.characters.filter((ch) => isFreeCharacter(game, ch));
    return { combat: live.reduce((n, ch) => n + strengthSeen(game, ch, style, viewer), 0), endurance: live.reduce((n, ch) => n + remainingEndurance(game, ch), 0) };
  }
  const wounds = s.attackerWounds ?? 0;
  if (a.kind === 'squad') {
    const r = squadRatings(game, a.strength, a.leader);
    return { combat: Math.max(0, r.combat - wounds), endurance: Math.max(0, r.endurance - wounds) };
  }
  if (a.kind === 'creature') {
    const cr = game.content.creatures.get(a.creature);
    return { combat: Math.max(0, (cr?.combat ?? 0) - wounds), endurance: Math.max(0, (cr?.endurance ?? 0) - wounds) };
  }
  const irate = game.content.races.get(a.race)?.irateLocals;
  return { combat: Math.max(0, (irate?.combat ?? 0) - wounds), endurance: Math.max(0, (irate?.endurance ?? 0) - wounds) };
}

function defenceCombat(game: Game, who: number[], style: CombatStyle, viewer: SideId): { combat: number; endurance: number } {
  const live = who.filter((ch) => isFreeCharacter(game, ch));
  return { combat: live.reduce((n, ch) => n + strengthSeen(game, ch, style, viewer), 0), endurance: live.reduce((n, ch) => n + remainingEndurance(game, ch), 0) };
}

function roundLine(game: Game, label: string, o: RoundOdds, defenderEndurance: number, attackerEndurance: number, capture: boolean): string {
  const t = game.content.tables.characterCombat;
  const col = t.columns[o.column];
  const colWords = col ? `column ${o.column + 1} (${col.min}..${col.max})` : `column ${o.column + 1}`;
  const kill = (list: CountChance[], endurance: number, who: string) => (endurance > 0 ? `; ${who} wounds enough to kill them all (${endurance}+) ${percent(atLeast(list, endurance))}` : '');
  return `${label}, ${o.style}, ${colWords}: defenders take ${woundsWords(o.toDefender)}; attackers take ${woundsWords(o.toAttacker)}${
    capture ? `; a capture ${percent(o.capture)}` : ''
  }${kill(o.toDefender, defenderEndurance, 'defenders')}${kill(o.toAttacker, attackerEndurance, 'attackers')} [12.6]`;
}

/**
 * The character combat being fought, as its questions' words need it, seen by the deciding side: its
 * frame, the tables, the attacker's strikes, the defenders still free to fight, and each side's combat in
 * a style (a possession may add in one style and not the other [12.11, 12.41]).
 */
function combatAtHand(game: Game, viewer: SideId) {
  const s = combatFrame(game);
  if (!s) return null;
  const fighting = (s.fighting ?? s.defenders).filter((ch) => isFreeCharacter(game, ch));
  return {
    s,
    t: game.content.tables,
    strikes: attackerStrikes(game, s.attacker),
    fighting,
    attack: (style: CombatStyle) => attackCombat(game, s, style, viewer),
    defence: (who: number[], style: CombatStyle) => defenceCombat(game, who, style, viewer),
  };
}

const signed = (n: number) => `${n >= 0 ? '+' : ''}${n}`;

/**
 * The notes for a character combat's decisions: who fights whom, and the round's odds for each answer
 * (style: hand-to-hand against firefight; intent: kill against capture; active or inactive and break
 * off: the round as fought, and after a failed break-off one column to the right [12.53]).
 */
export function characterCombatNotes(game: Game, d: Decision): OddsNote[] {
  const kinds = ['combat-style', 'combat-intent', 'active-or-inactive', 'break-off'];
  if (!kinds.includes(d.kind)) return [];
  const fight = combatAtHand(game, d.side);
  if (!fight) return [];
  const { s, t, strikes, attack, defence, fighting } = fight;
  const attacks = s.attacker.kind === 'characters' && s.attacker.characters.length > 1 ? 'attack' : 'attacks';
  const whom = (style: CombatStyle) => `${attackerName(game, s)} (combat ${attack(style).combat}) ${attacks} ${fighting.map((ch) => nameOf(game, ch)).join(', ')}`;
  const lines: string[] = [];
  const rule = '[12.3-12.6]';
  if (d.kind === 'combat-style' || d.kind === 'combat-intent') {
    // before any round: all defenders counted active, each side's combat as the deciding side knows it
    const styles: CombatStyle[] = d.kind === 'combat-style' ? ['hand-to-hand', 'firefight'] : [s.style ?? 'hand-to-hand'];
    const intents = d.kind === 'combat-intent' ? [false, true] : [false];
    for (const style of styles) {
      const def = defence(fighting, style);
      const diff = attack(style).combat - def.combat;
      const inStyle = styles.length > 1 ? `, ${style}` : '';
      lines.push(`${whom(style)} (combat ${def.combat}, endurance left ${def.endurance})${inStyle}; differential ${signed(diff)}, if all of them fight (the defender names who does [12.4]).`);
      for (const capture of intents) {
        const label = d.kind === 'combat-style' ? (style === 'firefight' ? 'Firefight (every wound doubled)' : 'Hand-to-hand') : capture ? `To capture (column ${t.characterCombat.captureShift} left [12.5]; prisoners need a guard [12.81])` : 'To kill';
        lines.push(roundLine(game, label, roundOdds(t, characterColumn(t, diff, capture, 0), style, strikes), def.endurance, attack(style).endurance, capture));
      }
    }
    return [{ title: d.kind === 'combat-style' ? 'Hand-to-hand or firefight' : 'Kill or capture', rule, lines }];
  }
  const capture = s.intent === 'capture';
  const style = s.style ?? 'hand-to-hand';
  if (d.kind === 'active-or-inactive') {
    const ch = d.options[0]?.character as number;
    lines.push(`${whom(style)}, ${s.intent === 'capture' ? 'to capture' : 'to kill'}, ${style}.`);
    lines.push(
      `Active: ${nameOf(game, ch)} adds his combat ${defence([ch], style).combat} to the defence and may take the round's wounds (endurance left ${remainingEndurance(game, ch)}) [12.4, 12.7]. Inactive: he takes no wounds and adds nothing, and breaks off more easily [12.42]; at least one active defender must have combat above 0 [12.43].`,
    );
    const named = [...(s.active ?? []), ch];
    const def = defence(named, style);
    const diff = attack(style).combat - def.combat;
    lines.push(roundLine(game, `With him active (defence ${def.combat} so far)`, roundOdds(t, characterColumn(t, diff, capture, 0), style, strikes), def.endurance, attack(style).endurance, capture));
    return [{ title: 'Active or inactive', rule: '[12.4]', lines }];
  }
  // break-off: the decision's own differential is the rule's
  const diff = typeof d.context?.differential === 'number' ? d.context.differential : 0;
  const column = characterColumn(t, diff, capture, 0);
  const b = breakOffChances(t, column);
  const active = defence(s.active ?? [], style);
  const attackers = attack(style);
  lines.push(`${whom(style)}, ${capture ? 'to capture' : 'to kill'}, ${style}; differential ${signed(diff)}.`);
  lines.push(`Try to break off: active characters get away ${percent(b.active)}, inactive ones ${percent(b.inactive)} (one die for all) [12.51].`);
  lines.push(roundLine(game, 'If the break-off fails, the round is fought one column right [12.53]', roundOdds(t, characterColumn(t, diff, capture, 1), style, strikes), active.endurance, attackers.endurance, capture));
  lines.push(roundLine(game, 'If you fight the round', roundOdds(t, column, style, strikes), active.endurance, attackers.endurance, capture));
  return [{ title: 'Break off', rule: '[12.5]', lines }];
}

/** The environ where the character combat being fought takes place (0: none is). */
export function combatEnviron(game: Game): number {
  return combatFrame(game)?.environ ?? 0;
}

/** One answer of a combat's decision as the board shows it at the environ where they fight: the option, its marker's words, its facts. */
export interface CombatChoice {
  option: Decision['options'][number];
  mark: string;
  odds: string;
}

/**
 * [12.5, 12.51, 12.53] the break-off decision on the map: "break off" with the chance the break-off die
 * lets the defender's characters get away, "fight" with the chance the round wounds each side, both
 * from the rule's outcome functions (`breakOffChances`, `roundOdds`), the same odds as the note beside it.
 * The deciding side is the defender: "you" are his characters.
 */
export function breakOffChoices(game: Game, d: Decision): CombatChoice[] {
  if (d.kind !== 'break-off') return [];
  const s = combatFrame(game);
  if (!s) return [];
  const t = game.content.tables;
  const capture = s.intent === 'capture';
  const style = s.style ?? 'hand-to-hand';
  const strikes = attackerStrikes(game, s.attacker);
  const diff = typeof d.context?.differential === 'number' ? d.context.differential : 0;
  const column = characterColumn(t, diff, capture, 0);
  const b = breakOffChances(t, column);
  const fight = roundOdds(t, column, style, strikes);
  const failed = roundOdds(t, characterColumn(t, diff, capture, 1), style, strikes);
  const active = defenceCombat(game, s.active ?? [], style, d.side);
  const attack = attackCombat(game, s, style, d.side);
  const inactive = (s.fighting ?? []).filter((ch) => !(s.active ?? []).includes(ch)).length;
  const hurt = (o: RoundOdds) => `wounds you ${percent(atLeast(o.toDefender, 1))}, them ${percent(atLeast(o.toAttacker, 1))}`;
  const whom = `${attackerName(game, s)} (combat ${attack.combat}) against ${(s.active ?? []).map((ch) => nameOf(game, ch)).join(', ')}, ${capture ? 'to capture' : 'to kill'}, ${style}; differential ${signed(diff)}`;
  return d.options.map((option) =>
    option.attempt === true
      ? {
          option,
          mark: `⚑ Break off · away ${percent(b.active)}`,
          odds: `${whom}. One die for all: your active characters get away ${percent(b.active)}${inactive ? `, your inactive ones ${percent(b.inactive)}` : ''} [12.51]. ${roundLine(game, 'If it fails, the round is fought one column right [12.53]', failed, active.endurance, attack.endurance, capture)}`,
        }
      : {
          option,
          mark: `⚔ Fight round ${s.round ?? 1} · ${hurt(fight)}`,
          odds: `${whom}. ${roundLine(game, 'The round', fight, active.endurance, attack.endurance, capture)}`,
        },
  );
}

/**
 * [11.32-11.34, 12.0] attack the characters found, or let them be: "attack" with the first round's odds if
 * every one found fights (the force the search would send [11.34]: the searching units' squad [12.12],
 * which always fights a firefight [12.31], or the searching characters, hand-to-hand unless they choose a
 * firefight [12.32]), to kill, from the rule's own `roundResult` (`roundOdds`); "let them be" says the
 * search need not lead to combat. The deciding side is the searcher: "you" are the attackers.
 */
export function attackFoundChoices(game: Game, d: Decision): CombatChoice[] {
  if (d.kind !== 'attack-found') return [];
  const frame = [...game.stack].reverse().find((f) => f.proc === 'search');
  if (!frame) return [];
  const s = frame.data as unknown as { environ: number; group: number[]; foundBy?: string; leader?: number; searchers?: number[] };
  const side = d.side;
  const attacker: Attacker =
    s.foundBy === 'units' ? squadFrom(game, s.environ, side, s.leader ?? 0) : { kind: 'characters', characters: (s.searchers ?? []).filter((ch) => isFreeCharacter(game, ch)) };
  const found = s.group.filter((ch) => isFreeCharacter(game, ch));
  const t = game.content.tables;
  const style: CombatStyle = attacker.kind === 'characters' ? 'hand-to-hand' : (forceRatings(game, attacker).style ?? 'hand-to-hand');
  const attack = attackCombat(game, { environ: s.environ, attackerSide: side, attacker, defenders: found } as CombatFrame, style, side);
  const def = defenceCombat(game, found, style, side);
  const diff = attack.combat - def.combat;
  const round = roundOdds(t, characterColumn(t, diff, false, 0), style, attackerStrikes(game, attacker));
  const whom = `${attackerName(game, { environ: s.environ, attackerSide: side, attacker, defenders: found })} (combat ${attack.combat}) against ${found.map((ch) => nameOf(game, ch)).join(', ')} (combat ${def.combat}, endurance left ${def.endurance}); differential ${signed(diff)} if all of them fight`;
  return d.options.map((option) =>
    option.attack === true
      ? {
          option,
          mark: `⚔ Attack · round 1 wounds them ${percent(atLeast(round.toDefender, 1))}, you ${percent(atLeast(round.toAttacker, 1))}`,
          odds: `${whom}. ${roundLine(game, `Round 1 to kill${attacker.kind === 'characters' ? ' (or a firefight, or to capture: you choose next [12.3])' : ' (a squad always fights a firefight [12.31]; to capture is your choice next [12.3])'}`, round, def.endurance, attack.endurance, false)}`,
        }
      : { option, mark: '○ Let them be', odds: `They stay where they are, found; a search need not lead to combat [11.32, 11.33].` },
  );
}

/**
 * [12.3, 12.32, 12.85, 12.4] the other questions of a character combat, on the map where it is fought:
 * the attacker's style (hand-to-hand, or a firefight that doubles every wound [12.6]) and intent (to kill,
 * or to capture one column left [12.5]), each with the first round's odds if every defender fights, and
 * a defender named active (his combat added to the defence, the round's wounds his to take) or inactive
 * [12.42]; the odds from the rule's own `roundResult` (`roundOdds`), as the notes beside them.
 */
export function combatChoices(game: Game, d: Decision): CombatChoice[] {
  const fight = combatAtHand(game, d.side);
  if (!fight) return [];
  const { s, t, strikes, attack, defence, fighting } = fight;
  const whom = (style: CombatStyle) => `${attackerName(game, s)} (combat ${attack(style).combat}) against ${fighting.map((ch) => nameOf(game, ch)).join(', ')}`;
  if (d.kind === 'combat-style' || d.kind === 'combat-intent') {
    // "you" are the attackers: the round if every defender fights [12.4]
    return d.options.map((option) => {
      const style = ((d.kind === 'combat-style' ? option.style : s.style) ?? 'hand-to-hand') as CombatStyle;
      const def = defence(fighting, style);
      const diff = attack(style).combat - def.combat;
      const facts = `${whom(style)} (combat ${def.combat}, endurance left ${def.endurance}); differential ${signed(diff)} if all of them fight (the defender names who does [12.4])`;
      const capture = d.kind === 'combat-intent' && option.intent === 'capture';
      const o = roundOdds(t, characterColumn(t, diff, capture, 0), style, strikes);
      const name = d.kind === 'combat-style' ? (style === 'firefight' ? 'Firefight' : 'Hand-to-hand') : capture ? 'To capture' : 'To kill';
      // a firefight wounds as often as hand-to-hand, twice as deep: the style's marker says how deep too
      const most = (list: CountChance[]) => (d.kind === 'combat-style' ? ` (up to ${Math.max(0, ...list.filter((x) => x.chance > 0).map((x) => x.n))})` : '');
      const them = capture ? `a capture ${percent(o.capture)}` : `wounds them ${percent(atLeast(o.toDefender, 1))}${most(o.toDefender)}`;
      const label = d.kind === 'combat-style' ? (style === 'firefight' ? 'Firefight (every wound doubled)' : 'Hand-to-hand') : capture ? `To capture (column ${t.characterCombat.captureShift} left [12.5]; prisoners need a guard [12.81])` : 'To kill';
      return { option, mark: `⚔ ${name} · round 1 ${them}, you ${percent(atLeast(o.toAttacker, 1))}${most(o.toAttacker)}`, odds: `${facts}. ${roundLine(game, label, o, def.endurance, attack(style).endurance, capture)}` };
    });
  }
  if (d.kind !== 'active-or-inactive') return [];
  const ch = d.options[0]?.character as number;
  const capture = s.intent === 'capture';
  const style = s.style ?? 'hand-to-hand';
  const def = defence([...(s.active ?? []), ch], style);
  const adds = defence([ch], style).combat;
  const diff = attack(style).combat - def.combat;
  const o = roundOdds(t, characterColumn(t, diff, capture, 0), style, strikes);
  return d.options.map((option) =>
    option.role === 'active'
      ? {
          option,
          mark: `⚔ ${nameOf(game, ch)} active · +${adds} · wounds you ${percent(atLeast(o.toDefender, 1))}`,
          odds: `${whom(style)}, ${capture ? 'to capture' : 'to kill'}, ${style}. He adds his combat ${adds} to the defence and may take the round's wounds (endurance left ${remainingEndurance(game, ch)}) [12.4, 12.7]. ${roundLine(game, `With him active (defence ${def.combat} so far)`, o, def.endurance, attack(style).endurance, capture)}`,
        }
      : {
          option,
          mark: `◌ ${nameOf(game, ch)} inactive · no wounds`,
          odds: `He takes no wounds and adds nothing to the defence, and breaks off more easily [12.42]; at least one active defender must have combat above 0 [12.43].`,
        },
  );
}
