/**
 * [13.3, 13.52, issue 53] The action-card draws of a mission action, on the board where the missions are
 * performed: "draw card 2 of 4" with, for each mission there, the chance the next card completes it (or
 * adds a letter) and that its event strikes it (src/words/draw-odds.ts, the rule's own reading of the
 * cards), "stop drawing" (no bonus draws then [13.3]), and each mission's own "stop" (a continuing one
 * completes with what it has [13.52]), all under the question at the environ.
 */
import type { Command, Decision, Game } from '../../core/engine/types';
import { refOf } from '../../core/world/world';
import { groupById, isContinuing, type MissionGroup } from '../../../systems/rebels-vs-empire/missions';
import { drawMark, drawNotes } from '../draw-odds';
import { describeOption, entityName } from '../describe';
import { heldPick, type Dest, type Mover } from './types';

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
  const n = Number(d.context?.draws ?? 0) + 1;
  const size = Number(d.context?.size ?? 0);
  // the next card's odds for each mission here, as the rule reads the cards (src/words/draw-odds.ts)
  const mark = drawMark(game, d.side);
  const odds = drawNotes(game, d.side)[0]?.lines.join(' ') ?? '';
  const dest = (o: Command, mark: string, odds: string): Dest => {
    const info = describeOption(game, o, d);
    return { place, label: info.label, odds, warning: info.warning, commands: [o], mark };
  };
  const dests: Dest[] = [];
  for (const o of d.options) {
    if (o.type === 'draw-action') dests.push(dest(o, `▤ Draw card ${n} of ${size}${mark ? ` · ${mark}` : ''}`, odds));
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
