/**
 * [issue 56] A tutorial's game in the play worker: the tutorial's script (src/tutorial/compile.ts) says
 * every command of the game, and how far the game may go now (`limit`: the page's guide moves it on step
 * by step). The opponent answers from the script, as an AI agent does, at the AI's pace; the player's
 * answers are taken only when they make the command the step teaches (the board lights only that one: the
 * page gates the board's markers with the same test, src/ui/play/board/map-play.ts). A move on the map is
 * several commands at once (the pieces picked, then where they go): the gesture of the script's commands,
 * its pieces in any order. Needless questions are answered as the script answered them.
 */
import type { Agent } from '../../ai/agent';
import { gestureFrom, taughtCommands } from '../../tutorial/gesture';
import type { Command, Game } from '../../core/engine/types';

export interface GuidedScript {
  /** Every command of the tutorial's game, in order, each with who makes it. */
  commands: { command: Command; by: 'prelude' | 'player' | 'opponent' | 'auto' }[];
  /** How many commands the game may reach now. */
  limit: number;
}

/** The next command of the script, if the game may make it now. */
function nextOf(game: Game, script: GuidedScript): GuidedScript['commands'][number] | null {
  const i = game.log.length;
  return i < script.limit ? (script.commands[i] ?? null) : null;
}

/** The opponent's agent: the script's answer, whatever it is asked (the tutorial was checked to ask it so). */
export function scriptedAgent(game: () => Game | null, script: () => GuidedScript | null): Agent {
  return {
    name: 'tutorial',
    readsView: false,
    decide(_view, decision) {
      const g = game();
      const s = script();
      const next = g && s ? s.commands[g.log.length] : undefined;
      if (!next || next.by !== 'opponent' || next.command.side !== decision.side) throw new Error(`the tutorial's script has no answer for ${decision.side} here`);
      return next.command;
    },
  };
}

/** Whether the opponent may play now (its command is next, within the limit). */
export function opponentMayPlay(game: Game, script: GuidedScript): boolean {
  return !game.winner && nextOf(game, script)?.by === 'opponent';
}

/** The script's answer to a needless question the player is asked now (made for him), or null. */
export function autoAnswer(game: Game, script: GuidedScript): Command | null {
  const next = nextOf(game, script);
  return next?.by === 'auto' ? next.command : null;
}

/**
 * The script's commands the player's `sent` stand for, when they are the gesture the step teaches now
 * (the same pieces picked in any order, then the same answer); null: not now.
 */
export function taughtNow(game: Game, script: GuidedScript, sent: readonly Command[]): Command[] | null {
  return taughtCommands(sent, gestureFrom(script.commands, game.log.length, script.limit) as Command[]);
}
