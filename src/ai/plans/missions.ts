/**
 * Which mission a character takes where he stands [13.2]: each side's priorities, Summon Sovereign
 * where the side talks to the people, and what joining friends already at work there adds [13.41, 13.6].
 */
import type { MissionLetterId } from '../../core/content/schema';
import { isGalacticScenario } from '../../core/content/validate';
import { ratingDraws } from '../../../systems/rebels-vs-empire/bonus-draw';
import type { MissionHere } from '../../../systems/rebels-vs-empire/missions';
import { type PlanContext, LOYALTY_INDEX, environView, planetOfEnviron, strengthIn, character } from './context';

/** The mission a character should take where he stands, by the side's aims. */
export function missionPriority(ctx: PlanContext, letter: MissionLetterId, environ: number): number {
  if (letter === 'E') return summonPriority(ctx, environ);
  const planet = planetOfEnviron(ctx.view, environ);
  const loyalty = planet ? LOYALTY_INDEX[planet.loyalty] : 2;
  const state = planet?.state ?? 'imperial-control';
  if (ctx.side === 'rebel') {
    switch (letter) {
      case 'R':
        return loyalty === 4 && state !== 'rebellion' && state !== 'rebel-control' ? 100 : -1; // [15.2] only from unrest
      case 'C':
        return state === 'imperial-control' ? 55 : 0;
      case 'D':
        return state === 'rebellion' || state === 'rebel-control' || loyalty >= 4 ? 0 : 60 + loyalty;
      case 'I':
        // [13.2] each letter a victory point; in the galactic game none (it only stirs the Chaos Index)
        return isGalacticScenario(ctx.content, ctx.view.scenario) ? 15 : 50;
      case 'T':
        return strengthIn(ctx.view, environ, 'imperial') > 0 ? 45 : 0;
      case 'F':
        return 70;
      case 'G':
        return ctx.skills?.recruiting ? RECRUITING_PRIORITY : 40;
      case 'P':
        return 30;
      case 'J':
        // [13.2 J] a starship: the galaxy is crossed by ship [5.22], and in the galactic game a Rebel
        // without ships sits scavenging while the unrest he could raise is a jump away
        return isGalacticScenario(ctx.content, ctx.view.scenario) ? GALACTIC_QUEST_PRIORITY : 32;
      case 'B':
        return 35;
      case 'S':
        return 20;
      default:
        return 10;
    }
  }
  switch (letter) {
    case 'R':
      return state === 'rebellion' ? 100 : -1; // [13.53] stop rebellion
    case 'A':
      return 80;
    case 'F':
      return 70;
    case 'D':
      // a planet at unrest is one Start Rebellion away from rising [15.2]: talk it down first
      if (state === 'rebellion' || state === 'rebel-control' || loyalty === 0) return 0;
      return loyalty >= 4 ? 95 : loyalty === 3 ? 75 : 60 + loyalty;
    case 'C':
      return 40;
    case 'I':
      return 50;
    case 'G':
      return 45;
    default:
      return 10;
  }
}

/**
 * [13.2 E] Summon Sovereign, for either side: worth it on a planet where the side plans Diplomacy (its
 * Diplomacy priority there is above nothing), as the sovereign adds bonus draws to every Diplomacy of
 * the side on his planet from then on, the same mission phase's included (bonus draws come after the
 * action draws [13.6]). Below Diplomacy itself, so a lone character talks to the people; just above
 * Gather Information, and well above joining a Diplomacy group (`joiningValue`), so a second character
 * summons while the first talks (a card drawn there counts for both [13.41]). More when the enemy holds
 * him: his favour changes sides.
 */
function summonPriority(ctx: PlanContext, environ: number): number {
  const sovereign = environView(ctx.view, environ)?.sovereign;
  if (!sovereign || sovereign.court === ctx.side) return 0;
  if (missionPriority(ctx, 'D', environ) <= 0) return SUMMON_IDLE_PRIORITY;
  return SUMMON_PRIORITY + (sovereign.court ? SUMMON_BACK_PRIORITY : 0);
}

const SUMMON_PRIORITY = 52;

/**
 * The Rebel's Spaceship Quest in the galactic game: above Sabotage (35) and Gather Information, below
 * Diplomacy. Measured, normal Rebel, 200 games seed table: at 32, 176 wins against random and 113 against
 * normal; at 48, 181 and 115; at 58, 187 and 137 (above the 35-65% band); at 40, 172 and 134 (noisy).
 */
const GALACTIC_QUEST_PRIORITY = 48;

/** Taking him from the enemy's court takes its bonus draws away too. */
const SUMMON_BACK_PRIORITY = 8;

/** Where the side plans no Diplomacy the sovereign's favour is worth little (still more than nothing: plans change). */
const SUMMON_IDLE_PRIORITY = 5;

/**
 * Gain Characters for the `recruiting` Rebel: above every mission but Start Rebellion (100). A character
 * gained early performs missions (and draws action cards) for the rest of the game, so a recruit pays
 * back more than one letter now. Measured over 200 games a scenario against `normal`, the Rebel with it
 * won 130, 79, 133 and 164 games (Wendmoor, Hrodmar, Embers, Verdant Drift) where `normal` won 71, 72,
 * 106 and 122. At 65 (above Diplomacy, below Free Prisoners) it won within 3 games of that; at 110
 * (above Start Rebellion) it won 111, 75, 106 and 130: a planet at unrest must rise first.
 */
const RECRUITING_PRIORITY = 90;

/**
 * [13.41, 13.6] What one more character adds to a mission his friends in the environ already perform.
 * The environ's action cards count for every mission performed there, so a second mission makes each
 * card more likely to bear a letter that pays, while a bigger group gains only bonus draws: the best
 * rating in the group gives them, and each member's own. So joining is worth the extra draws he brings,
 * and a commander spreads his characters over the environ's missions. Measured over 200 games a
 * scenario, for `normal`'s Rebel against `random`: 1 to 18 more wins (Wendmoor's 173 became 191).
 */
export function joiningValue(ctx: PlanContext, letter: MissionLetterId, priority: number, group: MissionHere, joiner: string): number {
  const rating = ctx.content.missions.get(letter)?.bonusDraws.rating;
  const ratingOf = (id: string | undefined) => {
    const def = ctx.content.characters.get(id ?? '');
    return rating && def ? def[rating] : 0;
  };
  const groupBest = Math.max(0, ...group.members.map((m) => ratingOf(character(ctx.view, m)?.id)));
  const ownDraws = ctx.content.characters.get(joiner)?.bonusDraws[letter] ?? 0;
  const ratingGain = rating ? ratingDraws(rating, Math.max(groupBest, ratingOf(joiner))) - ratingDraws(rating, groupBest) : 0;
  const draws = ratingGain + ownDraws;
  return priority * JOINING_SHARE + draws * BONUS_DRAW_VALUE;
}

/**
 * A place in a mission already performed in the environ is worth this share of the mission (one more
 * member to carry it on if another falls or is captured [13.52])...
 */
const JOINING_SHARE = 0.2;

/** ...plus this much for each bonus draw the joiner adds (a letter's worth is about 50-100). */
const BONUS_DRAW_VALUE = 10;
