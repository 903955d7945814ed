/**
 * The Chaos Operations phase: Chaos Colonization first, then each Chaos stack's operation, and the Institute's check.
 */
import type { Command, Procedure } from '../../../src/core/engine/types';
import { allyTargets, chaosAttack, empireRecruits, operate, usurpation } from '../forces';
import {
  chaosStacks,
  contentOf,
  d10,
  livingNebulaAt,
  forceName,
  forceOf,
  sectorName,
  sectorNumber,
  sectorsWithin,
  stackMovement,
  stateOf,
  tell,
  unitsIn,
  unitStrength,
  type ChaosStack,
  type Side,
  type SolitaireGame,
} from '../state';
import { drawCounter } from '../setup';
import { decide } from './step';

interface OperationsData {
  stacks?: { id: string; units: number[] }[];
  i?: number;
  stage?: 'roll' | 'ally-move' | 'ally-attack';
}

/** A stack as it is now: its units still on the Chaos side, where they stand. */
function liveStack(game: SolitaireGame, snapshot: { id: string; units: number[] }): ChaosStack | null {
  const s = stateOf(game);
  const units = s.units.filter((u) => snapshot.units.includes(u.id) && u.side === 'chaos');
  if (!units.length) return null;
  const first = units[0]!;
  const together = units.filter((u) => u.sector === first.sector && u.force === first.force);
  const force = forceOf(game, first.force);
  return { id: snapshot.id, kind: force?.kind ?? 'rebel', force, sector: first.sector, units: together };
}

/** Chaos Colonization [001 32.0 Colonization]: a Chaos system on the highest-numbered sector without one. */
function chaosColonization(game: SolitaireGame): void {
  const s = stateOf(game);
  for (let i = 0; i < s.fx.colonizations; i++) {
    const empty = [...contentOf(game).sectors].reverse().find((x) => !s.systems[x]);
    if (!empty) return void tell(game, 'colonize', 'Chaos Colonization: every sector has a system; no effect.', '[001 32.0 Colonization]');
    const [resource, military, morph] = drawCounter(game, empty);
    const ie = unitsIn(game, empty, 'chaos').map((u) => forceOf(game, u.force)).find((f) => f?.kind === 'independent');
    s.systems[empty] = { side: 'chaos', resource, military, morph, force: ie?.id ?? null };
    tell(game, 'colonize', `Chaos colonizes ${sectorName(game, empty)}${ie ? ` for ${forceName(game, ie)}` : ''}.`, '[001 32.0 Colonization]', { sector: empty });
  }
  s.fx.colonizations = 0;
}

export const operationsPhase: Procedure<SolitaireGame> = {
  step(game, frame) {
    const d = frame.data as OperationsData;
    const s = stateOf(game);
    if (!d.stacks) {
      chaosColonization(game);
      // each Independent Empire recruits once, into its stack (or at home when it has none) [docs/rules.md]
      for (const force of s.forces.filter((f) => f.kind === 'independent')) empireRecruits(game, force);
      d.stacks = chaosStacks(game).map((st) => ({ id: st.id, units: st.units.map((u) => u.id) }));
      d.i = 0;
      d.stage = 'roll';
      tell(game, 'phase', `Chaos Operations: ${d.stacks.length} Chaos stacks act.`, '[001 Chaos Operations]');
    }
    for (; d.i! < d.stacks.length; d.i!++, d.stage = 'roll') {
      const stack = liveStack(game, d.stacks[d.i!]!);
      if (!stack) continue;
      if (d.stage === 'roll') {
        if (stack.force?.kind === 'usurper') {
          usurpation(game, stack.force);
          if (!liveStack(game, d.stacks[d.i!]!)?.force) continue; // gone loyal or dissolved: no operations this turn
        }
        const now = liveStack(game, d.stacks[d.i!]!)!;
        if (s.fx.alliance === now.id) {
          d.stage = 'ally-move';
          const steps = stackMovement(game, now.units);
          // [001 32.0 Aliens—Living Nebula] "no units may exit the sector containing the Living Nebula during
          // movement": a stack that enters one stops there, and one that starts in one stays
          let targets = [...sectorsWithin(game, now.sector, steps, (x) => !livingNebulaAt(game, x)).keys()];
          if (now.force?.kind === 'independent' && now.force.home) {
            const home = now.force.home;
            targets = targets.filter((x) => x === now.sector || x === home || contentOf(game).neighbours.get(home)!.includes(x));
          }
          return decide(
            'chaos-alliance-move',
            `Alliance: move ${forceName(game, now.force)} from ${sectorName(game, now.sector)} (up to ${steps} sectors).`,
            '[001 32.0 Alliance]',
            targets.sort((a, b) => sectorNumber(game, a) - sectorNumber(game, b)).map((to) => ({ type: 'ally-move', side: 'empire', to })),
          );
        }
        const die = d10(game);
        const op = contentOf(game).file.operationsTable[now.kind][die]!;
        tell(game, 'chaos-operations', `${forceName(game, now.force)} in ${sectorName(game, now.sector)} roll ${die} on the Chaos Operations table: ${op}.`, '[001 Chaos Operations]', {
          sector: now.sector, die, operation: op,
        });
        operate(game, now, op);
        continue;
      }
      if (d.stage === 'ally-attack') {
        // the Empire there, or any other Chaos force: only "other units of the same Empire" are barred [001 32.0 Alliance]
        const options: Command<Side>[] = [];
        if (imperialIn(game, stack.sector)) options.push({ type: 'ally-attack', side: 'empire' });
        for (const target of allyTargets(game, stack)) options.push({ type: 'ally-attack', side: 'empire', target: target.id });
        options.push({ type: 'ally-hold', side: 'empire' });
        return decide('chaos-alliance-attack', `Alliance: attack with ${forceName(game, stack.force)} in ${sectorName(game, stack.sector)}?`, '[001 32.0 Alliance]', options);
      }
    }
    return { done: true };
  },
  answer(game, frame, command) {
    const d = frame.data as OperationsData;
    const stack = liveStack(game, d.stacks![d.i!]!)!;
    if (command.type === 'ally-move') {
      const from = stack.sector;
      for (const u of stack.units) u.sector = command.to as string;
      if (from !== command.to) tell(game, 'chaos-operations', `Alliance: ${forceName(game, stack.force)} move to ${sectorName(game, command.to as string)}.`, '[001 32.0 Alliance]');
      const canAttack = imperialIn(game, command.to as string) || allyTargets(game, { ...stack, sector: command.to as string }).length > 0;
      if (canAttack) d.stage = 'ally-attack';
      else (d.i! += 1), (d.stage = 'roll');
    } else {
      if (command.type === 'ally-attack') {
        const target = command.target === undefined ? undefined : chaosStacks(game).find((st) => st.id === command.target);
        chaosAttack(game, stack, target);
      }
      d.i! += 1;
      d.stage = 'roll';
    }
  },
};

/** Imperial units or an Imperial system in a sector. */
function imperialIn(game: SolitaireGame, sector: string): boolean {
  return unitsIn(game, sector, 'empire').length > 0 || stateOf(game).systems[sector]?.side === 'empire';
}

/** The Institute goes back to the pool when a Chaos force of strength 6 or more stands in its sector [001 32.0 The Institute 3]. */
export function instituteCheck(game: SolitaireGame): void {
  const s = stateOf(game);
  if (!s.institute) return;
  const sector = s.institute;
  for (const st of chaosStacks(game).filter((x) => x.sector === sector)) {
    const mil = st.units.reduce((n, u) => n + unitStrength(game, u, 'military', false), 0);
    const morph = st.units.reduce((n, u) => n + unitStrength(game, u, 'morph', false), 0);
    if (mil >= 6 || morph >= 6) {
      s.institute = null;
      s.pool.push('institute');
      tell(game, 'chaos-event', `${forceName(game, st.force)} overrun the Institute in ${sectorName(game, sector)}; its marker goes back to the pool.`, '[001 32.0 The Institute 3]');
      return;
    }
  }
}
