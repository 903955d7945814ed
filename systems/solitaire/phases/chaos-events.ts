/**
 * The Chaos Events phase: the markers a turn draws from the pool, each event resolved or suppressed, and what the scenario adds at the turn's start.
 */
import type { Json, Procedure } from '../../../src/core/engine/types';
import { SUBSTITUTE, EVENTS, SUPPRESSIBLE, type EventChoice } from '../events';
import {
  changeIndex,
  contentOf,
  d10,
  drawLeader,
  leaderWords,
  fmt,
  newForce,
  newUnit,
  randomSector,
  sectorName,
  stateOf,
  tell,
  type SolitaireGame,
} from '../state';
import { decide, type SolitaireStep } from './step';
import { suppressionResult } from './tables';

/** How many markers a turn draws, by the index (ours; 001's own table is not in our copy): 8 at 61-85. */
export function eventsToDraw(game: SolitaireGame): number {
  const index = stateOf(game).index;
  const table = contentOf(game).file.eventsPerTurn;
  return (table.find((r) => index <= r.upTo) ?? table[table.length - 1]!).events;
}

/** Put a marker back in play's reserve: the discard pile, reshuffled into the pool when it runs dry. */
export function discardMarker(game: SolitaireGame, id: string): void {
  stateOf(game).discard.push(id);
}

export function drawMarker(game: SolitaireGame): string | null {
  const s = stateOf(game);
  if (!s.pool.length && s.discard.length) {
    s.pool = game.rng.shuffle(s.discard);
    s.discard = [];
    tell(game, 'chaos-pool', 'The Chaos Events pool is empty: the used markers are mixed back in.', '[001 32.0]');
  }
  if (!s.pool.length) return null;
  // the pool is a cup of markers: draw one at random
  const i = game.rng.int(s.pool.length);
  return s.pool.splice(i, 1)[0]!;
}

interface EventsData {
  remaining?: number;
  current?: string | null;
  stage?: 'reveal' | 'suppress' | 'resolve' | 'choose';
  choice?: Json;
  rebellions?: number;
  setAside?: string[];
}

export const eventsPhase: Procedure<SolitaireGame> = {
  step(game, frame) {
    const d = frame.data as EventsData;
    const s = stateOf(game);
    if (d.remaining === undefined) {
      startOfTurn(game);
      // the first turn's count is the scenario's own, "two rounds ... 16 Events total" [001 Scenarios, 10]
      const count = game.turn === 1 && game.scenario.firstTurnEvents !== null ? game.scenario.firstTurnEvents : eventsToDraw(game);
      // the Institute under Chaos draws one more each turn from the turn after it comes [001 32.0 The Institute 1]
      const institute = s.institute && game.turn > s.instituteSince && s.systems[s.institute]?.side === 'chaos' ? 1 : 0;
      d.remaining = count + institute;
      d.current = null;
      d.rebellions = 0;
      d.setAside = [];
      tell(game, 'phase', `Chaos Events: ${d.remaining} markers are drawn (Chaos Index ${fmt(s.index)}).`, '[001 32.0]');
    }
    for (;;) {
      if (!d.current) {
        if (d.remaining! <= 0) return finishEvents(game, d);
        const marker = drawMarker(game);
        if (!marker) return finishEvents(game, d);
        // a first-turn limit on Rebellions [001 Scenario 5 10b]: further ones are substituted
        const limit = game.scenario.rebellionsFirstTurn;
        if (marker === 'rebellion' && game.turn === 1 && limit !== undefined && d.rebellions! >= limit) {
          d.setAside!.push(marker);
          continue;
        }
        d.remaining! -= 1;
        d.current = marker;
        d.stage = 'reveal';
        tell(game, 'chaos-marker', `Chaos event: ${contentOf(game).eventNames.get(marker) ?? marker}.`, '[001 32.0]', { marker });
      }
      const marker = d.current;
      switch (d.stage) {
        case 'reveal':
          d.stage = 'suppress';
          if (s.institute && game.turn > s.instituteSince && s.systems[s.institute]?.side === 'empire' && !s.fx.instituteUsed)
            return decide('chaos-institute', `The Institute foresees "${contentOf(game).eventNames.get(marker)}": send it back to the pool (once a turn)?`, '[001 32.0 The Institute 2]', [
              { type: 'institute-return', side: 'empire' },
              { type: 'institute-let', side: 'empire' },
            ], { marker });
          continue;
        case 'suppress':
          d.stage = 'resolve';
          if (SUPPRESSIBLE.includes(marker) && s.repression > 0)
            return decide('chaos-suppress', `Suppress "${contentOf(game).eventNames.get(marker)}" with a Repression marker (${s.repression} left)?`, '[001 Suppression]', [
              { type: 'suppress', side: 'empire' },
              { type: 'let-happen', side: 'empire' },
            ], { marker });
          continue;
        case 'resolve': {
          // only Rebellions that happen count towards a first-turn limit (not one suppressed or sent back)
          if (marker === 'rebellion') d.rebellions! += 1;
          const forcesBefore = s.nextForce;
          const choice = EVENTS[marker]!.resolve(game);
          if (choice === SUBSTITUTE) {
            // the marker went back to the pool; another is drawn in its place. It waits aside until the
            // phase ends, or a pool holding only it (a second Spectacle, the last marker) is drawn forever
            const back = s.pool.lastIndexOf(marker);
            if (back >= 0) (s.pool.splice(back, 1), d.setAside!.push(marker));
            d.remaining! += 1;
            d.current = null;
            continue;
          }
          if (choice && choice.options.length) {
            d.stage = 'choose';
            d.choice = choice as unknown as Json;
            continue;
          }
          afterEvent(game, marker, forcesBefore);
          d.current = null;
          continue;
        }
        case 'choose': {
          const c = d.choice as unknown as EventChoice;
          return decide(c.kind, c.prompt, `[001 32.0 ${contentOf(game).eventNames.get(marker)}]`, c.options, c.context);
        }
      }
    }
  },
  answer(game, frame, command) {
    const d = frame.data as EventsData;
    const s = stateOf(game);
    const marker = d.current!;
    switch (command.type) {
      case 'institute-return':
        s.fx.instituteUsed = true;
        s.pool.push(marker);
        tell(game, 'chaos-event', `The Institute defuses "${contentOf(game).eventNames.get(marker)}": the marker goes back to the pool.`, '[001 32.0 The Institute 2]');
        d.current = null;
        return;
      case 'institute-let':
        return;
      case 'suppress': {
        s.repression -= 1;
        const die = d10(game);
        const { prevented, change } = suppressionResult(contentOf(game).file, die);
        if (prevented) {
          tell(game, 'chaos-event', `Suppression (die ${die}): "${contentOf(game).eventNames.get(marker)}" is prevented.`, '[001 Suppression]');
          discardMarker(game, marker);
          d.current = null;
        } else {
          tell(game, 'chaos-event', `Suppression fails (die ${die}).`, '[001 Suppression]');
          d.stage = 'resolve';
        }
        changeIndex(game, change, 'Suppression', 'suppression');
        return;
      }
      case 'let-happen':
        return;
      default: {
        const pooled = s.pool.length;
        EVENTS[marker]!.chosen!(game, command);
        // a marker its event put back in the pool (a Leviathan refused) is not discarded as well
        if (s.pool.length === pooled) afterEvent(game, marker, s.nextForce);
        d.current = null;
      }
    }
  },
};

/** Markers whose effect lasts the turn: discarded at its end [001 32.0]. */
const TURN_MARKERS = new Set(['alliance', 'colonization', 'galactic-enlightenment', 'elites-demand-privileges', 'militarism', 'pacifism', 'paranoia', 'spectacle']);

/**
 * Where a marker goes once its event is resolved: it stays on the map (an alien, the Institute, an
 * accepted Leviathan, an expedition), with the force it raised (discarded when the force is gone, by
 * `forgetEmptyForces`), in effect to the turn's end, or straight to the discard.
 */
function afterEvent(game: SolitaireGame, marker: string, forcesBefore: number): void {
  const s = stateOf(game);
  const onMap =
    marker.startsWith('aliens-') || marker === 'expedition-possible' || (marker === 'institute' && s.institute !== null) || (marker === 'leviathan' && s.leviathan);
  const onForce = s.forces.some((f) => f.marker === marker && Number(f.id.split('-').pop()) >= forcesBefore);
  if (onMap || onForce) return;
  if (TURN_MARKERS.has(marker)) s.fx.held.push(marker);
  else discardMarker(game, marker);
}

function finishEvents(game: SolitaireGame, d: EventsData): SolitaireStep {
  stateOf(game).pool.push(...(d.setAside ?? []));
  return { done: true };
}

/** At the start of each turn: the scenario's markers join the pool, and its trans-human usurpers rise [001 Scenarios 5, 6]. */
function startOfTurn(game: SolitaireGame): void {
  const s = stateOf(game);
  for (const add of game.scenario.poolChanges?.addOnTurn ?? [])
    if (add.turn === game.turn) for (let i = 0; i < add.count; i++) s.pool.push(add.event);
  if (game.scenario.transHumanUsurpers?.includes(game.turn)) {
    const sector = randomSector(game);
    const force = newForce(game, 'usurper', drawLeader(game) ?? 0, null, false, 'usurper');
    newUnit(game, 'TH', 'chaos', sector, force.id);
    tell(game, 'chaos-event', `A trans-human Usurper (${leaderWords(force.leader)}) rises in ${sectorName(game, sector)}.`, '[001 Scenario 5]');
  }
}
