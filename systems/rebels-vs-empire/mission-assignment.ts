/**
 * Mission assignment segment [13.0 step 1, 13.1]: the phasing player assigns any or all of his eligible
 * characters, environ by environ, to missions; each character to one mission; the characters of an
 * environ on the same mission form one group [13.1]. A rebel camp performs its own mission [13.2].
 *
 * Two small decisions at a time: pick a character (or camp), or finish; then pick his mission (or go
 * back). Characters left out do nothing (and may heal [13.71]).
 */
import { MISSION_LETTERS, type MissionLetterId, type SideId } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Command, Frame, Game, Procedure, Step } from '../../src/core/engine/types';
import { environOf, has } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { beginMissionPhase, eligibleCharacters, groupOn, groupsIn, missionAllowed, missionCard, missionPhase, onMission, type MissionGroup, type MissionHere, type MissionPhase } from './missions';
import { possessionBonusDraws } from './possessions';
import { campIn } from './rebel-camp';
import { isCharacter, phasing, sideIndexOf } from './sides';

/**
 * The characters (and rebel camps) that may be sent on a mission now, environ by environ: each offered
 * as soon as one mission is open to him (his missions are listed only once he is picked).
 */
function assignablePieces(game: Game, phase: MissionPhase, side: SideId): number[] {
  const pieces: number[] = [];
  for (const environ of environsWithCandidates(game, side)) {
    for (const character of eligibleCharacters(game, environ, side)) {
      if (onMission(game, character)) continue; // [13.1] one mission per character
      if (pieceOptions(game, phase, side, character, true).length) pieces.push(character);
    }
    // [13.2] a rebel camp performs one mission of its own, with no characters
    const camp = side === 'rebel' ? campIn(game, environ) : 0;
    if (camp && !phase.groups.some((g) => g.camp === camp) && pieceOptions(game, phase, side, camp, true).length) pieces.push(camp);
  }
  return pieces;
}

/**
 * The environs in play where the side has a character or (the Rebel) a camp, in id order: the only ones
 * that can hold a candidate. Found from the pieces, not by reading every environ in play (most are empty,
 * and the picks are listed again at every decision).
 */
function environsWithCandidates(game: Game, side: SideId): number[] {
  const w = game.world;
  const index = sideIndexOf(game, side);
  const environs: number[] = [];
  for (const character of w.byKind.character ?? []) if (w.c.Owner.side[character] === index) addEnvironInPlay(game, environs, environOf(w, character));
  if (side === 'rebel') for (const camp of w.byKind.camp ?? []) addEnvironInPlay(game, environs, environOf(w, camp));
  return environs.sort((a, b) => a - b);
}

function addEnvironInPlay(game: Game, environs: number[], environ: number): void {
  if (environ && !environs.includes(environ) && has(game.world, environ, game.world.c.InPlay)) environs.push(environ);
}

/** One character's or camp's legal assignments (he is a candidate: see `assignablePieces`); `one`: stop at the first. Also read by the board, to offer a mission first [issue 44]. */
export function pieceOptions(game: Game, phase: MissionPhase, side: SideId, piece: number, one = false): Command[] {
  const environ = environOf(game.world, piece);
  const options: Command[] = [];
  for (const letter of MISSION_LETTERS) {
    if (isCharacter(game, piece)) {
      const companions = groupOn(phase, environ, letter)?.members ?? [];
      if (!missionAllowed(game, letter, side, environ, piece, companions)) continue;
      options.push({ type: 'assign-mission', side, character: piece, letter, declare: false });
      if (one) break;
      // [14.27] a possession's bonus draws count only if declared at the outset (using it may cost it)
      if (possessionBonusDraws(game, piece, letter).used.length) options.push({ type: 'assign-mission', side, character: piece, letter, declare: true });
    } else if (missionAllowed(game, letter, side, environ, piece)) {
      options.push({ type: 'assign-camp', side, camp: piece, letter });
      if (one) break;
    }
  }
  return options;
}

/** Is this piece still a candidate for a mission (a free eligible character not yet on one, or an idle camp)? */
function isCandidate(game: Game, phase: MissionPhase, side: SideId, piece: number): boolean {
  const environ = environOf(game.world, piece);
  if (!environ) return false;
  if (isCharacter(game, piece)) return eligibleCharacters(game, environ, side).includes(piece) && !onMission(game, piece);
  return side === 'rebel' && campIn(game, environ) === piece && !phase.groups.some((g) => g.camp === piece);
}

export const missionAssignment: Procedure = {
  step(game: Game, frame: Frame): Step {
    const side = phasing(game);
    if (!side) return { done: true };
    if (!frame.data.started) {
      frame.data.started = true;
      beginMissionPhase(game, side);
    }
    if (frame.data.finished) return { done: true };
    const phase = missionPhase(game);
    if (!phase) return { done: true };
    // Two small steps: pick a character (or camp), then his mission.
    const picked = frame.data.picked as number | undefined;
    if (picked) {
      const options = isCandidate(game, phase, side, picked) ? pieceOptions(game, phase, side, picked) : [];
      if (!options.length && !assignablePieces(game, phase, side).length) return { done: true };
      options.push({ type: 'cancel-pick', side });
      return {
        decide: {
          side,
          kind: 'assign-mission',
          // a camp holds no possessions, so only a character's prompt speaks of declaring them [14.27]
          prompt: isCharacter(game, picked)
            ? `Choose the mission for ${nameOf(game, picked)}, declaring or not the possessions that add bonus draws to it [14.27].`
            : `Choose the mission for ${nameOf(game, picked)}.`,
          rule: '[13.1]',
          options,
          context: { missionsHere: missionsHere(phase, environOf(game.world, picked)) },
        },
      };
    }
    const pieces = assignablePieces(game, phase, side);
    if (!pieces.length) return { done: true };
    const options: Command[] = pieces.map((piece) => ({ type: 'pick-for-mission', side, piece }));
    options.push({ type: 'end-assignment', side });
    return {
      decide: {
        side,
        kind: 'pick-for-mission',
        prompt: 'Choose a character (or a rebel camp) to send on a mission, or finish assigning.',
        rule: '[13.1]',
        options,
      },
    };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    if (command.type === 'end-assignment') {
      frame.data.finished = true;
      return;
    }
    if (command.type === 'pick-for-mission') {
      frame.data.picked = command.piece as number;
      return;
    }
    delete frame.data.picked;
    if (command.type === 'cancel-pick') return;
    const phase = missionPhase(game);
    if (!phase) throw new Error('no mission phase');
    const letter = command.letter as MissionLetterId;
    const w = game.world;
    if (command.type === 'assign-camp') {
      const camp = command.camp as number;
      const environ = environOf(w, camp);
      phase.groups.push(newGroup(phase.groups.length + 1, environ, letter, [], camp));
      emit(game, { kind: 'mission-assigned', text: `The rebel camp at ${nameOf(game, environ)} takes up ${missionCard(game, letter).name}.`, rule: '[13.2]', visibleTo: command.side });
      return;
    }
    const character = command.character as number;
    const environ = environOf(w, character);
    let group = groupOn(phase, environ, letter);
    if (!group) {
      group = newGroup(phase.groups.length + 1, environ, letter, [], 0);
      phase.groups.push(group);
    }
    join(game, group, character, command.declare === true);
    emit(game, {
      kind: 'mission-assigned',
      text: `${nameOf(game, character)} goes on ${missionCard(game, letter).name} at ${nameOf(game, environ)}.`,
      rule: '[13.1]',
      visibleTo: command.side,
      entities: [character],
    });
  },
};

/** The side's own missions already taken up in an environ, for the mission choice (`MissionHere`). */
function missionsHere(phase: MissionPhase, environ: number): MissionHere[] {
  return groupsIn(phase, environ).map((g) => ({ letter: g.letter, members: [...g.members] }));
}

/** [13.1, 14.27] a character joins a group, with the possessions he declares for its bonus draws. */
function join(game: Game, group: MissionGroup, character: number, declare: boolean): void {
  group.members.push(character);
  if (declare) group.declared.push(...possessionBonusDraws(game, character, group.letter).used);
}

/**
 * The group a character would be in were he assigned this mission now (declaring his possessions or
 * not), or the camp's own: a copy, for the odds a player reads before he chooses [13.6]; the phase is
 * left as it is.
 */
export function groupIfAssigned(game: Game, piece: number, letter: MissionLetterId, declare: boolean): MissionGroup {
  const environ = environOf(game.world, piece);
  if (game.world.kinds[piece] === 'camp') return newGroup(0, environ, letter, [], piece);
  const phase = missionPhase(game);
  const now = phase ? groupOn(phase, environ, letter) : undefined;
  const group = now ? { ...now, members: [...now.members], declared: [...now.declared] } : newGroup(0, environ, letter, [], 0);
  join(game, group, piece, declare);
  return group;
}

function newGroup(id: number, environ: number, letter: MissionLetterId, members: number[], camp: number): MissionGroup {
  return { id, environ, letter, members, camp, status: 'active', letters: 0, searched: false, windfall: 0, declared: [] };
}
