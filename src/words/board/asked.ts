/**
 * [issue 44] Questions asked at one place, every answer ("no" too) a marker there under the question: a
 * domino effect's how-many at the planet it spreads from, a character combat's questions where it is
 * fought, attack the characters found or let them be.
 */
import type { Decision, Game } from '../../core/engine/types';
import { refOf } from '../../core/world/world';
import { DOMINO_CHART, dominoParts, optionText, type DominoShift } from '../../../systems/rebels-vs-empire/domino';
import { attackFoundChoices, breakOffChoices, combatChoices, combatEnviron } from '../character-odds';
import { describeOption, entityName } from '../describe';
import { rackingWords } from '../option-facts';
import { percent } from '../../core/odds';
import type { Dest } from './types';

/** A planet's first environ (content id): where the map draws what is said of the planet as a whole. */
function firstEnvironOf(game: Game, planet: string): string {
  return [...game.content.environs.values()].find((e) => e.planet === planet)?.id ?? '';
}

/**
 * [000 15.2c-e] a domino effect's choice of how many planets to shift: each of the chart's options a
 * marker at the planet the effect spreads from, saying how many of which planets it shifts (the
 * planets the engine's own `dominoTargets` gave the decision), its words the chart's (`optionText`).
 */
function dominoOptions(game: Game, d: Decision): Dest[] {
  const source = String(d.context?.source ?? '');
  const place = firstEnvironOf(game, source);
  const sourceEid = game.world.ids.planet.get(source) ?? 0;
  const targets = (d.context?.targets ?? {}) as Record<string, unknown>;
  const part = sourceEid ? dominoParts(game, sourceEid).find((x) => x.race === (d.context?.race ?? null)) : undefined;
  const level = Number(d.context?.level ?? 1) >= 2 ? 2 : 1;
  if (!place || !part) return [];
  const side = d.side === 'rebel' ? 'Rebel' : 'Empire';
  return d.options.map((o) => {
    const shift = o.shift as DominoShift;
    const planets = (Array.isArray(targets[shift]) ? (targets[shift] as unknown[]) : []).filter((x): x is string => typeof x === 'string');
    const names = planets.map((id) => game.content.planets.get(id as never)?.name ?? id);
    const option = DOMINO_CHART[part.row][level].find((x) => x.shift === shift);
    // as many as the option shifts: all of them when no more qualify, else the player chooses which
    const most = shift === 'all' ? planets.length : shift === 'two' ? 2 : 1;
    const chosen = planets.length > most;
    const listed = names.length <= 3 ? names.join(', ') : `${names.slice(0, 2).join(', ')}…`;
    const info = describeOption(game, o, d);
    const what = chosen ? `${shift} of ${names.join(', ')} move one space toward the ${side} (you choose which)` : `${names.join(', ')} move${planets.length === 1 ? 's' : ''} one space toward the ${side}`;
    return {
      place,
      label: `Shift ${option ? optionText(option, d.side) : shift}`,
      odds: `${what}${info.detail ? `; ${info.detail}` : ''} ${d.rule}`,
      commands: [o],
      // the chart's restriction in a word (the hover says it whole): the options differ by it even where they shift the same planets
      mark: `⇄ ${shift === 'all' ? 'All' : shift === 'two' ? 'Two' : 'One'}${chosen ? ` of ${planets.length}` : ''}${option ? (option.limited ? ', not at the extreme' : ', any') : ''} · ${listed}`,
    };
  });
}

/**
 * [12.3-12.5] a character combat's questions (style, intent, active or inactive, break off or fight):
 * every answer at the environ where they fight, with its odds (character-odds.ts).
 */
function combatQuestion(game: Game, d: Decision): Dest[] {
  const environ = combatEnviron(game);
  if (!environ) return [];
  const choices = d.kind === 'break-off' ? breakOffChoices(game, d) : combatChoices(game, d);
  return choices.map((c) => ({
    place: refOf(game.world, environ),
    label: ((label) => (label.includes(entityName(game, environ)) ? label : `${label} at ${entityName(game, environ)}`))(describeOption(game, c.option, d).label),
    odds: c.odds,
    commands: [c.option],
    mark: c.mark,
  }));
}

/** [11.32-11.34] attack the characters found, or let them be: both at the environ searched, with the first round's odds. */
function attackFound(game: Game, d: Decision): Dest[] {
  const environ = typeof d.context?.environ === 'number' ? d.context.environ : 0;
  if (!environ) return [];
  return attackFoundChoices(game, d).map((c) => ({
    place: refOf(game.world, environ),
    label: `${c.option.attack === true ? 'Attack them' : 'Let them be'} at ${entityName(game, environ)}`,
    odds: c.odds,
    commands: [c.option],
    mark: c.mark,
  }));
}

/**
 * [9.28] rake a ship the PDB has just seen, or hold fire: both at the ship's environ, the rake with its
 * odds (the rule's own outcome function, through `rackingWords`).
 */
function racking(game: Game, d: Decision): Dest[] {
  const environ = typeof d.context?.environ === 'number' ? d.context.environ : 0;
  const planet = typeof d.context?.planet === 'number' ? d.context.planet : 0;
  const ship = typeof d.context?.ship === 'number' ? d.context.ship : 0;
  if (!environ || !planet || !ship) return [];
  const odds = rackingWords(game, planet, ship);
  return d.options.map((o) => {
    const rake = o.type === 'pdb-rack';
    return {
      place: refOf(game.world, environ),
      label: describeOption(game, o, d).label,
      odds: rake ? odds.text : `${entityName(game, ship)} flies on unharmed, and the PDB risks nothing [9.28]`,
      commands: [o],
      mark: rake ? `✸ Rake · hit ${percent(odds.hit)} · down ${percent(odds.down)}` : '○ Hold fire',
    };
  });
}

/**
 * Decisions asked at one place whose every answer, "no" too, is a marker there: a small prompt on the
 * map, its question (short: the panel says it whole) above them.
 */
export const ASKED_THERE: Record<string, { ask: (game: Game, d: Decision) => string; dests: (game: Game, d: Decision) => Dest[] }> = {
  'domino-option': {
    ask: (game, d) => `Domino effect from ${game.content.planets.get(String(d.context?.source) as never)?.name ?? 'here'}, level ${String(d.context?.level ?? '')}: how many planets shift? ${d.rule}`,
    dests: dominoOptions,
  },
  'break-off': { ask: (_, d) => `Round ${String(d.context?.round ?? '')}: break off, or fight? ${d.rule}`, dests: combatQuestion },
  'combat-style': { ask: (_, d) => `Your attack: hand-to-hand or a firefight? ${d.rule}`, dests: combatQuestion },
  'combat-intent': { ask: (_, d) => `Your attack: to kill or to capture? ${d.rule}`, dests: combatQuestion },
  'active-or-inactive': { ask: (_, d) => `${d.prompt} ${d.rule}`, dests: combatQuestion },
  'attack-found': { ask: (_, d) => `Found by your ${String(d.context?.foundBy ?? 'search')}: attack them now? ${d.rule}`, dests: attackFound },
  'pdb-racking': { ask: (game, d) => `Your PDB has seen ${entityName(game, Number(d.context?.ship ?? 0))}: rake it? ${d.rule}`, dests: racking },
};
