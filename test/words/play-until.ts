/**
 * [issue 44] A played game brought to a decision the board tests want (an attack, a search, a
 * reinforcement to place): `side` by hand against the AI, the hand taking a lit target or moving a stack
 * now and then so that fights and searches come about, else the end/no choice. Shared by the targets'
 * unit test and the board's browser test (which resumes the game it reaches from its save).
 */
import type { SideId } from '../../src/core/content/schema';
import type { Decision, Game } from '../../src/core/engine/types';
import { movers } from '../../src/words/board/stacks';
import { needless } from '../../src/words/defaults';
import { PlayEngine } from '../../src/ui/play/play-engine';
import { enemyOf } from '../../systems/rebels-vs-empire/sides';
import { content } from '../fixtures';

export function playUntil(scenario: string, side: SideId, seed: string, want: (d: Decision) => boolean): PlayEngine {
  const e = new PlayEngine(content);
  const other = enemyOf(side);
  e.start({ scenario, seed, players: { [side]: { kind: 'human' }, [other]: { kind: 'ai', agent: 'normal' } } as never });
  let n = 0;
  for (let i = 0; i < 5000; i++) {
    if (e.stepAI()) continue;
    const g = e.game as Game;
    const d = g.pending;
    if (!d || g.winner) break;
    // a needless question (one option, or none that differ) is answered by the screen itself (src/words/defaults.ts)
    if (want(d) && !needless(g, d)) return e;
    // the first way to each choice (a mission's second way, mission first, leads to the same choices)
    const ms = movers(g, d)
      .map((x) => ({ ...x, dests: x.dests.filter((y) => !y.way) }))
      .filter((x) => x.dests.length);
    const m = ms[n % Math.max(1, ms.length)];
    n++;
    const dest = m?.dests[(n * 7) % m.dests.length];
    const take = m?.targets ? d.kind !== 'pick-for-mission' || n % 3 !== 0 : d.kind === 'movement' && n % 4 !== 0;
    if (dest && take && e.answerMany(side, dest.commands)[0]?.type === 'state') continue;
    const end = d.options.findIndex((o) => /^(end|no|stop|drop|cancel)-/.test(o.type));
    e.answer(side, Math.max(0, end));
  }
  throw new Error(`no decision wanted in ${scenario} (seed ${seed})`);
}
