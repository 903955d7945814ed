/**
 * The decision panel's parts in HTML: the sides' names, the online table, the decision's facts and notes,
 * the exact odds before a roll [10.0, 9.22, 11.0] and the last rolls after it.
 */
import type { Content } from '../../core/content/validate';
import type { Decision, GameEvent, Json } from '../../core/engine/types';
import type { GameView } from '../../core/view';
import type { CombatFacts } from '../../words/combat-facts';
import type { OddsNote } from '../../words/character-odds';
import { attackColumns, militaryColumn, militaryOdds, oddsForEvent, percent, rackingOdds, searchOdds, type Outcome } from '../../core/odds';
import { esc } from '../html';
import { GLOSSARY, withTerms } from './glossary';
import type { OnlineTable, PlayInfo } from './play-protocol';
import { LOYALTIES, type SideId } from '../../core/content/schema';
import { LOYALTY_COLORS } from '../../render/palette';
import { trackText } from '../../words/place-facts';
import { PACES } from '../../online/protocol';
import { timeWords } from '../my-games';

/** What an online game waits for, in words. */
export function onlineWaiting(side: SideId, table: OnlineTable): string {
  const team = capital(SIDE_TEAMS[side] ?? side);
  switch (table.waitingFor) {
    case 'ai':
      return `${team} (an AI on the server) is thinking…`;
    case 'away':
      // [issue 55] a turn-based game waits for its players; only a live one hands a seat over by itself
      return table.clocks
        ? `${team}'s player is away: the game waits for them while their clock runs…`
        : `${team}'s player has left; the seat waits for them, then an AI takes it over…`;
    case 'nobody':
      return `Waiting for a player to take ${SIDE_TEAMS[side] ?? side}'s seat…`;
    default:
      return `${team} is deciding, online…`;
  }
}

/** The online game's lines in the decision panel: where others join while a seat waits for them. */
export function onlineHtml(table: OnlineTable, reservedLinks: { side: string; link: string }[]): string {
  const open = table.open.map((s) => SIDE_TEAMS[s] ?? s);
  const lines: string[] = [];
  if (open.length) lines.push(`${esc(capital(open.join(' and ')))}: the seat is open. Send this link to invite a player: <input readonly size="30" value="${esc(table.link)}" data-testid="play-invite" aria-label="Invitation link">`);
  for (const r of reservedLinks.filter((r) => table.reserved.includes(r.side)))
    lines.push(`${esc(capital(SIDE_TEAMS[r.side] ?? r.side))}: the seat is reserved. Send this link to its player: <input readonly size="30" value="${esc(r.link)}" data-testid="play-reserved-link" aria-label="Reserved seat's link">`);
  // [issue 55] a turn-based game's clocks, and the seats out of time this player may hand to the AI
  if (table.clocks) {
    const since = Date.now() - (table.at ?? Date.now());
    lines.push(
      `Clocks: ${table.clocks.map((c) => `${esc(capital(SIDE_TEAMS[c.side] ?? c.side))} ${c.running ? '<b>' : ''}${esc(timeWords(c.leftMs - (c.running ? since : 0)))}${c.running ? '</b> (running)' : ''}`).join(', ')} <span class="muted">(${esc(PACES.find((p) => p.id === table.pace)?.label ?? '')})</span>`,
    );
    for (const side of table.outOfTime ?? [])
      lines.push(`${esc(capital(SIDE_TEAMS[side] ?? side))}'s clock has run out. <button data-act="hand-over" data-side="${esc(side)}" data-testid="play-hand-over">Hand the seat to the AI</button>`);
  }
  return lines.length
    ? `<div class="small online-box" data-testid="play-online"><b>Online game</b>${lines.map((l) => `<p>${l}</p>`).join('')}</div>`
    : `<p class="muted small" data-testid="play-online">Online game: every seat is taken.</p>`;
}

/** [15.1] the loyalty track, the Empire's end on the left, the Rebel's on the right, the planet's step marked and named. */
export function loyaltyTrackHtml(value: number): string {
  const cells = LOYALTIES.map((name, i) => `<i class="${i === value ? 'on' : ''}" style="--c:${LOYALTY_COLORS[name]}" title="${name}">${i === value ? esc(name) : ''}</i>`).join('');
  return `<span class="ltrack" data-testid="loyalty-track" title="loyalty: patriotic (the Empire's end) to unrest (the Rebel's)">${cells}</span>`;
}

/** Facts in HTML: their words with the glossary's terms, and a planet's loyalty drawn as its track where the words give it (src/words/place-facts). */
export function factsHtml(text: string): string {
  const value = LOYALTIES.findIndex((_, v) => text.includes(trackText(v)));
  if (value < 0) return withTerms(esc(text));
  return text
    .split(trackText(value))
    .map((part) => withTerms(esc(part)))
    .join(loyaltyTrackHtml(value));
}

/** [issue 44] the decision's notes (src/words/decision-notes): what it is about and its answers' odds. */
export function notesHtml(notes: OddsNote[] | undefined): string {
  if (!notes?.length) return '';
  return notes
    .map((n) => `<div class="odds" data-testid="odds-note"><b>${esc(n.title)}</b> <span class="rule">${esc(n.rule)}</span><ul class="context">${n.lines.map((l) => `<li>${withTerms(esc(l))}</li>`).join('')}</ul></div>`)
    .join('');
}

/** A military column's odds as a small table: loss in strength points across, each side's chance below. */
/**
 * [10.0-10.7] the odds of an attack with every shift the side knows (its own leader, the environ), the
 * hidden enemy strength as a range, and what is not known said in words.
 */
function combatOddsHtml(t: Content['tables'], cf: CombatFacts): string {
  const { worst, best } = attackColumns(t, cf.ownStrength, cf.enemyLeast, cf.enemyMost, cf.shift, !!cf.ownLeader || cf.enemyLeadershipSeen > 0);
  const cols = worst === best ? [worst] : [worst, best];
  const strength = cf.enemyLeast === cf.enemyMost ? `enemy strength ${cf.enemyLeast}` : `enemy strength ${cf.enemyLeast} to ${cf.enemyMost}`;
  const hidden = cf.hiddenUnits ? ` (${cf.hiddenUnits} hidden unit${cf.hiddenUnits === 1 ? '' : 's'} [7.22]${cf.narrowed ? ', narrowed by the strength you saw them use' : ''})` : '';
  const shift = `shift ${cf.shift >= 0 ? '+' : ''}${cf.shift}${cf.shiftParts.length ? `: ${cf.shiftParts.join(', ')}` : ''} [10.2]`;
  const unknown = cf.enemyLeaderUnknown ? 'Unknown: an enemy leader you cannot see would shift it against you [10.4].' : '';
  return `<div class="odds" data-testid="odds"><b>Odds [10.0]</b> <span class="muted">your strength ${cf.ownStrength} against ${strength}${hidden}; ${esc(shift)}. ${unknown}</span>${cols
    .map((c, i) => (cols.length > 1 ? `<div class="muted small">${i === 0 ? 'if they are at their strongest' : 'if they are at their weakest'}</div>` : '') + lossTable(militaryOdds(t, c), 'you lose', 'enemy loses'))
    .join('')}</div>`;
}

function lossTable(o: ReturnType<typeof militaryOdds>, attacker: string, defender: string): string {
  const loss = (label: string) => Number(label.replace(/\D+/g, ''));
  const all = [...o.attackerLoss, ...o.defenderLoss].map((x) => loss(x.label));
  const max = Math.max(0, ...all);
  const cells = (xs: Outcome[]) =>
    Array.from({ length: max + 1 }, (_, n) => {
      const x = xs.find((y) => loss(y.label) === n);
      return `<td>${x ? percent(x.chance) : '·'}</td>`;
    }).join('');
  return `<table class="odds-table"><caption>Column <b>${esc(o.column)}</b></caption><tr><th>loss</th>${Array.from({ length: max + 1 }, (_, n) => `<th>${n}</th>`).join('')}</tr>
    <tr><th>${esc(attacker)}</th>${cells(o.attackerLoss)}</tr><tr><th>${esc(defender)}</th>${cells(o.defenderLoss)}</tr></table>`;
}

export function words(s: string): string {
  const t = s.replace(/-/g, ' ').replace(/\bpdb\b/g, 'PDB');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

export function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Short names for the sequence bar's chips; the full label is each chip's tooltip. */
export const SHORT_SEGMENTS: Record<string, string> = {
  movement: 'move',
  'enemy reaction': 'react',
  'military combat': 'combat',
  search: 'search',
  'mission assignment': 'assign',
  'mission action': 'missions',
  'bonus draw': 'bonus',
};

/** The turn sequence, one row per player-turn, the current segment lit. */
export function sequenceHtml(p: PlayInfo, view: GameView | null): string {
  const rows = new Map<string, string[]>();
  p.sequence.forEach((label, i) => {
    const m = /^(rebel|imperial) [a-z-]+: (.+)$/.exec(label);
    const row = m ? (m[1] === 'rebel' ? 'Rebel' : 'Empire') : '';
    const chip = `<span class="seg${i === p.segment ? ' now' : ''}${i < p.segment ? ' done' : ''}" title="${esc(label)}">${esc(SHORT_SEGMENTS[m?.[2] ?? label] ?? m?.[2] ?? label)}</span>`;
    rows.set(row, [...(rows.get(row) ?? []), chip]);
  });
  return `<div class="seq-turn">Turn <b>${view?.turn ?? 1}</b> of ${view?.turns ?? '?'}</div>${[...rows]
    .map(([row, chips]) => `<div class="seq-row">${row ? `<span class="seq-side">${row}</span>` : ''}${chips.join('')}</div>`)
    .join('')}`;
}

/**
 * [issue 44] The panel while another side (`side`) plays: who, and what its turn has done so far
 * (`recent`, newest last); `paced`: its moves are shown one by one, and a key or a click skips them. Online
 * the server plays the others, and nobody pauses them.
 */
export function thinkingHtml(p: PlayInfo, side: SideId, recent: readonly GameEvent[], paced: boolean): string {
  const lines = recent.length
    ? `<p class="muted small">Since your last choice:</p><ul class="context ai-now" data-testid="ai-now">${recent.map((e) => `<li>${esc(e.text)} <span class="rule">${esc(e.rule ?? '')}</span></li>`).join('')}</ul>`
    : '';
  const hint = paced ? `<p class="muted small" data-testid="skip-hint">${p.online ? 'A key' : 'Any other key'}, or a click on the map, skips to the end of its turn. Its pace: Settings &gt; Motion &gt; Opponent's moves.</p>` : '';
  if (p.online) return `<div class="thinking" data-testid="thinking"><span class="spinner"></span> ${esc(onlineWaiting(side, p.online))}</div>${lines}${hint}`;
  return `<div class="thinking" data-testid="thinking"><span class="spinner"></span> ${esc(capital(SIDE_TEAMS[side] ?? side))} is ${recent.length ? 'playing' : 'thinking'}…</div>
           ${lines}
           <p><button data-act="pause" data-testid="pause">${p.paused ? 'Go on (Space)' : 'Pause the AI (Space)'}</button></p>
           ${hint}`;
}

export const SIDE_NAMES: Record<string, string> = { rebel: 'Rebel', imperial: 'Imperial' };

export const SIDE_TEAMS: Record<string, string> = { rebel: 'the Rebellion', imperial: 'the Empire' };

/** Decision facts that only feed the odds box (a search's possible hiding values). */
const ODDS_FACTS = new Set(['hidingLeast', 'hidingMost', 'searchValues', 'ownStrength', 'shields', 'cannon']);

/** The decision's facts, in words (skipping ids the player cannot read). */
export function contextHtml(d: Decision): string {
  const ctx = d.context ?? {};
  const rows: string[] = [];
  for (const [k, v] of Object.entries(ctx)) {
    // ids the player cannot read, and empty facts ("race: null" said nothing), are left out
    if (k === 'environ' || k === 'group' || k === 'planet' || k === 'ship' || v === null || (typeof v === 'object' && !Array.isArray(v))) continue;
    if (ODDS_FACTS.has(k)) continue; // shown in words in the odds box below
    const text = Array.isArray(v) ? v.filter((x) => typeof x === 'string').join('; ') : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v as Json);
    if (text) rows.push(`<li><span class="muted">${esc(words(k.replace(/([A-Z])/g, ' $1').toLowerCase()))}:</span> ${esc(text)}</li>`);
  }
  return rows.length ? `<ul class="context">${rows.join('')}</ul>` : '';
}

/** Exact odds before a roll, where the decision leads to one. */
export function oddsHtml(t: Content['tables'], d: Decision, play: PlayInfo | null, view: GameView | null): string {
  const ctx = d.context ?? {};
  const dist = (xs: Outcome[]) => xs.map((x) => `${esc(x.label)} <b>${percent(x.chance)}</b>`).join(' · ');
  const cf = play?.combat;
  if (d.kind === 'declare-combat' && cf) return combatOddsHtml(t, cf);
  if (d.kind === 'declare-combat' && typeof ctx.ownStrength === 'number' && typeof ctx.environ === 'number') {
    const enemy = (view?.units ?? []).filter((u) => u.environ === ctx.environ && u.side !== d.side);
    const known = enemy.reduce((s, u) => s + (u.combat ?? 0), 0);
    const hidden = enemy.filter((u) => u.combat === null).length;
    // hidden Imperial units [7.22]: a patrol is 1, a line 3; show the odds at both ends
    const lo = militaryColumn(t, ctx.ownStrength, known + hidden * 3);
    const hi = militaryColumn(t, ctx.ownStrength, known + hidden * 1);
    const cols = lo === hi ? [lo] : [lo, hi];
    return `<div class="odds" data-testid="odds"><b>Odds [10.0]</b> <span class="muted">before leader and environ shifts [10.2]; ${
      hidden ? `${hidden} hidden enemy unit(s) counted as 1 to 3 strength each [7.22]` : `enemy strength ${known}`
    }</span>${cols.map((c) => lossTable(militaryOdds(t, c), 'you lose', 'enemy loses')).join('')}</div>`;
  }
  if (d.kind === 'pdb-attack' && typeof ctx.pdbLevel === 'number') {
    const name = (t.pdbAttackColumn as Record<string, string>)[String(ctx.pdbLevel)];
    const col = name ? t.militaryCombat.columns.indexOf(name) : -1;
    if (col >= 0) return `<div class="odds" data-testid="odds"><b>PDB fire [9.22]</b>${lossTable(militaryOdds(t, col), 'the PDB loses', 'the units lose')}</div>`;
  }
  if (d.kind === 'pdb-racking' && typeof ctx.pdbLevel === 'number' && typeof ctx.shields === 'number' && typeof ctx.cannon === 'number') {
    const o = rackingOdds(t, ctx.pdbLevel, ctx.shields, ctx.cannon);
    return `<div class="odds" data-testid="odds"><b>Racking [9.28]</b> the ship is hit <b>${percent(o.shipHit)}</b> · its cannon knocks the PDB down <b>${percent(o.pdbDown)}</b>${o.pdbLevelLost ? `, and a level off it <b>${percent(o.pdbLevelLost)}</b>` : ''} [9.25]</div>`;
  }
  if (d.kind === 'search-by' && Array.isArray(ctx.searchValues) && typeof ctx.hidingLeast === 'number' && typeof ctx.hidingMost === 'number') {
    // [11.0] the hider and his possessions are not known: the chance runs from the weakest hiding
    // value the group could show to the strongest
    const least = ctx.hidingLeast;
    const most = ctx.hidingMost;
    const lines = d.options
      .map((o, i) => ({ o, value: (ctx.searchValues as number[])[i] ?? 0 }))
      .filter(({ value }) => value > 0)
      .map(({ o, value }) => {
        const best = searchOdds(t, value, least).found;
        const worst = searchOdds(t, value, most).found;
        const chance = best === worst ? percent(best) : `${percent(worst)} to ${percent(best)}`;
        const label = esc(play?.options[d.options.indexOf(o)]?.label ?? '');
        // [11.0] no die finds them: said as a fact, not offered as a 0% chance
        if (best === 0) return `<li>${label}: search value ${value} <b>cannot find them</b> (no die finds a hiding value of ${least} or more at this search value) [11.0]</li>`;
        return `<li>${label}: search value ${value}, finds them <b>${chance}</b>${worst === 0 ? ' (0%: no die finds them if they hide at their best)' : ''}</li>`;
      });
    return `<div class="odds" data-testid="odds"><b>Odds [11.0]</b> <span class="muted">hiding value ${least === most ? least : `${least} to ${most}`} (who hides, and what helps him hide, is not known)</span><ul class="context">${lines.join('')}</ul></div>`;
  }
  return '';
}

export function rollsHtml(t: Content['tables'], lastRolls: GameEvent[]): string {
  if (!lastRolls.length) return '';
  return `<div class="rolls" data-testid="rolls"><b>Last rolls</b>${lastRolls
    .map((e) => {
      const odds = oddsForEvent(t, e.kind, e.text);
      return `<p>${esc(e.text)} <span class="rule">${esc(e.rule ?? '')}</span>${odds ? `<br><span class="muted">${esc(odds)}</span>` : ''}</p>`;
    })
    .join('')}</div>`;
}

/** An environ's name as the panel says it: "Tollis 1 (urban)". */
export function placeName(content: Content, environ: string): string {
  const e = content.environs.get(environ);
  const planet = e ? content.planets.get(e.planet) : undefined;
  return e ? `${planet?.name ?? e.planet} ${e.index + 1} (${e.type})` : environ;
}

/** The rules help card (?): how to play on the board and by keys, and the words of the rules with their numbers. */
export function helpHtml(): string {
  return `<div class="help-box"><h2>How to play</h2>
    <p>When it is your turn to decide, the panel on the right says what is being decided and lists every legal choice. Click a choice, press its number, or click its numbered marker on the map. Enter takes the "end / no" choice; Esc (or Backspace) undoes your last choice within the current segment; Space pauses the AI; ? shows this help; R (or the Rules button) opens the rules and every card, searchable, and a dotted word opens its rule there; P (or Planets) lists every planet in play, sortable; rolls show as dice, and any key skips them.</p>
    <p>On the map: at galaxy zoom each star system with choices has a badge with their count; click it to fly there. Click a stack (⬆) and it opens into its counters, what may fly together picked; click counters to take them in or out (units alike: shift-click takes all of them; a dimmed counter cannot go with the pick, and its hover says the rule); drag a character onto a ship to board it (a ship shows its seats). Click another side's stack to see its counters as you know them (a unit still hidden shows ?-?). Where the pick may go lights up, with its odds; click one to go, or drag the stack there. End, pass and no are buttons on the question at the top of the map. Action cards are drawn at the mission's place. Attacks (⚔), searches (◎), reinforcements and starting forces (⬇), missions (✦: the character, then his mission; or a mission first, named in the panel, and who may take it lights up), reactions (↪) and domino effects (⇄: how many planets, asked at the planet that rose, then which) light up the same way: hover one for its facts and odds, click it to take it. Characters found may be attacked or let be, and a character combat asks its questions where it is fought (hand-to-hand or a firefight, to kill or to capture, active or inactive, break off (⚑) or fight the round), each answer with its odds. A stack adrift (≈) stands on its drift area's ring: from the outer ring it goes on to the sun's, from there it lands. The list holds the same choices, for the keyboard.</p>
    <h3>Words</h3><dl>${GLOSSARY.map((g) => `<dt><span class="term" data-term="${esc(g.term)}">${esc(g.term)}</span> <span class="rule">${esc(g.rule)}</span></dt><dd>${esc(g.text)}</dd>`).join('')}</dl>
    <p class="muted">Click anywhere to close.</p></div>`;
}
