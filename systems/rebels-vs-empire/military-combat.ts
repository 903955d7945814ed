/**
 * Military combat [10.0-10.7] and the allocation of losses [10.3], which PDB attacks use too [9.22].
 *
 * The military combat segment: the phasing player chooses the order of the environs that hold both
 * sides' units [10.0]; in each, he may declare combat, and if he does not, the other player may [10.1].
 * The one who declares attacks. Every unit in the environ fights [10.1], one round:
 *   strengths → ratio, rounded in the defender's favour, within 1-5..5-1 [10.0, 10.22] → shifts: the
 *   leaders' difference [10.4, 10.43], +1 to the Rebel with a unit of the environ's type [10.5], +1 against
 *   the Empire in a special environ unless it has a leader [10.5, 10.44], +1 to leaderless rebellion
 *   units [10.7]; 1-6..6-1 reachable only with a leader [10.42] → the attacker rolls for the defender's
 *   loss, the defender for the attacker's [10.0] → each side removes units as close to its loss as it can
 *   without exceeding it [10.3]. Leaders are never removed [10.45]; a side whose units are all gone has its
 *   characters there attacked by a squad of the survivors [10.45, 10.6].
 */
import type { SideId } from '../../src/core/content/schema';
import { hasComponent } from 'bitecs';
import { emit, interrupt } from '../../src/core/engine/game';
import type { Command, Frame, Game, Json, Procedure, Step } from '../../src/core/engine/types';
import { ENVIRON_TYPES } from '../../src/core/content/schema';
import { environOf, environsOf, tag, unplace } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { ratioColumn, shiftColumn } from '../../src/core/odds';
import { charactersIn, enemyOf, environsInPlay, phasing, sideOf, unitCountIn, unitsIn } from './sides';
import { markBusy } from './healing';
import { moveChaos } from './chaos';

const URBAN = ENVIRON_TYPES.indexOf('urban');

// ---------------------------------------------------------------- the table

/** [10.0] a row of the table: attacker's loss (left of the slash) and defender's loss (right). */
export function combatResult(game: Game, column: number, die: number): { attackerLoss: number; defenderLoss: number } {
  const cell = game.content.tables.militaryCombat.rows[die - 1]?.[column];
  if (!cell) throw new Error(`no military combat result for die ${die}, column ${column}`);
  return { attackerLoss: cell[0], defenderLoss: cell[1] };
}

/** The strength of units [7.1]: the first number of each. */
export function strengthOf(game: Game, units: number[]): number {
  return units.reduce((sum, u) => sum + (game.world.c.Unit.combat[u] as number), 0);
}

// ---------------------------------------------------------------- allocating losses [10.3]

/** The sums a set of strengths can make exactly. */
function reachable(strengths: number[]): Set<number> {
  let sums = new Set([0]);
  for (const s of strengths) sums = new Set([...sums, ...[...sums].map((x) => x + s)]);
  return sums;
}

/** [10.3] the loss a side actually takes: as close to the result as it can, never more. */
export function lossToTake(strengths: number[], loss: number): number {
  return Math.max(...[...reachable(strengths)].filter((x) => x <= loss));
}

/** [10.3] units that may be removed next so that the loss can still be met exactly. */
export function removableUnits(game: Game, units: number[], remaining: number): number[] {
  return units.filter((u) => {
    const s = game.world.c.Unit.combat[u] as number;
    if (s > remaining) return false;
    return reachable(units.filter((o) => o !== u).map((o) => game.world.c.Unit.combat[o] as number)).has(remaining - s);
  });
}

/** Remove an eliminated unit from the board [10.3]. */
export function eliminateUnit(game: Game, unit: number, rule: string): void {
  const w = game.world;
  const side = sideOf(game, unit);
  const type = game.content.tables.unitTypes[w.c.Unit.type[unit] as number];
  const strength = w.c.Unit.combat[unit];
  unplace(w, unit);
  tag(w, unit, w.c.Eliminated);
  // A unit's type and strength are revealed as it is used [7.22]. "An Imperial Patrol unit", "A Rebel Irregulars unit".
  const name = type?.name ?? 'military';
  const what = side === 'imperial' ? `An Imperial ${name} unit` : `A ${name} unit`;
  emit(game, { kind: 'unit-eliminated', text: `${what} (strength ${strength}) is eliminated.`, rule, visibleTo: 'all', entities: [unit] });
  const chart = game.content.galactic.chaos.changes;
  moveChaos(game, side === 'imperial' ? chart.imperialUnitLost : chart.rebelUnitLost, `${side === 'imperial' ? 'an Imperial' : 'a Rebel'} unit lost`);
}

/**
 * Procedure `allocate-losses`: `{ side, units, loss, rule }`. The side removes units one by one, the
 * loss met as closely as possible without exceeding it [10.3]; it chooses whenever units differ.
 * Result: the units eliminated.
 */
export const allocateLosses: Procedure = {
  step(game: Game, frame: Frame): Step {
    const d = frame.data as { side: SideId; units: number[]; loss: number; rule: string; remaining?: number; removed?: number[] };
    const live = d.units.filter((u) => environOf(game.world, u) !== 0 && !hasComponent(game.world, u, game.world.c.Eliminated));
    if (d.remaining === undefined) {
      d.remaining = lossToTake(live.map((u) => game.world.c.Unit.combat[u] as number), d.loss);
      d.removed = [];
    }
    const candidates = d.remaining > 0 ? removableUnits(game, live, d.remaining) : [];
    if (!candidates.length) return { done: true, result: d.removed as Json };
    const typeOf = (u: number) => `${game.world.c.Unit.type[u]}:${game.world.c.Unit.environType[u]}`;
    if (candidates.every((u) => typeOf(u) === typeOf(candidates[0] as number))) {
      removeForLoss(game, d, candidates[0] as number); // identical units: nothing to choose
      return allocateLosses.step(game, frame);
    }
    return {
      decide: {
        side: d.side,
        kind: 'allocate-losses',
        prompt: `Remove units for a loss of ${d.remaining} more strength point(s).`,
        rule: '[10.3]',
        options: candidates.map((unit) => ({ type: 'remove-unit', side: d.side, unit })),
        context: { loss: d.loss, remaining: d.remaining },
      },
    };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    removeForLoss(game, frame.data as { remaining?: number; removed?: number[]; rule: string }, command.unit as number);
  },
};

function removeForLoss(game: Game, d: { remaining?: number; removed?: number[]; rule: string }, unit: number) {
  d.remaining = (d.remaining ?? 0) - (game.world.c.Unit.combat[unit] as number);
  d.removed = [...(d.removed ?? []), unit];
  eliminateUnit(game, unit, d.rule);
}

// ---------------------------------------------------------------- one environ's combat

/** [10.4] characters of a side in the environ who may lead: leadership 1 or more. */
export function leaderCandidates(game: Game, environ: number, side: SideId): number[] {
  return charactersIn(game, environ, side).filter((ch) => (game.world.c.Character.leadership[ch] as number) >= 1);
}

/** What a combat's column shift depends on [10.2-10.7]: 0 leadership for a side with no leader. */
export interface ShiftFacts {
  rebelLeadership: number;
  imperialLeadership: number;
  /** [10.5] a Rebel unit of the environ's own type takes part */
  rebelUnitOfEnvironType: boolean;
  urban: boolean;
  rebellion: boolean;
}

/**
 * [10.2-10.7] the net column shift, in the attacker's favour, from the facts alone: the rules engine
 * reads them from the world, the AI from its side's view (where it must guess what is hidden).
 */
export function shiftFromFacts(f: ShiftFacts, attacker: SideId): number {
  let rebelShift = f.rebelLeadership - f.imperialLeadership; // [10.4] the difference of the leaders
  if (f.rebelUnitOfEnvironType) rebelShift += 1; // [10.5]
  if (!f.urban && !f.imperialLeadership) rebelShift += 1; // [10.5, 10.44] special environ, Empire unled
  if (f.rebellion && !f.rebelLeadership) rebelShift += 1; // [10.7] rebellion units get a shift even unled
  return attacker === 'rebel' ? rebelShift : -rebelShift;
}

/** [10.2-10.7] the net column shift of a combat in the environ with these leaders, in the attacker's favour. */
export function combatShift(
  game: Game,
  environ: number,
  attacker: SideId,
  leaders: { rebel: number; imperial: number },
  rebellion: boolean,
): number {
  const c = game.world.c;
  const lead = (ch: number) => (ch ? (c.Character.leadership[ch] as number) : 0);
  const type = c.Environ.type[environ];
  return shiftFromFacts(
    {
      rebelLeadership: lead(leaders.rebel),
      imperialLeadership: lead(leaders.imperial),
      rebelUnitOfEnvironType: unitsIn(game, environ, 'rebel').some((u) => c.Unit.environType[u] === type),
      urban: type === URBAN,
      rebellion,
    },
    attacker,
  );
}

interface EnvironCombatData {
  environ: number;
  attacker: SideId;
  rebellion: boolean;
  stage?: string;
  leaders?: { rebel: number; imperial: number };
  attackerLoss?: number;
  defenderLoss?: number;
  result?: Json;
  [key: string]: Json | undefined;
}

/** Procedure `environ-combat`: `{ environ, attacker, rebellion }` — one round of combat in one environ [10.0]. */
export const environCombat: Procedure = {
  step(game: Game, frame: Frame): Step {
    const d = frame.data as unknown as EnvironCombatData;
    const defender = enemyOf(d.attacker);
    const env = d.environ;
    d.stage ??= 'leaders';
    d.leaders ??= { rebel: -1, imperial: -1 };
    if (d.stage === 'leaders') {
      // [10.0 step 3, 10.4, 10.43] each side names at most one leader, attacker first
      for (const side of [d.attacker, defender]) {
        if (d.leaders[side] !== -1) continue;
        const candidates = leaderCandidates(game, env, side);
        if (candidates.length <= 1) {
          d.leaders[side] = candidates[0] ?? 0;
          continue;
        }
        return {
          decide: {
            side,
            kind: 'name-leader',
            prompt: `Name the leader of your units in ${nameOf(game, env)}.`,
            rule: '[10.4]',
            options: candidates.map((character) => ({ type: 'name-leader', side, character })),
          },
        };
      }
      d.stage = 'fight';
    }
    if (d.stage === 'fight') {
      fight(game, d);
      d.stage = 'defender-losses';
    }
    if (d.stage === 'defender-losses') {
      d.stage = 'attacker-losses';
      return { push: { proc: 'allocate-losses', data: { side: defender, units: unitsIn(game, env, defender), loss: d.defenderLoss ?? 0, rule: '[10.3]' } } };
    }
    if (d.stage === 'attacker-losses') {
      d.stage = 'squad';
      return { push: { proc: 'allocate-losses', data: { side: d.attacker, units: unitsIn(game, env, d.attacker), loss: d.attackerLoss ?? 0, rule: '[10.3]' } } };
    }
    if (d.stage === 'squad') {
      d.stage = 'done';
      const squad = squadAttack(game, env, d.leaders);
      if (squad) return squad;
    }
    return { done: true };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    const d = frame.data as unknown as EnvironCombatData;
    if (command.type === 'name-leader' && d.leaders) d.leaders[command.side] = command.character as number;
  },
};

function fight(game: Game, d: EnvironCombatData) {
  const defender = enemyOf(d.attacker);
  const env = d.environ;
  const leaders = d.leaders as { rebel: number; imperial: number };
  // [13.71] leading units is doing something (markBusy counts it only in the leader's own player-turn)
  for (const leader of [leaders.rebel, leaders.imperial]) if (leader > 0) markBusy(game, leader, 'led units in combat');
  const attackUnits = unitsIn(game, env, d.attacker);
  const defendUnits = unitsIn(game, env, defender);
  const attack = strengthOf(game, attackUnits);
  const defence = strengthOf(game, defendUnits);
  const base = ratioColumn(game.content.tables, attack, defence);
  const shift = combatShift(game, env, d.attacker, leaders, d.rebellion);
  const withLeader = leaders.rebel > 0 || leaders.imperial > 0;
  const column = shiftColumn(game.content.tables, base, shift, withLeader);
  const attackerDie = game.rng.d6(); // [10.0 step 7] for the defender's loss
  const defenderDie = game.rng.d6(); // [10.0 step 9] for the attacker's loss
  const { defenderLoss } = combatResult(game, column, attackerDie);
  const { attackerLoss } = combatResult(game, column, defenderDie);
  d.attackerLoss = attackerLoss;
  d.defenderLoss = defenderLoss;
  const columns = game.content.tables.militaryCombat.columns;
  // [7.22] strengths are revealed to both sides when the units are used
  emit(game, {
    kind: 'military-combat',
    text:
      `${d.rebellion ? 'Rebellion combat' : 'Combat'} in ${nameOf(game, env)}: the ${d.attacker} (${attack}) attacks the ${defender} (${defence}); ` +
      `${columns[base]} shifted ${shift >= 0 ? '+' : ''}${shift} to ${columns[column]}; dice ${attackerDie} and ${defenderDie}: ` +
      `${d.attacker} loses ${attackerLoss}, ${defender} loses ${defenderLoss}.`,
    rule: d.rebellion ? '[10.7]' : '[10.0]',
    visibleTo: 'all',
    entities: [env, ...attackUnits, ...defendUnits],
  });
}

/**
 * [10.45, 10.6] when one side's units are all eliminated and the other's are not, the characters of the
 * beaten side there are attacked at once by a squad of the survivors' strength (character-combat).
 */
function squadAttack(game: Game, env: number, leaders: { rebel: number; imperial: number }): Step | null {
  for (const beaten of ['rebel', 'imperial'] as const) {
    const winner = enemyOf(beaten);
    const survivors = unitsIn(game, env, winner);
    const defenders = charactersIn(game, env, beaten);
    if (unitsIn(game, env, beaten).length || !survivors.length || !defenders.length) continue;
    const data = {
      environ: env,
      attackerSide: winner,
      attacker: { kind: 'squad', strength: strengthOf(game, survivors), leader: leaders[winner] > 0 ? leaders[winner] : 0, units: survivors },
      defenders,
    };
    return { push: { proc: 'character-combat', data } };
  }
  return null;
}

// ---------------------------------------------------------------- the segment

/** Environs where both sides have military units [10.0]. */
export function contestedEnvirons(game: Game, among = environsInPlay(game)): number[] {
  // counted, not listed: asked of every environ in play at each step of the segment
  return among.filter((env) => unitCountIn(game, env, 'rebel') > 0 && unitCountIn(game, env, 'imperial') > 0);
}

/** Procedure `military-combat`: the military combat segment [10.0, 10.1]. */
export const militaryCombatSegment: Procedure = {
  step(game: Game, frame: Frame): Step {
    const side = phasing(game);
    if (!side) return { done: true };
    const d = frame.data as { done?: number[]; current?: number; declined?: SideId[]; fought?: boolean };
    d.done ??= [];
    if (d.current && d.fought) {
      d.done.push(d.current);
      delete d.current;
      d.fought = false;
    }
    if (!d.current) {
      const open = contestedEnvirons(game).filter((e) => !(d.done as number[]).includes(e));
      if (!open.length) return { done: true };
      if (open.length > 1)
        return {
          decide: {
            side,
            kind: 'combat-order',
            prompt: 'Choose the next environ where combat may be declared.',
            rule: '[10.0]',
            options: open.map((environ) => ({ type: 'next-environ', side, environ })),
          },
        };
      d.current = open[0];
      d.declined = [];
    }
    const env = d.current as number;
    if (!contestedEnvirons(game, [env]).length) {
      d.fought = true;
      return militaryCombatSegment.step(game, frame);
    }
    // [10.1] the phasing player first, then the other, may declare
    const decider = (d.declined ?? []).includes(side) ? enemyOf(side) : side;
    if ((d.declined ?? []).includes(decider)) {
      d.fought = true;
      return militaryCombatSegment.step(game, frame);
    }
    return {
      decide: {
        side: decider,
        kind: 'declare-combat',
        prompt: `Attack the enemy units in ${nameOf(game, env)}?`,
        rule: '[10.1]',
        options: [
          { type: 'declare-combat', side: decider, environ: env },
          { type: 'no-combat', side: decider, environ: env },
        ],
        context: { environ: env, ownStrength: strengthOf(game, unitsIn(game, env, decider)) },
      },
    };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    const d = frame.data as { current?: number; declined?: SideId[]; fought?: boolean };
    if (command.type === 'next-environ') {
      d.current = command.environ as number;
      d.declined = [];
    } else if (command.type === 'no-combat') {
      d.declined = [...(d.declined ?? []), command.side];
    } else if (command.type === 'declare-combat') {
      d.fought = true;
      // the combat runs next, before this segment goes on
      interrupt(game, { proc: 'environ-combat', data: { environ: d.current as number, attacker: command.side, rebellion: false } });
    }
  },
};


/**
 * Procedure `rebellion-combat`: `{ planet }`. [10.7, 15.4] at once when a planet rises, the Rebel may
 * attack the Imperial units in each environ of the planet where both sides have units; his units get
 * one shift even without a leader. Pushed (or interrupted) by the rebellion system.
 */
export const rebellionCombat: Procedure = {
  step(game: Game, frame: Frame): Step {
    const d = frame.data as { planet: number; done?: number[] };
    d.done ??= [];
    const open = contestedEnvirons(game, environsOf(game.world, d.planet)).filter((e) => !(d.done as number[]).includes(e));
    const env = open[0];
    if (env === undefined) return { done: true };
    return {
      decide: {
        side: 'rebel',
        kind: 'declare-combat',
        prompt: `The rebellion may attack the Imperial units in ${nameOf(game, env)}. Attack?`,
        rule: '[10.7]',
        options: [
          { type: 'declare-combat', side: 'rebel', environ: env },
          { type: 'no-combat', side: 'rebel', environ: env },
        ],
        // the same facts as any declaration, so the player sees the odds before a rebellion attacks too
        context: { environ: env, ownStrength: strengthOf(game, unitsIn(game, env, 'rebel')) },
      },
    };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    const d = frame.data as { planet: number; done?: number[] };
    const env = command.environ as number;
    d.done = [...(d.done ?? []), env];
    if (command.type === 'declare-combat') interrupt(game, { proc: 'environ-combat', data: { environ: env, attacker: 'rebel', rebellion: true } });
  },
};
