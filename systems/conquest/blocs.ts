/**
 * Bloc politics [003], a layer on top of a conquest game: the factions split into a Loyalist and an
 * Independence bloc, a war of independence may break out, and propaganda decides who wins it.
 * docs/rules.md ("Bloc politics") says, element by element, what is taken from 003 as written, what
 * is adapted to a conquest of star systems (and why), and what is left out; and the parts 003 names
 * but never gives (the victorious attack 3D9, the truce 3F3, war victory 3F4, endgame points 3G1).
 *
 * The layer's state is plain data in the conquest state (`blocs`), absent from games without blocs so
 * they hash, save and replay as before. Everything here is public: the chits, the bribes, the war.
 */
import type { Command } from '../../src/core/engine/types';
import { conquestContent, type BlocId, type BlocsDef, type FactionId } from './content';
import { factionName, mapOf, stateOf, tell, territoriesOf, territoryCount, type ConquestGame } from './state';

export type { BlocEnding, BlocState, Chit, WarState } from './bloc-state';
import type { BlocEnding, BlocState, Chit } from './bloc-state';

export const BLOC_NAMES: Record<BlocId, string> = { loyalist: 'Loyalist', independence: 'Independence' };

export function otherBloc(bloc: BlocId): BlocId {
  return bloc === 'loyalist' ? 'independence' : 'loyalist';
}

function def(game: ConquestGame): BlocsDef {
  return conquestContent(game.content).blocs;
}

/** The layer's state, or null in a game without blocs. */
export function blocsOf(game: ConquestGame): BlocState | null {
  return (stateOf(game).blocs as BlocState | undefined) ?? null;
}

/** Bribes each faction starts with [3A2d]: 3, or 2 in a game of 5 or 6. */
export function startingBribes(d: BlocsDef, factions: number): number {
  return factions >= 5 ? d.bribes.from5 : d.bribes.upTo4;
}

/**
 * The layer at the start [3A2d,f,g]: the six chits with the starting bloc of their ideology, each
 * seated faction's extremist on its colour's chit, and each faction's bribes.
 */
export function initialBlocs(d: BlocsDef, players: readonly FactionId[]): BlocState {
  const bribes = startingBribes(d, players.length);
  return {
    chits: d.ideologies.map((i) => ({ ideology: i.id, faction: i.faction, shows: i.bloc, extremist: players.includes(i.faction) })),
    bribes: Object.fromEntries(players.map((f) => [f, bribes])),
    war: 'peace',
    victor: null,
    stock: d.outbreak.stock,
    rolls: 0,
    wars: 0,
    truces: 0,
    defector: null,
    flippedThisTurn: false,
    capitulation: false,
  };
}

export function chitOf(blocs: BlocState, faction: FactionId): Chit {
  const chit = blocs.chits.find((c) => c.faction === faction);
  if (!chit) throw new Error(`no propaganda chit for ${faction}`);
  return chit;
}

/** A faction's bloc: what the chit of its colour's ideology shows, even once its extremist is gone [3B2c]. */
export function blocOf(blocs: BlocState, faction: FactionId): BlocId {
  return chitOf(blocs, faction).shows;
}

/**
 * Are two factions enemies? [3Cc] In a bloc game, factions of the other bloc are; your own bloc's are
 * allies. Without blocs every other faction is an enemy. Every "owner is not me" of the conquest rules,
 * agents and screen asks this.
 */
export function areEnemies(blocs: BlocState | null | undefined, a: FactionId | null, b: FactionId | null): boolean {
  if (a === null || b === null || a === b) return a !== b;
  if (!blocs) return true;
  return blocOf(blocs, a) !== blocOf(blocs, b);
}

/** The seated factions of a bloc, in the order of play. */
export function membersOf(game: ConquestGame, bloc: BlocId): FactionId[] {
  const blocs = blocsOf(game)!;
  return stateOf(game).order.filter((f) => blocOf(blocs, f) === bloc);
}

// ---------------------------------------------------------------------------------------------------
// Outbreak [3C1]

/** The seniority count of the outbreak roll: one for every `seniorityEvery` rounds played, at most `seniorityMax` [3C1, 3A2a]. */
export function seniority(d: BlocsDef, round: number): number {
  return Math.min(d.outbreak.seniorityMax, Math.floor((round - 1) / d.outbreak.seniorityEvery));
}

/** The outbreak roll's outcome [3C1]: war if the die plus the seniority count beats the stock value. */
export function outbreakOutcome(die: number, seniorityCount: number, stock: number): boolean {
  return die + seniorityCount > stock;
}

/** The chance of war on an outbreak roll, by enumerating `outbreakOutcome` over the die's faces. */
export function outbreakChance(seniorityCount: number, stock: number): number {
  let wars = 0;
  for (let die = 1; die <= 6; die++) if (outbreakOutcome(die, seniorityCount, stock)) wars++;
  return wars / 6;
}

/** The next outbreak roll as it stands: the count, the stock value, and the chance of war; null if none can be rolled. */
export function nextOutbreak(game: ConquestGame): { seniority: number; stock: number; chance: number } | null {
  const blocs = blocsOf(game);
  if (!blocs || blocs.war !== 'peace') return null;
  const count = seniority(def(game), game.turn);
  return { seniority: count, stock: blocs.stock, chance: outbreakChance(count, blocs.stock) };
}

/**
 * [3C1] adapted: a faction that completes a continent (holds the whole of it, by the conquest it has
 * just made) or takes a capital makes an outbreak roll, the conquest's stand-in for 003's new factory.
 * Rolled in peace and during a truce, never once the war is on or won [3Ca].
 */
function outbreakRoll(game: ConquestGame, faction: FactionId, why: string): void {
  const blocs = blocsOf(game)!;
  const odds = nextOutbreak(game);
  if (!odds) return;
  const die = game.rng.d6();
  const war = outbreakOutcome(die, odds.seniority, odds.stock);
  blocs.rolls += 1;
  if (blocs.stock > def(game).outbreak.stockFloor) blocs.stock -= 1;
  tell(
    game,
    'bloc-outbreak-roll',
    `${factionName(game, faction)} ${why}: outbreak roll ${die} + ${odds.seniority} seniority against stock ${odds.stock} ` +
      `(war on more than ${odds.stock}, ${Math.round(odds.chance * 100)}%): ${war ? 'war breaks out at the end of the turn' : 'peace holds'}.`,
    '[3C1]',
    { faction, die, seniority: odds.seniority, stock: odds.stock, chance: odds.chance, war },
  );
  if (war) {
    blocs.war = 'outbreak';
    blocs.wars += 1;
  }
}

// ---------------------------------------------------------------------------------------------------
// Propaganda [3B3]

/**
 * Flip a chit [3B3]: it shows the other bloc; an extremist on it is disgraced for good [3B2b], and its
 * faction changes bloc with it [3B2c]. Then the war may be over [3F4].
 */
function flip(game: ConquestGame, chit: Chit, text: string, rule: string): void {
  const was = chit.shows;
  chit.shows = otherBloc(was);
  const disgraced = chit.extremist;
  chit.extremist = false;
  tell(
    game,
    'bloc-flip',
    `${text}: the ${ideologyName(game, chit)} chit turns ${BLOC_NAMES[chit.shows]}` +
      (disgraced ? `, its extremist disgraced; ${factionName(game, chit.faction)} is now ${BLOC_NAMES[chit.shows]}` : '') +
      '.',
    rule,
    { ideology: chit.ideology, faction: chit.faction, shows: chit.shows, disgraced },
  );
}

export function ideologyName(game: ConquestGame, chit: Chit): string {
  return def(game).ideologies.find((i) => i.id === chit.ideology)?.name ?? chit.ideology;
}

/** Every chit shows one bloc: that bloc, else null [3B3, 3F4]. */
export function unanimous(blocs: BlocState): BlocId | null {
  const first = blocs.chits[0]!.shows;
  return blocs.chits.every((c) => c.shows === first) ? first : null;
}

/**
 * [3B3a] A victorious attack flips one enemy chit: not an extremist's while a chit without one is left;
 * if an extremist's, the defeated enemy's if it can be (the defeated surrenders [3B3c Surrender]).
 * Which non-extremist chit: the one of the defeated enemy's colour if it is one, else the first in the
 * assembly's order (docs/rules.md: 003 leaves the choice to the attacker; one fixed choice keeps the
 * option lists small).
 */
export function chitToFlip(blocs: BlocState, attacker: FactionId, defeated: FactionId): Chit | null {
  const enemyBloc = otherBloc(blocOf(blocs, attacker));
  const enemy = blocs.chits.filter((c) => c.shows === enemyBloc);
  const plain = enemy.filter((c) => !c.extremist);
  if (plain.length) return plain.find((c) => c.faction === defeated) ?? plain[0]!;
  return enemy.find((c) => c.faction === defeated) ?? enemy[0] ?? null;
}

/**
 * After a conquest [3B3a, 3C1]: in peace a completed continent or a taken capital rolls for an outbreak;
 * in war, the first conquest a turn of an enemy's system is a victorious attack and flips a chit.
 */
export function afterConquest(game: ConquestGame, attacker: FactionId, defender: FactionId, territory: string): void {
  const blocs = blocsOf(game);
  if (!blocs) return;
  const s = stateOf(game);
  const map = mapOf(game);
  if (blocs.war === 'peace') {
    const continent = map.continentOf.get(territory);
    const ts = continent === undefined ? [] : (map.continentTerritories.get(continent) ?? []);
    if (ts.length && ts.every((t) => s.owner[t] === attacker)) outbreakRoll(game, attacker, `completes ${map.def.continents.find((c) => c.id === continent)?.name ?? continent}`);
    else if (Object.values(s.capitals).includes(territory)) outbreakRoll(game, attacker, `takes the capital ${map.nameOf(territory)}`);
    return;
  }
  if (blocs.war !== 'war' || blocs.flippedThisTurn || !areEnemies(blocs, attacker, defender)) return;
  const chit = chitToFlip(blocs, attacker, defender);
  if (!chit) return;
  blocs.flippedThisTurn = true;
  const surrender = chit.extremist;
  flip(game, chit, `${factionName(game, attacker)}'s victorious attack on ${map.nameOf(territory)}`, surrender ? '[3B3a, 3B3c Surrender]' : '[3B3a]');
  endWarIfUnanimous(game, { how: 'propaganda', by: attacker });
}

// ---------------------------------------------------------------------------------------------------
// Vendettas, sneak attacks, defection, truce [3D1, 3B3c, 3F3]

/** A faction's bribes [3B1]. */
export function bribesOf(blocs: BlocState, faction: FactionId): number {
  return blocs.bribes[faction] ?? 0;
}

/** Pay a bribe from one faction to another [3B1]. */
function pay(blocs: BlocState, from: FactionId, to: FactionId, count = 1): void {
  blocs.bribes[from] = bribesOf(blocs, from) - count;
  blocs.bribes[to] = bribesOf(blocs, to) + count;
}

/**
 * How `attacker` may attack the holder of `to` [3c, 3D1, 3B3c]: freely (an enemy), as a vendetta (an
 * ally: a bribe to the victim before the first roll, so only with a bribe in hand), and, on a defection
 * turn, as a sneak attack on a former ally (a bribe, for the edge docs/rules.md gives).
 */
export function attackKinds(blocs: BlocState | null, attacker: FactionId, victim: FactionId): readonly AttackKind[] {
  if (!blocs) return PLAIN;
  const hasBribe = bribesOf(blocs, attacker) > 0;
  if (!areEnemies(blocs, attacker, victim)) return hasBribe ? VENDETTA : NONE;
  if (blocs.defector === attacker && hasBribe && formerAlly(blocs, attacker, victim)) return PLAIN_OR_SNEAK;
  return PLAIN;
}

type AttackKind = 'plain' | 'vendetta' | 'sneak';
// the answers, made once: the attack stage asks for every border of the attacker's at every decision
const PLAIN: readonly AttackKind[] = ['plain'];
const VENDETTA: readonly AttackKind[] = ['vendetta'];
const NONE: readonly AttackKind[] = [];
const PLAIN_OR_SNEAK: readonly AttackKind[] = ['plain', 'sneak'];

/** Was `victim` an ally of `defector` before it defected this turn (now on the other side)? */
function formerAlly(blocs: BlocState, defector: FactionId, victim: FactionId): boolean {
  return blocOf(blocs, victim) === otherBloc(blocOf(blocs, defector));
}

/** The bribe of a vendetta or a sneak attack, paid just before the first roll [3D1, 3B3c]. */
export function payForAttack(game: ConquestGame, attacker: FactionId, victim: FactionId, kind: 'vendetta' | 'sneak'): void {
  const blocs = blocsOf(game)!;
  pay(blocs, attacker, victim);
  tell(
    game,
    kind === 'vendetta' ? 'bloc-vendetta' : 'bloc-sneak',
    kind === 'vendetta'
      ? `${factionName(game, attacker)} attacks its ally ${factionName(game, victim)}: a vendetta, and pays it a bribe.`
      : `${factionName(game, attacker)} sneak-attacks its former ally ${factionName(game, victim)}, paying it a bribe: the defender rolls a die fewer.`,
    kind === 'vendetta' ? '[3D1]' : '[3B3c Sneak Attack]',
    { attacker, victim, kind },
  );
}

/** The defence dice of a sneak attack: one fewer than the defender may roll, at least one (docs/rules.md, 3B3c). */
export function sneakDefenceDice(most: number): number {
  return Math.max(1, most - 1);
}

/**
 * The free actions of 003 offered in the attack stage [3B3c, 3F3]: defecting, in war or in peace (003
 * flips chits "during War/Anarchy or peace"), while one's extremist sits on his chit; a truce, in war,
 * with the bribes it costs (`truceCost`, which the option names), not on a defection turn.
 */
export function freeActions(game: ConquestGame, me: FactionId): Command<FactionId>[] {
  const blocs = blocsOf(game);
  if (!blocs || blocs.war === 'won' || blocs.capitulation) return [];
  const offers: Command<FactionId>[] = [];
  if (chitOf(blocs, me).extremist) offers.push({ type: 'defect', side: me });
  const cost = truceCost(game, me);
  if (blocs.war === 'war' && !blocs.defector && bribesOf(blocs, me) >= cost) offers.push({ type: 'truce', side: me, cost });
  return offers;
}

/**
 * [3B3c] Defection: flip your own extremist's chit (disgracing him) and change bloc; from now on the
 * defector is counted among the defeated [3F4d] and never wins (`victorsOf`). The system it must then
 * cede is asked next (`cedeOptions`), before anything is judged. In war, if every chit now shows one
 * bloc, the war ends at the end of the turn, in the defector's defeat [3B3c Capitulation]; in peace a
 * bloc left without enemies wins by Domination once the system is ceded.
 */
export function defect(game: ConquestGame, me: FactionId): void {
  const blocs = blocsOf(game)!;
  const chit = chitOf(blocs, me);
  flip(game, chit, `${factionName(game, me)} defects`, '[3B3c]');
  blocs.defector = me;
  if (blocs.war === 'war' && unanimous(blocs)) {
    blocs.capitulation = true;
    tell(game, 'bloc-capitulation', `Every chit shows ${BLOC_NAMES[chit.shows]}: the war ends at the end of ${factionName(game, me)}'s turn.`, '[3B3c Capitulation]');
  }
}

/**
 * The system a defector cedes [3B3c, 3E2k adapted]: one of its own (not its last), to one of its enemies
 * (its former allies) holding a neighbouring system, or to any of them if none borders it. When no enemy
 * holds a system (the two-player game, or every former ally gone), it goes to the bloc the defector
 * joined, the same way: 003's tip for the two-player game, "you can always end the War by defecting!
 * You lose a Factory", so a defection is never free (docs/rules.md).
 */
export function cedeOptions(game: ConquestGame, me: FactionId): Command<FactionId>[] {
  const blocs = blocsOf(game)!;
  const s = stateOf(game);
  const mine = territoriesOf(game, me);
  if (mine.length < 2) return [];
  const holding = s.order.filter((f) => f !== me && territoryCount(game, f) > 0);
  const enemies = holding.filter((f) => areEnemies(blocs, me, f));
  const takers = enemies.length ? enemies : holding;
  const map = mapOf(game);
  const offers: Command<FactionId>[] = [];
  for (const territory of mine) {
    const beside = new Set((map.neighbours.get(territory) ?? []).map((n) => s.owner[n] ?? null).filter((o): o is FactionId => o !== null && takers.includes(o)));
    for (const to of beside.size ? [...beside] : takers) offers.push({ type: 'cede', side: me, territory, to });
  }
  return offers;
}

export function cede(game: ConquestGame, me: FactionId, territory: string, to: FactionId): void {
  const s = stateOf(game);
  s.owner[territory] = to;
  tell(game, 'bloc-cede', `${factionName(game, me)} cedes ${mapOf(game).nameOf(territory)} to ${factionName(game, to)}, the price of its defection.`, '[3B3c]', {
    faction: me,
    territory,
    to,
  });
}

/** The enemy factions still holding systems: those a truce pays [3F3]. */
function enemiesInGame(game: ConquestGame, me: FactionId): FactionId[] {
  const blocs = blocsOf(game)!;
  return stateOf(game).order.filter((f) => areEnemies(blocs, me, f) && territoryCount(game, f) > 0);
}

/** What a truce costs `me` [3F3, docs/rules.md]: `trucePerEnemy` bribes to each enemy faction still holding systems. */
export function truceCost(game: ConquestGame, me: FactionId): number {
  return def(game).trucePerEnemy * enemiesInGame(game, me).length;
}

/**
 * A truce [3F3, not given by 003; docs/rules.md]: a faction pays each enemy faction still in the game
 * its bribe (`truceCost`), so each is paid to accept it; the war stops at once, and outbreak rolls
 * resume [3C1].
 */
export function truce(game: ConquestGame, me: FactionId): void {
  const blocs = blocsOf(game)!;
  const cost = truceCost(game, me);
  const enemies = enemiesInGame(game, me);
  for (const enemy of enemies) pay(blocs, me, enemy, def(game).trucePerEnemy);
  blocs.war = 'peace';
  blocs.truces += 1;
  tell(
    game,
    'bloc-truce',
    `${factionName(game, me)} buys a truce for ${cost} ${cost === 1 ? 'bribe' : 'bribes'}, paid to ${enemies.map((f) => factionName(game, f)).join(', ')}: the war stops, and may break out again.`,
    '[3F3]',
    { faction: me, cost },
  );
}

// ---------------------------------------------------------------------------------------------------
// The turn, and the end [3C1, 3Cd, 3F4, 3G1]

/** At the start of a faction's turn: no defector yet, no flip yet. */
export function beginTurn(game: ConquestGame): void {
  const blocs = blocsOf(game);
  if (!blocs) return;
  blocs.defector = null;
  blocs.flippedThisTurn = false;
}

/** At the end of a turn: an outbreak becomes war [3C1, 3Cd]; a capitulation ends it [3B3c]. */
export function endTurn(game: ConquestGame, me: FactionId): void {
  const blocs = blocsOf(game);
  if (!blocs) return;
  if (blocs.war === 'outbreak') {
    blocs.war = 'war';
    tell(game, 'bloc-war', `The war of independence breaks out: Loyalists (${names(game, 'loyalist')}) against Independents (${names(game, 'independence')}).`, '[3C1, 3C3a]');
  }
  if (blocs.capitulation) {
    blocs.capitulation = false;
    endWarIfUnanimous(game, { how: 'capitulation', by: me });
  }
  blocs.defector = null;
}

function names(game: ConquestGame, bloc: BlocId): string {
  return membersOf(game, bloc).filter((f) => territoryCount(game, f) > 0).map((f) => factionName(game, f)).join(', ') || 'none';
}

/** Every chit shows one bloc during the war: it has won [3F4]; the game ends with its leading member. */
function endWarIfUnanimous(game: ConquestGame, ending: BlocEnding): void {
  const blocs = blocsOf(game)!;
  const bloc = unanimous(blocs);
  if (!bloc || blocs.war !== 'war' || blocs.capitulation) return;
  const capitulation = ending.how === 'capitulation';
  declareBlocVictory(game, bloc, ending, capitulation ? `${factionName(game, ending.by)} capitulates` : 'every chit shows it', capitulation ? '[3B3c Capitulation, 3F4]' : '[3F4]');
}

/**
 * A bloc wins, and the war with it [3F4]: the game's winner is its leading member [3G1 adapted], of its
 * victors (`victorsOf`) the one with the most points (`points`), ties to the earlier in the order of
 * play. A bloc none of whose factions still holding systems kept its extremist has no victor: all are
 * counted among the defeated [3F4d], and the game is a draw.
 */
export function declareBlocVictory(game: ConquestGame, bloc: BlocId, ending: BlocEnding, why: string, rule: string): void {
  const blocs = blocsOf(game)!;
  blocs.war = 'won';
  blocs.victor = bloc;
  blocs.ending = ending;
  blocs.capitulation = false;
  const victors = victorsOf(game, bloc);
  const leader = victors.reduce<FactionId | null>((best, f) => (best === null || points(game, f) > points(game, best) ? f : best), null);
  stateOf(game).winner = leader ?? 'draw';
  tell(
    game,
    'bloc-victory',
    leader
      ? `The ${BLOC_NAMES[bloc]} bloc wins (${why}): ${victors.map((f) => `${factionName(game, f)} ${points(game, f)}`).join(', ')} points; ${factionName(game, leader)} leads it.`
      : `The ${BLOC_NAMES[bloc]} bloc wins (${why}), but none of its factions still holding systems kept its extremist: all are counted among the defeated, and nobody wins.`,
    leader ? rule : `${rule.slice(0, -1)}, 3F4d]`,
    { bloc, members: victors, leader, how: ending.how, by: ending.by },
  );
}

/**
 * The winning bloc's victors [3F4, 3F4d]: its factions still holding systems that kept their extremist.
 * A faction without its extremist (it defected, or surrendered) is "counted among the defeated", though
 * its colour's chit shows the winning bloc: a defector never wins.
 */
export function victorsOf(game: ConquestGame, bloc: BlocId): FactionId[] {
  const blocs = blocsOf(game)!;
  return membersOf(game, bloc).filter((f) => isVictor(blocs, bloc, f, territoryCount(game, f)));
}

/** Is `faction`, holding `held` systems, among the victors of `bloc`'s win [3F4, 3F4d]? (`victorsOf`, for a view.) */
export function isVictor(blocs: BlocState, bloc: BlocId, faction: FactionId, held: number): boolean {
  return blocOf(blocs, faction) === bloc && chitOf(blocs, faction).extremist && held > 0;
}

/**
 * A faction's points at the end [3G1 adapted]: systems held, and each bribe by which bloc won [3B1b];
 * a faction without its extremist (it defected, or surrendered) is counted among the defeated [3F4d]:
 * its bribes score nothing, and it is not among the victors (`victorsOf`).
 */
export function points(game: ConquestGame, faction: FactionId): number {
  return pointsOf(def(game), blocsOf(game)!, faction, territoryCount(game, faction));
}

/** The points of `faction` holding `held` systems (`points`, for a view). */
export function pointsOf(d: BlocsDef, blocs: BlocState, faction: FactionId, held: number): number {
  const perBribe = !chitOf(blocs, faction).extremist ? 0 : blocs.victor ? d.bribePoints[blocs.victor] : 1;
  return held + perBribe * bribesOf(blocs, faction);
}
