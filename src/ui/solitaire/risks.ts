/**
 * [001, issue 59] what the solitaire screen says before the Emperor commits: what each unit on the map is
 * (the label's codes), the chance a Rebellion next turn turns a sector's Imperial forces over to Chaos,
 * and what an extropy operation may do, each from the rule's own functions (`rebellionStrikes`, which
 * walks every starting sector as the event does; the markers in the pool; `extropyOdds`, over the die).
 */
import { esc } from '../html';
import type { Command } from '../../core/engine/types';
import type { UnitDef, UnitType } from '../../../systems/solitaire/content';
import { contentOf, stateOf, type Side, type SolitaireGame } from '../../../systems/solitaire/state';
import { eventsToDraw } from '../../../systems/solitaire/phases/chaos-events';
import { extropyOdds } from '../../../systems/solitaire/phases/tables';
import { imperialSector, rebellionStrikes, SUPPRESSIBLE } from '../../../systems/solitaire/events';
import { pct } from './words';

/** [001 Units] the codes on the map's labels, each unit type with its ratings (military/morphogenetic, moves; "d": defends only); "★2" a leader. */
export function unitKeyHtml(defs: ReadonlyMap<UnitType, UnitDef>, shown: ReadonlySet<string>): string {
  const rating = (n: number, only: boolean | undefined) => `${n}${only ? 'd' : ''}`;
  const items = [...defs.values()]
    .filter((d) => shown.has(d.id))
    .map((d) => `<span title="${esc(`${d.name}: military ${d.military}${d.militaryDefenceOnly ? ' (defends only)' : ''}, morphogenetic ${d.morph}${d.morphDefenceOnly ? ' (defends only)' : ''}, moves ${d.movement}, costs ${d.cost} RP`)}"><b>${esc(d.id)}</b> ${esc(d.name.toLowerCase())} ${rating(d.military, d.militaryDefenceOnly)}/${rating(d.morph, d.morphDefenceOnly)}</span>`);
  return `<div class="sol-unit-key small muted" data-testid="sol-unit-key">Units (military/morphogenetic strength; d: defends only): ${items.join(' · ')} · <b>★2</b> a leader of 2 [001 Units]</div>`;
}

function choose(n: number, r: number): number {
  if (r < 0 || r > n) return 0;
  let out = 1;
  for (let i = 1; i <= r; i++) out = (out * (n - r + i)) / i;
  return out;
}

/**
 * [001 32.0] the chance the next Chaos Events phase draws `marker`: as many markers as the index says
 * (`eventsToDraw`, as it stands now), at random from the pool, the discards mixed back in when it runs dry.
 */
export function markerChance(game: SolitaireGame, marker: string): number {
  const s = stateOf(game);
  const n = eventsToDraw(game);
  const pool = s.pool.length;
  const inPool = s.pool.filter((m) => m === marker).length;
  if (n <= pool) return 1 - choose(pool - inPool, n) / choose(pool, n);
  if (inPool) return 1;
  const rest = n - pool;
  const discard = s.discard.length;
  const inDiscard = s.discard.filter((m) => m === marker).length;
  return discard ? 1 - choose(discard - inDiscard, Math.min(rest, discard)) / choose(discard, Math.min(rest, discard)) : 0;
}

/**
 * [001 32.0 Rebellion] a stack committed to `to`: the chance the next turn's Rebellion strikes that
 * sector and turns its Imperial units over to Chaos, the move made (the sector Imperial, the one left as
 * the units leave it). Null where no Imperial unit would stand.
 */
export function rebellionExposure(game: SolitaireGame, move: Command<Side>): { marker: number; strike: number } {
  const s = stateOf(game);
  const ids = Array.isArray(move.units) ? (move.units as number[]) : [];
  const to = String(move.to ?? move.sector ?? '');
  const from = s.units.find((u) => u.id === ids[0])?.sector;
  const left = (x: string) => s.units.some((u) => u.sector === x && u.side === 'empire' && !ids.includes(u.id)) || s.systems[x]?.side === 'empire';
  const after = (x: string) => (x === to ? true : x === from ? left(x) : imperialSector(game, x));
  const strike = rebellionStrikes(game, after).get(to) ?? 0;
  // an Illumination holds the sector's loyalty once [001 32.0, ours]
  return { marker: markerChance(game, 'rebellion'), strike: s.illuminated.includes(to) ? 0 : strike };
}

/** "⚠ 4%": the chance a Rebellion next turn takes the units at `to`, for a destination's button. */
export function exposureMark(game: SolitaireGame, move: Command<Side>): string {
  const e = rebellionExposure(game, move);
  const p = e.marker * e.strike;
  return p > 0 ? ` <span class="sol-risk" title="A Rebellion next turn takes this sector ${pct(p)}">⚠ ${pct(p)}</span>` : '';
}

/** The line under the moves: what the ⚠ means, from the pool and the rule's walk. */
export function exposureNote(game: SolitaireGame): string {
  const marker = markerChance(game, 'rebellion');
  const suppress = SUPPRESSIBLE.includes('rebellion') ? ' You may suppress it with a Repression marker when it comes.' : '';
  return `<p class="small muted" data-testid="sol-exposure">⚠ the chance a Rebellion next turn turns your units there over to Chaos: its marker comes ${pct(marker)} (${eventsToDraw(game)} drawn from ${stateOf(game).pool.length} in the pool), then it strikes the first Imperial sector from a random one, up the numbers [001 32.0].${suppress}</p>`;
}

/** [001 Extropy Table] "lowers the index by 0 30% · 1 40% · 2 20% · 3 10%". */
export function extropyWords(game: SolitaireGame): string {
  return `lowers the Chaos Index by ${extropyOdds(contentOf(game).file).map((o) => `${o.fall} ${pct(o.chance)}`).join(' · ')} [001 Extropy Table]`;
}
