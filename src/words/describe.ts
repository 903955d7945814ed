/**
 * Options in plain words, and where on the map each one is. Runs where the game is (the worker), so it
 * can name entities; it describes only the deciding side's own options. They name its own pieces,
 * public places and enemy pieces, and an enemy's hidden unit is named without its type or strength
 * (`entityName`), so a label reveals nothing that side does not know.
 */
import type { Command, Decision, Game, Json } from '../core/engine/types';
import { environOf, kindOf, planetOfEnviron, refOf } from '../core/world/world';
import { LOYALTIES, type SideId } from '../core/content/schema';
import { groupById, groupOn, missionPhase } from '../../systems/rebels-vs-empire/missions';
import { hidingBonus } from '../../systems/rebels-vs-empire/search';
import { optionFacts, pdbWords } from './option-facts';
import { nameOf } from '../core/names';
import { recall, remember } from './still';

export interface OptionInfo {
  /** The button text. */
  label: string;
  /** Environ content ids this option is about (the pieces' environ, the destination...), for the map. */
  places: string[];
  /** The "pass/end/stop/no" option of a decision: what Enter does. */
  ends: boolean;
  /** Facts to weigh it by (a mission's goal and rating, a planet's loyalty, detection odds...). */
  detail?: string;
  /** Its chance of success where it has one (a mission this turn). */
  chance?: number;
  /** What choosing it throws away, said before it is chosen. */
  warning?: string;
}

/** Nicer words for some command types; the rest are their type with the dashes taken out. */
const VERBS: Record<string, string> = {
  'end-movement': 'End movement',
  'end-reaction': 'End the reaction',
  'no-combat': 'No combat',
  'declare-combat': 'Attack',
  'pick': 'Pick',
  'move': 'Move',
  'react': 'React',
  'pdb-fire': 'Fire the PDB',
  'pdb-rack': 'Rake',
  'pdb-hold': 'Hold fire',
  'stop-drawing': 'Stop drawing',
  'draw-action': 'Draw an action card',
  'stop-mission': 'Stop mission',
  'resolve-environ': 'Resolve missions at',
  'next-environ': 'Next combat at',
  'remove-unit': 'Remove',
  'name-leader': 'Lead with',
  'place-reinforcement': 'Place at',
  'place-unit': 'Place it at',
  'place-characters': 'Gather at',
  'pick-for-mission': 'Send on a mission:',
  'assign-mission': 'Mission',
  'assign-camp': 'Mission',
  'end-raising': 'Stop raising units',
  'raise-unit': 'Raise',
  'raise-pdb': 'Spend a force point to put the PDB up',
  'gain-character': 'Gain',
  'choose-hider': 'Hide behind',
  'assign-ship': 'Give',
  'domino-option': 'Shift',
  'reassign-spaceship': 'Give',
  'assign-possession': 'Give',
  'subvert-unit': 'Subvert',
  'choose-base': 'Hide the secret base on',
};

/** Fields left out of some options' labels because the prompt already says them (the map still shows them). */
const UNSAID: Record<string, string[]> = {
  'assign-mission': ['character'],
  'assign-camp': ['camp'],
  'draw-action': ['environ'],
  'stop-drawing': ['environ'],
};
/** Words joining a field to the label before it ("Give Kestrel's Due to Mirra Solvane"). */
const JOINS: Record<string, Record<string, string>> = {
  'assign-ship': { character: 'to' },
  'reassign-spaceship': { character: 'to' },
  'assign-possession': { character: 'to' },
  'pdb-rack': { planet: 'with the PDB of' },
  'pdb-hold': { planet: 'at' },
};
/** Placing pieces: the label says what a player weighs there (its people's loyalty, its PDB). */
const PLACING = new Set(['place-unit', 'place-characters', 'place-reinforcement']);

/** Yes-or-no commands said as what they do ("Try to break off", not "Break off yes"). */
const YES_NO: Record<string, { field: string; yes: string; no: string }> = {
  'break-off': { field: 'attempt', yes: 'Try to break off', no: 'Fight the round' },
  'declare-search': { field: 'search', yes: 'Search', no: 'No search' },
  'attack-found': { field: 'attack', yes: 'Attack them', no: 'Let them be' },
};

/** "Start Rebellion (R) by Mirra Solvane, Jax Tollaway": a mission group named by what it does and who. */
function missionGroupName(game: Game, id: number): string {
  try {
    const group = groupById(game, id);
    const mission = game.content.missions.get(group.letter);
    const who = group.camp ? entityName(game, group.camp) : group.members.map((m) => entityName(game, m)).join(', ');
    return `${mission?.name ?? group.letter} (${group.letter}) by ${who}`;
  } catch {
    return `group ${id}`;
  }
}

/** Field names whose value is an entity id. */
const ENTITY_FIELDS = new Set(['camp', 'to', 'environ', 'piece', 'planet', 'unit', 'character', 'knight', 'ship', 'from', 'leader', 'target', 'pieces', 'possession', 'holder']);
/** Field names whose entity is a place; for pieces the map shows where they stand. */
const ENDING = /^(end|stop|no|finish|done|pass|skip)-|hold|^decline/;

/**
 * An entity's name as `viewer` may read it. Options name enemy pieces too (a unit to subvert, a
 * character to assassinate), so an enemy's hidden unit is named without its type or strength [7.22].
 */
export function entityName(game: Game, eid: number, viewer?: SideId): string {
  if (!eid) return 'none';
  const w = game.world;
  const kind = kindOf(w, eid);
  const ref = refOf(w, eid);
  const c = game.content;
  switch (kind) {
    case 'environ': {
      const e = c.environs.get(ref);
      const planet = e ? c.planets.get(e.planet) : undefined;
      return e ? `${planet?.name ?? e.planet} ${e.index + 1} (${e.type})` : ref;
    }
    case 'planet':
      return c.planets.get(ref)?.name ?? ref;
    case 'character':
      return c.characters.get(ref)?.name ?? ref;
    case 'unit': {
      if (w.c.Unit.hidden[eid] === 1 && game.ruleset.sides[w.c.Owner.side[eid] as number] !== viewer) return 'Imperial mobile unit (?)';
      const type = c.tables.unitTypes[w.c.Unit.type[eid] as number];
      return type ? `${type.name} (${w.c.Unit.combat[eid]})` : 'unit';
    }
    case 'possession':
      return c.possessions.get(ref)?.name ?? ref;
    case 'ship':
      return c.imperialShips.get(ref)?.name ?? c.possessions.get(ref)?.name ?? ref;
    case 'camp':
      return 'the rebel camp';
    default:
      return ref;
  }
}

function placeOf(game: Game, eid: number): string | null {
  const w = game.world;
  const kind = kindOf(w, eid);
  if (kind === 'environ') return refOf(w, eid);
  if (kind === 'planet') {
    // a planet's first environ stands for the planet on the map
    const first = [...game.content.environs.values()].find((e) => e.planet === refOf(w, eid));
    return first?.id ?? null;
  }
  const env = eid ? environOf(w, eid) : 0;
  return env ? refOf(w, env) : null;
}

function words(s: string): string {
  const t = s.replace(/-/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** Public facts about an environ's planet, for choosing where to place: "· unrest · PDB 2 up". */
function placeFacts(game: Game, environ: number): string {
  const c = game.world.c;
  const planet = planetOfEnviron(game.world, environ);
  // [9.32] every planet has a PDB, and a level-0 one that is up still detects: never "no PDB"
  return `· ${LOYALTIES[c.Loyalty.value[planet] as number] ?? ''} · ${pdbWords(game, planet)}`;
}

/**
 * [13.1, 13.41] "joining Jax Tollaway" when friends in the character's environ already perform the mission:
 * he joins their group (the environ's cards count for every mission there, so a player may rather start
 * another). Empty otherwise.
 */
function joining(game: Game, option: Command): string {
  const environ = environOf(game.world, option.character as number);
  const phase = missionPhase(game);
  const group = phase ? groupOn(phase, environ, option.letter as string) : undefined;
  return group?.members.length ? `joining ${group.members.map((m) => entityName(game, m)).join(', ')}` : '';
}

/** Fields naming a piece: an option about a piece says where it stands, when nothing else in it names a place. */
const PIECE_FIELDS = ['piece', 'unit', 'character', 'ship', 'knight', 'target'];

/** "at Tollis 1 (urban)": where the option's piece stands, if the option names no place of its own. */
function pieceWhere(game: Game, option: Command): string {
  if (typeof option.environ === 'number' || typeof option.to === 'number' || typeof option.planet === 'number') return '';
  if (UNSAID[option.type]?.includes('character') || option.type === 'gain-character') return '';
  for (const key of PIECE_FIELDS) {
    const id = option[key];
    if (typeof id !== 'number' || !id) continue;
    const env = environOf(game.world, id);
    if (env) return `at ${entityName(game, env)}`;
  }
  return '';
}

/**
 * An option's words and facts. While the game stands still (`whileStill`), each of the decision's own
 * options is described once (by its place among them); a command made up beside them, afresh each time.
 */
export function describeOption(game: Game, option: Command, decision?: Decision): OptionInfo {
  const at = decision ? decision.options.indexOf(option) : -1;
  const known = at < 0 ? undefined : recall<OptionInfo>(game, decision, at);
  if (known) return known;
  // the label's fresh object, the facts' fields added after its own (as a spread would, at a third of the cost)
  const info: OptionInfo = Object.assign(describeLabel(game, option), optionFacts(game, option, decision));
  return at < 0 ? info : remember(game, decision, at, info);
}

function describeLabel(game: Game, option: Command): OptionInfo {
  const yesNo = YES_NO[option.type];
  if (yesNo) {
    const yes = option[yesNo.field] === true;
    const env = typeof option.environ === 'number' ? option.environ : 0;
    const place = env ? placeOf(game, env) : null;
    return { label: `${yes ? yesNo.yes : yesNo.no}${env ? ` at ${entityName(game, env)}` : ''}`, places: place ? [place] : [], ends: !yes };
  }
  if (option.type === 'choose-hider' && typeof option.character === 'number') {
    // [11.0] what the hider brings to the hiding value: his intelligence, and possessions that help hide
    const hider = option.character;
    const bonus = hidingBonus(game, hider).bonus;
    const intelligence = game.world.c.Character.intelligence[hider] as number;
    const place = placeOf(game, hider);
    return { label: `Hide behind ${entityName(game, hider)} (intelligence ${intelligence}${bonus ? `, +${bonus} from possessions` : ''})`, places: place ? [place] : [], ends: false };
  }
  if (option.type === 'leave-drift') {
    // [5.22] out of a drift area: on to the sun's, or down to an environ of the system
    const system = typeof option.system === 'number' ? nameOf(game, option.system) : 'the system';
    if (option.outer === true) return { label: `Leave ${system}'s outer drift area for its sun's`, places: [], ends: false };
    const to = option.to as number;
    const place = placeOf(game, to);
    return { label: `Land from ${system}'s drift area at ${entityName(game, to)}`, places: place ? [place] : [], ends: false };
  }
  if (option.type === 'search-by') {
    // [11.23] "Search with units led by Serath Kaine", "Search with characters", "No search"
    const leader = typeof option.leader === 'number' && option.leader ? ` led by ${entityName(game, option.leader)}` : '';
    const label = option.by === 'units' ? `Search with units${leader}` : option.by === 'characters' ? 'Search with characters' : 'No search';
    return { label, places: [], ends: option.by === 'none' };
  }
  const parts: string[] = [VERBS[option.type] ?? words(option.type)];
  const places: string[] = [];
  for (const [key, value] of Object.entries(option) as [string, Json][]) {
    if (key === 'type' || key === 'side') continue;
    if (ENTITY_FIELDS.has(key) && (typeof value === 'number' || Array.isArray(value))) {
      const ids = (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number');
      for (const id of ids) {
        const p = placeOf(game, id);
        if (p && !places.includes(p)) places.push(p);
      }
      if (UNSAID[option.type]?.includes(key)) continue;
      const join = JOINS[option.type]?.[key];
      if (join) parts.push(join);
      // a ship given to no one [14.55]: "to nobody" reads better than "to none"
      const names = ids.map((id) => (id === 0 && join ? 'nobody' : entityName(game, id, option.side as SideId)));
      if (key === 'to') parts.push(parts[0]?.endsWith(' to') ? names.join(', ') : `→ ${names.join(', ')}`);
      else parts.push(names.join(', '));
      if (key === 'environ' && PLACING.has(option.type) && typeof value === 'number') parts.push(placeFacts(game, value));
    } else if (key === 'unitType' && typeof value === 'string') {
      // "Rebel Irregulars (1-0, costs 1)", not the id's "Rebel 1 0"
      const type = game.content.tables.unitTypes.find((t) => t.id === value);
      parts.push(type ? `${type.name} (${type.combat}-${type.second}, costs ${type.cost})` : words(value));
    } else if (key === 'group' && typeof value === 'number') {
      parts.push(missionGroupName(game, value));
    } else if (key === 'letter' && typeof value === 'string') {
      const mission = game.content.missions.get(value as never);
      parts.push(mission ? `${mission.name} (${value})` : value);
    } else if (typeof value === 'boolean') {
      parts.push(value ? (key === 'declare' ? 'declaring possessions' : 'yes') : key === 'declare' ? '' : 'no');
    } else if (value !== null && typeof value !== 'object') {
      parts.push(typeof value === 'string' ? words(value) : `${key} ${value}`);
    }
  }
  if (option.type === 'assign-mission') parts.push(joining(game, option));
  parts.push(pieceWhere(game, option));
  const label = parts.filter(Boolean).join(' ');
  // "end/stop/no…" types, and the "no" of a yes-or-no question (its only field besides a place is false)
  const fields = Object.entries(option).filter(([k]) => k !== 'type' && k !== 'side' && k !== 'environ' && k !== 'planet');
  const ends = ENDING.test(option.type) || (fields.length === 1 && fields[0]?.[1] === false);
  return { label, places, ends };
}

/**
 * Texts already named, by content (`namesIn`): a content never changes, so a text is named alike every
 * time, and the game server names each event once for each screen it goes to, and the decision's prompt in
 * every state [issue 55]. Forgotten whole past `NAMED_MOST` texts (a server runs for days).
 */
const NAMED = new WeakMap<Game['content'], Map<string, string>>();
const NAMED_MOST = 10_000;

/**
 * Content ids in a rules prompt ("pip-tock", "tollis.1") replaced by their names ("Pip-Tock",
 * "Tollis 1 (urban)"), so a newcomer reads names, not ids. Only ids of the content are touched.
 */
export function namesIn(game: Game, text: string): string {
  const c = game.content;
  let named = NAMED.get(c);
  if (!named) NAMED.set(c, (named = new Map()));
  const known = named.get(text);
  if (known !== undefined) return known;
  const out = text.replace(/\b[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\.\d+)?\b/g, (id) => {
    const env = c.environs.get(id);
    if (env) return `${c.planets.get(env.planet)?.name ?? env.planet} ${env.index + 1} (${env.type})`;
    return c.characters.get(id)?.name ?? c.planets.get(id)?.name ?? c.systems.get(id)?.name ?? id;
  });
  if (named.size >= NAMED_MOST) named.clear();
  named.set(text, out);
  return out;
}

