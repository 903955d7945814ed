/**
 * Character combat [12.0-12.87]: the `character-combat` procedure.
 *
 * The attacking force is characters, a squad sent by military units, a creature or irate locals [12.1];
 * the defenders are the characters found or attacked [12.2]. The procedure follows the 17 steps of the
 * Combat SRS:
 *
 *   1. style: hand-to-hand or firefight [12.3]: squads always firefight [12.31]; attacking characters
 *      choose [12.32]; creatures and irate locals fight in the style of their chart [12.31];
 *   2. intention: kill or capture [12.3]; only characters or a squad may capture [12.85]; creatures and
 *      irate locals always kill [12.32];
 *   3. each round the defender names active and inactive characters, at least one active with a combat
 *      rating above 0 [12.4, 12.43];
 *   4-5. the differential, and the defender may try to break off [12.5-12.53];
 *   6-15. the attacker's die gives the defender's wounds, the defender's die the attacker's [12.6];
 *   16. each player assigns his wounds among his active characters [12.7];
 *   17. repeat while both sides have live, uncaptured characters and the defender has not broken off.
 *
 * Captures are taken after the wounds [12.8] and hold only if the capturing force survives the combat
 * [12.83]; see capture.ts for guards and prisoners.
 */
import { hasComponent } from 'bitecs';
import type { SideId, TablesDef } from '../../src/core/content/schema';
import { characterColumn } from '../../src/core/odds';
import { emit } from '../../src/core/engine/game';
import type { Command, Frame, Game, Json, Procedure, Step } from '../../src/core/engine/types';
import { environOf, holderOf, possessionsOf, tag, touch, unplace, untag } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { applyCapture, guardOptions } from './capture';
import { markBusy } from './healing';
import { afterPossessionUse, destroyPossession, possessionCombatBonus, spaceshipReassignOptions, reassignSpaceship, loseSpaceship } from './possessions';
import { enemyOf, isFreeCharacter, sideOf, unitsIn } from './sides';
import { tallyPoints } from './tally';
import { moveChaos } from './chaos';

export type CombatStyle = 'hand-to-hand' | 'firefight';
export type Attacker =
  | { kind: 'characters'; characters: number[] }
  | { kind: 'squad'; strength: number; leader: number; units: number[] }
  | { kind: 'creature'; creature: string }
  | { kind: 'irate-locals'; race: string };

export interface CharacterCombatData {
  environ: number;
  attackerSide: SideId;
  attacker: Attacker;
  defenders: number[];
}

/** Result handed to the frame that pushed the combat. */
export interface CharacterCombatResult {
  killed: number[];
  captured: number[];
  brokeOff: boolean;
  attackerDefeated: boolean;
}

/**
 * Who may read this combat's events. A creature or irate locals fighting characters the enemy has not
 * detected is their side's secret: the dice, break-off and wounds would say where the undetected are
 * [9.31, 9.4]. Against characters or a squad the enemy is there (he runs the attack) and sees it all.
 * Decided once, as the combat starts (a detected defender killed in it does not make the rest secret).
 */
function seenBy(game: Game, s: CharacterCombatData): SideId | 'all' {
  if (s.attacker.kind !== 'creature' && s.attacker.kind !== 'irate-locals') return 'all';
  const first = s.defenders[0];
  if (first === undefined) return 'all';
  const w = game.world;
  return s.defenders.some((ch) => hasComponent(w, ch, w.c.Detected)) ? 'all' : sideOf(game, first);
}

/** Frame data the procedure keeps as it goes (all plain JSON). */
interface State extends CharacterCombatData {
  phase?: 'style' | 'intent' | 'round' | 'active' | 'break-off' | 'defender-wounds' | 'attacker-wounds' | 'end' | 'guards' | 'ships' | 'done';
  style?: CombatStyle;
  intent?: 'kill' | 'capture';
  round?: number;
  /** Who may read the combat's events (seenBy, at the start). */
  visibleTo?: SideId | 'all';
  /** Defenders still in the fight (not broken off, not dead, not captured). */
  fighting?: number[];
  active?: number[];
  /** Defenders still to be named active or inactive this round. */
  toName?: number[];
  /** [12.53] a failed break-off shifts this round one column right. */
  shiftRight?: number;
  woundsToDefender?: number;
  woundsToAttacker?: number;
  capturesDue?: number;
  /** Wounds taken by an attacking force that is not characters [12.74]. */
  attackerWounds?: number;
  killed?: number[];
  captured?: number[];
  brokeOff?: boolean;
  attackerDefeated?: boolean;
  possessionsUsed?: number[];
  /** Prisoners waiting for a guard [12.81], and spaceships of the killed and captured [14.55]. */
  guardQueue?: number[];
  /** [ship, environ where its owner fell] */
  shipQueue?: [number, number][];
  confirmedCaptures?: number[];
}

// ------------------------------------------------------------------ ratings

/** [12.7, 12.72] a character's combat rating less his wounds, never below 0. */
export function currentCombat(game: Game, character: number): number {
  const c = game.world.c;
  return Math.max(0, (c.Character.combat[character] as number) - (c.Wounds.value[character] as number));
}

/** Wounds he can still take before death [12.7, 12.73]. */
export function remainingEndurance(game: Game, character: number): number {
  const c = game.world.c;
  return Math.max(0, (c.Character.endurance[character] as number) - (c.Wounds.value[character] as number));
}


/** [12.12] the squad chart row for a military strength; a leader raises the endurance. */
export function squadRatings(game: Game, strength: number, leader: number): { combat: number; endurance: number } {
  const { rows, leaderEndurance } = game.content.tables.squad;
  const row = rows.find((r) => strength >= r.min && strength <= r.max) ?? rows[0]!;
  return { combat: row.combat, endurance: row.endurance + (leader ? leaderEndurance : 0) };
}

/** Combat and endurance of a non-character attacking force [12.12, 12.14, 13.45]; its style when the chart forces one [12.31] (also read by the board's odds of an attack on characters found, src/words/character-odds.ts). */
export function forceRatings(game: Game, attacker: Attacker): { combat: number; endurance: number; style: CombatStyle | null; special: string[] } {
  if (attacker.kind === 'squad') return { ...squadRatings(game, attacker.strength, attacker.leader), style: 'firefight', special: [] };
  if (attacker.kind === 'creature') {
    const cr = game.content.creatures.get(attacker.creature);
    if (!cr) throw new Error(`no creature "${attacker.creature}"`);
    return { combat: cr.combat, endurance: cr.endurance, style: cr.style, special: cr.special };
  }
  if (attacker.kind === 'irate-locals') {
    const irate = game.content.races.get(attacker.race)?.irateLocals;
    if (!irate) return { combat: 0, endurance: 0, style: 'hand-to-hand', special: [] };
    return { combat: irate.combat, endurance: irate.endurance, style: irate.style, special: [] };
  }
  return { combat: 0, endurance: 0, style: null, special: [] };
}

/** [13.45] the creature's description overrides the general rules. */
function hasSpecial(game: Game, s: State, special: string): boolean {
  return forceRatings(game, s.attacker).special.includes(special);
}

/** Attacking characters still fighting [12.44: all of them attack]. */
function attackingCharacters(game: Game, s: State): number[] {
  return s.attacker.kind === 'characters' ? s.attacker.characters.filter((ch) => isFreeCharacter(game, ch)) : [];
}

/** Rebel possessions that add to these characters' combat in this style [12.11, 12.41, 14.0]. */
function bonusPossessions(game: Game, s: State, characters: number[]): { bonus: number; used: number[] } {
  let bonus = 0;
  const used: number[] = [];
  for (const ch of characters) {
    if (sideOf(game, ch) !== 'rebel') continue;
    const b = possessionCombatBonus(game, ch, s.style as CombatStyle);
    bonus += b.bonus;
    used.push(...b.used);
  }
  return { bonus, used };
}

/**
 * [12.6, 12.72] what one character adds to his side's strength in a combat of this style: his combat
 * rating with, for a Rebel, his possessions' bonuses [12.11, 12.41], less his wounds, never below 0. Read
 * together, the two rules put the bonuses before the wounds: [12.6] counts "the combat rating of all
 * active characters with possession bonuses minus wounds", and [12.72] floors the contribution at zero,
 * not the bare rating. So wounds eat into what a weapon adds: a rating of 2 with a +2 weapon and 3 wounds
 * fights at 1 (not at 0 + 2).
 */
export function fightingStrength(game: Game, character: number, style: CombatStyle): number {
  const c = game.world.c;
  const bonus = sideOf(game, character) === 'rebel' ? possessionCombatBonus(game, character, style).bonus : 0;
  return Math.max(0, (c.Character.combat[character] as number) + bonus - (c.Wounds.value[character] as number));
}

/** A side's characters' strength: the sum of what each adds [12.6, 12.11, 12.41]. */
function charactersStrength(game: Game, s: State, characters: number[]): number {
  return characters.reduce((sum, ch) => sum + fightingStrength(game, ch, s.style as CombatStyle), 0);
}

/** [12.11, 12.12, 12.74] attack strength: characters' ratings (as `fightingStrength`), or the force's combat less its wounds. */
export function attackStrength(game: Game, s: State): number {
  if (s.attacker.kind === 'characters') return charactersStrength(game, s, attackingCharacters(game, s));
  return Math.max(0, forceRatings(game, s.attacker).combat - (s.attackerWounds ?? 0));
}

/** [12.6] defence strength: the active characters' combat ratings with possession bonuses, less wounds. */
export function defenceStrength(game: Game, s: State): number {
  return charactersStrength(game, s, s.active ?? []);
}

/** [12.6] the table column of a differential, with the capture [12.5] and failed break-off [12.53] shifts (core/odds' column, the one copy). */
export function combatColumn(game: Game, differential: number, capture: boolean, shiftRight: number): number {
  return characterColumn(game.content.tables, differential, capture, shiftRight);
}

/** What one round's dice deal [12.6]: wounds to each side and the captures (* results) rolled. */
export interface RoundResult {
  toDefender: number;
  toAttacker: number;
  captures: number;
}

/**
 * [12.6] steps 6-15, the rule's outcome function: each of the attacker's dice (two for a creature that
 * attacks twice [13.45]) gives the defender's wounds, the defender's die the attacker's; a firefight
 * doubles every wound [12.6]; a * result is a capture (counted, whether the fight is to capture is the
 * caller's [12.86]). The resolution and the odds shown before it (src/words/character-odds) both use it.
 */
export function roundResult(t: TablesDef, column: number, style: CombatStyle, attackerDice: readonly number[], defenderDie: number): RoundResult {
  const rows = t.characterCombat.rows;
  const times = style === 'firefight' ? 2 : 1;
  let toDefender = 0;
  let captures = 0;
  for (const die of attackerDice) {
    const r = rows[die - 1]![column]!;
    toDefender += r.defender * times;
    if (r.defenderCapture) captures++;
  }
  const r2 = rows[defenderDie - 1]![column]!;
  if (r2.attackerCapture) captures++;
  return { toDefender, toAttacker: r2.attacker * times, captures };
}

/** How many dice the attacker rolls a round: two for a creature that attacks twice [13.45]. */
export function attackerStrikes(game: Game, attacker: Attacker): number {
  return forceRatings(game, attacker).special.includes('attacks-twice') ? 2 : 1;
}

// ------------------------------------------------------------------ death

/**
 * [12.73] a character dies: tagged Dead and taken off the board. [14.25] his possessions are destroyed,
 * except spaceships, which may pass to a friend [14.55] or are lost: the caller asks (a character combat
 * does; elsewhere push `reassign-spaceship` with `{ ship, environ }` for each ship returned). Victory
 * points for the kill [tables.md]. Returns his spaceships and the environ where he fell.
 */
export function killCharacter(game: Game, character: number, cause: string, rule = '[12.73]'): { ships: number[]; environ: number } {
  const w = game.world;
  const side = sideOf(game, character);
  const environ = environOf(w, character);
  if (hasComponent(w, character, w.c.Dead)) return { ships: [], environ };
  const ships = possessionsOf(w, character).filter((p) => hasComponent(w, p, w.c.Spaceship));
  for (const p of possessionsOf(w, character)) if (!ships.includes(p)) destroyPossession(game, p); // [14.25]
  tag(w, character, w.c.Dead);
  untag(w, character, w.c.Detected);
  untag(w, character, w.c.StackedWithUnits);
  unplace(w, character);
  const vp = game.content.tables.victoryPoints;
  tallyPoints(game, side === 'rebel' ? vp.rebelKilled : vp.imperialKilled, `${side === 'rebel' ? 'Rebel' : 'Imperial'} characters killed`, { text: `${nameOf(game, character)} (${side === 'rebel' ? 'Rebel' : 'Imperial'}) killed: ${cause}`, rule });
  const chart = game.content.galactic.chaos.changes;
  moveChaos(game, side === 'rebel' ? chart.rebelCharacterKilled : chart.imperialCharacterKilled, `${nameOf(game, character)} killed`);
  emit(game, { kind: 'character-killed', text: `${nameOf(game, character)} is killed (${cause}).`, rule, visibleTo: 'all', entities: [character] });
  return { ships, environ };
}

// ------------------------------------------------------------------ the procedure

function defenderSide(s: State): SideId {
  return enemyOf(s.attackerSide);
}

function fightingDefenders(game: Game, s: State): number[] {
  return (s.fighting ?? []).filter((ch) => isFreeCharacter(game, ch) && !s.captured!.includes(ch));
}

function attackerStillFights(game: Game, s: State): boolean {
  if (s.attacker.kind === 'characters') return attackingCharacters(game, s).length > 0;
  return (s.attackerWounds ?? 0) < forceRatings(game, s.attacker).endurance; // [12.74]
}

function decide(side: SideId, kind: string, prompt: string, rule: string, options: Command[], context?: { [k: string]: Json }): Step {
  return { decide: { side, kind, prompt, rule, options, ...(context ? { context } : {}) } };
}

/** [12.4] may this defender stay inactive, given the ones already named? */
function mayBeInactive(game: Game, s: State, ch: number): boolean {
  const rest = s.toName!.filter((o) => o !== ch);
  const anyCanFight = [...s.active!, ...s.toName!].some((o) => currentCombat(game, o) > 0);
  if (anyCanFight) {
    // at least one active with a combat rating above 0 must remain possible
    return s.active!.some((o) => currentCombat(game, o) > 0) || rest.some((o) => currentCombat(game, o) > 0);
  }
  // nobody can fight: still at least one must be active [12.4]
  return s.active!.length > 0 || rest.length > 0;
}

/** Options for assigning one wound among a side's characters [12.7]. */
function woundTargets(game: Game, candidates: number[]): number[] {
  return candidates.filter((ch) => isFreeCharacter(game, ch) && remainingEndurance(game, ch) > 0);
}

function giveWound(game: Game, s: State, ch: number): void {
  const c = game.world.c;
  c.Wounds.value[ch] = (c.Wounds.value[ch] as number) + 1;
  touch(game.world, ch);
  if ((c.Wounds.value[ch] as number) >= (c.Character.endurance[ch] as number)) {
    const { ships, environ } = killCharacter(game, ch, 'character combat');
    s.killed!.push(ch);
    for (const ship of ships) queueShip(s, ship, environ);
  }
}

/** [14.55] remember the ship of a killed or captured owner and where he fell. */
function queueShip(s: State, ship: number, environ: number): void {
  s.shipQueue!.push([ship, environ]);
}

/** A step of a fight (its style, intent, a round), not how it began or ended: the log has it, the turn summary leaves it out. */
const STEP = { step: true };

/** The attacking force in words: its characters by name, "a squad of Imperial units (strength 4)", the creature, "the irate Kethri locals". */
export function attackerName(game: Game, s: CharacterCombatData): string {
  const a = s.attacker;
  if (a.kind === 'characters') return a.characters.map((ch) => nameOf(game, ch)).join(', ');
  if (a.kind === 'squad') return `a squad of ${s.attackerSide === 'rebel' ? 'Rebel' : 'Imperial'} units (strength ${a.strength})`;
  if (a.kind === 'creature') return game.content.creatures.get(a.creature)?.name ?? a.creature;
  return `the irate ${game.content.races.get(a.race)?.name ?? a.race} locals`;
}

function init(game: Game, s: State): void {
  s.killed = [];
  s.captured = [];
  s.possessionsUsed = [];
  s.shipQueue = [];
  s.confirmedCaptures = [];
  s.guardQueue = [];
  s.round = 0;
  s.brokeOff = false;
  s.attackerDefeated = false;
  s.attackerWounds = 0;
  s.fighting = s.defenders.filter((ch) => isFreeCharacter(game, ch));
  s.visibleTo = seenBy(game, s);
  // who attacks whom, and where: the log's and the turn summary's first line of the fight
  emit(game, {
    kind: 'character-combat',
    text: `Character combat at ${nameOf(game, s.environ)}: ${attackerName(game, s)} attack${s.attacker.kind === 'characters' && s.attacker.characters.length > 1 ? '' : 's'} ${s.fighting.map((ch) => nameOf(game, ch)).join(', ')}.`,
    rule: '[12.0]',
    visibleTo: s.visibleTo,
    entities: [s.environ, ...s.fighting, ...attackingCharacters(game, s)],
  });
  // [13.71] fighting is doing something: no healing this player-turn
  for (const ch of [...s.fighting, ...attackingCharacters(game, s)]) markBusy(game, ch, 'character combat');
  s.phase = 'style';
}

export const characterCombat: Procedure = {
  step(game: Game, frame: Frame): Step {
    const s = frame.data as unknown as State;
    if (!s.phase) init(game, s);
    for (;;) {
      switch (s.phase) {
        case 'style': {
          const forced = forceRatings(game, s.attacker).style;
          if (s.attacker.kind === 'irate-locals' && !game.content.races.get(s.attacker.race)?.irateLocals) {
            // a race with no Irate Locals chart row never attacks [12.14]
            emit(game, { kind: 'character-combat', text: `The ${s.attacker.race} locals do not attack.`, rule: '[12.14]', visibleTo: s.visibleTo ?? 'all' });
            s.phase = 'end';
            break;
          }
          if (forced) {
            s.style = forced; // [12.31]
            s.phase = 'intent';
            break;
          }
          return decide(s.attackerSide, 'combat-style', 'Fight hand-to-hand or a firefight?', '[12.32]', [
            { type: 'combat-style', side: s.attackerSide, style: 'hand-to-hand' },
            { type: 'combat-style', side: s.attackerSide, style: 'firefight' },
          ]);
        }
        case 'intent': {
          if (s.attacker.kind === 'creature' || s.attacker.kind === 'irate-locals') {
            s.intent = 'kill'; // [12.32] (and the 'kills-no-capture' creatures [13.45])
            s.phase = 'round';
            break;
          }
          return decide(s.attackerSide, 'combat-intent', 'Fight to kill or to capture?', '[12.3, 12.85]', [
            { type: 'combat-intent', side: s.attackerSide, intent: 'kill' },
            { type: 'combat-intent', side: s.attackerSide, intent: 'capture' },
          ]);
        }
        case 'round': {
          s.fighting = fightingDefenders(game, s);
          // [12.0 step 17] go on while both sides fight and the defender has not broken off
          if (!s.fighting.length || !attackerStillFights(game, s)) {
            s.phase = 'end';
            break;
          }
          s.round = (s.round ?? 0) + 1;
          s.active = [];
          s.toName = [...s.fighting];
          s.shiftRight = 0;
          s.phase = 'active';
          break;
        }
        case 'active': {
          // [12.4, 12.43] name each defender active or inactive, before each round
          const ch = s.toName![0];
          if (ch === undefined) {
            s.phase = 'break-off';
            break;
          }
          const side = defenderSide(s);
          if (!mayBeInactive(game, s, ch)) {
            s.active!.push(ch);
            s.toName!.shift();
            break;
          }
          return decide(side, 'active-or-inactive', `Is ${nameOf(game, ch)} active or inactive in round ${s.round}?`, '[12.4]', [
            { type: 'combat-role', side, character: ch, role: 'active' },
            { type: 'combat-role', side, character: ch, role: 'inactive' },
          ], { combat: currentCombat(game, ch), wounds: game.world.c.Wounds.value[ch] as number, round: s.round as number });
        }
        case 'break-off': {
          // [12.5] the defender may try to break off; the attacker never may [12.52]
          const noBreak = hasSpecial(game, s, 'cannot-be-broken-off') || (hasSpecial(game, s, 'ambush') && s.round === 1);
          if (noBreak) {
            resolveRound(game, s);
            break;
          }
          const side = defenderSide(s);
          const diff = attackStrength(game, s) - defenceStrength(game, s);
          return decide(side, 'break-off', 'Try to break off before this round?', '[12.5]', [
            { type: 'break-off', side, attempt: true },
            { type: 'break-off', side, attempt: false },
          // what the odds of the round need: the fight's intent [12.5] and style [12.6], the attacker's dice [13.45]
          ], { differential: diff, round: s.round as number, capture: s.intent === 'capture', style: s.style as CombatStyle, strikes: attackerStrikes(game, s.attacker) });
        }
        case 'defender-wounds': {
          const side = defenderSide(s);
          const targets = woundTargets(game, s.active!);
          if (!s.woundsToDefender || !targets.length) {
            s.woundsToDefender = 0;
            s.phase = 'attacker-wounds';
            break;
          }
          if (targets.length === 1) {
            s.woundsToDefender--;
            giveWound(game, s, targets[0]!);
            break;
          }
          return decide(side, 'assign-wound', `Assign a wound (${s.woundsToDefender} to go) to one of your active characters.`, '[12.7]',
            targets.map((ch) => ({ type: 'assign-wound', side, character: ch })));
        }
        case 'attacker-wounds': {
          if (s.attacker.kind !== 'characters') {
            s.attackerWounds = (s.attackerWounds ?? 0) + (s.woundsToAttacker ?? 0); // [12.74]
            s.woundsToAttacker = 0;
            takeCaptures(game, s);
            break;
          }
          const side = s.attackerSide;
          const targets = woundTargets(game, s.attacker.characters);
          if (!s.woundsToAttacker || !targets.length) {
            s.woundsToAttacker = 0;
            takeCaptures(game, s);
            break;
          }
          if (targets.length === 1) {
            s.woundsToAttacker--;
            giveWound(game, s, targets[0]!);
            break;
          }
          return decide(side, 'assign-wound', `Assign a wound (${s.woundsToAttacker} to go) to one of your attacking characters.`, '[12.7]',
            targets.map((ch) => ({ type: 'assign-wound', side, character: ch })));
        }
        case 'end': {
          finishCombat(game, s);
          s.phase = 'guards';
          break;
        }
        case 'guards': {
          // [12.81] a guard is assigned at once to each prisoner
          const prisoner = s.guardQueue![0];
          if (prisoner === undefined) {
            s.phase = 'ships';
            break;
          }
          const options = guardOptions(game, prisoner, s.attackerSide);
          if (options.length <= 1) {
            s.guardQueue!.shift();
            confirmCapture(game, s, prisoner, options[0] ?? 0);
            break;
          }
          return decide(s.attackerSide, 'assign-guard', `Who guards ${nameOf(game, prisoner)}?`, '[12.81]',
            options.map((g) => ({ type: 'assign-guard', side: s.attackerSide, prisoner, guard: g })));
        }
        case 'ships': {
          // [14.55] the spaceship of a killed or captured owner may pass to a friend there
          const next = s.shipQueue![0];
          if (next === undefined) {
            s.phase = 'done';
            break;
          }
          const [ship, environ] = next;
          const options = spaceshipReassignOptions(game, ship, environ);
          const side = sideOf(game, ship);
          if (!options.length) {
            s.shipQueue!.shift();
            loseSpaceship(game, ship, 'no friend to take it [14.59]');
            break;
          }
          return decide(side, 'reassign-spaceship', `Give ${nameOf(game, ship)} to another character?`, '[14.55]', [
            ...options.map((ch) => ({ type: 'reassign-spaceship', side, ship, character: ch })),
            { type: 'reassign-spaceship', side, ship, character: 0 },
          ]);
        }
        case 'done': {
          // [14.2-14.23] each possession that gave a bonus was used once in this combat (if its holder still has it)
          for (const p of s.possessionsUsed!) if (holderOf(game.world, p) && !hasComponent(game.world, p, game.world.c.Eliminated)) afterPossessionUse(game, p, s.visibleTo);
          const result: CharacterCombatResult = {
            killed: s.killed!,
            captured: s.confirmedCaptures!,
            brokeOff: s.brokeOff!,
            attackerDefeated: s.attackerDefeated!,
          };
          return { done: true, result: result as unknown as Json };
        }
        default:
          throw new Error(`character combat in an unknown phase "${String(s.phase)}"`);
      }
    }
  },

  answer(game: Game, frame: Frame, command: Command): void {
    const s = frame.data as unknown as State;
    switch (command.type) {
      case 'combat-style':
        s.style = command.style as CombatStyle;
        s.phase = 'intent';
        emit(game, { kind: 'character-combat', text: `The attacker chooses a ${s.style} [12.32].`, rule: '[12.32]', visibleTo: s.visibleTo ?? 'all', data: STEP });
        return;
      case 'combat-intent':
        s.intent = command.intent as 'kill' | 'capture';
        s.phase = 'round';
        emit(game, { kind: 'character-combat', text: `The attacker fights to ${s.intent} [12.3].`, rule: '[12.3]', visibleTo: s.visibleTo ?? 'all', data: STEP });
        return;
      case 'combat-role': {
        const ch = command.character as number;
        s.toName = s.toName!.filter((o) => o !== ch);
        if (command.role === 'active') s.active!.push(ch);
        return;
      }
      case 'break-off':
        if (command.attempt) tryBreakOff(game, s);
        if (s.phase === 'break-off') resolveRound(game, s);
        return;
      case 'assign-wound':
        if (s.phase === 'defender-wounds') s.woundsToDefender!--;
        else s.woundsToAttacker!--;
        giveWound(game, s, command.character as number);
        return;
      case 'assign-guard':
        s.guardQueue!.shift();
        confirmCapture(game, s, command.prisoner as number, command.guard as number);
        return;
      case 'reassign-spaceship': {
        const ship = command.ship as number;
        s.shipQueue!.shift();
        if (command.character) reassignSpaceship(game, ship, command.character as number);
        else loseSpaceship(game, ship, 'not reassigned [14.59]');
        return;
      }
      default:
        throw new Error(`character combat cannot take "${command.type}"`);
    }
  },
};

/** [12.51, 12.42] the break-off die's outcome: active characters get away on at most the column's active number, inactive ones on its inactive number. */
export function breakOffResult(t: TablesDef, column: number, die: number): { activeOff: boolean; inactiveOff: boolean } {
  const c = t.characterCombat;
  return { activeOff: die <= (c.breakOffActive[column] as number), inactiveOff: die <= (c.breakOffInactive[column] as number) };
}

/**
 * [12.5-12.53] one die for the whole defending force: active characters break off on a die at most the
 * active number of the column, inactive ones on the (better) inactive number [12.42]. Those who succeed
 * leave the combat [12.51]; if any remain, the round is fought one column to the right [12.53].
 */
function tryBreakOff(game: Game, s: State): void {
  const diff = attackStrength(game, s) - defenceStrength(game, s);
  const col = combatColumn(game, diff, s.intent === 'capture', 0);
  const die = game.rng.d6();
  const inactive = s.fighting!.filter((ch) => !s.active!.includes(ch));
  const { activeOff, inactiveOff } = breakOffResult(game.content.tables, col, die);
  const leaving = [...(activeOff ? s.active! : []), ...(inactiveOff ? inactive : [])];
  s.fighting = s.fighting!.filter((ch) => !leaving.includes(ch));
  if (activeOff) s.active = [];
  emit(game, {
    kind: 'break-off',
    text: leaving.length
      ? `Die ${die}: ${leaving.map((ch) => nameOf(game, ch)).join(', ')} break off [12.51].`
      : `Die ${die}: the break-off fails [12.53].`,
    rule: '[12.5]',
    visibleTo: s.visibleTo ?? 'all',
    entities: leaving,
  });
  if (!s.active!.length) {
    // nobody active is left to fight this round: the whole force got away, or only inactives stay
    if (!s.fighting.length) s.brokeOff = true;
    s.phase = 'round';
    return;
  }
  s.shiftRight = 1; // [12.53]
}

/** Steps 4-15: the differential, the two dice, and the wounds and captures they give. */
function resolveRound(game: Game, s: State): void {
  const attack = attackStrength(game, s);
  const defence = defenceStrength(game, s);
  const capture = s.intent === 'capture';
  const col = combatColumn(game, attack - defence, capture, s.shiftRight ?? 0);
  // possessions that added to this round are used [14.2]; their durability is checked after the combat
  const fighters = [...s.active!, ...attackingCharacters(game, s)];
  for (const p of bonusPossessions(game, s, fighters).used) if (!s.possessionsUsed!.includes(p)) s.possessionsUsed!.push(p);
  // steps 6-15: the attacker's dice (a creature that attacks twice rolls twice [13.45]), then the defender's
  const dice: number[] = [];
  for (let i = 0; i < attackerStrikes(game, s.attacker); i++) dice.push(game.rng.d6());
  const die2 = game.rng.d6();
  const { toDefender, toAttacker, captures } = roundResult(game.content.tables, col, s.style as CombatStyle, dice, die2);
  dice.push(die2);
  s.woundsToDefender = toDefender;
  s.woundsToAttacker = toAttacker;
  // [12.86] the * results are ignored in kill combat
  s.capturesDue = capture ? captures : 0;
  s.phase = 'defender-wounds';
  emit(game, {
    kind: 'character-combat',
    text: `Round ${s.round} at ${nameOf(game, s.environ)}: attack ${attack} against defence ${defence}, column ${col + 1}, dice ${dice.join(', ')}: the defender takes ${toDefender} wounds, the attacker ${toAttacker}${s.capturesDue ? `, ${s.capturesDue} capture${s.capturesDue > 1 ? 's' : ''}` : ''}.`,
    rule: '[12.6]',
    visibleTo: s.visibleTo ?? 'all',
    entities: [s.environ, ...s.active!, ...attackingCharacters(game, s)],
    data: STEP,
  });
}

/** [12.8] after all wounds, each capture takes a random active character still alive. */
function takeCaptures(game: Game, s: State): void {
  for (let n = 0; n < (s.capturesDue ?? 0); n++) {
    const candidates = s.active!.filter((ch) => isFreeCharacter(game, ch) && !s.captured!.includes(ch));
    if (!candidates.length) break;
    const prisoner = game.rng.pick(candidates);
    s.captured!.push(prisoner); // [12.84] he takes no further part
    emit(game, { kind: 'capture', text: `${nameOf(game, prisoner)} is overpowered [12.8].`, rule: '[12.8]', visibleTo: 'all', entities: [prisoner] });
  }
  s.capturesDue = 0;
  s.phase = 'round';
}

/** The combat is over: who broke off, whether the attacker was beaten, and which captures hold [12.83]. */
function finishCombat(game: Game, s: State): void {
  s.attackerDefeated = s.attacker.kind === 'irate-locals' && !game.content.races.get(s.attacker.race)?.irateLocals ? false : !attackerStillFights(game, s);
  if (s.attackerDefeated && s.captured!.length) {
    // [12.83] the capturing force is eliminated: nobody is captured
    emit(game, { kind: 'capture', text: `The capturing force is beaten: ${s.captured!.map((ch) => nameOf(game, ch)).join(', ')} go free [12.83].`, rule: '[12.83]', visibleTo: s.visibleTo ?? 'all' });
    s.captured = [];
  }
  s.guardQueue = s.captured!.filter((ch) => isFreeCharacter(game, ch));
  emit(game, {
    kind: 'character-combat',
    text: `The character combat at ${nameOf(game, s.environ)} ends (${attackerName(game, s)} against ${s.defenders.map((ch) => nameOf(game, ch)).join(', ')}): ${names(game, s.killed!, 'killed')}, ${names(game, s.guardQueue, 'captured')}${s.brokeOff ? ', the defenders broke off' : ''}${s.attackerDefeated ? ', the attacker is beaten' : ''}.`,
    rule: '[12.0]',
    visibleTo: s.visibleTo ?? 'all',
    entities: [s.environ],
  });
}

/** "none killed", "Vell Orin killed", "2 captured: A, B". */
function names(game: Game, who: number[], what: string): string {
  if (!who.length) return `none ${what}`;
  return who.length === 1 ? `${nameOf(game, who[0]!)} ${what}` : `${who.length} ${what}: ${who.map((ch) => nameOf(game, ch)).join(', ')}`;
}

/** [12.81, 12.87] the capture holds only with a guard of the captor's in the environ. */
function confirmCapture(game: Game, s: State, prisoner: number, guard: number): boolean {
  if (!guard) {
    emit(game, { kind: 'capture', text: `Nobody is there to guard ${nameOf(game, prisoner)}, who goes free [12.87].`, rule: '[12.87]', visibleTo: 'all', entities: [prisoner] });
    return true;
  }
  const ships = possessionsOf(game.world, prisoner).filter((p) => hasComponent(game.world, p, game.world.c.Spaceship));
  const env = environOf(game.world, prisoner);
  applyCapture(game, prisoner, guard);
  s.confirmedCaptures!.push(prisoner);
  for (const ship of ships) queueShip(s, ship, env);
  return true;
}

/** Units of a side in an environ, as a squad's dispatching force [12.12]. */
export function squadFrom(game: Game, environ: number, side: SideId, leader: number): Attacker {
  const units = unitsIn(game, environ, side);
  const strength = units.reduce((sum, u) => sum + (game.world.c.Unit.combat[u] as number), 0);
  return { kind: 'squad', strength, leader, units };
}
