/**
 * [issue 44] A played game brought to a decision the board tests want (an attack, a search, a
 * reinforcement to place): `side` by hand against the AI, the hand taking a lit target or moving a stack
 * now and then so that fights and searches come about, else the end/no choice. Shared by the targets'
 * unit test and the board's browser test (which resumes the game it reaches from its save).
 */
import type { DominoRule, SideId } from '../../src/core/content/schema';
import type { Decision, Game } from '../../src/core/engine/types';
import { boardForm } from '../../src/words/board/forms';
import { stackDests } from '../../src/words/board/stacks';
import type { Mover } from '../../src/words/board/types';
import { isShip } from '../../systems/rebels-vs-empire/movement';
import { needless } from '../../src/words/defaults';
import { PlayEngine } from '../../src/ui/play/play-engine';
import { enemyOf } from '../../systems/rebels-vs-empire/sides';
import { content } from '../fixtures';

/** The decision kinds the hand plays by the board; the others it answers "end / no" (the games these seeds reach were found so). */
const BOARD_KINDS = new Set(['movement', 'move-group', 'combat-order', 'declare-combat', 'declare-search', 'search-by', 'attack-found', 'place-reinforcement', 'place-units', 'place-characters', 'pick-for-mission', 'assign-mission', 'domino-planet', 'domino-option', 'break-off', 'combat-style', 'combat-intent', 'active-or-inactive', 'reaction', 'choose-base', 'assign-wound', 'choose-hider', 'allocate-losses', 'name-leader', 'choose-mission-environ']);

/**
 * The hand's stacks and targets: a stack moves the most of it that can go somewhere together (its ship
 * first, with as many as it can carry), the rest of the board as it shows them.
 */
function handMovers(g: Game, d: Decision): Mover[] {
  if (!BOARD_KINDS.has(d.kind)) return [];
  return boardForm(g, d).movers.map((m) => {
    if (d.kind !== 'movement' || m.whole) return m;
    const group = m.pieces.filter((p, i) => !isShip(g, p) || m.pieces.findIndex((q) => isShip(g, q)) === i);
    const ordered = [...group.filter((p) => isShip(g, p)), ...d.options.filter((o) => o.type === 'pick' && group.includes(o.piece as number) && !isShip(g, o.piece as number)).map((o) => o.piece as number)];
    for (let n = ordered.length; n >= 1; n--) {
      const dests = stackDests(g, d, ordered.slice(0, n));
      if (dests.length) return { ...m, take: ordered.slice(0, n), dests };
    }
    return m;
  });
}

/** `domino`: the game's domino rule, where a test's game was found under another than its scenario's default. */
export function playUntil(scenario: string, side: SideId, seed: string, want: (d: Decision) => boolean, domino?: DominoRule): PlayEngine {
  const e = new PlayEngine(content);
  const other = enemyOf(side);
  e.start({ scenario, seed, players: { [side]: { kind: 'human' }, [other]: { kind: 'ai', agent: 'normal' } } as never, ...(domino ? { domino } : {}) });
  let n = 0;
  for (let i = 0; i < 5000; i++) {
    if (e.stepAI()) continue;
    const g = e.game as Game;
    const d = g.pending;
    if (!d || g.winner) break;
    // a needless question (one option, or none that differ) is answered by the screen itself (src/words/defaults.ts)
    if (want(d) && !needless(g, d)) return e;
    // the first way to each choice (a mission's second way, mission first, leads to the same choices)
    const ms = handMovers(g, d)
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
