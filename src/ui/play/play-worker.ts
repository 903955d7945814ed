/**
 * The play worker: holds the game (PlayEngine), answers the human's choices, and runs the AI sides'
 * decisions paced by a timer so the page never freezes and the player can follow them. Autosaves go to
 * the page (which owns the browser's storage) after every phase.
 */
/// <reference lib="webworker" />
import { saveToText } from '../../core/save';
import { PlayEngine } from './play-engine';
import type { FromPlayWorker, ToPlayWorker } from './play-protocol';

const engine = new PlayEngine();
let pace = 300;
let timer: ReturnType<typeof setTimeout> | null = null;
let lastPhase = '';

function post(messages: FromPlayWorker[]): void {
  for (const m of messages) (self as unknown as Worker).postMessage(m);
  autosave();
}

function autosave(): void {
  const g = engine.game;
  if (!g) return;
  const key = engine.phaseKey();
  if (key === lastPhase) return;
  lastPhase = key;
  (self as unknown as Worker).postMessage({ type: 'autosave', text: saveToText(g), scenario: g.scenario.id, turn: g.turn } satisfies FromPlayWorker);
}

/** Let the AI move, one step per tick, until a human must decide; the next tick `delay` ms from now. */
function schedule(delay = pace): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (engine.paused || !engine.aiToMove()) return;
  timer = setTimeout(tick, delay);
}

function tick(): void {
  timer = null;
  const started = performance.now();
  try {
    // at full speed, several AI answers per tick; otherwise one that the player can see, so each
    // can be followed (and the unseen ones cannot be counted)
    const until = performance.now() + (pace === 0 ? 30 : 0);
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
        post(engine.start(m.setup));
        break;
      case 'answer':
        post(engine.answer(m.side, m.index));
        break;
      case 'undo':
        post(engine.undo());
        break;
      case 'pause':
        engine.paused = m.paused;
        if (engine.game) post([engine.state()]);
        break;
      case 'pace':
        pace = Math.max(0, m.ms);
        break;
    }
  } catch (err) {
    post([{ type: 'error', message: `The game stopped: ${(err as Error).message}` }]);
  }
  schedule();
};
