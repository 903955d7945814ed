/**
 * The plans' sense of a fight, from the rules' own tables: what an attack should gain [10.0-10.7] and
 * whether a character fight favours the attacker [12.6, 12.7].
 */
import type { SideId } from '../../core/content/schema';
import { characterColumn, militaryColumn } from '../../core/odds';
import type { GameView } from '../../core/view';
import { shiftFromFacts } from '../../../systems/rebels-vs-empire/military-combat';
import { type PlanContext, environView, strengthIn, bestLeadership } from './context';

/**
 * [10.0-10.7] What an attack in this environ should gain, from the tables: the share of his strength the
 * defender is expected to lose less the share the attacker loses, on the column the strengths and the
 * shifts give (the rules' own `shiftFromFacts`). Enemy units the view hides count at an average
 * strength; a hidden unit's type is assumed to suit the environ.
 */
export function combatEdge(ctx: PlanContext, environ: number, attacker: SideId, rebellion: boolean): number {
  const { attack, defence, column } = combatColumn(ctx, environ, attacker, rebellion);
  let edge = 0;
  for (const row of ctx.content.tables.militaryCombat.rows) {
    const [attackerLoss, defenderLoss] = row[column] ?? [0, 0];
    edge += (Math.min(defenderLoss, defence) / Math.max(defence, 1) - Math.min(attackerLoss, attack) / Math.max(attack, 1)) / 6;
  }
  return edge;
}

/**
 * [10.0-10.5] The column of an attack in this environ: the strengths (the Empire's as given, when
 * weighing units it may send) and the shifts of the leaders and the environ there.
 */
export function combatColumn(ctx: PlanContext, environ: number, attacker: SideId, rebellion: boolean, imperialStrength?: number) {
  const { view, content } = ctx;
  const strength = (side: SideId) => (side === 'imperial' && imperialStrength !== undefined ? imperialStrength : strengthIn(view, environ, side));
  const defender: SideId = attacker === 'rebel' ? 'imperial' : 'rebel';
  const attack = strength(attacker);
  const defence = strength(defender);
  const type = environView(view, environ)?.type;
  const lead = { rebel: bestLeadership(ctx, environ, 'rebel'), imperial: bestLeadership(ctx, environ, 'imperial') };
  const shift = shiftFromFacts(
    {
      rebelLeadership: lead.rebel,
      imperialLeadership: lead.imperial,
      rebelUnitOfEnvironType: view.units.some((u) => u.environ === environ && u.side === 'rebel' && (u.environType === null || u.environType === type)),
      urban: type === 'urban',
      rebellion,
    },
    attacker,
  );
  return { attack, defence, column: militaryColumn(content.tables, attack, defence, shift, lead[attacker] > 0) };
}

/**
 * [12.6, 12.7] What a character fight should gain the attackers: the share of the defenders' endurance
 * the attacker's die is expected to wound, less the share of their own the defender's die wounds, on the
 * column the combat ratings give (every defender taken as active; possessions left out). Positive: the
 * table favours the attack.
 */
function characterCombatEdge(ctx: PlanContext, attackers: GameView['characters'], defenders: GameView['characters']): number {
  const t = ctx.content.tables.characterCombat;
  const ratings = (chars: GameView['characters']) => {
    let combat = 0;
    let endurance = 0;
    for (const ch of chars) {
      const def = ctx.content.characters.get(ch.id);
      combat += Math.max(0, (def?.combat ?? 0) - ch.wounds);
      endurance += Math.max(0, (def?.endurance ?? 0) - ch.wounds);
    }
    return { combat, endurance: Math.max(endurance, 1) };
  };
  const attack = ratings(attackers);
  const defence = ratings(defenders);
  const column = characterColumn(ctx.content.tables, attack.combat - defence.combat, false); // the plans fight to kill
  let edge = 0;
  for (const row of t.rows) {
    const cell = row[column]!;
    edge += (cell.defender / defence.endurance - cell.attacker / attack.endurance) / t.rows.length;
  }
  return edge;
}

/** Whether the side's free characters in the environ should fight the enemies detected there. */
export function charactersWinThere(ctx: PlanContext, environ: number): boolean {
  const here = ctx.view.characters.filter((c) => c.environ === environ && !c.dead && !c.captured);
  const own = here.filter((c) => c.side === ctx.side);
  const enemies = here.filter((c) => c.side !== ctx.side && c.detected);
  return own.length > 0 && enemies.length > 0 && characterCombatEdge(ctx, own, enemies) > 0;
}
