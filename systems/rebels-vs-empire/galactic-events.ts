/**
 * The galactic phase of the galactic game (docs/rules.md, "Galactic events and strategic assignments"),
 * run at the start of each interphase but the last game-turn's:
 *
 * 1. The Empire's **strategic assignment** (galactic.json): an order from the Throne with a deadline. At
 *    its deadline it is judged (the Chaos Index moves by its success or failure); on turn 1 and every
 *    `assignmentEvery` turns after, with none in hand, the Empire draws the next.
 * 2. **Galactic events** (29 cards, in the spirit of `001_*`'s chaos events): as many as the Chaos Index
 *    says (more as it rises), drawn from a shuffled deck, reshuffled when it runs out. Each card's effects
 *    happen in order, their targets drawn by the game's RNG; an effect with no target does nothing.
 *
 * Everything here is public: both sides read the cards and the assignment.
 */
import type { GalacticEffectDef, GalacticEventDef, PlanetScopeDef, StrategicAssignmentDef } from '../../src/core/content/schema';
import { ENVIRON_TYPES, LOYALTIES } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Game, Procedure, Step } from '../../src/core/engine/types';
import { spawnUnit } from '../../src/core/world/build';
import { IMPERIAL_CONTROL, REBELLION, REBELLION_STOPPED, REBEL_CONTROL } from '../../src/core/world/components';
import { isGalactic, planetInScope } from '../../src/core/content/validate';
import { environsOf, place, planetOfEnviron, refOf, touch, undiscoveredSecret } from '../../src/core/world/world';
import { eventsToDraw, moveChaos } from './chaos';
import { controls } from './control';
import { loyaltyFrozen, planetName, shiftLoyalty, stopRebellion, UNREST } from './loyalty';
import { eliminateUnit } from './military-combat';
import { startRebellion } from './rebellion';
import { discover, rebelBase } from './secret-planets';
import { environsInPlay, planetsInPlay, unitsIn, unitsOnPlanet } from './sides';

const EVENT_RULE = '[galactic event]';
const ASSIGNMENT_RULE = '[strategic assignment]';

/** The Empire's assignment in hand, kept in `game.vars.assignment`. */
export interface AssignmentInHand {
  id: string;
  /** The game-turn at whose interphase it is judged. */
  deadline: number;
  /** For "fewer-risings": the planets risen when it was drawn. */
  risenAtDraw: number;
}

export function assignmentInHand(game: Game): { card: StrategicAssignmentDef; held: AssignmentInHand } | null {
  const held = game.vars.assignment as unknown as AssignmentInHand | undefined;
  if (!held) return null;
  const card = game.content.galactic.assignments.find((a) => a.id === held.id);
  return card ? { card, held } : null;
}

/** Set up the decks at the start of a galactic game: events and assignments, each shuffled. */
export function setupGalacticDecks(game: Game): void {
  if (!isGalactic(game.scenario)) return;
  game.vars.chaos = game.content.galactic.chaos.start;
  game.vars.eventDeck = game.rng.shuffle(game.content.galactic.events.map((e) => e.id));
  game.vars.assignmentDeck = game.rng.shuffle(game.content.galactic.assignments.map((a) => a.id));
}

/** Does the galactic phase run this interphase (every one but the last game-turn's)? */
function galacticPhaseNow(game: Game): boolean {
  return isGalactic(game.scenario) && game.turn < game.scenario.turns;
}

/**
 * The galactic phase at once: judge and draw the assignment, then draw this turn's events (for tests;
 * in play the procedure below runs it, each event in a frame of its own).
 */
export function galacticPhase(game: Game): void {
  if (!galacticPhaseNow(game)) return;
  judgeAssignment(game);
  drawAssignment(game);
  const n = eventsToDraw(game);
  for (let i = 0; i < n; i++) playEvent(game, drawEvent(game));
}

/**
 * Procedure `galactic-phase`, pushed by the interphase: the assignment, then each event in a frame of its
 * own (`galactic-event`), so what an event sets off (a rising's units and rebellion combat [15.4], the
 * domino effects it sparks [000 15.1c]) is over before the next event is drawn. The number of events is
 * read off the Chaos Index as the phase opens.
 */
export const galacticPhaseProcedure: Procedure = {
  step(game: Game, frame): Step {
    if (!galacticPhaseNow(game)) return { done: true };
    if (frame.data.left === undefined) {
      judgeAssignment(game);
      drawAssignment(game);
      frame.data.left = eventsToDraw(game);
    }
    const left = frame.data.left as number;
    if (left <= 0) return { done: true };
    frame.data.left = left - 1;
    return { push: { proc: 'galactic-event', data: {} } };
  },
  answer() {
    throw new Error('the galactic phase asks nothing');
  },
};

/** Procedure `galactic-event`: one event drawn and played; what it sets off runs as its interrupts. */
export const galacticEventProcedure: Procedure = {
  step(game: Game): Step {
    playEvent(game, drawEvent(game));
    return { done: true };
  },
  answer() {
    throw new Error('a galactic event asks nothing');
  },
};

// ---------------------------------------------------------------- the event deck

function drawEvent(game: Game): GalacticEventDef {
  let deck = game.vars.eventDeck as string[];
  if (!deck.length) {
    deck = game.rng.shuffle(game.content.galactic.events.map((e) => e.id)); // every card is back in the deck
    emit(game, { kind: 'galactic-event', text: 'The galactic event deck is reshuffled.', rule: EVENT_RULE, visibleTo: 'all' });
  }
  const [id, ...rest] = deck;
  game.vars.eventDeck = rest;
  const card = game.content.galactic.events.find((e) => e.id === id);
  if (!card) throw new Error(`galactic event "${id}" is not in the content`);
  return card;
}

export function playEvent(game: Game, card: GalacticEventDef): void {
  emit(game, { kind: 'galactic-event', text: `Galactic event: ${card.name}. ${card.text}`, rule: EVENT_RULE, visibleTo: 'all', data: { card: card.id } });
  for (const effect of card.effects) applyEffect(game, effect, card.name);
}

/** The planets in play that a scope means; a "random" province is drawn now, the loyalty read now. */
export function planetsIn(game: Game, where: PlanetScopeDef): number[] {
  const province = where.province === 'random' ? game.rng.pick(game.content.galaxy.provinces).id : where.province;
  const scope = { ...where, province };
  const loyalty = where.loyalty === undefined ? undefined : LOYALTIES.indexOf(where.loyalty);
  return planetsInPlay(game).filter((p) => planetInScope(game.content, refOf(game.world, p), scope) && (loyalty === undefined || game.world.c.Loyalty.value[p] === loyalty));
}

/**
 * Whether the Empire holds the planet as its own (under Imperial control, or its rebellion stopped
 * [15.51, 15.54]): its PDB serves the Empire. On a planet in rebellion a PDB up is what lets it fall to
 * the Rebel [15.52, 15.53], and on a Rebel-controlled one it serves him [15.6].
 */
function heldByEmpire(game: Game, planet: number): boolean {
  const state = game.world.c.PlanetState.value[planet];
  return state === IMPERIAL_CONTROL || state === REBELLION_STOPPED;
}

function applyEffect(game: Game, effect: GalacticEffectDef, cause: string): void {
  const w = game.world;
  const c = w.c;
  switch (effect.do) {
    case 'chaos':
      return moveChaos(game, effect.by, cause);
    case 'loyalty': {
      // planets that can move that way, drawn one by one: not at that side's extreme, and not in
      // rebellion or under Rebel control, whose loyalty cannot move [15.14, 15.47]
      const toward = effect.toward;
      const movable = planetsIn(game, effect.where).filter((p) => !loyaltyFrozen(game, p) && (toward === 'rebel' ? (c.Loyalty.value[p] as number) < UNREST : (c.Loyalty.value[p] as number) > 0));
      for (const p of game.rng.shuffle(movable).slice(0, effect.planets)) shiftLoyalty(game, p, toward, 1, cause);
      return;
    }
    case 'rise': {
      // [15.52] in the galactic game a planet may go into rebellion as the result of a galactic event, and
      // it rises as any other [15.4]: its units raised at once [15.41, 15.43], their rebellion combat [15.45]
      const ready = planetsIn(game, effect.where).filter((p) => c.Loyalty.value[p] === UNREST && c.PlanetState.value[p] === IMPERIAL_CONTROL);
      if (ready.length) startRebellion(game, game.rng.pick(ready), cause);
      return;
    }
    case 'stop-rebellion': {
      const risen = planetsIn(game, effect.where).filter((p) => c.PlanetState.value[p] === REBELLION);
      if (risen.length) stopRebellion(game, game.rng.pick(risen), cause);
      return;
    }
    case 'imperial-units':
    case 'rebel-units':
      return raiseUnits(game, effect.do === 'imperial-units' ? 'imperial' : 'rebel', effect.type, effect.count, effect.where, cause);
    case 'desert':
      return desert(game, effect.from, effect.type, effect.count, effect.where, cause);
    case 'pdb': {
      // a PDB the Empire uses: restored, it helps the Empire; sabotaged, the Rebel (see heldByEmpire)
      const planets = planetsIn(game, effect.where).filter((p) => heldByEmpire(game, p) && (c.Pdb.level[p] as number) > 0 && c.Pdb.up[p] === (effect.up ? 0 : 1));
      if (!planets.length) return;
      const p = game.rng.pick(planets);
      c.Pdb.up[p] = effect.up ? 1 : 0;
      touch(game.world, p);
      emit(game, { kind: 'pdb', text: `The PDB of ${planetName(game, p)} is ${effect.up ? 'back up' : 'down'} (${cause}).`, rule: EVENT_RULE, visibleTo: 'all', entities: [p] });
      return;
    }
    case 'discover': {
      if (effect.what === 'base') {
        const base = rebelBase(game);
        if (base) discover(game, base, cause);
        return;
      }
      const unknown = planetsInPlay(game).filter((p) => undiscoveredSecret(w, p));
      if (unknown.length) discover(game, game.rng.pick(unknown), cause);
      return;
    }
  }
}

/**
 * Units an event raises: the Empire's on a planet it controls, the Rebel's on one he controls (or his
 * base), each unit in an environ with room [9.5], a Rebel unit typed by its environ [7.31].
 */
function raiseUnits(game: Game, side: 'rebel' | 'imperial', type: string, count: number, where: PlanetScopeDef, cause: string): void {
  const w = game.world;
  const scope = new Set(planetsIn(game, where));
  const own = (p: number) => scope.has(p) && (controls(game, side, p) || (side === 'rebel' && p === rebelBase(game)));
  const roomy = () => environsInPlay(game).filter((e) => own(planetOfEnviron(w, e)) && unitsIn(game, e, side).length < (w.c.Environ.size[e] as number));
  const candidates = roomy();
  if (!candidates.length) return;
  // all the units go to one planet, drawn among those with room
  const planet = planetOfEnviron(w, game.rng.pick(candidates));
  let raised = 0;
  for (let i = 0; i < count; i++) {
    const environs = roomy().filter((e) => planetOfEnviron(w, e) === planet);
    if (!environs.length) break;
    const env = game.rng.pick(environs);
    const environType = side === 'rebel' ? (ENVIRON_TYPES[w.c.Environ.type[env] as number] ?? null) : null;
    const unit = spawnUnit(w, game.content, game.ruleset.sides, type, environType);
    place(w, unit, env);
    raised++;
  }
  if (!raised) return;
  // [7.22] an Imperial mobile unit's type is hidden from the Rebel: the public line says only how many
  const def = game.content.unitTypes.get(type);
  const name = side === 'imperial' && def?.hidden ? '' : `${def?.name ?? type} `;
  emit(game, { kind: 'galactic-event', text: `${raised} ${side === 'imperial' ? 'Imperial' : 'Rebel'} ${name}unit${raised === 1 ? '' : 's'} ${raised === 1 ? 'appears' : 'appear'} on ${planetName(game, planet)} (${cause}).`, rule: EVENT_RULE, visibleTo: 'all', entities: [planet] });
}

/**
 * Deserters: a garrison unit of type `from` on a planet under Imperial control leaves with its arms
 * (eliminated: an Imperial unit lost for the Chaos Index), and `count` Rebel units of `type` rise on the
 * same planet, each in an environ with room [9.5], wild environs first (the hill-bands), typed by their
 * environ [7.31]. Without such a garrison anywhere in scope nothing happens.
 */
function desert(game: Game, from: string, type: string, count: number, where: PlanetScopeDef, cause: string): void {
  const w = game.world;
  const fromIndex = game.content.tables.unitTypes.findIndex((t) => t.id === from);
  const garrisons = planetsIn(game, where).filter((p) => w.c.PlanetState.value[p] === IMPERIAL_CONTROL && unitsOnPlanet(game, p, 'imperial').some((u) => w.c.Unit.type[u] === fromIndex));
  if (!garrisons.length) return;
  const planet = game.rng.pick(garrisons);
  const deserter = game.rng.pick(unitsOnPlanet(game, planet, 'imperial').filter((u) => w.c.Unit.type[u] === fromIndex));
  emit(game, { kind: 'galactic-event', text: `A garrison unit deserts on ${planetName(game, planet)} (${cause}).`, rule: EVENT_RULE, visibleTo: 'all', entities: [planet] });
  eliminateUnit(game, deserter, EVENT_RULE);
  const wild = ENVIRON_TYPES.indexOf('wild');
  const roomy = () => environsOf(w, planet).filter((e) => unitsIn(game, e, 'rebel').length < (w.c.Environ.size[e] as number));
  let raised = 0;
  for (let i = 0; i < count; i++) {
    const environs = roomy();
    if (!environs.length) break;
    const wilds = environs.filter((e) => w.c.Environ.type[e] === wild);
    const env = game.rng.pick(wilds.length ? wilds : environs);
    const unit = spawnUnit(w, game.content, game.ruleset.sides, type, ENVIRON_TYPES[w.c.Environ.type[env] as number] ?? null);
    place(w, unit, env);
    raised++;
  }
  if (raised) emit(game, { kind: 'galactic-event', text: `${raised} ${game.content.unitTypes.get(type)?.name ?? type} unit${raised === 1 ? '' : 's'} ${raised === 1 ? 'joins' : 'join'} the Rebel on ${planetName(game, planet)} (${cause}).`, rule: EVENT_RULE, visibleTo: 'all', entities: [planet] });
}

// ---------------------------------------------------------------- strategic assignments

/** Planets in rebellion or under Rebel control within a scope. */
function risen(game: Game, planets: readonly number[]): number[] {
  const c = game.world.c;
  return planets.filter((p) => c.PlanetState.value[p] === REBELLION || c.PlanetState.value[p] === REBEL_CONTROL);
}

/** Whether the Empire meets its assignment's goal now. */
export function assignmentMet(game: Game, card: StrategicAssignmentDef, held: AssignmentInHand): boolean {
  const c = game.world.c;
  const planets = planetsIn(game, card.goal.where);
  switch (card.goal.kind) {
    case 'no-rising':
      return risen(game, planets).length === 0;
    case 'no-unrest':
      return planets.every((p) => c.Loyalty.value[p] !== UNREST);
    case 'garrison':
      return planets.every((p) => unitsOnPlanet(game, p, 'imperial').length >= (card.goal.units ?? 1));
    case 'fewer-risings':
      return risen(game, planetsInPlay(game)).length < held.risenAtDraw;
  }
}

function judgeAssignment(game: Game): void {
  const inHand = assignmentInHand(game);
  if (!inHand || inHand.held.deadline > game.turn) return;
  const { card, held } = inHand;
  const met = assignmentMet(game, card, held);
  // the facts beside the words: the simulator counts the assignments carried out and failed by them
  emit(game, { kind: 'assignment', text: `Strategic assignment "${card.name}": ${met ? 'carried out' : 'failed'}.`, rule: ASSIGNMENT_RULE, visibleTo: 'all', data: { card: card.id, met } });
  moveChaos(game, met ? card.success : card.failure, `"${card.name}" ${met ? 'carried out' : 'failed'}`);
  delete game.vars.assignment;
}

function drawAssignment(game: Game): void {
  const every = game.content.galactic.chaos.assignmentEvery;
  if (assignmentInHand(game) || (game.turn - 1) % every !== 0) return;
  let deck = game.vars.assignmentDeck as string[];
  if (!deck.length) deck = game.rng.shuffle(game.content.galactic.assignments.map((a) => a.id));
  const [id, ...rest] = deck;
  game.vars.assignmentDeck = rest;
  const card = game.content.galactic.assignments.find((a) => a.id === id);
  if (!card) throw new Error(`strategic assignment "${id}" is not in the content`);
  const deadline = Math.min(game.scenario.turns - 1, game.turn + card.turns);
  const held: AssignmentInHand = { id: card.id, deadline, risenAtDraw: risen(game, planetsInPlay(game)).length };
  game.vars.assignment = held as unknown as Game['vars'][string];
  emit(game, { kind: 'assignment', text: `Strategic assignment for the Empire: "${card.name}". ${card.text} (deadline: the end of turn ${deadline}).`, rule: ASSIGNMENT_RULE, visibleTo: 'all' });
}
