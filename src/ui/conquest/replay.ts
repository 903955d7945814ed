/**
 * The replay of a finished conquest game [002]: its log re-run. The engine is deterministic (one seeded
 * RNG, every answer in the log), so the game after its first `n` commands is the game at its start with
 * those `n` commands applied again; no state is kept but the one on show. A step forward answers the
 * next command (the screen animates it like a move in play); any other step rebuilds from the start.
 */
import { apply } from '../../core/engine/game';
import type { Command } from '../../core/engine/types';
import type { Content } from '../../core/content/validate';
import { gameAtStart, makeSave, type SaveFile } from '../../core/save';
import type { FactionId } from '../../../systems/conquest/content';
import { conquestRuleset } from '../../../systems/conquest/ruleset';
import type { ConquestGame } from '../../../systems/conquest/state';
import { ConquestSession, type Step } from './session';

export class ConquestReplay {
  private readonly save: SaveFile<FactionId>;
  /** The game as its log leaves it at `index`. */
  session: ConquestSession;

  /** The replay of a session's game, shown at `index` (its end unless said). */
  constructor(
    readonly content: Content,
    finished: ConquestSession,
    index = finished.game.log.length,
  ) {
    this.save = makeSave(finished.game, finished.savedSeats());
    this.session = finished;
    this.session = this.at(index);
  }

  /** How many commands the game took in all. */
  get length(): number {
    return this.save.commands.length;
  }

  /** How many commands are applied in the game on show. */
  get index(): number {
    return this.session.game.log.length;
  }

  /** The command that comes next (null at the end). */
  get next(): Command<FactionId> | null {
    return this.save.commands[this.index] ?? null;
  }

  /** One command on: the step it makes (the screen animates it), or null at the end. */
  forward(): Step | null {
    const command = this.next;
    return command ? this.session.answer(command) : null;
  }

  /** The game after its first `n` commands (clamped to the game), rebuilt from its start. */
  seek(n: number): ConquestSession {
    this.session = this.at(n);
    return this.session;
  }

  private at(n: number): ConquestSession {
    const target = Math.max(0, Math.min(this.length, Math.floor(n)));
    const game = gameAtStart(this.save, { content: this.content, ruleset: conquestRuleset }) as ConquestGame;
    for (let i = 0; i < target; i++) {
      const result = apply(game, this.save.commands[i] as Command<FactionId>);
      if (!result.ok) throw new Error(`the game's command ${i + 1} does not replay: ${result.reason}`);
    }
    return new ConquestSession(this.content, this.session.setup, game);
  }
}
