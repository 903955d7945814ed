/**
 * The facts of a move, said before it is made [9.0-9.35, 5.22]: the hyperjump's odds, and each enemy PDB
 * the move meets: for a ship, every detection roll of the move combined (leaving one planet and reaching
 * another roll twice [9.33]: a single roll's chance would say 33% where the move's is 56%); for units, what
 * the PDB's fire may cost them and it. Each from the rule's own code: which PDBs check the move
 * (`checkedLeaving`, `checkedReaching`, as `move-group` asks them), the dice through `rollOutcome` and
 * `pdbFireResult`. PDB levels and states, who controls a planet and the mover's own ship and pilot are all
 * known to the mover.
 */
import { hasComponent } from 'bitecs';
import type { HyperjumpResult, SideId } from '../core/content/schema';
import type { Command, Decision, Game } from '../core/engine/types';
import { environOf, holderOf, planetOfEnviron } from '../core/world/world';
import { percent, rackingOdds } from '../core/odds';
import { nameOf } from '../core/names';
import { HYPERJUMP_WORDS, driftingStacks, hyperjumpOdds, jumpOf, stackNavigation } from '../../systems/rebels-vs-empire/hyperjump';
import { pdbAttackColumn, pdbFireOdds, type PdbFireOdds } from '../../systems/rebels-vs-empire/pdb';
import { detectionOverMove, evasionValue, type DetectionOverMove } from '../../systems/rebels-vs-empire/detection';
import { controls } from '../../systems/rebels-vs-empire/control';
import { enemyOf, sideOf } from '../../systems/rebels-vs-empire/sides';
import { checkedLeaving, checkedReaching, groupParts } from '../../systems/rebels-vs-empire/movement';
import type { OptionFacts } from './option-facts';

/** [9.32] every planet has a PDB; a level-0 PDB that is up still detects. */
export function pdbWords(game: Game, planet: number): string {
  const c = game.world.c;
  return `PDB ${c.Pdb.level[planet]} ${c.Pdb.up[planet] ? 'up' : 'down'}`;
}

/** [9.3, 9.32, 9.33] a flight of the group in hand (the move-group decision's) to `option.to`. */
export function flightFacts(game: Game, option: Command, decision?: Decision): OptionFacts {
  const group = decision?.context?.group;
  const to = option.to as number;
  if (!Array.isArray(group) || !to) return {};
  const pieces = group.filter((p): p is number => typeof p === 'number');
  const from = environOf(game.world, pieces[0] ?? 0);
  return from ? moveFacts(game, option.side as SideId, pieces, from, to) : {};
}

/**
 * [5.22, 9.3] a landing from a drift area down to an environ: no planet is left, the planet reached may
 * see the stack (the move's 'left' stage, as movement.ts runs it), said with its chance of detection.
 */
export function landingFacts(game: Game, option: Command): OptionFacts {
  const to = option.to as number;
  if (option.outer === true || !to) return { detail: "a movement's worth of flying to the sun's drift area; no PDB sees it [5.22]" };
  const side = option.side as SideId;
  const stack = driftingStacks(game, side, (eid) => sideOf(game, eid)).find((x) => x.system === option.system && !x.outer);
  return stack ? moveFacts(game, side, stack.pieces, 0, to) : {};
}

/** An enemy PDB a move meets: where, leaving or reaching, and the chance the move gets that far. */
export interface Check {
  planet: number;
  way: 'leaving' | 'reaching';
  reached: number;
}

/** What a move risks, as the rule will roll it: the PDB checks it meets, and a ship's detection over all of them combined. */
export interface MoveRisks {
  checks: Check[];
  /** The stack has military units: the PDBs may fire on them instead of detecting [9.52, 9.21]. */
  units: boolean;
  /** A ship flying without units: every roll combined [9.33]. */
  detection: DetectionOverMove | null;
  ship: number;
  pilot: number;
  already: boolean;
  /** [5.22] the hyperjump on the way, if any, and its navigation. */
  jump: { distance: number; via: number; navigation: number } | null;
}

/** [9.3, 9.21, 9.33, 5.22] the risks of a stack's move from `from` (0: out of a drift area) to `to`. */
export function moveRisks(game: Game, side: SideId, pieces: number[], from: number, to: number): MoveRisks {
  const { units, characters, ship } = groupParts(game, pieces);
  const w = game.world;
  const fromPlanet = from ? planetOfEnviron(w, from) : 0;
  const toPlanet = planetOfEnviron(w, to);
  // [5.22] to another star system: only a safe jump arrives, to meet the PDB there
  const hop = from ? jumpOf(game, from, to) : null;
  const jump = hop ? { distance: hop.distance, via: hop.via, navigation: stackNavigation(game, units, characters) } : null;
  const safe = jump ? (hyperjumpOdds(game, jump.distance, jump.navigation).safe ?? 0) : 1;
  const checks: Check[] = [];
  if (checkedLeaving(game, side, fromPlanet, toPlanet, ship !== 0)) checks.push({ planet: fromPlanet, way: 'leaving', reached: 1 });
  if (checkedReaching(game, side, fromPlanet, toPlanet)) checks.push({ planet: toPlanet, way: 'reaching', reached: safe });
  const holder = ship ? holderOf(w, ship) : 0;
  const pilot = characters.includes(holder) ? holder : 0;
  // [9.3] the side knows which of its own pieces the enemy has detected
  const already = [...(ship ? [ship] : []), ...characters].some((e) => hasComponent(w, e, w.c.Detected));
  const flying = ship !== 0 && !units.length && checks.length > 0;
  const detection = flying ? detectionOverMove(game, ship, pilot, characters, checks.map((c) => ({ level: w.c.Pdb.level[c.planet] as number, reached: c.reached }))) : null;
  return { checks, units: units.length > 0, detection, ship, pilot, already, jump };
}

/** The facts of a stack's move from `from` (0: out of a drift area) to `to`: the hyperjump, and each PDB check it meets. */
export function moveFacts(game: Game, side: SideId, pieces: number[], from: number, to: number): OptionFacts {
  const w = game.world;
  const r = moveRisks(game, side, pieces, from, to);
  const fromPlanet = from ? planetOfEnviron(w, from) : 0;
  const toPlanet = planetOfEnviron(w, to);
  const jumpLine = r.jump ? hyperjumpLine(game, r.jump.distance, r.jump.navigation, r.jump.via) : '';
  const withJump = (facts: OptionFacts): OptionFacts => (jumpLine ? { ...facts, detail: [jumpLine, facts.detail].filter(Boolean).join('; ') } : facts);
  if (!r.checks.length) {
    // said plainly: a PDB that is down or the mover's own sees nothing
    const pdb = toPlanet && fromPlanet !== toPlanet ? `${nameOf(game, toPlanet)}'s ${pdbWords(game, toPlanet)}${controls(game, enemyOf(side), toPlanet) ? '' : ", not the enemy's"}: no detection roll [9.3]` : '';
    return withJump(pdb ? { detail: pdb } : {});
  }
  if (r.units) return withJump(pdbFireFacts(game, r.checks));
  const odds = r.detection;
  if (!odds) return withJump({});
  const rolls = r.checks.map((c) => `${c.way} ${nameOf(game, c.planet)} (PDB ${w.c.Pdb.level[c.planet]}${c.reached < 1 ? `, only if the jump lands safe, ${percent(c.reached)}` : ''})`).join(', then ');
  const worse = [odds.damaged > 0 ? `damaged, the ship wrecked on arrival, ${percent(odds.damaged)}` : '', odds.eliminated > 0 ? `eliminated with all aboard ${percent(odds.eliminated)}` : '']
    .filter(Boolean)
    .join('; ');
  const n = r.checks.length;
  // [9.28] province and galactic games: a PDB that sees the ship go by, where it could fire on units, may rake it
  const rakes = r.checks
    .filter((c) => game.scenario.kind !== 'star-system' && (c.way === 'reaching' || fromPlanet !== toPlanet) && pdbAttackColumn(game, c.planet) !== null)
    .map((c) => `if the PDB of ${nameOf(game, c.planet)} sees it, it may rake it: ${rackingWords(game, c.planet, r.ship).text}`);
  return withJump({
    detail: `detection [9.3${n > 1 ? ', 9.33' : ''}], ${n} roll${n > 1 ? 's' : ''}: ${rolls}; evasion ${evasionValue(game, r.ship, r.pilot)}${r.already ? ', already detected' : ''}: detected ${percent(1 - odds.unseen)}${worse ? ` (of which ${worse})` : ''}, unseen ${percent(odds.unseen)}${rakes.length ? `; ${rakes.join('; ')}` : ''}`,
    warning: odds.eliminated >= 0.25 ? `The move may cost the ship and everyone aboard: eliminated ${percent(odds.eliminated)} [9.31].` : undefined,
  });
}

/** "lose 0 17%, 1 33%, 2 50%". */
function lossWords(o: PdbFireOdds): string {
  return o.unitsLoss.map((x) => `${x.n} ${percent(x.chance)}`).join(', ');
}

/**
 * [9.21-9.27, 9.52] units passing an enemy PDB: the stack counts as detected, and a PDB of level 1 or 2 may
 * fire on it (its player chooses) once where it leaves and once where it arrives [9.27]; each fire's
 * loss to the units and to the PDB, and over the move the chance the units lose anything if every PDB fires.
 */
function pdbFireFacts(game: Game, checks: Check[]): OptionFacts {
  const parts: string[] = [];
  let spared = 1;
  for (const c of checks) {
    const o = pdbFireOdds(game, c.planet);
    const name = nameOf(game, c.planet);
    if (!o) {
      parts.push(`${c.way} ${name}: its PDB is level 0 and cannot fire [9.22]`);
      continue;
    }
    const none = o.unitsLoss.find((x) => x.n === 0)?.chance ?? 0;
    spared *= 1 - c.reached + c.reached * none;
    parts.push(
      `${c.way} ${name}${c.reached < 1 ? ` (only if the jump lands safe, ${percent(c.reached)})` : ''}, its PDB may fire on the ${o.column} column [9.22]: your units lose ${lossWords(o)} strength points; it is knocked down ${percent(o.down)}${o.levelLost > 0 ? `, and loses a level ${percent(o.levelLost)}` : ''} [9.25]`,
    );
  }
  const fires = checks.some((c) => pdbFireOdds(game, c.planet));
  const total = fires ? `; if it fires, the move costs your units something ${percent(1 - spared)}` : '';
  return {
    detail: `units pass an enemy PDB, which sees them [9.52]: ${parts.join('; ')}${total}`,
    warning: fires && 1 - spared >= 0.5 ? `The enemy PDB may fire on your units: a loss ${percent(1 - spared)} if it does [9.22].` : undefined,
  };
}

/** [5.22] a hyperjump's odds in words: "hyperjump, distance 2 by Cinder Gate, navigation 1: safe 67%, drift 17%, outer drift 17%". */
export function hyperjumpLine(game: Game, distance: number, navigation: number, via: number): string {
  // in the table's order of harm: safe first
  const order = Object.keys(HYPERJUMP_WORDS);
  const odds = (Object.entries(hyperjumpOdds(game, distance, navigation)) as [HyperjumpResult, number][]).sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
  const chances = odds.length === 1 ? 'safe, no roll' : odds.map(([result, chance]) => `${HYPERJUMP_WORDS[result]} ${percent(chance)}`).join(', ');
  return `hyperjump, distance ${distance}${via ? ` by ${nameOf(game, via)}` : ''}, navigation ${navigation}: ${chances} [5.22]`;
}

/**
 * [9.28, 14.5] a racking attack's chances, from the rule's own outcome function (`rackingOdds` over
 * `rackingResult`): the ship hit, and the PDB knocked down by the ship's cannon.
 */
export function rackingWords(game: Game, planet: number, ship: number): { hit: number; down: number; text: string } {
  const c = game.world.c;
  const level = c.Pdb.level[planet] as number;
  const shields = c.Spaceship.shields[ship] as number;
  const cannon = c.Spaceship.cannon[ship] as number;
  const o = rackingOdds(game.content.tables, level, shields, cannon);
  const hurt = c.Spaceship.damaged[ship] === 1 ? 'destroyed with everyone aboard, being damaged already [9.35]' : 'wrecked when it lands [9.31]';
  const back = cannon > 0 ? `its cannon ${cannon} knocks the PDB down ${percent(o.pdbDown)}${o.pdbLevelLost > 0 ? `, and a level off it ${percent(o.pdbLevelLost)}` : ''} [9.25]` : 'it has no cannon to fire back';
  return { hit: o.shipHit, down: o.pdbDown, text: `PDB level ${level} against shields ${shields}: the ship is hit ${percent(o.shipHit)} (${hurt}); ${back} [9.28]` };
}

/** [9.22, 9.25] the PDB's player, asked whether to fire on units passing: what its fire does, each pair of dice through `pdbFireResult`. */
export function pdbFireWords(game: Game, planet: number): string {
  const o = pdbFireOdds(game, planet);
  if (!o) return 'a level-0 PDB cannot fire [9.22]';
  return `on the ${o.column} column [9.22]: their units lose ${lossWords(o)} strength points; your PDB is knocked down ${percent(o.down)}${o.levelLost > 0 ? `, and loses a level ${percent(o.levelLost)}` : ''} [9.25]`;
}
