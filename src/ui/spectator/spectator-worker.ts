/**
 * The spectator's worker: runs the engine and the agents off the page's thread and posts views and
 * events. A timer paces the decisions by the chosen speed; at "max" it runs in ~30 ms slices so the
 * worker still hears pause and step messages.
 */
/// <reference lib="webworker" />
import { makeSave, saveToText } from '../../core/save';
import { SpectatorEngine } from './spectator-engine';
import type { FromWorker, ToWorker } from './spectator-protocol';

const engine = new SpectatorEngine();
let playing = false;
let decisionsPerSecond = 3;
let timer: ReturnType<typeof setTimeout> | null = null;
let credit = 0;
let last = 0;

function post(messages: FromWorker[]): void {
  for (const m of messages) (self as unknown as Worker).postMessage(m);
}

function fail(e: unknown): void {
  playing = false;
  post([{ type: 'error', message: `The game stopped: ${(e as Error).message}` }]);
}

/** After every phase of a live game (and at its end), send the page the game so far to keep as the autosave. */
function autosave(): void {
  const g = engine.game;
  if (!g || !engine.phaseEnded()) return;
  post([{ type: 'autosave', text: saveToText(g), scenario: g.scenario.id, turn: g.turn }]);
}

function schedule(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (!playing) return;
  timer = setTimeout(tick, decisionsPerSecond > 0 ? Math.max(16, Math.min(250, 1000 / decisionsPerSecond)) : 0);
}

function tick(): void {
  timer = null;
  if (!playing || !engine.game) return;
  const now = performance.now();
  try {
    if (decisionsPerSecond > 0) {
      credit += ((now - last) / 1000) * decisionsPerSecond;
      credit = Math.min(credit, Math.max(1, decisionsPerSecond / 4));
      while (credit >= 1 && engine.stepDecision()) credit -= 1;
    } else {
      const until = now + 30;
      while (performance.now() < until && engine.stepDecision());
    }
  } catch (e) {
    fail(e);
  }
  last = now;
  autosave();
  if (engine.finished) playing = false;
  post([engine.state(playing)]);
  schedule();
}

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  try {
    switch (m.type) {
      case 'new':
        playing = false;
        post(engine.newGame(m.scenario, m.seed, m.agents, m.side));
        break;
      case 'load':
        // a refused save changes nothing: the current game (if any) goes on, playing or not
        {
          const out = engine.resumeSave(m.text, m.agents, m.side);
          if (out[0]?.type === 'started') {
            playing = false;
            schedule();
          }
          post(out);
        }
        break;
      case 'replay':
        post(engine.loadReplay(m.text, m.side));
        playing = false;
        break;
      case 'play':
        if (!engine.game || engine.finished) break;
        playing = true;
        last = performance.now();
        credit = 1;
        post([engine.state(true)]);
        schedule();
        break;
      case 'pause':
        playing = false;
        schedule();
        post(engine.game ? [engine.state(false)] : []);
        break;
      case 'step':
        playing = false;
        schedule();
        engine.step(m.unit);
        autosave();
        post(engine.game ? [engine.state(false)] : []);
        break;
      case 'speed':
        decisionsPerSecond = m.decisionsPerSecond;
        credit = 0;
        break;
      case 'seek':
        playing = false;
        schedule();
        post(engine.seek(m.index));
        break;
      case 'save':
        if (engine.game) {
          const g = engine.game;
          // a replay is marked as one: wherever it is opened, it plays from its start
          const text = m.purpose === 'replay' ? JSON.stringify({ ...makeSave(g), replay: true }) : saveToText(g);
          const name = `${g.scenario.id}-${g.seed}-${m.purpose === 'replay' ? 'replay' : `turn${g.turn}`}.json`;
          post([{ type: 'save', text, name, purpose: m.purpose === 'store' ? 'store' : 'download', label: m.label, scenario: g.scenario.id, turn: g.turn }]);
        }
        break;
      case 'side':
        post(engine.setSide(m.side));
        break;
    }
  } catch (err) {
    fail(err);
  }
};
