/**
 * The solitaire game in words [001]: each decision's options, the odds of an attack, the Chaos Events
 * markers, the victory levels. Pure functions of a view and a command (no DOM), so they are tested in
 * Node; the screens only lay them out.
 */
import type { Command, GameEvent } from '../../core/engine/types';
import { strengthOf, type UnitDef, type UnitType } from '../../../systems/solitaire/content';
import type { Level, Side, Unit } from '../../../systems/solitaire/state';
import type { SolitaireView } from '../../../systems/solitaire/view';

type C = Command<Side>;

export const LEVEL_ORDER: readonly Level[] = ['collapse', 'decline', 'survival', 'expanding', 'galactic'];
export const LEVEL_WORDS: Record<Level, string> = { collapse: 'Collapse', decline: 'Decline', survival: 'Survival', expanding: 'Expanding', galactic: 'Galactic' };

/** What each decision asks, as a title. */
export const DECISION_TITLES: Record<string, string> = {
  'chaos-build': 'Spend resource points',
  'chaos-move': 'Movement',
  'chaos-attack': 'Combat',
  'chaos-institute': 'The Institute',
  'chaos-suppress': 'Suppression',
  'chaos-leviathan': 'Leviathan',
  'chaos-crusade': 'Galactic Crusade',
  'chaos-corps': 'Empire Corps',
  'chaos-leader': 'Imperial Leader Arises',
  'chaos-alliance': 'Alliance',
  'chaos-alliance-move': 'Alliance: movement',
  'chaos-alliance-attack': 'Alliance: attack',
  'chaos-alien-leader': 'Aliens',
  'chaos-expedition': 'Expedition',
  'chaos-place': 'Your forces',
};

/** Option types that close a step of the Imperial phase (drawn apart, at the end). */
export const ENDING_TYPES = new Set(['end-build', 'end-move', 'end-turn', 'let-happen', 'institute-let', 'refuse-leviathan', 'decline', 'no-leader', 'no-expedition', 'ally-hold']);

/**
 * What each Chaos Events marker does, in a line [001 32.0] (ours, from the rules' event explanations
 * and our reading of them); shown on the card as the marker strikes.
 */
export const EVENT_BLURBS: Record<string, string> = {
  'aliens-biomech': 'Biomech Predators overrun a sector: each Alien Conflict phase they roll against its military strength, and may destroy everything there.',
  'aliens-dark-empire': 'The Dark Empire: psionic aliens who roll against a sector\'s morphogenetic strength each turn, and may obliterate everything there.',
  'aliens-hive': 'The Hive: a collective mind fills a sector; no military attacks there until it is driven off.',
  'aliens-living-nebula': 'A Living Nebula: nothing may leave its sector, the Empire collects no RP there, and Independent Empires do not count it.',
  'aliens-messiah': 'The Messiah: no attacks in his sector, and his peace spreads a sector further every turn until he is gone.',
  'aliens-probe': 'A world-sized Probe passes through a sector this turn: it may share its knowledge (RP, a lower index) or destroy everything there.',
  'aliens-randoids': 'The Randoids: a super-individualist mentality fills a sector; no morphogenetic attacks there until they go.',
  alliance: 'Alliance: choose a Chaos force; this turn you move it instead of the dice, and decide whether it attacks.',
  attrition: 'Time and neglect wear a system unit away.',
  'citizens-demand-reforms': 'Pay 1 RP for every Imperial system, or unpaid systems may go over to Chaos.',
  colonization: 'Chaos founds a new system in an empty sector.',
  cult: 'The Cult of the Omnipresent Empire: the faithful calm the galaxy (the index falls by a die).',
  defection: 'Every Chaos unit in a sector goes over to the Empire.',
  smash: "Don't Forget to Smash the Empire: the Chaos Index rises by a die.",
  'empire-corps': 'A loyal corps: a free star fleet or control group anywhere on the map.',
  'expedition-possible': 'A sector worth exploring: an Imperial unit there may send an expedition.',
  'eye-of-the-storm': 'The Eye of the Cosmic Storm: a moment of calm. Nothing happens.',
  'galactic-crusade': 'A crusade: raise as many star fleets and control groups as a sector\'s resource value, in the mix you choose.',
  'galactic-enlightenment': 'Illumination markers cost 1 RP this turn; no Repression markers may be bought.',
  'elites-demand-privileges': 'No Illumination markers this turn, and the Nexus upkeep is doubled.',
  'imperial-leader': 'A new Imperial leader arises: give him a mobile unit to command.',
  'independent-empire': 'A system declares its independence, takes its neighbours, and raises a fleet of its own.',
  institute: 'The Institute: in an Imperial sector it may send one marker a turn back to the pool; under Chaos it draws one more a turn.',
  invaders: 'Invaders appear at the rim with a fleet and a leader.',
  leviathan: "Upload the Emperor's mind into the galaxy's computers: while the Core holds, the index moves at half the pace.",
  militarism: 'Imperial military attacks +1 this turn, morphogenetic attacks -1.',
  mutant: 'The Mutant seizes every force in a sector; only strong conversion can turn his followers.',
  pacifism: 'Imperial morphogenetic attacks +1 this turn, military attacks -1.',
  paranoia: 'No extropy operations this turn (with Illumination and Suppression: no Illumination markers, and Repression markers two for each RP).',
  'power-struggle': 'Each Imperial leader may fall in a struggle at court.',
  rebellion: 'A sector rises: its Imperial system and units go over to Chaos (an Illumination there holds it once).',
  robots: 'Robot labour: 1 RP for every Imperial system.',
  spectacle: 'A galactic spectacle: every change of the Chaos Index is doubled this turn.',
  'tech-advance': 'Trade flourishes: the Empire gains a die of RP.',
  'tech-collapse': 'Trade collapses: the Empire loses a die of RP.',
  'trans-humans': 'Trans-humans appear in a sector: on an odd die for the Empire; on an even one against it, joining the Chaos force there.',
  'troops-demand-pay': 'Pay every mobile unit, or unpaid units may turn rebel.',
  usurper: 'A usurper seizes the Imperial forces in a sector and turns them against the throne.',
  'web-raiders': 'Raiders strike the Nexus web: each Nexus may be lost.',
};

/** A sector's name with its number: "Solenne (01)". */
export function sectorLabel(view: SolitaireView, names: (id: string) => string, sector: string): string {
  const n = view.sectors.indexOf(sector) + 1;
  return `${names(sector)} (${String(n).padStart(2, '0')})`;
}

export function sectorNo(view: SolitaireView, sector: string): string {
  return String(view.sectors.indexOf(sector) + 1).padStart(2, '0');
}

/** The sector an option acts on (where a click on the map picks it), or null for a choice of no place. */
export function optionSector(view: SolitaireView, c: C): string | null {
  if (typeof c.sector === 'string') return c.sector;
  if (typeof c.to === 'string') return c.to;
  if (typeof c.unit === 'number') return view.units.find((u) => u.id === c.unit)?.sector ?? null;
  if (typeof c.stack === 'string') return view.stacks.find((s) => s.id === c.stack)?.sector ?? null;
  return null;
}

/** Where a move option's units come from. */
export function moveOrigin(view: SolitaireView, c: C): string | null {
  const ids = Array.isArray(c.units) ? (c.units as number[]) : [];
  return view.units.find((u) => u.id === ids[0])?.sector ?? null;
}

/** Units as counted words: "2 Star fleets, a Control group". */
export function unitsText(units: readonly Pick<Unit, 'type' | 'leader'>[], defs: ReadonlyMap<UnitType, UnitDef>): string {
  const counts = new Map<UnitType, number>();
  for (const u of units) counts.set(u.type, (counts.get(u.type) ?? 0) + 1);
  const leaders = units.filter((u) => u.leader !== null).map((u) => u.leader);
  const parts = [...counts].map(([t, n]) => {
    const name = defs.get(t)?.name ?? t;
    return n === 1 ? name : `${n} ${plural(name)}`;
  });
  return parts.join(', ') + (leaders.length ? ` (leader ${leaders.join(', ')})` : '');
}

/** Units as short codes: "2SF CG★3". */
export function unitsCode(units: readonly Pick<Unit, 'type' | 'leader'>[]): string {
  const counts = new Map<UnitType, number>();
  for (const u of units) counts.set(u.type, (counts.get(u.type) ?? 0) + 1);
  const lead = Math.max(0, ...units.map((u) => u.leader ?? 0));
  return [...counts].map(([t, n]) => `${n > 1 ? n : ''}${t}`).join(' ') + (lead ? `★${lead}` : '');
}

function plural(name: string): string {
  return name.endsWith('s') ? name : name.replace(/(\w+)$/, '$1s');
}

/** An option in plain words. */
export function optionText(view: SolitaireView, c: C, names: (id: string) => string, defs: ReadonlyMap<UnitType, UnitDef>): string {
  const where = (s: unknown) => (typeof s === 'string' ? sectorLabel(view, names, s) : '?');
  const unit = (id: unknown) => view.units.find((u) => u.id === id);
  const unitName = (id: unknown) => {
    const u = unit(id);
    return u ? `${defs.get(u.type)?.name ?? u.type}${u.leader ? ` (leader ${u.leader})` : ''} in ${where(u.sector)}` : `unit ${String(id)}`;
  };
  switch (c.type) {
    case 'recruit': {
      const def = defs.get(c.unit as UnitType);
      return `Recruit a ${def?.name ?? String(c.unit)} in ${where(c.sector)} (${def?.cost ?? '?'} RP)`;
    }
    case 'buy-leader':
      return `A leader for the ${unitName(c.unit)}`;
    case 'nexus':
      return `Build a Nexus in ${where(c.sector)}`;
    case 'buy-repression':
      return view.fx.paranoia ? 'Buy Repression markers (two, under Paranoia)' : 'Buy a Repression marker';
    case 'buy-illumination':
      return 'Buy an Illumination marker';
    case 'illuminate':
      return `Illuminate ${where(c.sector)}`;
    case 'extropy':
      return 'An extropy operation (lowers the Chaos Index)';
    case 'end-build':
      return 'Done spending: on to movement';
    case 'move': {
      const ids = (c.units as number[]) ?? [];
      const units = ids.map(unit).filter((u): u is Unit => !!u);
      return `${unitsText(units, defs)}: ${where(units[0]?.sector)} → ${where(c.to)}`;
    }
    case 'end-move':
      return 'Done moving: on to combat';
    case 'attack': {
      const ids = (c.units as number[]) ?? [];
      const units = ids.map(unit).filter((u): u is Unit => !!u);
      return `${c.kind === 'military' ? 'Military' : 'Morphogenetic'} attack in ${where(c.sector)} with ${unitsText(units, defs)}`;
    }
    case 'colonize':
      return `Colonize ${where(c.sector)} with the Colonization fleet`;
    case 'end-turn':
      return 'End the turn';
    case 'institute-return':
      return 'Send the marker back to the pool';
    case 'institute-let':
      return 'Let it happen';
    case 'suppress':
      return 'Suppress it (spend a Repression marker, roll)';
    case 'let-happen':
      return 'Let it happen';
    case 'accept-leviathan':
      return 'Become the Leviathan';
    case 'refuse-leviathan':
      return 'Refuse';
    case 'crusade':
      return `${where(c.sector)}: ${c.sf} star fleet${c.sf === 1 ? '' : 's'}, ${c.cg} control group${c.cg === 1 ? '' : 's'}`;
    case 'corps':
      return `A ${defs.get(c.unit as UnitType)?.name ?? String(c.unit)} in ${where(c.sector)}`;
    case 'leader':
      return `Leader ${c.value} to the ${unitName(c.unit)}`;
    case 'ally': {
      const st = view.stacks.find((s) => s.id === c.stack);
      return st ? `${st.name} in ${where(st.sector)} (${st.units.length} unit${st.units.length === 1 ? '' : 's'})` : String(c.stack);
    }
    case 'decline':
      return 'No alliance';
    case 'ally-move':
      return `Move them to ${where(c.to)}`;
    case 'ally-attack': {
      // another Chaos force in the sector [001 32.0 Alliance], or the Empire
      const st = c.target === undefined ? null : view.stacks.find((s) => s.id === c.target);
      return c.target === undefined ? 'Attack the Empire' : `Attack ${st ? st.name : String(c.target)}`;
    }
    case 'ally-hold':
      return 'Hold';
    case 'use-leader':
      return `Add the leader of the ${unitName(c.unit)}`;
    case 'no-leader':
      return 'No leader';
    case 'expedition':
      return `Send an expedition from ${where(c.sector)}`;
    case 'no-expedition':
      return 'No expedition';
    case 'place':
      return `Place the ${defs.get(c.unit as UnitType)?.name ?? String(c.unit)} in ${where(c.sector)}`;
    default:
      return c.type;
  }
}

/** One attack option's odds, as the engine gives them (context.odds[i]). */
export interface AttackOdds {
  attack: number;
  defence: number;
  modifier: number;
  results: Record<string, number>;
}

/**
 * Each option's odds (null for an option that is no attack). The engine gives them as context.odds, one
 * per option; a list shorter than the options (colonizations once had no entry) is read in the attacks'
 * order, so an attack never shows another's odds.
 */
export function oddsByOption(options: readonly C[], odds: readonly (AttackOdds | null)[] | undefined): (AttackOdds | null)[] {
  const list = odds ?? [];
  if (list.length === options.length) return options.map((c, i) => (c.type === 'attack' ? (list[i] ?? null) : null));
  const attacks = list.filter((x): x is AttackOdds => !!x);
  let j = 0;
  return options.map((c) => (c.type === 'attack' ? (attacks[j++] ?? null) : null));
}

export interface OddsRow {
  result: string;
  probability: number;
  /** What it does, in words: "hits 2 of 3 defenders", "the attackers' 1 weakest…". */
  effect: string;
  good: boolean | null;
}

/** A unit's strength of a kind as a defender counts it (bracketed included); trans-humans' rolled values. */
/** A unit's defending strength of a kind: what a result is read against. */
function strength(u: Unit, kind: 'military' | 'morph', defs: ReadonlyMap<UnitType, UnitDef>): number {
  const d = defs.get(u.type);
  return d ? strengthOf(d, u, kind, false) : 0;
}

/**
 * An attack's odds, result by result, with who each result hits: a result hits every unit of the side it
 * names whose strength of the kind is at or below its number [001 31.0]; D is the defender (the Chaos
 * units in the sector and its Chaos system unit), A the attackers.
 */
export function oddsRows(view: SolitaireView, c: C, odds: AttackOdds, defs: ReadonlyMap<UnitType, UnitDef>): OddsRow[] {
  const kind = c.kind === 'morph' ? 'morph' : 'military';
  const sector = String(c.sector);
  const ids = (c.units as number[]) ?? [];
  const attackers = view.units.filter((u) => ids.includes(u.id));
  const defenders = view.units.filter((u) => u.sector === sector && u.side === 'chaos');
  const sys = view.systems[sector];
  const chaosSystem = sys && sys.side === 'chaos' ? sys : null;
  const verb = kind === 'military' ? 'destroys' : 'converts';
  const rows: OddsRow[] = [];
  const order = (r: string) => (r === '-' ? 0 : r[0] === 'D' ? 10 + Number(r.slice(1)) : -Number(r.slice(1)));
  for (const [result, probability] of Object.entries(odds.results).sort((a, b) => order(b[0]) - order(a[0]))) {
    if (result === '-') {
      rows.push({ result, probability, effect: 'no effect', good: null });
      continue;
    }
    const level = Number(result.slice(1));
    if (result[0] === 'D') {
      // the Mutant's followers are converted only by a result of 3 or more [001 32.0 The Mutant 2]
      const shielded = (u: Unit) => kind === 'morph' && level < 3 && !!view.forces.find((f) => f.id === u.force)?.mutant;
      const hit = defenders.filter((u) => strength(u, kind, defs) <= level && !shielded(u)).length;
      const sysHit = chaosSystem && (kind === 'military' ? chaosSystem.military : chaosSystem.morph) <= level ? 1 : 0;
      const all = defenders.length + (chaosSystem ? 1 : 0);
      const parts = `${hit} of ${defenders.length} unit${defenders.length === 1 ? '' : 's'}${chaosSystem ? `${sysHit ? ' and the system' : ', not the system'}` : ''}`;
      rows.push({ result, probability, effect: hit + sysHit === 0 ? 'hits nothing' : hit + sysHit === all ? `${verb} every defender` : `${verb} ${parts}`, good: hit + sysHit > 0 ? true : null });
    } else {
      const hit = attackers.filter((u) => strength(u, kind, defs) <= level).length;
      rows.push({ result, probability, effect: hit === 0 ? 'hits none of yours' : `you lose ${hit === attackers.length ? 'every attacker' : `${hit} of ${attackers.length}`}${kind === 'morph' ? ' (converted)' : ''}`, good: hit === 0 ? null : false });
    }
  }
  return rows;
}

/** The chance that the result hits something of theirs (a D result that reaches a defender). */
export function winChance(rows: readonly OddsRow[]): number {
  return rows.reduce((p, r) => (r.good === true ? p + r.probability : p), 0);
}

/** The chance that the result costs the attacker a unit. */
export function loseChance(rows: readonly OddsRow[]): number {
  return rows.reduce((p, r) => (r.good === false ? p + r.probability : p), 0);
}

export function pct(p: number): string {
  return `${Math.round(p * 100)}%`;
}

/** The level reached with these victory points, and each level's threshold (Collapse below Decline's). */
export function levelLadder(levels: { decline: number; survival: number; expanding: number; galactic: number }, vp: number): { level: Level; from: number | null; reached: boolean }[] {
  return LEVEL_ORDER.map((level) => {
    const from = level === 'collapse' ? null : levels[level];
    return { level, from, reached: from === null || vp >= from };
  });
}

/** The victory points still needed for the next level, or null at Galactic. */
export function nextLevel(levels: { decline: number; survival: number; expanding: number; galactic: number }, vp: number): { level: Level; need: number } | null {
  for (const level of ['decline', 'survival', 'expanding', 'galactic'] as const) if (vp < levels[level]) return { level, need: levels[level] - vp };
  return null;
}

/**
 * The Chaos Events markers that struck among these events, each with what followed it (until the next
 * marker or the end of the events phase): a card for each, as the screen shows them.
 */
export interface EventCard {
  marker: string;
  name: string;
  blurb: string;
  lines: string[];
  turn: number;
}

export function eventCards(events: readonly GameEvent<Side>[], eventNames: ReadonlyMap<string, string>): EventCard[] {
  const cards: EventCard[] = [];
  let card: EventCard | null = null;
  for (const e of events) {
    if (e.kind === 'chaos-marker') {
      const marker = String(e.data?.marker ?? '');
      card = { marker, name: eventNames.get(marker) ?? marker, blurb: EVENT_BLURBS[marker] ?? '', lines: [], turn: e.turn };
      cards.push(card);
    } else if (card && ['chaos-event', 'index', 'alien', 'colonize', 'chaos-operations'].includes(e.kind)) {
      if (card.lines.length < 4) card.lines.push(e.text);
    } else if (e.kind === 'phase' || e.kind === 'turn' || e.kind === 'income') card = null;
  }
  return cards;
}

/** Log lines worth a player's eye are marked by kind (battles, operations rolls, index moves, markers). */
export function logClass(e: GameEvent<Side>): string {
  if (e.kind === 'battle') {
    const r = String(e.data?.result ?? '-');
    const empireAttacks = e.data?.attacker === 'empire';
    return r === '-' ? 'ev-battle' : (r[0] === 'D') === empireAttacks ? 'ev-battle good' : 'ev-battle bad';
  }
  if (e.kind === 'index') {
    const before = Number(e.data?.before ?? 0);
    const after = Number(e.data?.after ?? 0);
    return after > before ? 'ev-index bad' : 'ev-index good';
  }
  return `ev-${e.kind}`;
}
