/**
 * [13.3, 13.52, issue 53] The action-card draws of a mission action, on the board where the missions are
 * performed: "draw card 2 of 4" with what each mission there still needs and the chance the card shows
 * its letter, "stop drawing" (no bonus draws then [13.3]), and each mission's own "stop" (a continuing one
 * completes with what it has [13.52]), all under the question at the environ.
 */
import type { Command, Decision, Game } from '../../core/engine/types';
import { refOf } from '../../core/world/world';
import { percent } from '../../core/odds';
import { activeGroups, groupById, isContinuing, type MissionGroup } from '../../../systems/rebels-vs-empire/missions';
import { bonusLetterChance } from '../option-facts';
import { describeOption, entityName } from '../describe';
import { heldPick, type Dest, type Mover } from './types';

/** What a mission group still needs, and the chance one more card shows its letter (the action deck as the rule reads it here). */
function groupNeed(game: Game, environ: number, group: MissionGroup): { line: string; chance: number } {
  const card = game.content.missions.get(group.letter);
  const need = Math.max(1, (card?.lettersToComplete ?? 1) - group.letters);
  const chance = bonusLetterChance(game, environ, group.letter, 1, 1);
  const name = card?.name ?? group.letter;
  const have = group.letters ? ` (${group.letters} so far)` : '';
  return { line: `${name} needs ${need > 1 ? `${need} more ${group.letter}s` : `an ${group.letter}`}${have}: a card shows it ${percent(chance)} [13.3]`, chance };
}

/** Who performs a group, in a word: its first member, or the camp. */
function who(game: Game, group: MissionGroup, d: Decision): string {
  if (group.camp) return 'the camp';
  const first = group.members[0];
  return first ? `${entityName(game, first, d.side).split(' ')[0]}${group.members.length > 1 ? ` +${group.members.length - 1}` : ''}` : '';
}

/** The draws at the mission's environ: draw, stop drawing, stop one mission, each a marker there. */
export function cardForm(game: Game, d: Decision): { movers: Mover[] } {
  const draw = d.options.find((o) => o.type === 'draw-action');
  const environ = Number(draw?.environ ?? d.options.find((o) => o.type === 'stop-drawing')?.environ ?? 0);
  if (!environ) return { movers: [] };
  const place = refOf(game.world, environ);
  const groups = activeGroups(game, environ);
  const needs = groups.map((g) => groupNeed(game, environ, g));
  const n = Number(d.context?.draws ?? 0) + 1;
  const size = Number(d.context?.size ?? 0);
  const best = Math.max(0, ...needs.map((x) => x.chance));
  const dest = (o: Command, mark: string, odds: string): Dest => {
    const info = describeOption(game, o, d);
    return { place, label: info.label, odds, warning: info.warning, commands: [o], mark };
  };
  const dests: Dest[] = [];
  for (const o of d.options) {
    if (o.type === 'draw-action') dests.push(dest(o, `▤ Draw card ${n} of ${size}${needs.length ? ` · ${percent(best)}` : ''}`, needs.map((x) => x.line).join('; ')));
    else if (o.type === 'stop-drawing') dests.push(dest(o, '✗ Stop drawing', 'every mission here stops: none takes bonus draws [13.3]; a continuing mission completes with the letters it has [13.52]'));
    else if (o.type === 'stop-mission') {
      const group = groupById(game, o.group as number);
      const card = game.content.missions.get(group.letter);
      const completes = isContinuing(game, group) && group.letters > 0;
      dests.push(dest(o, `✕ Stop ${card?.name ?? group.letter} (${who(game, group, d)})`, completes ? `it completes with the ${group.letters} letter(s) it has [13.52]` : 'it ends without success [13.5]'));
    }
  }
  const ask = `Missions at ${entityName(game, environ).replace(/ \(.*\)$/, '')}: draw action card ${n} of ${size}? ${d.rule}`;
  return { movers: dests.length ? [heldPick(d.prompt, dests, '▤', ask)] : [] };
}
