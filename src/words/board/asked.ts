/**
 * [issue 44, 53] Questions asked at one place, every answer ("no" too) a marker there under the question:
 * a domino effect's how-many at the planet it spreads from, a character combat's questions where it is
 * fought, attack the characters found or let them be, a PDB's fire at the planet it guards [9.21], the
 * units a rising raises where it rises [15.41], and where a character stands at the end of movement:
 * with his units or in the mission stack [9.57].
 */
import type { Decision, Game } from '../../core/engine/types';
import { refOf } from '../../core/world/world';
import { militaryOdds, percent } from '../../core/odds';
import { nameOf } from '../../core/names';
import { DOMINO_CHART, dominoParts, optionText, type DominoShift } from '../../../systems/rebels-vs-empire/domino';
import { attackFoundChoices, breakOffChoices, combatChoices, combatEnviron } from '../character-odds';
import { describeOption, entityName } from '../describe';
import { rackingWords } from '../option-facts';
import { heldPick, type Dest, type Mover } from './types';
import { someLoss } from './targets';

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
const ASKED_THERE: Record<string, { sign: string; ask: (game: Game, d: Decision) => string; dests: (game: Game, d: Decision) => Dest[] }> = {
  'domino-option': {
    sign: '⇄',
    ask: (game, d) => `Domino effect from ${game.content.planets.get(String(d.context?.source) as never)?.name ?? 'here'}, level ${String(d.context?.level ?? '')}: how many planets shift? ${d.rule}`,
    dests: dominoOptions,
  },
  'break-off': { sign: '⚑', ask: (_, d) => `Round ${String(d.context?.round ?? '')}: break off, or fight? ${d.rule}`, dests: combatQuestion },
  'combat-style': { sign: '⚔', ask: (_, d) => `Your attack: hand-to-hand or a firefight? ${d.rule}`, dests: combatQuestion },
  'combat-intent': { sign: '⚔', ask: (_, d) => `Your attack: to kill or to capture? ${d.rule}`, dests: combatQuestion },
  'active-or-inactive': { sign: '⚔', ask: (_, d) => `${d.prompt} ${d.rule}`, dests: combatQuestion },
  'attack-found': { sign: '⚔', ask: (_, d) => `Found by your ${String(d.context?.foundBy ?? 'search')}: attack them now? ${d.rule}`, dests: attackFound },
  'pdb-attack': { sign: '⊕', ask: (game, d) => `Enemy units pass the PDB of ${nameOf(game, Number(d.options[0]?.planet))}: fire? ${d.rule}`, dests: pdbFire },
  'raise-rebel-unit': { sign: '▲', ask: (game, d) => `${short(game, Number(d.context?.environ))} rises: ${String(d.context?.points ?? '')} force points to spend ${d.rule}`, dests: raiseUnits },
  'organize-stacks': { sign: '✦', ask: (_, d) => `With his units, or in the mission stack? ${d.rule}`, dests: organize },
  'pdb-racking': { sign: '✸', ask: (game, d) => `Your PDB has seen ${entityName(game, Number(d.context?.ship ?? 0))}: rake it? ${d.rule}`, dests: racking },
};

export const ASKED_KINDS = Object.keys(ASKED_THERE);

/** The decision's question at its place, every answer a marker under it (none: the decision is not asked at one place). */
export function askedForm(game: Game, d: Decision): { movers: Mover[] } {
  const there = ASKED_THERE[d.kind];
  const dests = there?.dests(game, d) ?? [];
  return { movers: there && dests.length ? [heldPick(d.prompt, dests, there.sign, there.ask(game, d))] : [] };
}

function short(game: Game, environ: number): string {
  return environ ? entityName(game, environ).replace(/ \(.*\)$/, '') : 'here';
}

/** Every answer at the decision's environ, each with the words `mark` gives it. */
function atEnviron(game: Game, d: Decision, environ: number, mark: (o: Decision['options'][number]) => string): Dest[] {
  if (!environ) return [];
  const place = refOf(game.world, environ);
  return d.options.map((o) => {
    const info = describeOption(game, o, d);
    return { place, label: info.label, odds: info.detail, warning: info.warning, commands: [o], mark: mark(o) };
  });
}

/**
 * [9.21-9.25] fire the PDB on the units passing it, or hold: at the planet, the fire's odds on the PDB's
 * own column of the military combat table (the units lose, the PDB loses).
 */
function pdbFire(game: Game, d: Decision): Dest[] {
  const planet = Number(d.options[0]?.planet ?? 0);
  const place = planet ? firstEnvironOf(game, refOf(game.world, planet)) : '';
  if (!place) return [];
  const t = game.content.tables;
  const name = (t.pdbAttackColumn as Record<string, string>)[String(d.context?.pdbLevel ?? '')];
  const column = name ? t.militaryCombat.columns.indexOf(name) : -1;
  const odds = column >= 0 ? militaryOdds(t, column) : null;
  return d.options.map((o) => {
    const info = describeOption(game, o, d);
    const fire = o.type === 'pdb-fire';
    const words = fire && odds ? `on column ${odds.column}: the units lose a unit or more ${percent(someLoss(odds.defenderLoss))}, the PDB loses a level or more ${percent(someLoss(odds.attackerLoss))} [9.22]` : undefined;
    return { place, label: info.label, odds: words ?? info.detail, commands: [o], mark: fire ? `⊕ Fire${odds ? ` · ${percent(someLoss(odds.defenderLoss))}` : ''}` : '✗ Hold fire' };
  });
}

/** [15.41, 8.32] what the rising's force points buy where it rises: a unit of each kind it can afford, the PDB put up, or no more. */
function raiseUnits(game: Game, d: Decision): Dest[] {
  return atEnviron(game, d, Number(d.context?.environ ?? 0), (o) => {
    if (o.type === 'raise-pdb') return '⊕ PDB up · 1 point';
    if (o.type === 'end-raising') return '✗ Raise no more';
    const type = game.content.tables.unitTypes.find((u) => u.id === o.unitType);
    return type ? `▲ ${type.name} ${type.combat}-${type.second} · ${type.cost} point${type.cost === 1 ? '' : 's'}` : '▲ Raise';
  });
}

/** [9.57] a character beside his units at the end of movement: into their stack (no missions this turn), or the mission stack. */
function organize(game: Game, d: Decision): Dest[] {
  return atEnviron(game, d, Number(d.context?.environ ?? 0), (o) => {
    const who = entityName(game, o.character as number, d.side);
    return o.type === 'stack-with-units' ? `⚔ ${who} stays with the units (no missions)` : `✦ ${who} goes on missions`;
  });
}
