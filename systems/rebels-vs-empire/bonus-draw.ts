/**
 * Bonus draw segment [13.0 steps 5-7, 13.6]: each group that was still active when its environ's draws
 * ran out [13.3] takes its bonus draws, all at once, their events ignored [13.6]; letters of its mission
 * count. Then non-continuing missions with a letter complete; continuing ones complete with everything
 * accumulated [13.52]; an assassination without its letter fails [12.87].
 *
 * Bonus draws of a group = the card's base + the group's rating contribution (below) + each member's own
 * bonus draws for the letter + possessions declared at the outset [14.27] + windfalls; a Rebel Diplomacy mission has two fewer on
 * a patriotic planet and one more on a planet in dissent [13.2]; a side's Diplomacy mission has two more
 * on a planet whose sovereign stands at its court (province and galactic games: sovereigns.ts) [13.2].
 * A rebel camp never has any [13.2].
 */
import type { MissionLetterId } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Command, Frame, Game, Procedure, Step } from '../../src/core/engine/types';
import { planetOfEnviron, refOf } from '../../src/core/world/world';
import { drawActionCard, sectionFor } from './action-cards';
import { DISSENT, PATRIOTIC } from './loyalty';
import { answerEffect, completeGroup, effectQueue, failGroup, runEffects } from './mission-effects';
import { describeGroup, endMissionPhase, groupById, isContinuing, missionCard, missionPhase, sideOfGroup, type MissionGroup } from './missions';
import { afterPossessionUse, possessionBonusDraws, possessionCard } from './possessions';
import { sovereignDiplomacyDraws } from './sovereigns';

/**
 * [13.6] how a rating turns into bonus draws (decided, docs/rules.md): the best rating in the group
 * divided by this, rounded down. Combat and intelligence run to 9 and more, the others to 6.
 */
export const RATING_DRAWS_PER: Record<string, number> = { combat: 3, intelligence: 3, leadership: 2, diplomacy: 2, navigation: 2 };

/** [13.6] the bonus draws a group's best rating gives for a mission rated by `rating`. */
export function ratingDraws(rating: string, best: number): number {
  return Math.floor(best / (RATING_DRAWS_PER[rating] ?? 3));
}

/** [13.2] a Rebel Diplomacy mission: -2 on a patriotic planet, +1 on a planet in dissent. */
export const DIPLOMACY_LOYALTY_DRAWS: Record<number, number> = { [PATRIOTIC]: -2, [DISSENT]: 1 };

/** The bonus draws a group may take, and the possessions that give some of them (to be used). */
export function bonusDraws(game: Game, group: MissionGroup): { draws: number; possessions: number[] } {
  if (group.camp) return { draws: 0, possessions: [] }; // [13.2]
  const c = game.world.c;
  const card = missionCard(game, group.letter);
  let draws = card.bonusDraws.base;
  const rating = card.bonusDraws.rating;
  if (rating) {
    const store = c.Character[rating] as Uint8Array;
    const best = Math.max(0, ...group.members.map((m) => store[m] as number));
    draws += ratingDraws(rating, best);
  }
  const possessions: number[] = [];
  for (const m of group.members) {
    const def = game.content.characters.get(refOf(game.world, m));
    draws += def?.bonusDraws[group.letter as MissionLetterId] ?? 0; // [13.6] the character's own
    // [14.27] only possessions declared at the outset, still held by him and working
    const p = possessionBonusDraws(game, m, group.letter);
    for (const used of p.used) {
      if (!group.declared.includes(used)) continue;
      draws += possessionCard(game, used).effects.bonusDraws?.[group.letter] ?? 0;
      possessions.push(used);
    }
  }
  draws += group.windfall;
  if (group.letter === 'D') {
    const planet = planetOfEnviron(game.world, group.environ);
    if (sideOfGroup(game, group) === 'rebel') draws += DIPLOMACY_LOYALTY_DRAWS[c.Loyalty.value[planet] as number] ?? 0;
    draws += sovereignDiplomacyDraws(game, sideOfGroup(game, group), planet); // [13.2] a sovereign at the side's court
  }
  return { draws: Math.max(0, draws), possessions };
}

/** Take one group's bonus draws and finish its mission. */
function takeBonusDraws(game: Game, frame: Frame, group: MissionGroup): void {
  const queue = effectQueue(frame);
  const { draws, possessions } = bonusDraws(game, group);
  if (draws > 0) for (const p of possessions) afterPossessionUse(game, p); // [14.2x] using a possession costs
  let letters = 0;
  const drawn: number[] = [];
  for (let i = 0; i < draws; i++) {
    const card = drawActionCard(game); // [13.6] all at once; events ignored
    drawn.push(card.number);
    if (sectionFor(game, card, group.environ).letters.includes(group.letter)) letters += 1;
  }
  emit(game, {
    kind: 'bonus-draw',
    text: `${describeGroup(game, group)}: ${draws} bonus draw${draws === 1 ? '' : 's'}${drawn.length ? ` (cards ${drawn.join(', ')})` : ''}, ${letters} letter${letters === 1 ? '' : 's'}.`,
    rule: '[13.6]',
    visibleTo: sideOfGroup(game, group),
    entities: [group.environ],
  });
  group.letters += letters;
  if (isContinuing(game, group)) {
    // [13.52] out of draws: the continuing mission is complete with all it accumulated
    if (group.letters > 0) completeGroup(game, queue, group);
    else failGroup(game, queue, group);
  } else if (letters > 0) completeGroup(game, queue, group);
  else failGroup(game, queue, group);
}

export const bonusDraw: Procedure = {
  step(game: Game, frame: Frame): Step {
    const phase = missionPhase(game);
    if (!phase) return { done: true };
    const d = frame.data;
    if (!Array.isArray(d.groups)) d.groups = phase.groups.filter((g) => g.status === 'exhausted').map((g) => g.id);
    for (;;) {
      const pending = runEffects(game, frame);
      if (pending) return pending;
      const next = (d.groups as number[]).shift();
      if (next === undefined) break;
      const group = groupById(game, next);
      if (group.status === 'exhausted') takeBonusDraws(game, frame, group); // not if lost meanwhile [13.52]
    }
    endMissionPhase(game);
    return { done: true };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    if (!answerEffect(game, frame, command)) throw new Error(`the bonus draw segment did not ask for ${command.type}`);
  },
};
