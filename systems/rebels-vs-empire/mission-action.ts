/**
 * Mission action segment [13.0 steps 2-4, 13.3-13.52]: environ by environ, in the order the phasing
 * player chooses [13.0], action cards are drawn one at a time, up to the environ's size in total for all
 * its groups [13.3, Mission SRS notes]. Before each draw the player may stop drawing, or stop one mission
 * (a continuing mission then completes with what it has [13.52]). Each card's event is resolved first,
 * then its letters [13.3]. When the environ's draws are used up, the groups still active wait for their
 * bonus draws [13.6] (a rebel camp, which never gets any, completes at once [13.2]).
 */
import type { Command, Frame, Game, Procedure, Step } from '../../src/core/engine/types';
import { nameOf } from '../../src/core/names';
import { cardsDrawnAt, drawForEnviron } from './action-cards';
import { answerEffect, completeGroup, effectQueue, failGroup, runEffects } from './mission-effects';
import { activeGroups, describeGroup, groupById, isContinuing, missionPhase, type MissionGroup } from './missions';
import { phasing } from './sides';

/** Environs with groups still to resolve this phase, in id order. */
function environsToResolve(game: Game, done: number[]): number[] {
  const envs = new Set((missionPhase(game)?.groups ?? []).filter((g) => g.status === 'active').map((g) => g.environ));
  return [...envs].filter((e) => !done.includes(e)).sort((a, b) => a - b);
}

/** A group stops (by choice, or by the player stopping all draws). */
function stopGroup(game: Game, frame: Frame, group: MissionGroup): void {
  const queue = effectQueue(frame);
  // [13.52] a continuing mission stopped is complete with all it accumulated
  if (isContinuing(game, group) && group.letters > 0) completeGroup(game, queue, group);
  else failGroup(game, queue, group, 'stopped');
}

export const missionAction: Procedure = {
  step(game: Game, frame: Frame): Step {
    const side = phasing(game);
    const phase = missionPhase(game);
    if (!side || !phase || phase.side !== side) return { done: true };
    const d = frame.data;
    if (!Array.isArray(d.done)) {
      d.done = [];
      d.environ = 0;
    }
    for (;;) {
      const pending = runEffects(game, frame);
      if (pending) return pending;
      const environ = d.environ as number;
      if (!environ) {
        const remaining = environsToResolve(game, d.done as number[]);
        if (!remaining.length) return { done: true };
        if (remaining.length === 1) {
          startEnviron(d, remaining[0] as number);
          continue;
        }
        // [13.0] the order is up to the phasing player
        return {
          decide: {
            side,
            kind: 'choose-mission-environ',
            prompt: 'Choose the environ whose missions are resolved next.',
            rule: '[13.0]',
            options: remaining.map((env) => ({ type: 'resolve-environ', side, environ: env })),
          },
        };
      }
      const groups = activeGroups(game, environ);
      if (!groups.length) {
        (d.done as number[]).push(environ);
        d.environ = 0;
        continue;
      }
      const size = game.world.c.Environ.size[environ] as number;
      if ((d.draws as number) >= size) {
        // [13.3, 13.52] the environ's draws are used up: on to the bonus draws [13.6]
        for (const group of groups) {
          if (group.camp) completeGroup(game, effectQueue(frame), group); // [13.2] a camp never gets bonus draws
          else group.status = 'exhausted';
        }
        (d.done as number[]).push(environ);
        d.environ = 0;
        continue;
      }
      const options: Command[] = [
        { type: 'draw-action', side, environ },
        { type: 'stop-drawing', side, environ },
      ];
      for (const group of groups) options.push({ type: 'stop-mission', side, group: group.id });
      return {
        decide: {
          side,
          kind: 'mission-draw',
          prompt: `Missions at ${nameOf(game, environ)}: draw action card ${(d.draws as number) + 1} of ${size}, stop one mission, or stop drawing.`,
          rule: '[13.3]',
          options,
          context: {
            draws: d.draws as number,
            size,
            groups: groups.map((g) => `${describeGroup(game, g)}: ${g.letters} letter(s)`),
          },
        },
      };
    }
  },
  answer(game: Game, frame: Frame, command: Command): void {
    if (answerEffect(game, frame, command)) return;
    const d = frame.data;
    if (command.type === 'resolve-environ') return startEnviron(d, command.environ as number);
    const environ = d.environ as number;
    if (command.type === 'draw-action') {
      d.draws = (d.draws as number) + 1;
      drawForEnviron(game, environ, command.side, d.seen as string[], effectQueue(frame));
      return;
    }
    if (command.type === 'stop-mission') return stopGroup(game, frame, groupById(game, command.group as number));
    if (command.type === 'stop-drawing') {
      // [13.3] the groups may stop drawing at any time; then no bonus draws [13.3]
      for (const group of activeGroups(game, environ)) stopGroup(game, frame, group);
    }
  },
};

function startEnviron(d: Frame['data'], environ: number): void {
  d.environ = environ;
  d.draws = 0;
  d.seen = [];
}

/**
 * The environ whose missions are being resolved and its draws so far, for the odds of the next draw: how
 * many counted [13.3], the events drawn [13.42] and the numbers of every card drawn, the ignored ones too.
 * Null outside the mission action segment or between environs.
 */
export function drawsAtEnviron(game: Game): { environ: number; draws: number; seen: string[]; drawn: number[] } | null {
  const d = game.stack.find((f) => f.proc === 'mission-action')?.data;
  if (!d || typeof d.environ !== 'number' || !d.environ) return null;
  return { environ: d.environ, draws: typeof d.draws === 'number' ? d.draws : 0, seen: Array.isArray(d.seen) ? (d.seen as string[]) : [], drawn: cardsDrawnAt(game, d.environ) };
}
