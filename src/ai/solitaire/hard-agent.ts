/**
 * `hard`: the normal Emperor with foresight. It knows what the Chaos Events pool holds: Citizens Demand
 * Reforms and Troops Demand Pay strike before the next income and turn a unit or a system over for
 * every RP the treasury lacks [001 32.0], so it keeps a point in hand for each of its systems or units
 * (whichever are more) and spends only the rest; it attacks whenever the exact odds promise any gain, and
 * keeps a larger army for its income. It also reckons where the next Rebellions and Usurpers land (they
 * walk the map from a random sector to the first Imperial holding [001 32.0 Rebellion, Usurper], so the
 * Empire's highest-numbered sector catches most of them): a move is charged what it adds to what they are
 * expected to take, and Illumination, which quells a Rebellion, goes where they land. And it plans a
 * colony: with open ground (no system, no Chaos unit) within a colonization fleet's reach of one of its
 * systems, it recruits a fleet there before any extropy operation and whatever its reserve, moves it
 * onto the ground and founds a system in the attack step [001 Colonization Fleets]: a victory point and
 * income, where the same 4 RP of extropy take about 5.6 points (0.56) off the index.
 *
 * A look-ahead was tried first: normal's best four options at each movement and attack decision, each
 * played out six times in imagined games to the end of the turn (Chaos's operations included). The dice
 * of one turn swing the Empire's standing far more than one option's edge, so the averages chose almost
 * at random: 19 games of 40 at Expanding or better against normal's 26, at 6 s a game. Reverted.
 */
import { Rng } from '../../core/rng';
import type { SolitaireAgentFactory } from './agent';
import { decideNormal, NORMAL_TUNING, type NormalTuning } from './normal-agent';

// Its reserve holds back recruits and leaders, not extropy operations (issue 47, 200 games a scenario,
// seed table: Survival or better 110, 123, 106, 118, 95 in scenarios 2-6 with the reserve on extropy too,
// 117, 132, 112, 116, 105 without; The Long Twilight 198, then 197). With no bonus for guarding a lone
// system, as `normal`: 144, 155, 124, 133, 115 (199).
// A larger army per RP of income (1.0 against normal's 0.7) was measured in issue 47, 100 games a scenario
// (seed table): Survival or better 47/60/47/38/34 in scenarios 2-6 against 44/57/40/35/34 without it.
// Reckoning where Rebellions and Usurpers land (issue 47, 200 games a scenario, seed table): Survival or
// better 169, 178, 155, 160, 141 in scenarios 2-6 against 152, 162, 131, 149, 147 without it (The Long
// Twilight 199 at Expanding or better 187, against 200 and 185).
// Colonies (issue 47, 200 games a scenario, seed table): 177, 177, 172, 166, 145 in scenarios 2-6 against
// 169, 178, 155, 160, 141 without (The Long Twilight 200, 198 at Expanding or better); `dev` 186, 183, 165,
// 168, 147 against 170, 169, 150, 156, 143; `alt` 176, 186, 163, 168, 146 against 155, 174, 160, 160, 152.
export const HARD_TUNING: NormalTuning = { ...NORMAL_TUNING, reserve: 1, attackThreshold: 0, armyPerIncome: 1.0, strikeAware: true, colonize: true };

export const hardSolitaireAgent: SolitaireAgentFactory = ({ seed, seedHash }) => {
  const rng = Rng.fromSeed(`solitaire-hard:${seed}`, seedHash);
  return { name: 'hard', decide: (view, decision) => decideNormal(view, decision, HARD_TUNING, rng) };
};
