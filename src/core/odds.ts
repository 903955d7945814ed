/**
 * Exact odds from the tables (`game.content.tables`), never sampled: every die face of a d6 is one
 * sixth, so an outcome's chance is the number of faces that give it over six. Pure functions of the
 * tables, so the page can show them before a roll and tests can check them against the rules code.
 */
import type { TablesDef } from './content/schema';

/** One outcome and its chance (a fraction of 1), with the die faces that give it. */
export interface Outcome {
  label: string;
  chance: number;
  faces: number[];
}

const FACES = [1, 2, 3, 4, 5, 6];

/** Group die faces by the label they give: the distribution of one d6 through a table column. */
export function distribution(labelOf: (die: number) => string): Outcome[] {
  const out: Outcome[] = [];
  for (const die of FACES) {
    const label = labelOf(die);
    const o = out.find((x) => x.label === label);
    if (o) o.faces.push(die);
    else out.push({ label, chance: 0, faces: [die] });
  }
  for (const o of out) o.chance = o.faces.length / 6;
  return out;
}

/** "1 in 3" style percent, rounded: 0.1666 → "17%". */
export function percent(chance: number): string {
  return `${Math.round(chance * 100)}%`;
}

// ------------------------------------------------------------------ military combat [10.0]

function columnIndex(t: TablesDef, name: string): number {
  const i = t.militaryCombat.columns.indexOf(name);
  if (i < 0) throw new Error(`no column "${name}" on the military combat table`);
  return i;
}

/** [10.0, 10.22] the column for these strengths, rounded in the defender's favour, within 1-5..5-1. */
export function ratioColumn(t: TablesDef, attack: number, defence: number): number {
  const even = columnIndex(t, '1-1');
  let offset: number;
  if (defence <= 0) offset = 99;
  else if (attack >= defence) offset = Math.floor(attack / defence) - 1; // 5 against 2 is 2-1
  else offset = -(Math.ceil(defence / Math.max(attack, 1)) - 1); // 2 against 5 is 1-3
  const [lo, hi] = t.militaryCombat.plainRange.map((n) => columnIndex(t, n)) as [number, number];
  return Math.min(hi, Math.max(lo, even + offset));
}

/** [10.2, 10.22, 10.42] shift a column; without a leader it stays within 1-5..5-1, with one within the table. */
export function shiftColumn(t: TablesDef, column: number, shift: number, withLeader: boolean): number {
  const m = t.militaryCombat;
  const [lo, hi] = withLeader ? [0, m.columns.length - 1] : (m.plainRange.map((n) => columnIndex(t, n)) as [number, number]);
  return Math.min(hi, Math.max(lo, column + shift));
}

/** [10.0-10.42] the column a combat is fought on: the strengths' ratio, then its shifts. */
export function militaryColumn(t: TablesDef, attack: number, defence: number, shift = 0, withLeader = false): number {
  return shiftColumn(t, ratioColumn(t, attack, defence), shift, withLeader);
}

/**
 * [10.0] a military combat on one column: each side rolls one die. The attacker's die gives the
 * defender's loss (right of the slash), the defender's die the attacker's loss (left).
 */
export function militaryOdds(t: TablesDef, column: number): { column: string; attackerLoss: Outcome[]; defenderLoss: Outcome[] } {
  const rows = t.militaryCombat.rows;
  const cell = (die: number) => rows[die - 1]?.[column] ?? [0, 0];
  return {
    column: t.militaryCombat.columns[column] ?? '?',
    attackerLoss: distribution((die) => `loses ${cell(die)[0]}`),
    defenderLoss: distribution((die) => `loses ${cell(die)[1]}`),
  };
}

/**
 * [10.0, 10.2-10.42] the columns an attack may be fought on, as the attacker knows it: the enemy's
 * strength is a range (hidden units [7.22]), the shift the one its known leaders and the environ give.
 * Returns the worst column (the enemy at its strongest) and the best, the same when strength is known.
 */
export function attackColumns(t: TablesDef, own: number, enemyLeast: number, enemyMost: number, shift: number, withLeader: boolean): { worst: number; best: number } {
  return {
    worst: militaryColumn(t, own, enemyMost, shift, withLeader),
    best: militaryColumn(t, own, enemyLeast, shift, withLeader),
  };
}

// ------------------------------------------------------------------ search [11.0]

function rangeIndex(ranges: { min: number; max: number }[], v: number): number {
  const i = ranges.findIndex((r) => v >= r.min && v <= r.max);
  return i >= 0 ? i : v < (ranges[0]?.min ?? 0) ? 0 : ranges.length - 1;
}

/** [11.0] the search table: the highest die that finds the group, and the chance to find it. */
export function searchOdds(t: TablesDef, searchValue: number, hiding: number): { need: number; found: number } {
  const s = t.search;
  const need = s.found[rangeIndex(s.hidingRows, hiding)]?.[rangeIndex(s.searchColumns, searchValue)] ?? 0;
  return { need, found: Math.max(0, Math.min(6, need)) / 6 };
}

// ------------------------------------------------------------------ detection [9.3]

const DETECTION_WORDS: Record<string, string> = {
  U: 'undetected',
  D: 'detected',
  Dd: 'detected and damaged',
  E: 'eliminated',
};

/** [9.3, 9.31, 9.32] the outcomes of a detection roll for this evasion value. */
export function detectionOdds(t: TablesDef, evasion: number, pdbLevel: number, alreadyDetected: boolean): Outcome[] {
  const table = t.detection;
  let col = table.columns.findIndex((r) => evasion >= r.min && evasion <= r.max);
  if (col < 0) col = evasion < 0 ? 0 : table.columns.length - 1;
  if (pdbLevel >= 2) col -= table.shiftLevel2Pdb;
  if (alreadyDetected) col -= table.shiftAlreadyDetected;
  col = Math.max(0, col);
  return distribution((die) => {
    let code = (table.rows[die - 1]?.[col] ?? 'U').replace('*', ''); // [9.31] the star is ignored
    if (pdbLevel === 0 && (code === 'Dd' || code === 'E')) code = 'D'; // [9.32]
    return DETECTION_WORDS[code] ?? code;
  });
}

// ------------------------------------------------------------------ the racking attack [9.28, 14.5]

/** What one racking attack does: the ship hit (or not), and the PDB's loss from the ship's return fire [9.25]. */
export interface RackingResult {
  shipHit: boolean;
  pdbLoss: number;
}

/**
 * [9.28, 14.5, 9.22] the racking attack's outcome function, for given dice: as a PDB's attack on units
 * [9.22], first the PDB's die (with its level, against the ship's shields) for the ship, then the
 * ship's die (with its cannon) for the PDB. A ship without a cannon does not fire back. The rule
 * (systems/rebels-vs-empire/racking.ts) and the odds shown before it (`rackingOdds`) both read it.
 */
export function rackingResult(t: TablesDef, level: number, shields: number, cannon: number, pdbDie: number, shipDie: number): RackingResult {
  const r = t.racking;
  const fire = shipDie + cannon;
  return {
    shipHit: pdbDie + level - shields >= r.shipHitOn,
    pdbLoss: cannon <= 0 ? 0 : fire >= r.pdbLevelLostOn ? 3 : fire >= r.pdbDownOn ? 2 : 0,
  };
}

/** [9.28] the chances of a racking attack, every pair of dice through `rackingResult`. */
export function rackingOdds(t: TablesDef, level: number, shields: number, cannon: number): { shipHit: number; pdbDown: number; pdbLevelLost: number } {
  let shipHit = 0;
  let pdbDown = 0;
  let pdbLevelLost = 0;
  for (const pdbDie of FACES)
    for (const shipDie of FACES) {
      const r = rackingResult(t, level, shields, cannon, pdbDie, shipDie);
      if (r.shipHit) shipHit++;
      if (r.pdbLoss >= 2) pdbDown++;
      if (r.pdbLoss >= 3) pdbLevelLost++;
    }
  return { shipHit: shipHit / 36, pdbDown: pdbDown / 36, pdbLevelLost: pdbLevelLost / 36 };
}

// ------------------------------------------------------------------ character combat [12.6]

/** [12.6] the column of a combat differential, shifted left for capture [12.5] and right for a failed break-off. */
export function characterColumn(t: TablesDef, differential: number, capture: boolean, shiftRight = 0): number {
  const c = t.characterCombat;
  let col = c.columns.findIndex((r) => differential >= r.min && differential <= r.max);
  if (col < 0) col = differential < 0 ? 0 : c.columns.length - 1;
  col += shiftRight - (capture ? c.captureShift : 0);
  return Math.max(0, Math.min(c.columns.length - 1, col));
}

/** [12.6] wounds to each side on a column, by die. */
export function characterOdds(t: TablesDef, column: number): { attacker: Outcome[]; defender: Outcome[] } {
  const cell = (die: number) => t.characterCombat.rows[die - 1]?.[column];
  const words = (n: number | undefined, capture: boolean | undefined) => `${n ?? 0} wound${n === 1 ? '' : 's'}${capture ? ' (capture)' : ''}`;
  return {
    attacker: distribution((die) => words(cell(die)?.attacker, cell(die)?.attackerCapture)),
    defender: distribution((die) => words(cell(die)?.defender, cell(die)?.defenderCapture)),
  };
}

/** [12.51] the chance that active and inactive characters break off on this column. */
export function breakOffOdds(t: TablesDef, column: number): { active: number; inactive: number } {
  const c = t.characterCombat;
  return { active: Math.min(6, c.breakOffActive[column] ?? 0) / 6, inactive: Math.min(6, c.breakOffInactive[column] ?? 0) / 6 };
}

// ------------------------------------------------------------------ reading a roll after the fact

/** The odds behind a military-combat event ("... 2-1 shifted +1 to 3-1; dice 4 and 2 ..."), for the after-roll panel. */
export function oddsForEvent(t: TablesDef, kind: string, text: string): string | null {
  if (kind === 'military-combat') {
    const m = / to (\d+-\d+); dice (\d) and (\d)/.exec(text);
    if (!m) return null;
    const col = t.militaryCombat.columns.indexOf(m[1] as string);
    if (col < 0) return null;
    const o = militaryOdds(t, col);
    return `Column ${o.column} [10.0]: attacker ${o.attackerLoss.map((x) => `${x.label} ${percent(x.chance)}`).join(', ')}; defender ${o.defenderLoss.map((x) => `${x.label} ${percent(x.chance)}`).join(', ')}.`;
  }
  if (kind === 'search') {
    const m = /needs (\d+) or less/.exec(text);
    if (!m) return null;
    const need = Number(m[1]);
    return `Found on ${need} or less [11.0]: ${percent(Math.max(0, Math.min(6, need)) / 6)} to find.`;
  }
  return null;
}
