/**
 * [issue 53] Choices of a piece, each a marker where the piece stands (a column of them where several
 * stand together): who takes a wound [12.7], who hides [11.0], which unit is lost [10.3], who leads
 * [10.4], who guards a prisoner [12.81], who takes a ship [14.55, 14.61] or a possession [14.11, 14.12],
 * whom a mission kills, frees, subverts or gains [13.2]. A character gained from the reserve stands
 * nowhere yet: he is offered where the mission that gains him is performed (the group at the head of the
 * effects queue). An answer that gives to
 * nobody is a button beside the question (forms.ts).
 */
import type { Command, Decision, Game } from '../../core/engine/types';
import { environOf, refOf } from '../../core/world/world';
import { currentCombat, remainingEndurance } from '../../../systems/rebels-vs-empire/character-combat';
import { groupById } from '../../../systems/rebels-vs-empire/missions';
import { describeOption, entityName } from '../describe';
import { ratingsOf } from '../option-facts';
import { heldPick, type Dest, type Mover } from './types';

/** Each kind: its marker's sign, the option's field naming the piece whose place it stands at, and the marker's words. */
const PIECES: Record<string, { sign: string; at: string; mark: (game: Game, o: Command, d: Decision) => string }> = {
  'assign-wound': { sign: '✚', at: 'character', mark: (g, o, d) => `${name(g, o.character, d)} · ${remainingEndurance(g, o.character as number)} left` },
  'choose-hider': { sign: '◌', at: 'character', mark: (g, o, d) => `hide behind ${name(g, o.character, d)}` },
  'allocate-losses': { sign: '✕', at: 'unit', mark: (g, o, d) => `lose ${name(g, o.unit, d)}` },
  'name-leader': { sign: '★', at: 'character', mark: (g, o, d) => `${name(g, o.character, d)} leads` },
  'assign-guard': { sign: '⊗', at: 'guard', mark: (g, o, d) => `${name(g, o.guard, d)} guards ${name(g, o.prisoner, d)}` },
  'reassign-spaceship': { sign: '✈', at: 'character', mark: (g, o, d) => `${name(g, o.character, d)} takes ${name(g, o.ship, d)}` },
  'receive-imperial-ship': { sign: '✈', at: 'knight', mark: (g, o, d) => `${name(g, o.ship, d)} to ${name(g, o.knight, d)}` },
  'assign-possession': { sign: '✚', at: 'character', mark: (g, o, d) => `${name(g, o.character, d)} takes ${name(g, o.possession, d)}` },
  'transfer-possession': { sign: '⇄', at: 'to', mark: (g, o, d) => `${name(g, o.possession, d)} to ${name(g, o.to, d)}` },
  'mission-assassinate': { sign: '☠', at: 'target', mark: (g, o, d) => `kill ${name(g, o.target, d)}` },
  'mission-free': { sign: '⊗', at: 'prisoner', mark: (g, o, d) => `free ${name(g, o.prisoner, d)}` },
  'mission-subvert': { sign: '✕', at: 'unit', mark: (g, o, d) => `subvert ${name(g, o.unit, d)}` },
  'mission-possession': { sign: '✚', at: 'character', mark: (g, o, d) => `${name(g, o.character, d)} takes it` },
  'mission-gain': { sign: '✦', at: 'character', mark: (g, o, d) => `gain ${name(g, o.character, d)}` },
};

function name(game: Game, eid: unknown, d: Decision): string {
  return typeof eid === 'number' ? entityName(game, eid, d.side) : '';
}

export const PIECE_KINDS = Object.keys(PIECES);

/**
 * [13.2] the environ of the mission whose success asks this choice: the group at the head of the effects
 * queue being run (in the action segment or the bonus draws). Read, never written.
 */
function missionEnviron(game: Game): number {
  for (const frame of [...game.stack].reverse()) {
    const queue = frame.data.queue;
    const head = Array.isArray(queue) ? queue[0] : undefined;
    if (head && typeof head === 'object' && !Array.isArray(head) && head.do === 'choose' && typeof head.group === 'number') return groupById(game, head.group).environ;
  }
  return 0;
}

/** What the marker's hover adds for a character chosen: his ratings, and, wounded in combat, what he has left [12.7]. */
function pieceFacts(game: Game, o: Command, d: Decision, detail: string | undefined): string | undefined {
  if (d.kind === 'assign-wound') return `endurance left ${remainingEndurance(game, o.character as number)}, combat ${currentCombat(game, o.character as number)} [12.7]`;
  if (d.kind === 'mission-gain' || d.kind === 'name-leader') return [detail, ratingsOf(game, o.character as number)].filter(Boolean).join('; ');
  return detail;
}

/**
 * The decision's pieces to choose, each a marker where it stands (a reserve character where the mission
 * that gains him is performed). An option naming no piece (a ship given to nobody) is left
 * to the buttons.
 */
export function pieceForm(game: Game, d: Decision): { movers: Mover[] } {
  const kind = PIECES[d.kind];
  if (!kind) return { movers: [] };
  const w = game.world;
  const missionAt = d.kind.startsWith('mission-') ? missionEnviron(game) : 0;
  const dests: Dest[] = [];
  for (const o of d.options) {
    const piece = o[kind.at];
    if (typeof piece !== 'number' || !piece) continue;
    const environ = environOf(w, piece) || missionAt;
    if (!environ) continue;
    const info = describeOption(game, o, d);
    dests.push({ place: refOf(w, environ), label: info.label, odds: pieceFacts(game, o, d, info.detail), warning: info.warning, commands: [o], mark: `${kind.sign} ${kind.mark(game, o, d)}` });
  }
  return { movers: dests.length ? [heldPick(d.prompt, dests, kind.sign)] : [] };
}
