/**
 * Search [11.0-11.34]: the `search` procedure (one search for one group of enemy characters) and the
 * `search-phase` segment procedure.
 *
 * Search procedure [11.0]:
 *   1. the searching player's search value: the units' total combat strength plus their leader's
 *      leadership, OR the sum of the searching characters' intelligence;
 *   2. the hiding value: one character's intelligence (the hider's choice) plus the environ size less the
 *      number of characters hiding (and possessions that help to hide);
 *   3-5. the search table gives a number; a die at most that number finds them.
 * Units and characters search separately, as two searches [11.23]; only the group that found them may
 * attack [11.23], and need not [11.32-11.34].
 *
 * [11.1, 9.57] Who is "stacked with military units" is who is in his side's military stack
 * (`StackedWithUnits`, set at the end of his movement): a character in the mission stack beside his
 * units can still be searched.
 */
import { hasComponent } from 'bitecs';
import type { SideId } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Command, Frame, Game, Json, Procedure, Step } from '../../src/core/engine/types';
import { allOf, occupantsView, tag } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { squadFrom, type Attacker } from './character-combat';
import { afterPossessionUse, possessionCard, workingPossessions } from './possessions';
import { charactersIn, enemyOf, environsInPlay, isFreeCharacter, phasing, sideOf, unitCountIn, unitsIn } from './sides';

export interface SearchData {
  environ: number;
  searchingSide: SideId;
  group: number[];
  calledByCard: boolean;
}

// ------------------------------------------------------------------ values and the table

/** [9.57] a character in his side's military stack (see the header). */
export function stackedWithUnits(game: Game, character: number): boolean {
  return hasComponent(game.world, character, game.world.c.StackedWithUnits);
}

/** [11.0] search value of units: total combat strength plus the leader's leadership. */
export function unitSearchValue(game: Game, environ: number, side: SideId, leader: number): number {
  const c = game.world.c;
  const strength = unitsIn(game, environ, side).reduce((sum, u) => sum + (c.Unit.combat[u] as number), 0);
  return strength + (leader ? (c.Character.leadership[leader] as number) : 0);
}

/** [11.0] search value of characters: the sum of their intelligence. */
export function characterSearchValue(game: Game, searchers: number[]): number {
  return searchers.reduce((sum, ch) => sum + (game.world.c.Character.intelligence[ch] as number), 0);
}

/** Possessions that help their holder hide (Rebels only [14.0]). */
export function hidingBonus(game: Game, character: number): { bonus: number; used: number[] } {
  if (sideOf(game, character) !== 'rebel') return { bonus: 0, used: [] };
  let bonus = 0;
  const used: number[] = [];
  for (const p of workingPossessions(game, character)) {
    const h = possessionCard(game, p).effects.hiding ?? 0;
    if (h > 0) {
      bonus += h;
      used.push(p);
    }
  }
  return { bonus, used };
}

/** The most any one character's possessions can add to hiding, from the content (what a searcher must fear). */
function mostHidingBonus(game: Game): number {
  let most = 0;
  for (const p of game.content.possessions.values()) most += Math.max(0, p.effects.hiding ?? 0);
  return most;
}

/** [11.0] hiding value: the hider's intelligence (with possessions) + environ size − characters hiding. */
export function hidingValue(game: Game, environ: number, hider: number, groupSize: number): number {
  const c = game.world.c;
  return (c.Character.intelligence[hider] as number) + hidingBonus(game, hider).bonus + (c.Environ.size[environ] as number) - groupSize;
}

/** [11.0] the search table: the highest die that finds the group. */
export function searchNumber(game: Game, searchValue: number, hiding: number): number {
  const t = game.content.tables.search;
  const clampIndex = (ranges: { min: number; max: number }[], v: number) => {
    const i = ranges.findIndex((r) => v >= r.min && v <= r.max);
    return i >= 0 ? i : v < (ranges[0]?.min ?? 0) ? 0 : ranges.length - 1;
  };
  const col = clampIndex(t.searchColumns, searchValue);
  const row = clampIndex(t.hidingRows, hiding);
  return t.found[row]![col]!;
}

/** Free searching-side characters in the environ who may search [11.21, 11.22]: not the units' leader. */
export function eligibleSearchers(game: Game, environ: number, side: SideId, leader: number): number[] {
  return charactersIn(game, environ, side).filter((ch) => ch !== leader);
}

/** Characters of the group still there to be searched. */
function groupNow(game: Game, d: SearchData): number[] {
  return d.group.filter((ch) => isFreeCharacter(game, ch) && charactersIn(game, d.environ).includes(ch));
}

// ------------------------------------------------------------------ the search procedure

interface SearchState extends SearchData {
  hider?: number;
  /** The searcher's step 1, chosen; the search runs when the hider has chosen (step 2). */
  method?: { by: 'units' | 'characters'; leader: number };
  tried?: string[];
  leader?: number;
  searchers?: number[];
  searched?: boolean;
  found?: boolean;
  foundBy?: 'units' | 'characters';
  /** Found, and the searching side is asked whether to attack [11.32-11.34]. */
  askAttack?: boolean;
  /** The combat frame to push [11.34], and whether it was pushed. */
  combat?: Json;
  pushed?: boolean;
  result?: Json;
}

export const search: Procedure = {
  step(game: Game, frame: Frame): Step {
    const s = frame.data as unknown as SearchState;
    s.tried ??= [];
    s.searched ??= false;
    if (s.combat && !s.pushed) {
      s.pushed = true; // [11.34] the combat is immediate
      return { push: { proc: 'character-combat', data: s.combat as { [k: string]: Json } } };
    }
    if (s.pushed || s.found) return { done: true, result: { searched: true, found: true } };
    if (s.askAttack) {
      const side = s.searchingSide;
      return {
        decide: {
          side,
          kind: 'attack-found',
          prompt: `Your ${s.foundBy} found the enemy characters in ${nameOf(game, s.environ)}. Attack them now?`,
          rule: '[11.32-11.34]',
          context: { environ: s.environ, foundBy: s.foundBy ?? null },
          // [12.15] characters found through an action card must be attacked if able; a search of the
          // search phase need not lead to combat [11.32, 11.33]
          options: s.calledByCard
            ? [{ type: 'attack-found', side, attack: true }]
            : [
                { type: 'attack-found', side, attack: true },
                { type: 'attack-found', side, attack: false },
              ],
        },
      };
    }
    const group = groupNow(game, s);
    const hidingSide = enemyOf(s.searchingSide);
    if (!group.length) return { done: true, result: { searched: s.searched, found: false } };
    // [11.0 step 2] after the searcher's step 1, the hider picks whose intelligence counts (once for
    // both searches [11.23]). In the rules' order, so a search costs one hand-over of a shared screen,
    // not two, and the hider knows how he is searched, as across a table.
    if (s.method) {
      return {
        decide: {
          side: hidingSide,
          kind: 'choose-hider',
          prompt: `Your characters in ${nameOf(game, s.environ)} are searched by the enemy's ${s.method.by}: whose intelligence hides them?`,
          rule: '[11.0]',
          options: group.map((ch) => ({ type: 'choose-hider', side: hidingSide, character: ch })),
          context: { environ: s.environ },
        },
      };
    }
    const side = s.searchingSide;
    const choice = searchChoices(game, s);
    if (!choice) return { done: true, result: { searched: s.searched, found: false } };
    const { options, searchValues, hidingLeast, hidingMost } = choice;
    return {
      decide: {
        side,
        kind: 'search-by',
        prompt: `Search ${nameOf(game, s.environ)} for ${group.length} enemy character${group.length > 1 ? 's' : ''}: with units (and a leader), with characters, or not?`,
        rule: '[11.0, 11.23]',
        options,
        context: {
          environ: s.environ,
          hiding: group.length,
          calledByCard: s.calledByCard,
          searchValues,
          hidingLeast,
          hidingMost,
        },
      },
    };
  },

  answer(game: Game, frame: Frame, command: Command): void {
    const s = frame.data as unknown as SearchState;
    if (command.type === 'choose-hider') {
      s.hider = command.character as number;
      const { by, leader } = s.method as NonNullable<SearchState['method']>;
      delete s.method;
      carryOutSearch(game, s, by, leader);
      return;
    }
    if (command.type === 'attack-found') {
      s.askAttack = false;
      if (command.attack) startAttack(game, s);
      else s.found = true; // [11.32, 11.33] combat is not required
      return;
    }
    if (command.by === 'none') {
      s.tried = ['units', 'characters'];
      return;
    }
    const by = command.by as 'units' | 'characters';
    const leader = command.leader as number;
    const group = groupNow(game, s);
    if (group.length === 1) s.hider = group[0];
    // the hider is asked now (step 2) unless he has chosen for this group already
    if (s.hider === undefined || !group.includes(s.hider)) s.method = { by, leader };
    else carryOutSearch(game, s, by, leader);
  },
};

/**
 * [11.0, 11.23] a search's step 1: how the searching side may search (units with or without a leader,
 * characters, or not at all, except at first when an action card calls it [13.48]), with the odds' facts it may know: each choice's search value (its own
 * pieces), and the hiding values the group may show. One of them hides (the hider's choice, not told),
 * each with his intelligence plus possessions the searcher cannot see (from none to the most any gives).
 * Who is in the group it knows only if it sees them all [9.31]; else any of the hiding side's free
 * characters may be. Null when nothing is left to search with. Also read by the board [issue 44] to
 * light a search up with its odds before it is declared.
 */
export function searchChoices(
  game: Game,
  s: { environ: number; searchingSide: SideId; group: number[]; calledByCard?: boolean; searched?: boolean; tried?: string[]; leader?: number; searchers?: number[] },
): { options: Command[]; searchValues: number[]; hidingLeast: number; hidingMost: number } | null {
  const side = s.searchingSide;
  const tried = s.tried ?? [];
  const group = groupNow(game, s as SearchData);
  if (!group.length) return null;
  const options: Command[] = [];
  // [11.23] units and characters search separately
  if (!tried.includes('units') && unitsIn(game, s.environ, side).length) {
    const leaders = charactersIn(game, s.environ, side).filter(
      (ch) => (game.world.c.Character.leadership[ch] as number) > 0 && !(s.searchers ?? []).includes(ch),
    );
    for (const leader of [0, ...leaders]) options.push({ type: 'search-by', side, by: 'units', leader });
  }
  if (!tried.includes('characters') && eligibleSearchers(game, s.environ, side, s.leader ?? 0).length)
    options.push({ type: 'search-by', side, by: 'characters', leader: 0 });
  if (!options.length) return null;
  // [13.48] a search an action card calls is made ("he searches for one group immediately"); once it
  // is, a second by the other way [11.23] is the searcher's choice, as in the search phase
  if (!s.calledByCard || s.searched) options.push({ type: 'search-by', side, by: 'none', leader: 0 });
  const w = game.world;
  const c = w.c;
  const size = c.Environ.size[s.environ] as number;
  const seen = group.every((ch) => hasComponent(w, ch, c.Detected));
  const mayHide = seen ? group : allOf(w, 'character').filter((ch) => sideOf(game, ch) === enemyOf(side) && isFreeCharacter(game, ch));
  const intelligence = mayHide.map((ch) => c.Character.intelligence[ch] as number);
  const searchValues = options.map((o) =>
    o.by === 'units'
      ? unitSearchValue(game, s.environ, side, o.leader as number)
      : o.by === 'characters'
        ? characterSearchValue(game, eligibleSearchers(game, s.environ, side, s.leader ?? 0))
        : 0,
  );
  return {
    options,
    searchValues,
    hidingLeast: Math.min(...intelligence) + size - group.length,
    hidingMost: Math.max(...intelligence) + mostHidingBonus(game) + size - group.length,
  };
}

/** Steps 1-5 of [11.0] for one kind of searcher. */
function carryOutSearch(game: Game, s: SearchState, by: 'units' | 'characters', leader: number): void {
  const w = game.world;
  s.tried!.push(by);
  s.searched = true;
  let value: number;
  if (by === 'units') {
    s.leader = leader;
    value = unitSearchValue(game, s.environ, s.searchingSide, leader);
  } else {
    s.searchers = eligibleSearchers(game, s.environ, s.searchingSide, s.leader ?? 0);
    value = characterSearchValue(game, s.searchers);
    for (const ch of s.searchers) tag(w, ch, w.c.Detected); // [11.31]
  }
  const group = groupNow(game, s);
  const hider = s.hider as number;
  const hiding = hidingValue(game, s.environ, hider, group.length);
  const used = hidingBonus(game, hider).used;
  const need = searchNumber(game, value, hiding);
  const die = game.rng.d6();
  const found = die <= need;
  for (const p of used) afterPossessionUse(game, p);
  emit(game, {
    kind: 'search',
    text: `A search by ${by} of ${nameOf(game, s.environ)}: search value ${value}, hiding value ${hiding}, needs ${need} or less, die ${die}: ${found ? 'found' : 'not found'}.`,
    rule: '[11.0]',
    visibleTo: 'all',
    entities: group,
  });
  if (!found) return;
  s.foundBy = by;
  s.askAttack = true; // [11.32-11.34] combat is optional, and immediate if chosen
}

function startAttack(game: Game, s: SearchState): void {
  const attacker: Attacker =
    s.foundBy === 'units'
      ? squadFrom(game, s.environ, s.searchingSide, s.leader ?? 0) // [12.12]
      : { kind: 'characters', characters: (s.searchers ?? []).filter((ch) => isFreeCharacter(game, ch)) }; // [12.11]
  s.combat = {
    environ: s.environ,
    attackerSide: s.searchingSide,
    attacker: attacker as unknown as Json,
    defenders: groupNow(game, s), // [12.2] all the characters found, in one combat
  };
}

// ------------------------------------------------------------------ the search phase

/** [11.1, 11.11] detected enemy characters in an environ that are not stacked with their military units. */
export function searchableGroup(game: Game, environ: number, hidingSide: SideId): number[] {
  // [11.1, 9.57] those in the military stack cannot be searched; the mission stack beside it can
  return charactersIn(game, environ, hidingSide).filter((ch) => hasComponent(game.world, ch, game.world.c.Detected) && !stackedWithUnits(game, ch));
}

/** [11.1] environs where the searching side has characters or units AND detected enemy characters. */
export function searchableEnvirons(game: Game, searchingSide: SideId): number[] {
  const hidingSide = enemyOf(searchingSide);
  // most environs are empty: they are passed over without a list made for them
  return environsInPlay(game).filter(
    (env) =>
      occupantsView(game.world, env).length > 0 &&
      (charactersIn(game, env, searchingSide).length > 0 || unitCountIn(game, env, searchingSide) > 0) &&
      searchableGroup(game, env, hidingSide).length > 0,
  );
}

interface PhaseState {
  queue?: number[];
  declared?: number[];
  index?: number;
  running?: boolean;
}

/**
 * `search-phase` [11.0, 11.1]: the non-phasing player may search every environ that qualifies. All
 * searches are declared before any is carried out [11.23]; then each runs in turn.
 */
export const searchPhase: Procedure = {
  step(game: Game, frame: Frame): Step {
    const p = frame.data as unknown as PhaseState;
    const hidingSide = phasing(game);
    if (!hidingSide) return { done: true };
    const side = enemyOf(hidingSide);
    if (!p.queue) {
      p.queue = searchableEnvirons(game, side);
      p.declared = [];
      p.index = 0;
    }
    if (p.queue.length) {
      const env = p.queue[0]!;
      return {
        decide: {
          side,
          kind: 'declare-search',
          prompt: `Search ${nameOf(game, env)} this search phase?`,
          rule: '[11.1, 11.23]',
          options: [
            { type: 'declare-search', side, environ: env, search: true },
            { type: 'declare-search', side, environ: env, search: false },
          ],
          context: { environ: env, detected: searchableGroup(game, env, hidingSide).length },
        },
      };
    }
    // carry out the declared searches, one after another
    for (;;) {
      const env = p.declared![p.index!];
      if (env === undefined) return { done: true };
      p.index!++;
      const group = searchableGroup(game, env, hidingSide);
      const stillThere = charactersIn(game, env, side).length > 0 || unitCountIn(game, env, side) > 0;
      if (!group.length || !stillThere) continue;
      return { push: { proc: 'search', data: { environ: env, searchingSide: side, group, calledByCard: false } } };
    }
  },
  answer(_game: Game, frame: Frame, command: Command): void {
    const p = frame.data as unknown as PhaseState;
    p.queue!.shift();
    if (command.search) p.declared!.push(command.environ as number);
  },
};
