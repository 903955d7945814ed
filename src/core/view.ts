/**
 * Per-side views: what one side may know, as plain data. Agents (AI and the player's screen) see the
 * game only through a view; the spectator's view (`null` side) shows everything.
 *
 * Hidden from the other side:
 * - the strength and type of Imperial mobile units (patrol, line), from the Rebel [7.22];
 * - undetected enemy characters [9.31, 9.4] (a prisoner you hold, or a body, you do know about);
 * - enemy spaceships and possessions not with a character you can see, and those not yet used or revealed
 *   (`Revealed`) [14.2]: a ship is revealed when it flies in the enemy's sight or a PDB detects it;
 * - the order of every deck and anything else kept in `game.vars` (but for the sovereigns' courts, public
 *   [13.2], and the Empire's strategic assignment in the galactic game, public: `assignment`);
 * - the other side's pending decision;
 * - in the galactic game, where the Rebel's secret base is, from the Empire until its planet is discovered.
 */
import { hasComponent } from 'bitecs';
import { ENVIRON_TYPES, LOYALTIES, PLANET_STATES, type DominoRule, type SideId, type StrategicAssignmentDef } from './content/schema';
import { dominoRule } from './domino-rule';
import { currentSegmentLabel } from './engine/game';
import { copyPlain } from './plain';
import type { Decision, Game, GameEvent, Json } from './engine/types';
import { POSSESSION_KINDS } from './world/components';
import { isGalactic, planetInScope } from './content/validate';
import { provinceOfEnviron, questionedProvinces } from './insight';
import { allOf, environOf, guardOf, holderOf, planetOfEnviron, refOf, undiscoveredSecret } from './world/world';

export interface PlanetView {
  eid: number;
  id: string;
  inPlay: boolean;
  loyalty: (typeof LOYALTIES)[number];
  state: (typeof PLANET_STATES)[number];
  pdbLevel: number;
  pdbUp: boolean;
  /** Who controls it now [15.5], or null for neither. */
  control: SideId | null;
  /** Galactic game: a secret planet the Empire has not discovered (it may not go there). */
  unknownToEmpire: boolean;
  /** Galactic game: the Rebel's secret base is here (the Empire sees it only once the planet is discovered). */
  rebelBase: boolean;
  /**
   * 000 15.2b: the spaces its loyalty has moved toward each side this segment (public: every shift is
   * announced). Two spark a level-1 domino effect, three a level-2: one more shift of a planet moved
   * once sets off an effect of its own.
   */
  shifted: Partial<Record<SideId, number>>;
}

/** The public layout of an environ (static for a game). */
export interface EnvironView {
  eid: number;
  id: string;
  planet: number;
  type: (typeof ENVIRON_TYPES)[number];
  size: number;
  inPlay: boolean;
  /**
   * [5.3I, 13.2] the sovereign ruling here, by name, and the court he stands at (the side whose mission E
   * summoned him), or null: public. None in the star-system game [5.3I].
   */
  sovereign: { name: string; court: SideId | null } | null;
}

export interface UnitView {
  eid: number;
  side: SideId;
  /** The unit type id, or "hidden" for an Imperial mobile unit seen by the Rebel [7.22]. */
  type: string;
  /** Combat strength, or null when hidden [7.22]. */
  combat: number | null;
  mobile: boolean;
  environType: (typeof ENVIRON_TYPES)[number] | null;
  environ: number;
  moved: boolean;
}

export interface CharacterView {
  eid: number;
  id: string;
  side: SideId;
  environ: number;
  wounds: number;
  detected: boolean;
  captured: boolean;
  /** The unit or character guarding him, if captured [12.81] and the guard can be seen (else 0). */
  guard: number;
  dead: boolean;
  moved: boolean;
}

export interface ShipView {
  eid: number;
  id: string;
  side: SideId;
  holder: number;
  environ: number;
  damaged: number;
}

export interface PossessionView {
  eid: number;
  id: string;
  kind: (typeof POSSESSION_KINDS)[number];
  holder: number;
  inoperative: boolean;
}

/** [5.22] a piece in a drift area after a hyperjump: in space, in no environ; seen by its own side only. */
export interface DriftView {
  eid: number;
  kind: 'unit' | 'character' | 'ship';
  side: SideId;
  /** The star system's content id. */
  system: string;
  /** The system's outer drift area (true), or its sun's (false). */
  outer: boolean;
}

/**
 * The galactic game: the Empire's strategic assignment in hand, public (both sides read the card and its
 * deadline), with the planets its goal covers so that a side's plans need not read the rules' scopes.
 */
export interface AssignmentView {
  id: string;
  goal: StrategicAssignmentDef['goal']['kind'];
  /** A garrison goal: the Imperial units each planet needs (0 for the other goals). */
  units: number;
  /** The game-turn at whose interphase it is judged. */
  deadline: number;
  /** The planets in play its goal covers (for "fewer-risings", every planet in play). */
  planets: number[];
  /** "fewer-risings": the planets in rebellion or Rebel control when it was drawn; fewer by the deadline. */
  risenAtDraw: number;
}

export interface GameView {
  /** Whose view this is; null for the spectator who sees everything. */
  side: SideId | null;
  scenario: string;
  turn: number;
  turns: number;
  /** "rebel / operations / movement". */
  segment: string;
  phasing: SideId | null;
  winner: Game['winner'];
  score: { [key: string]: Json };
  planets: PlanetView[];
  environs: EnvironView[];
  units: UnitView[];
  characters: CharacterView[];
  ships: ShipView[];
  possessions: PossessionView[];
  /** [5.22] pieces adrift (one's own only; the spectator's, all). */
  drifting: DriftView[];
  /** The galactic game: the Empire's strategic assignment, or null (none in hand, or another game). */
  assignment: AssignmentView | null;
  /** How this game plays the domino chapter (000 15.x, an optional rule): with chain reactions or not. */
  domino: DominoRule;
  /** The pending decision, when it is this side's (always, for the spectator). */
  decision: Decision | null;
  events: GameEvent[];
}

function sideName(game: Game, index: number): SideId {
  const side = game.ruleset.sides[index];
  if (!side) throw new Error(`no side ${index}`);
  return side;
}

export interface ViewOptions {
  /** Leave the events out (false), or give only those from this index of the game's events on. */
  events?: boolean | { from: number };
  /** Leave the pending decision out (false): a caller that sends it beside the view (the game server's states). */
  decision?: boolean;
}

/**
 * [5.3I, 13.2] an environ's sovereign and his court, as `systems/rebels-vs-empire/sovereigns.ts` keeps them (the court in
 * `game.vars.sovereignCourts`, by environ id); sovereigns have no effect in the star-system game, so
 * there it shows none.
 */
function sovereignView(game: Game, environ: string): EnvironView['sovereign'] {
  const name = game.scenario.kind === 'star-system' ? null : (game.content.environs.get(environ)?.sovereign ?? null);
  if (name === null) return null;
  const courts = game.vars.sovereignCourts as Record<string, SideId> | undefined;
  return { name, court: courts?.[environ] ?? null };
}

/**
 * 000 15.2b: the spaces a planet's loyalty has moved toward each side this segment, as the rules count
 * them in `game.vars.loyaltyShifts` (systems/rebels-vs-empire/loyalty.ts), keyed by planet and side, for
 * the segment named in `game.vars.loyaltyShiftSegment`.
 */
function shiftedThisSegment(game: Game, counts: Record<string, number> | undefined, planet: number): Partial<Record<SideId, number>> {
  const shifted: Partial<Record<SideId, number>> = {};
  // most segments shift nothing: no key to write out for each planet and side
  if (!counts) return shifted;
  for (const side of game.ruleset.sides) {
    const spaces = counts[`${planet}:${side}`];
    if (spaces) shifted[side] = spaces;
  }
  return shifted;
}

/** The counts `shiftedThisSegment` reads, while they are this segment's (a new segment starts from none; a world view's key holds them). */
function shiftsThisSegment(game: Game): Record<string, number> | undefined {
  if (game.vars.loyaltyShiftSegment !== `${game.turn}:${game.segment}`) return undefined;
  return game.vars.loyaltyShifts as Record<string, number> | undefined;
}

/** The Empire's strategic assignment, as the rules keep it in `game.vars.assignment` (systems/rebels-vs-empire/galactic-events.ts). */
function assignmentView(game: Game): AssignmentView | null {
  const held = game.vars.assignment as { id: string; deadline: number; risenAtDraw: number } | undefined;
  const card = held && game.content.galactic.assignments.find((a) => a.id === held.id);
  if (!held || !card) return null;
  const w = game.world;
  const planets = allOf(w, 'planet').filter((p) => hasComponent(w, p, w.c.InPlay) && planetInScope(game.content, refOf(w, p), card.goal.where));
  return { id: card.id, goal: card.goal.kind, units: card.goal.units ?? 0, deadline: held.deadline, planets, risenAtDraw: held.risenAtDraw };
}

/**
 * The part of a side's view read from the world: its places and pieces. It changes only when the world
 * does (its `revision`), when a new game-turn ends a prisoner's questioning [13.2 Q] or starts one, or when
 * a sovereign's court changes: `worldViewKey` says when it may have changed, so a caller that keeps one
 * (the game server, for each side at its table) need not make it again while the key stands.
 */
export type WorldView = Pick<GameView, 'planets' | 'environs' | 'units' | 'characters' | 'ships' | 'possessions' | 'drifting'>;

/** What a `WorldView` is made from beside the world's own revision; the same key, the same world view. */
export function worldViewKey(game: Game): string {
  return `${game.world.revision}:${game.turn}:${JSON.stringify(game.vars.questioned ?? null)}:${JSON.stringify(game.vars.sovereignCourts ?? null)}:${JSON.stringify(shiftsThisSegment(game) ?? null)}`;
}

/** Build the view of one side (or of the spectator, with `null`); `world`, that side's world view as
 * `worldView` made it under the same `worldViewKey`, is used as it is. */
export function viewFor(game: Game, side: SideId | null, options: ViewOptions & { world?: WorldView } = {}): GameView {
  const seg = game.segment >= 0 ? game.ruleset.sequence[game.segment] : undefined;
  const world = options.world ?? worldView(game, side);
  return {
    side,
    scenario: game.scenario.id,
    turn: game.turn,
    turns: game.scenario.turns,
    segment: currentSegmentLabel(game),
    phasing: seg?.player ?? null,
    winner: game.winner,
    score: game.ruleset.score(game),
    planets: world.planets,
    environs: world.environs,
    units: world.units,
    characters: world.characters,
    ships: world.ships,
    possessions: world.possessions,
    drifting: world.drifting,
    assignment: assignmentView(game),
    domino: dominoRule(game),
    decision: options.decision !== false && game.pending && (side === null || game.pending.side === side) ? copyPlain(game.pending) : null,
    events:
      options.events === false
        ? []
        : (typeof options.events === 'object' ? game.events.slice(options.events.from) : game.events).filter((e) => side === null || e.visibleTo === 'all' || e.visibleTo === side),
  };
}

/** A side's world view (`WorldView`): the planets, environs and pieces it may see, as `viewFor` shows them. */
export function worldView(game: Game, side: SideId | null): WorldView {
  const w = game.world;
  const c = w.c;
  const sees = (owner: SideId) => side === null || side === owner;

  const shifts = shiftsThisSegment(game);
  const planets: PlanetView[] = allOf(w, 'planet').map((eid) => ({
    eid,
    id: refOf(w, eid),
    inPlay: hasComponent(w, eid, c.InPlay),
    loyalty: LOYALTIES[c.Loyalty.value[eid] as number] ?? 'neutral',
    state: PLANET_STATES[c.PlanetState.value[eid] as number] ?? 'imperial-control',
    pdbLevel: c.Pdb.level[eid] as number,
    pdbUp: c.Pdb.up[eid] === 1,
    control: (c.Control.side[eid] as number) >= 0 ? sideName(game, c.Control.side[eid] as number) : null,
    unknownToEmpire: isGalactic(game.scenario) && undiscoveredSecret(w, eid),
    rebelBase: hasComponent(w, eid, c.RebelBase) && (side !== 'imperial' || hasComponent(w, eid, c.Discovered)),
    shifted: shiftedThisSegment(game, shifts, eid),
  }));

  const environs: EnvironView[] = allOf(w, 'environ').map((eid) => ({
    eid,
    id: refOf(w, eid),
    planet: planetOfEnviron(w, eid),
    type: ENVIRON_TYPES[c.Environ.type[eid] as number] ?? 'urban',
    size: c.Environ.size[eid] as number,
    inPlay: hasComponent(w, eid, c.InPlay),
    sovereign: sovereignView(game, refOf(w, eid)),
  }));

  // [13.2 Q] a prisoner questioned this game-turn shows the enemy's hidden units and undetected characters in his province
  const questioned = questionedProvinces(game, side);
  const told = (environ: number) => questioned.size > 0 && questioned.has(provinceOfEnviron(game, environ));

  const units: UnitView[] = [];
  for (const eid of allOf(w, 'unit')) {
    const environ = environOf(w, eid);
    if (!environ || hasComponent(w, eid, c.Eliminated)) continue;
    const owner = sideName(game, c.Owner.side[eid] as number);
    const hidden = c.Unit.hidden[eid] === 1 && owner === 'imperial' && side === 'rebel' && !told(environ);
    const typeIndex = c.Unit.type[eid] as number;
    units.push({
      eid,
      side: owner,
      type: hidden ? 'hidden' : (game.content.tables.unitTypes[typeIndex]?.id ?? '?'),
      combat: hidden ? null : (c.Unit.combat[eid] as number),
      mobile: c.Unit.mobile[eid] === 1,
      environType: ENVIRON_TYPES[c.Unit.environType[eid] as number] ?? null,
      environ,
      moved: hasComponent(w, eid, c.Moved),
    });
  }

  const characters: CharacterView[] = [];
  const visibleCharacters = new Set<number>();
  // [12.81, 9.31] a prisoner's guard is named only if the side can see him: units always stand in view,
  // an enemy character only when detected (the guard of one's own captive is an enemy)
  const visibleGuard = (guard: number) =>
    guard && (w.kinds[guard] !== 'character' || sees(sideName(game, c.Owner.side[guard] as number)) || hasComponent(w, guard, c.Detected)) ? guard : 0;
  for (const eid of allOf(w, 'character')) {
    const owner = sideName(game, c.Owner.side[eid] as number);
    const environ = environOf(w, eid);
    const dead = hasComponent(w, eid, c.Dead);
    const captured = hasComponent(w, eid, c.Captured);
    const detected = hasComponent(w, eid, c.Detected);
    if (!environ && !dead && !captured) continue; // not in play
    if (!sees(owner) && !(detected || dead || captured || told(environ))) continue; // [9.31] undetected enemies are unseen
    visibleCharacters.add(eid);
    characters.push({
      eid,
      id: refOf(w, eid),
      side: owner,
      environ,
      wounds: c.Wounds.value[eid] as number,
      detected,
      captured,
      guard: captured ? visibleGuard(guardOf(w, eid)) : 0,
      dead,
      moved: hasComponent(w, eid, c.Moved),
    });
  }

  const ships: ShipView[] = [];
  for (const eid of [...allOf(w, 'ship'), ...allOf(w, 'possession')]) {
    if (!hasComponent(w, eid, c.Spaceship) || hasComponent(w, eid, c.Eliminated)) continue;
    const owner = sideName(game, c.Owner.side[eid] as number);
    const holder = holderOf(w, eid);
    const environ = environOf(w, eid) || (holder ? environOf(w, holder) : 0);
    if (!environ) continue;
    if (!sees(owner) && !(hasComponent(w, eid, c.Revealed) && visibleCharacters.has(holder))) continue; // [14.2] as any possession
    ships.push({ eid, id: refOf(w, eid), side: owner, holder, environ, damaged: c.Spaceship.damaged[eid] as number });
  }

  const possessions: PossessionView[] = [];
  for (const eid of allOf(w, 'possession')) {
    const holder = holderOf(w, eid);
    if (!holder || hasComponent(w, eid, c.Eliminated)) continue;
    const owner = sideName(game, c.Owner.side[eid] as number);
    if (!sees(owner) && !(hasComponent(w, eid, c.Revealed) && visibleCharacters.has(holder))) continue; // [14.2]
    possessions.push({
      eid,
      id: refOf(w, eid),
      kind: POSSESSION_KINDS[c.Possession.kind[eid] as number] ?? 'object',
      holder,
      inoperative: hasComponent(w, eid, c.Inoperative),
    });
  }

  const drifting: DriftView[] = [];
  for (const kind of ['unit', 'character', 'ship', 'possession'] as const)
    for (const eid of allOf(w, kind)) {
      if (!hasComponent(w, eid, c.Adrift) || environOf(w, eid) || hasComponent(w, eid, c.Eliminated) || hasComponent(w, eid, c.Dead)) continue;
      const owner = sideName(game, c.Owner.side[eid] as number);
      if (!sees(owner)) continue; // [5.22] space is wide: the enemy does not see where a jump went wrong
      drifting.push({ eid, kind: kind === 'possession' ? 'ship' : kind, side: owner, system: refOf(w, c.Adrift.system[eid] as number), outer: c.Adrift.outer[eid] === 1 });
    }

  return { planets, environs, units, characters, ships, possessions, drifting };
}

/** The planet an environ belongs to, for code that has only a view and the world's static layout. */
export { planetOfEnviron };
