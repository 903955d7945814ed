/**
 * The facts behind the odds of a military combat [10.0-10.7] as the deciding side knows them: its own
 * strength and best leader, the environ's shift, the enemy's strength as a range (hidden Imperial units
 * [7.22], narrowed by the strength the side saw them use in a combat it watched), and the enemy leader
 * the side can see. Runs in the worker: it reads the side's view (`viewFor`) and the events the side
 * was shown, never the hidden truth.
 */
import type { Decision, Game } from '../core/engine/types';
import type { SideId } from '../core/content/schema';
import { viewFor } from '../core/view';
import { kindOf } from '../core/world/world';
import { combatResult, leaderCandidates, shiftFromFacts } from '../../systems/rebels-vs-empire/military-combat';
import { enemyOf, phasing } from '../../systems/rebels-vs-empire/sides';
import { militaryColumn, percent } from '../core/odds';

export interface CombatFacts {
  ownStrength: number;
  /** The enemy's total strength: the least and the most it can be, as the side knows it. */
  enemyLeast: number;
  enemyMost: number;
  hiddenUnits: number;
  /** True when a combat the side watched told it the hidden units' strength. */
  narrowed: boolean;
  /** The side's best leader here (name and leadership), or none. */
  ownLeader: { name: string; leadership: number } | null;
  /** The best enemy leader the side can see here, 0 if none seen. */
  enemyLeadershipSeen: number;
  /** Enemy characters the side cannot see may stand here and lead [10.4]. */
  enemyLeaderUnknown: boolean;
  /** Net column shift in the deciding side's favour, from what it knows (its own best leader, the environ) [10.2-10.7]. */
  shift: number;
  /** The shift's parts in words. */
  shiftParts: string[];
  /** The decider is the attacker (declare-combat is asked of the side that would attack). */
  attacker: SideId;
}

const URBAN = 'urban';

/**
 * [7.22] the total strength of `hidden` enemy units, narrowed by the last combat the side watched in
 * which these units fought: the Imperial total then is public [10.0], so those units' total is known,
 * less what the ones gone since could have had.
 */
function hiddenRange(game: Game, side: SideId, hidden: number[], lo: number, hi: number): { least: number; most: number; narrowed: boolean } {
  let least = hidden.length * lo;
  let most = hidden.length * hi;
  if (!hidden.length) return { least, most, narrowed: false };
  const w = game.world;
  for (let i = game.events.length - 1; i >= 0; i--) {
    const e = game.events[i]!;
    if (e.kind !== 'military-combat' || (e.visibleTo !== 'all' && e.visibleTo !== side)) continue;
    const ids = (e.entities ?? []).filter((id) => kindOf(w, id) === 'unit');
    if (!hidden.every((u) => ids.includes(u))) continue;
    // "the imperial (7) attacks the rebel (4)" / "the rebel (4) attacks the imperial (7)"
    const m = new RegExp(`the ${enemyOf(side)} \\((\\d+)\\)`).exec(e.text);
    if (!m) continue;
    const total = Number(m[1]);
    const enemyThen = ids.filter((id) => w.c.Owner.side[id] === w.c.Owner.side[hidden[0]!]); // sides of units in a combat are public
    const others = enemyThen.length - hidden.length; // the enemy's units of that combat not here now
    least = Math.max(least, total - others * hi);
    most = Math.min(most, total - others * lo);
    return { least, most, narrowed: true };
  }
  return { least, most, narrowed: false };
}

/** The combat facts for a declare-combat decision, or null for any other. */
export function combatFacts(game: Game, decision: Decision): CombatFacts | null {
  if (decision.kind !== 'declare-combat' || typeof decision.context?.environ !== 'number') return null;
  const env = decision.context.environ;
  const side = decision.side;
  const enemy = enemyOf(side);
  const view = viewFor(game, side, { events: false });
  const own = view.units.filter((u) => u.environ === env && u.side === side);
  const theirs = view.units.filter((u) => u.environ === env && u.side === enemy);
  const known = theirs.reduce((s, u) => s + (u.combat ?? 0), 0);
  const hiddenTypes = game.content.tables.unitTypes.filter((t) => t.hidden);
  const lo = Math.min(...hiddenTypes.map((t) => t.combat));
  const hi = Math.max(...hiddenTypes.map((t) => t.combat));
  const range = hiddenRange(
    game,
    side,
    theirs.filter((u) => u.combat === null).map((u) => u.eid),
    lo,
    hi,
  );
  const c = game.world.c;
  // [10.4] the side's own best leader: it names him, so his leadership is known
  const leaders = leaderCandidates(game, env, side).sort((a, b) => (c.Character.leadership[b] as number) - (c.Character.leadership[a] as number));
  const best = leaders[0] ?? 0;
  const ownLeadership = best ? (c.Character.leadership[best] as number) : 0;
  const seenEnemies = view.characters.filter((ch) => ch.environ === env && ch.side === enemy && !ch.captured && !ch.dead);
  const enemyLeadershipSeen = Math.max(0, ...seenEnemies.map((ch) => c.Character.leadership[ch.eid] as number));
  // [9.31] undetected enemy characters are unseen, so one may stand here and lead: never known for sure
  const enemyLeaderUnknown = true;
  const environ = view.environs.find((e) => e.eid === env);
  const urban = (environ?.type ?? URBAN) === URBAN;
  const environType = environ?.type;
  const rebelUnits = side === 'rebel' ? own : theirs;
  const rebelUnitOfEnvironType = rebelUnits.some((u) => u.environType === environType);
  const rebelLeadership = side === 'rebel' ? ownLeadership : enemyLeadershipSeen;
  const imperialLeadership = side === 'imperial' ? ownLeadership : enemyLeadershipSeen;
  const shift = shiftFromFacts({ rebelLeadership, imperialLeadership, rebelUnitOfEnvironType, urban, rebellion: decision.rule === '[10.7]' }, side);
  // each part signed for the deciding side: + helps it, - helps the enemy
  const forRebel = (n: number) => (side === 'rebel' ? n : -n);
  const signed = (n: number, words: string) => `${n >= 0 ? '+' : '−'}${Math.abs(n)} ${words}`;
  const ownName = game.content.characters.get(view.characters.find((ch) => ch.eid === best)?.id ?? '')?.name ?? 'leader';
  const parts: string[] = [];
  if (best) parts.push(signed(ownLeadership, `your leader ${ownName} [10.4]`));
  if (enemyLeadershipSeen) parts.push(signed(-enemyLeadershipSeen, 'their best leader in sight [10.4]'));
  if (rebelUnitOfEnvironType) parts.push(signed(forRebel(1), `a Rebel unit of the environ's type [10.5]`));
  if (!urban && !imperialLeadership) parts.push(signed(forRebel(1), `${environType} environ, Empire unled [10.5]`));
  if (decision.rule === '[10.7]' && !rebelLeadership) parts.push(signed(forRebel(1), 'rebellion units [10.7]'));
  return {
    ownStrength: own.reduce((s, u) => s + (u.combat ?? 0), 0),
    enemyLeast: known + range.least,
    enemyMost: known + range.most,
    hiddenUnits: theirs.filter((u) => u.combat === null).length,
    narrowed: range.narrowed,
    ownLeader: best ? { name: ownName, leadership: ownLeadership } : null,
    enemyLeadershipSeen,
    enemyLeaderUnknown,
    shift,
    shiftParts: parts,
    attacker: side,
  };
}

/** [10.0] one die's worth of a combat on `column`, from the rule's own `combatResult`: the chance of each loss to the defender. */
function defenderLosses(game: Game, column: number): { n: number; chance: number }[] {
  const out: { n: number; chance: number }[] = [];
  for (let die = 1; die <= 6; die++) {
    const n = combatResult(game, column, die).defenderLoss;
    const x = out.find((y) => y.n === n);
    if (x) x.chance += 1 / 6;
    else out.push({ n, chance: 1 / 6 });
  }
  return out.sort((a, b) => a.n - b.n);
}

/**
 * [10.1] "No combat" from the phasing player leaves the environ to the other, who may then attack: the
 * best attack it leaves open, as the decider knows it (the enemy's strength a range where his units are
 * hidden [7.22], the shifts of the leaders he can see [10.4] and of the environ [10.5]): its column, and
 * what the decider's units would lose there, each die through the rule's `combatResult`. From the other
 * player, "No combat" ends it: nobody fights here this segment.
 */
export function noCombatFacts(game: Game, decision: Decision): { detail: string; warning?: string } | null {
  if (decision.kind !== 'declare-combat') return null;
  if (decision.rule === '[10.7]') return { detail: "the rising's units do not attack now; both sides may declare combat here in a military combat segment [10.7, 10.1]" };
  if (decision.side !== phasing(game)) return { detail: 'nobody fights here this segment: the other side has already declined [10.1]' };
  const cf = combatFacts(game, decision);
  if (!cf) return null;
  const t = game.content.tables;
  const enemy = enemyOf(decision.side);
  const withLeader = !!cf.ownLeader || cf.enemyLeadershipSeen > 0;
  // the enemy attacks: its strength against the decider's, the shifts turned round to its favour
  const weakest = militaryColumn(t, cf.enemyLeast, cf.ownStrength, -cf.shift, withLeader);
  const strongest = militaryColumn(t, cf.enemyMost, cf.ownStrength, -cf.shift, withLeader);
  const name = (c: number) => t.militaryCombat.columns[c] ?? '?';
  const lose = defenderLosses(game, strongest);
  const hit = lose.filter((x) => x.n > 0).reduce((s, x) => s + x.chance, 0);
  const who = enemy === 'rebel' ? 'the Rebel' : 'the Empire';
  const strength = cf.enemyLeast === cf.enemyMost ? `${cf.enemyLeast}` : `${cf.enemyLeast} to ${cf.enemyMost}`;
  const columns = weakest === strongest ? `the ${name(strongest)} column` : `the ${name(weakest)} to ${name(strongest)} column`;
  return {
    detail: `then ${who} may attack here [10.1]: strength ${strength} against your ${cf.ownStrength}, on ${columns}${cf.enemyLeaderUnknown ? ' (a leader you cannot see would shift it further [10.4])' : ''}; at ${name(strongest)} your units lose ${lose.map((x) => `${x.n} ${percent(x.chance)}`).join(', ')} strength points [10.0]`,
    // said aloud where the enemy would attack at even odds or better
    warning: hit >= 0.5 && strongest >= t.militaryCombat.columns.indexOf('1-1') ? `${who === 'the Rebel' ? 'The Rebel' : 'The Empire'} may then attack you at ${name(strongest)}: your units lose strength ${percent(hit)} [10.1].` : undefined,
  };
}
