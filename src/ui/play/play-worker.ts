/**
 * The play worker: holds the game (PlayEngine), answers the human's choices, and runs the AI sides'
 * decisions paced by a timer so the page never freezes and the player can follow them. Autosaves go to
 * the page (which owns the browser's storage), with the seats: after every phase, whenever a person is
 * to decide, and after each of his answers, so Continue brings back the game as it was left.
 */
/// <reference lib="webworker" />
import { PlayEngine } from './play-engine';
import type { FromPlayWorker, ToPlayWorker } from './play-protocol';

const engine = new PlayEngine();
let pace = 300;
/** [issue 44] the player skipped the AI's turn: it plays on at once until a person is to decide. */
let skipping = false;
let timer: ReturnType<typeof setTimeout> | null = null;
let lastPhase = '';
/** The number of commands in the last autosave (-1: none yet for this game). */
let savedLength = -1;

/** Post to the page, then autosave if the game moved on: `now` after a person's answer, undo or pause. */
function post(messages: FromPlayWorker[], now = false): void {
  for (const m of messages) (self as unknown as Worker).postMessage(m);
  autosave(now);
}

function autosave(now: boolean): void {
  const g = engine.game;
  // a tutorial's game is the tutorial's: its guide remembers the step, and Continue is the player's own game [issue 56]
  if (!g || g.log.length === savedLength || engine.guided) return;
  const key = engine.phaseKey();
  // not after every AI decision (a long AI turn would write the storage many times a second)
  if (key === lastPhase && !now && !engine.humanToMove() && !g.winner) return;
  lastPhase = key;
  savedLength = g.log.length;
  (self as unknown as Worker).postMessage({ type: 'autosave', text: engine.saveText(), scenario: g.scenario.id, turn: g.turn, seed: g.seed, seats: engine.setup?.players } satisfies FromPlayWorker);
}

/** Let the AI move, one step per tick, until a human must decide; the next tick `delay` ms from now. */
function schedule(delay = pace): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (!engine.aiToMove()) skipping = false;
  if (engine.paused || !engine.aiToMove()) return;
  timer = setTimeout(tick, skipping ? 0 : delay);
}

function tick(): void {
  timer = null;
  const started = performance.now();
  try {
    // at full speed, several AI answers per tick; otherwise one that the player can see, so each
    // can be followed (and the unseen ones cannot be counted)
    const until = performance.now() + (pace === 0 || skipping ? 30 : 0);
    do {
      if (!engine.stepAIUntilSeen()) break;
    } while (performance.now() < until && !engine.paused);
  } catch (e) {
    post([{ type: 'error', message: `The game stopped: ${(e as Error).message}` }]);
    return;
  }
  post([engine.state()]);
  // the pace counts from the tick's start: a step of many unseen decisions (a slow AI's thinking
  // included) then comes no later than a step of one, as long as it takes less than the pace
  schedule(Math.max(0, pace - (performance.now() - started)));
}

self.onmessage = (e: MessageEvent<ToPlayWorker>) => {
  const m = e.data;
  try {
    switch (m.type) {
      case 'new':
        lastPhase = '';
        savedLength = -1;
        post(engine.start(m.setup));
        break;
      case 'resume': {
        const before = engine.game;
        const out = engine.resume(m.text, m.guided ?? null);
        if (engine.game !== before) {
          // the resumed game is what the autosave already holds, until it moves on
          lastPhase = engine.phaseKey();
          savedLength = engine.game?.log.length ?? -1;
        }
        post(out);
        break;
      }
      case 'save': {
        const g = engine.game;
        if (!g) post([{ type: 'error', message: 'There is no game to save yet.' }]);
        else
          post([{ type: 'save', text: engine.saveText(), name: `${g.scenario.id}-${g.seed}-turn${g.turn}.json`, purpose: m.purpose, label: m.label, scenario: g.scenario.id, turn: g.turn, seed: g.seed, seats: engine.setup?.players }]);
        break;
      }
      case 'answer':
        post(engine.answer(m.side, m.index), true);
        break;
      case 'answer-many':
        post(engine.answerMany(m.side, m.commands), true);
        break;
      case 'pick':
        post([{ type: 'pick', facts: engine.pickFacts(m.place, m.pieces) }]);
        break;
      case 'ask-every-time':
        engine.askEveryTime = m.on;
        break;
      case 'undo':
        post(engine.undo(), true);
        break;
      case 'pause':
        engine.paused = m.paused;
        if (engine.game) post([engine.state()], true);
        break;
      case 'guide-limit':
        if (engine.guided) {
          engine.guided.limit = m.limit;
          if (engine.game) post([engine.state()]);
        }
        break;
      case 'pace':
        pace = Math.max(0, m.ms);
        break;
      case 'skip':
        skipping = engine.aiToMove() !== null;
        break;
    }
  } catch (err) {
    post([{ type: 'error', message: `The game stopped: ${(err as Error).message}` }]);
  }
  schedule();
};
