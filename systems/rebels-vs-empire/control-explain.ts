/**
 * Why a planet is, or is not, controlled [15.5-15.54], in plain words with the rule numbers: the Planet
 * Control Chart of `control.ts` read cell by cell, from facts every side may see (the planet's state,
 * whether each side has military units on it, whether its PDB is up), plus what the Rebel still needs
 * for the state "Rebel control" (the one that scores +9 and wins a start-of-rebellion game).
 *
 * Pure data in, words out, with no world access, so the page can call it on a view (units are never
 * hidden, only their type and strength [7.22]). test/systems/rebels-vs-empire/control-explain.test.ts checks on many
 * random game states that its verdict equals `controllerByChart`, so the words cannot drift from the rules.
 */
import type { PLANET_STATES, SideId } from '../../src/core/content/schema';

export type PlanetStateName = (typeof PLANET_STATES)[number];

/** What the chart reads. */
export interface ControlFacts {
  state: PlanetStateName;
  imperialUnits: boolean;
  rebelUnits: boolean;
  pdbUp: boolean;
}

export interface ControlExplanation {
  /** Who controls the planet now [15.5], null for neither. */
  controller: SideId | null;
  /** The planet's state is Rebel control (scored as a Rebel-controlled planet). */
  rebelControlled: boolean;
  /** One or two sentences: the state, the units, the PDB, and so who controls it. */
  why: string;
  /** What would bring it (back) to Rebel control, or keep it; empty when nothing is pending. */
  next: string;
  /** The rules the sentences cite. */
  rule: string;
}

const STATE_WORDS: Record<PlanetStateName, string> = {
  'imperial-control': 'Imperial control',
  rebellion: 'in rebellion',
  'rebel-control': 'Rebel control',
  'rebellion-stopped': 'rebellion stopped',
};

function unitsWords(f: ControlFacts): string {
  if (f.imperialUnits && f.rebelUnits) return 'units of both sides';
  if (f.imperialUnits) return 'only Imperial units';
  if (f.rebelUnits) return 'only Rebel units';
  return 'no military units';
}

const pdbWords = (f: ControlFacts) => `its PDB is ${f.pdbUp ? 'up' : 'down'}`;

/** The chart [15.51-15.54], with the reason for each cell. */
export function explainControl(f: ControlFacts): ControlExplanation {
  const units = unitsWords(f);
  switch (f.state) {
    case 'imperial-control': {
      // [15.51] the Empire holds it unless only Rebel units stand there with the PDB down
      const lost = f.rebelUnits && !f.imperialUnits && !f.pdbUp;
      const next = 'A planet under Imperial control becomes Rebel-controlled only after a rebellion (a Start Rebellion mission or a domino effect) [15.52, 15.53].';
      if (lost) return { controller: null, rebelControlled: false, why: `Imperial control, but ${units} and ${pdbWords(f)}: neither side controls it [15.51].`, next, rule: '[15.51]' };
      const how = f.rebelUnits && !f.imperialUnits ? `${units}, but ${pdbWords(f)}` : `${units}${f.rebelUnits ? '' : ', whatever its PDB'}`;
      return { controller: 'imperial', rebelControlled: false, why: `Imperial control with ${how}: the Empire controls it [15.51].`, next, rule: '[15.51]' };
    }
    case 'rebellion': {
      // [15.52] nobody controls a planet in rebellion; it turns Rebel at the end of the Imperial player-turn
      const why = `In rebellion, with ${units}: neither side controls it [15.52].`;
      let next: string;
      if (f.imperialUnits) next = 'Imperial units are on it: it becomes Rebel-controlled only at the end of an Imperial player-turn with no Imperial units on it and its PDB up [15.52].';
      else if (!f.pdbUp) next = 'No Imperial units, but its PDB is down: it becomes Rebel-controlled only at the end of an Imperial player-turn with its PDB up [15.52]. The Rebel may put it up in his movement segment while no Imperial units are on it [15.52, 15.61].';
      else next = 'No Imperial units and its PDB is up: it becomes Rebel-controlled at the end of the Imperial player-turn if that still holds [15.52, 15.53].';
      return { controller: null, rebelControlled: false, why, next, rule: '[15.52]' };
    }
    case 'rebel-control': {
      // [15.53] the Rebel holds it unless only Imperial units stand there with the PDB down
      const lost = f.imperialUnits && !f.rebelUnits && !f.pdbUp;
      if (lost) return { controller: null, rebelControlled: true, why: `Rebel control, but ${units} and ${pdbWords(f)}: neither side controls it [15.53].`, next: 'It still scores as Rebel-controlled; Rebel units on it, or its PDB up, give the Rebel control again [15.53].', rule: '[15.53]' };
      const how = f.imperialUnits && !f.rebelUnits ? `${units}, but ${pdbWords(f)}` : `${units}${f.imperialUnits ? '' : ', whatever its PDB'}`;
      return { controller: 'rebel', rebelControlled: true, why: `Rebel control with ${how}: the Rebel controls it [15.53].`, next: '', rule: '[15.53]' };
    }
    case 'rebellion-stopped': {
      // [15.54] the Empire holds it only with its units alone on it
      const next = 'The rebellion was stopped: it must be put into rebellion again (a Start Rebellion mission) before it can become Rebel-controlled [15.48, 15.54].';
      if (f.imperialUnits && !f.rebelUnits) return { controller: 'imperial', rebelControlled: false, why: `Rebellion stopped with ${units}: the Empire controls it, whatever its PDB [15.54].`, next, rule: '[15.54]' };
      return { controller: null, rebelControlled: false, why: `Rebellion stopped with ${units}: neither side controls it (the Empire needs its units alone on it) [15.54].`, next, rule: '[15.54]' };
    }
  }
}

/** The facts of one planet from a side's view: its state and PDB, and whose units stand in its environs. */
export function controlFactsOfView(
  view: { planets: { eid: number; state: PlanetStateName; pdbUp: boolean }[]; environs: { eid: number; planet: number }[]; units: { side: SideId; environ: number }[] },
  planet: number,
): ControlFacts {
  const pv = view.planets.find((p) => p.eid === planet);
  if (!pv) throw new Error(`no planet ${planet} in the view`);
  const environs = new Set(view.environs.filter((e) => e.planet === planet).map((e) => e.eid));
  const here = view.units.filter((u) => environs.has(u.environ));
  return { state: pv.state, pdbUp: pv.pdbUp, imperialUnits: here.some((u) => u.side === 'imperial'), rebelUnits: here.some((u) => u.side === 'rebel') };
}

/** A planet's control explained from a side's view. */
export function explainPlanetInView(view: Parameters<typeof controlFactsOfView>[0], planet: number): ControlExplanation {
  return explainControl(controlFactsOfView(view, planet));
}
