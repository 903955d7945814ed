/**
 * What the Emperor sees [001]: everything on the map (a solitaire game hides nothing but the order of the
 * Chaos Events pool). The view is plain data for the agents and the screens.
 */
import { copyPlain } from '../../src/core/plain';
import type { SolitaireFileDef, SolitaireScenario } from './content';
import {
  chaosStacks,
  contentOf,
  forceName,
  imperialSystems,
  levelOf,
  stateOf,
  victoryPoints,
  type AlienMarker,
  type ChaosForce,
  type Level,
  type SolitaireGame,
  type SystemUnit,
  type TurnEffects,
  type Unit,
} from './state';

export interface SolitaireView {
  turn: number;
  turns: number;
  scenario: SolitaireScenario;
  /** The rules' tables and unit values (public: the player has the rulebook). */
  tables: SolitaireFileDef;
  sectors: readonly string[];
  neighbours: ReadonlyMap<string, readonly string[]>;
  coreDistance: ReadonlyMap<string, number>;
  index: number;
  rp: number;
  vp: number;
  level: Level;
  systems: Readonly<Record<string, SystemUnit | null>>;
  units: readonly Unit[];
  forces: readonly (ChaosForce & { name: string })[];
  stacks: { id: string; kind: string; name: string; sector: string; units: number[] }[];
  aliens: readonly AlienMarker[];
  nexus: readonly string[];
  illuminated: readonly string[];
  repression: number;
  illumination: number;
  institute: string | null;
  leviathan: boolean;
  expeditions: readonly string[];
  fx: TurnEffects;
  poolSize: number;
  imperialSystems: number;
  /** Starting Imperial units the player has still to place, the next first. */
  toPlace: readonly string[];
}

export function solitaireView(game: SolitaireGame): SolitaireView {
  const s = stateOf(game);
  const c = contentOf(game);
  const vp = victoryPoints(game);
  return {
    turn: game.turn,
    turns: game.scenario.turns,
    scenario: game.scenario,
    tables: c.file,
    sectors: c.sectors,
    neighbours: c.neighbours,
    coreDistance: c.coreDistance,
    index: s.index,
    rp: s.rp,
    vp,
    level: levelOf(game, vp),
    systems: copyPlain(s.systems),
    units: copyPlain(s.units),
    forces: s.forces.map((f) => ({ ...f, name: forceName(game, f) })),
    stacks: chaosStacks(game).map((st) => ({ id: st.id, kind: st.kind, name: forceName(game, st.force), sector: st.sector, units: st.units.map((u) => u.id) })),
    aliens: copyPlain(s.aliens),
    nexus: [...s.nexus],
    illuminated: [...s.illuminated],
    repression: s.repression,
    illumination: s.illumination,
    institute: s.institute,
    leviathan: s.leviathan,
    expeditions: [...s.expeditions],
    fx: copyPlain(s.fx),
    poolSize: s.pool.length,
    imperialSystems: imperialSystems(game).length,
    toPlace: [...s.toPlace],
  };
}
