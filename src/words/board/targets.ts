/**
 * [issue 44] The map's targets for the decisions that are not movement: where to attack, search, place a
 * reinforcement or a starting force, who goes on a mission and on which, which planet a domino effect
 * shifts, where a reaction goes. Each target is one option of the pending decision (or, for an attack
 * chosen from the combat order, the two commands the rules ask in a row: this environ next, attack it),
 * at the place the option names, with its facts and odds from the same rule code that resolves it:
 * the military combat table through `attackColumns`/`militaryOdds` [10.0], the search through
 * `searchChoices` and the search table [11.0], a mission's bonus draws and a place's loyalty and PDB
 * through `describeOption` (src/words/option-facts.ts), a reaction's detection through `moveFacts`.
 *
 * The board shows them as a held pick (the game holds what is being placed or decided in hand): the
 * targets light up at once, each with its facts on hover, and a click sends its commands. Options with
 * no place (end, pass, no combat) are buttons beside the question (forms.ts).
 */
import type { Command, Decision, Game } from '../../core/engine/types';
import type { SideId } from '../../core/content/schema';
import { environOf, kindOf, refOf } from '../../core/world/world';
import { attackColumns, militaryOdds, percent, searchOdds, type Outcome } from '../../core/odds';
import { searchChoices, searchableGroup } from '../../../systems/rebels-vs-empire/search';
import { pieceOptions } from '../../../systems/rebels-vs-empire/mission-assignment';
import { missionPhase } from '../../../systems/rebels-vs-empire/missions';
import { enemyOf } from '../../../systems/rebels-vs-empire/sides';
import { combatFacts } from '../combat-facts';
import { describeOption, entityName } from '../describe';
import { moveFacts, ratingsOf } from '../option-facts';
import { heldPick, type Dest, type Mover } from './types';

/** Decisions whose every option with a place is a target on the map, the marker's sign before its words. */
export const TARGETS: Record<string, string> = {
  'combat-order': '⚔',
  'declare-combat': '⚔',
  'declare-search': '◎',
  'search-by': '◎',
  'place-reinforcement': '⬇',
  'place-units': '⬇',
  'place-characters': '⬇',
  'pick-for-mission': '✦',
  'assign-mission': '✦',
  'domino-planet': '⇄',
  'reaction': '↪',
  'choose-base': '⌂',
  'choose-mission-environ': '✦',
};

/** A place's short name on a marker: "Tollis 1", not "Tollis 1 (urban)". */
function short(game: Game, eid: number): string {
  return entityName(game, eid).replace(/ \(.*\)$/, '');
}

/** The chance of at least one loss in a loss distribution ("loses 2" 1/3...). */
export function someLoss(xs: Outcome[]): number {
  return xs.filter((x) => Number(x.label.replace(/\D+/g, '')) > 0).reduce((s, x) => s + x.chance, 0);
}

/**
 * [10.0-10.7] an attack on the enemy units in `environ`, as the attacker knows it (`combatFacts`): the
 * column (a range when hidden units could be strong or weak [7.22]) and on it the chance that the enemy
 * loses a unit or more, and that the attacker does, from the military combat table's own odds.
 */
export function attackWords(game: Game, side: SideId, environ: number, rule: string): { mark: string; odds: string } {
  const cf = combatFacts(game, { side, kind: 'declare-combat', prompt: '', rule, options: [], context: { environ } });
  if (!cf) return { mark: '⚔', odds: '' };
  const t = game.content.tables;
  const { worst, best } = attackColumns(t, cf.ownStrength, cf.enemyLeast, cf.enemyMost, cf.shift, !!cf.ownLeader || cf.enemyLeadershipSeen > 0);
  const w = militaryOdds(t, worst);
  const b = militaryOdds(t, best);
  const hit = (o: ReturnType<typeof militaryOdds>) => percent(someLoss(o.defenderLoss));
  const hurt = (o: ReturnType<typeof militaryOdds>) => percent(someLoss(o.attackerLoss));
  const range = (f: (o: ReturnType<typeof militaryOdds>) => string) => (worst === best ? f(w) : `${f(w)} to ${f(b)}`);
  const strength = cf.enemyLeast === cf.enemyMost ? `${cf.enemyLeast}` : `${cf.enemyLeast} to ${cf.enemyMost} (${cf.hiddenUnits} hidden [7.22])`;
  const odds = `your strength ${cf.ownStrength} against ${strength}, shift ${cf.shift >= 0 ? '+' : ''}${cf.shift}${cf.shiftParts.length ? ` (${cf.shiftParts.join(', ')})` : ''}: column ${
    worst === best ? w.column : `${w.column} to ${b.column}`
  }; the enemy loses a unit or more ${range(hit)}, you ${range(hurt)} [10.0]${cf.enemyLeaderUnknown ? '; an enemy leader you cannot see would shift it against you [10.4]' : ''}`;
  return { mark: `⚔ ${w.column} · ${hit(w)}`, odds };
}

/** [11.0] a search's chance with one search value against the hiding values the group may show. */
function foundWords(game: Game, value: number, least: number, most: number): { chance: string; best: number } {
  const t = game.content.tables;
  const best = searchOdds(t, value, least).found;
  const worst = searchOdds(t, value, most).found;
  return { chance: best === worst ? percent(best) : `${percent(worst)} to ${percent(best)}`, best };
}

/**
 * [11.0, 11.1] a search of `environ` to declare: each way it could be made (units and their leader,
 * characters) with its chance to find the detected enemy characters there, from `searchChoices`, the
 * rule's own step 1; searching characters are detected by it [11.31].
 */
export function searchWords(game: Game, side: SideId, environ: number): { mark: string; odds: string } {
  const group = searchableGroup(game, environ, enemyOf(side));
  const choice = searchChoices(game, { environ, searchingSide: side, group });
  if (!choice) return { mark: '◎', odds: 'nothing here can search [11.2]' };
  let top = 0;
  const ways = choice.options
    .map((o, i) => ({ o, value: choice.searchValues[i] ?? 0 }))
    .filter(({ o }) => o.by !== 'none')
    .map(({ o, value }) => {
      const f = foundWords(game, value, choice.hidingLeast, choice.hidingMost);
      top = Math.max(top, f.best);
      const who = o.by === 'units' ? `units${o.leader ? ` led by ${entityName(game, o.leader as number)}` : ''}` : 'characters (they are detected [11.31])';
      return f.best === 0 ? `with ${who}, search value ${value}: cannot find them` : `with ${who}, search value ${value}: finds them ${f.chance}`;
    });
  return {
    mark: `◎ ${top ? `≤${percent(top)}` : '0%'}`,
    odds: `${group.length} detected enemy character${group.length === 1 ? '' : 's'}, hiding value ${choice.hidingLeast === choice.hidingMost ? choice.hidingLeast : `${choice.hidingLeast} to ${choice.hidingMost}`}; ${ways.join('; ')} [11.0]`,
  };
}

/** The environ an option's target stands at (its first place on the map), as an entity id. */
function environOfOption(game: Game, o: Command, d: Decision): number {
  if (d.kind === 'search-by' || d.kind === 'attack-found') return typeof d.context?.environ === 'number' ? d.context.environ : 0;
  for (const key of ['environ', 'to', 'character', 'piece', 'camp']) {
    const id = o[key];
    if (typeof id !== 'number' || !id) continue;
    return key === 'environ' || key === 'to' ? id : environOf(game.world, id);
  }
  return 0;
}

/** One target: an option of the decision at its place, with its words and facts. */
function target(game: Game, d: Decision, o: Command): Dest | null {
  const info = describeOption(game, o, d);
  if (info.ends) return null;
  const sign = TARGETS[d.kind] ?? '•';
  // where the option acts (the environ named, where a reaction goes), else where its piece or planet is
  let environ = environOfOption(game, o, d);
  const place = environ ? refOf(game.world, environ) : info.places[0];
  if (!place) return null;
  if (!environ) environ = game.world.ids.environ.get(place) ?? 0;
  const base: Dest = { place, label: info.label, odds: info.detail, warning: info.warning, commands: [o], mark: `${sign} ${environ ? short(game, environ) : info.label}` };
  switch (o.type) {
    case 'next-environ': {
      // [10.1] the combat order chosen on the map is an attack there: this environ next, then attack it
      const a = attackWords(game, d.side, environ, '[10.1]');
      return { ...base, label: `Attack at ${entityName(game, environ)}`, odds: a.odds, mark: a.mark, commands: [o, { type: 'declare-combat', side: d.side, environ }] };
    }
    case 'declare-combat': {
      const a = attackWords(game, d.side, environ, d.rule);
      return { ...base, odds: a.odds, mark: a.mark };
    }
    case 'declare-search': {
      const s = searchWords(game, d.side, environ);
      return { ...base, odds: s.odds, mark: s.mark };
    }
    case 'search-by': {
      const i = d.options.indexOf(o);
      const values = d.context?.searchValues;
      const least = d.context?.hidingLeast;
      const most = d.context?.hidingMost;
      if (!Array.isArray(values) || typeof least !== 'number' || typeof most !== 'number') return base;
      const value = Number(values[i] ?? 0);
      const f = foundWords(game, value, least, most);
      const who = o.by === 'units' ? `units${o.leader ? `+${entityName(game, o.leader as number).split(' ')[0]}` : ''}` : 'characters';
      return { ...base, odds: `search value ${value} against hiding value ${least === most ? least : `${least} to ${most}`}: finds them ${f.chance} [11.0]${o.by === 'characters' ? '; the searchers are detected [11.31]' : ''}`, mark: `◎ ${who} · ${f.chance}` };
    }
    case 'pick-for-mission': {
      // [13.1] whom to send: his ratings, which the missions' bonus draws follow [13.6]
      const piece = (o.piece as number) ?? 0;
      return { ...base, odds: kindOf(game.world, piece) === 'character' ? ratingsOf(game, piece) : 'a camp performs a mission without bonus draws [13.2]', mark: `${sign} ${entityName(game, piece)}` };
    }
    case 'assign-mission':
    case 'assign-camp': {
      // the mission's letter and its bonus draws' chance, as the option's own facts say it [13.6]
      const letter = String(o.letter ?? '');
      const chance = info.chance === undefined ? undefined : percent(info.chance);
      const name = game.content.missions.get(letter as never)?.name ?? letter;
      return { ...base, mark: `${sign} ${name}${o.declare === true ? ' +poss.' : ''}${chance ? ` · ${chance}` : ''}` };
    }
    case 'domino-planet':
      return { ...base, mark: `${sign} ${entityName(game, o.planet as number)}` };
    case 'choose-base':
      return { ...base, mark: `${sign} ${entityName(game, o.planet as number)}` };
    case 'react': {
      const pieces = (Array.isArray(o.pieces) ? o.pieces : []).filter((p): p is number => typeof p === 'number');
      const from = pieces[0] ? environOf(game.world, pieces[0]) : 0;
      const facts = from ? moveFacts(game, d.side, pieces, from, o.to as number) : {};
      // the marker stands where they go: it names who (a character by his first name), the card from where
      const who = pieces.map((p, i) => (i && kindOf(game.world, p) === 'character' ? entityName(game, p, d.side).split(' ')[0] : entityName(game, p, d.side))).join(' + ');
      return { ...base, label: `${info.label}${from ? ` from ${entityName(game, from)}` : ''}`, odds: facts.detail, warning: facts.warning, mark: `${sign} ${who}` };
    }
    default:
      return base;
  }
}

/**
 * [13.1] a mission chosen first: for each mission some candidate may take, the candidates who may, each a
 * target (his pick, then that mission, undeclared) with the mission's facts for him: the same choices as
 * picking the character first, the other way round.
 */
function missionFirst(game: Game, d: Decision): Dest[] {
  const phase = missionPhase(game);
  if (!phase) return [];
  const out: Dest[] = [];
  for (const pick of d.options) {
    if (pick.type !== 'pick-for-mission') continue;
    const piece = pick.piece as number;
    const environ = environOf(game.world, piece);
    if (!environ) continue;
    for (const o of pieceOptions(game, phase, d.side, piece)) {
      if (o.declare === true) continue; // declaring possessions is asked by picking the character first
      const info = describeOption(game, o, d);
      const letter = String(o.letter ?? '');
      const chance = info.chance === undefined ? undefined : percent(info.chance);
      out.push({
        place: refOf(game.world, environ),
        label: `${game.content.missions.get(letter as never)?.name ?? letter} (${letter}) by ${entityName(game, piece, d.side)}`,
        odds: info.detail,
        warning: info.warning,
        commands: [pick, o],
        mark: `✦ ${entityName(game, piece, d.side)}${chance ? ` · ${chance}` : ''}`,
        way: game.content.missions.get(letter as never)?.name ?? letter,
      });
    }
  }
  return out;
}

/**
 * The decision's targets as one held pick (nothing to pick first: the game holds the choice in hand).
 * The pick stands at the piece the decision is about when there is one (the character whose mission is
 * chosen), else nowhere.
 */
export function targetForm(game: Game, d: Decision): { movers: Mover[] } {
  const dests = d.options.map((o) => target(game, d, o)).filter((x): x is Dest => x !== null);
  if (!dests.length) return { movers: [] };
  if (d.kind === 'pick-for-mission') dests.push(...missionFirst(game, d));
  const piece = d.kind === 'assign-mission' ? ((d.options[0]?.character ?? d.options[0]?.camp) as number | undefined) : undefined;
  const at = piece ? environOf(game.world, piece) : 0;
  const held = piece && at ? { eid: piece, place: refOf(game.world, at), name: entityName(game, piece, d.side) } : undefined;
  return { movers: [heldPick(d.prompt, dests, TARGETS[d.kind] ?? '•', undefined, held)] };
}
