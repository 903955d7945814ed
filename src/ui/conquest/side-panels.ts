/**
 * The conquest screen's panels round the map [002], as HTML from a view: the header's line; the factions
 * in the order of play with the continents (and, when all are told, the secret missions); the events
 * log; the viewer's cards; the decision panel while others play, at the game's end and in a replay (a
 * decision of the viewer's is decision-body.ts), with the replay's controls and an online game's foot;
 * the result; the hot-seat hand-over; the help. Pure functions: the screen (conquest-screen.ts) says
 * whose eyes they show and puts them on the page.
 */
import type { GameEvent } from '../../core/engine/types';
import type { Card } from '../../../systems/conquest/cards';
import type { FactionId } from '../../../systems/conquest/content';
import type { ConquestView } from '../../../systems/conquest/view';
import { esc } from '../html';
import { blocWinnerText } from './blocs-panel';
import { AI_SPEEDS, GUIDE_READS_HTML, HELP_BUTTON } from '../game-screen/controls';
import { CARD_KIND_NAMES, CARD_KIND_SIGNS, cardText, DECISION_TITLES, logLines, optionText, reinforcementsOf, setValuesText } from './words';
import type { ConquestReplay } from './replay';

/** The events log keeps the last lines only. */
const LOG_LINES = 160;

/** How a faction is drawn: its name, its colour, and a swatch of it. */
export interface FactionFaces {
  name(f: FactionId | null | undefined): string;
  colour(f: FactionId | null | undefined): string;
  swatch(f: FactionId | null | undefined): string;
}

/** Who sits where and whose eyes the panels show. */
export interface Seating {
  /** The faction whose turn it is (or who sets up now). */
  turn: FactionId | null;
  over: boolean;
  humans: readonly FactionId[];
  /** 'human', or the AI's level. */
  playerOf(f: FactionId): string;
  /** Whose eyes the screen shows (null: everyone's). */
  viewer: FactionId | null;
  /** Whose secrets are drawn: a faction's, everyone's (null) or nobody's (shell/privacy.ts). */
  secrets: FactionId | null | 'nobody';
}

/** The factions in the order of play, and the continents with their bonuses and holders (after the blocs panel, `blocs`). */
export function sideHtml(view: ConquestView, seats: Seating, faces: FactionFaces, blocs: string): string {
  const { name, swatch } = faces;
  const turn = seats.turn;
  const rows = view.order
    .map((f) => {
      const held = view.map.territories.filter((t) => view.owner[t] === f);
      const armies = held.reduce((sum, t) => sum + (view.armies[t] ?? 0), 0);
      const out = view.eliminatedBy[f];
      const player = seats.playerOf(f);
      const who = player === 'human' ? (f === seats.viewer && seats.humans.length === 1 ? 'you' : 'human') : `AI ${player}`;
      const setup = !view.map.territories.every((t) => view.owner[t] !== null);
      return `<tr class="${f === turn ? 'now' : ''}${out ? ' out' : ''}" data-faction="${f}">
          <td class="cq-turn-mark">${f === turn && !seats.over ? '▶' : ''}</td>
          <td>${swatch(f)}<b>${esc(name(f))}</b> <small class="muted">${esc(who)}</small>${out ? `<br><small class="muted">eliminated by ${esc(name(out))}</small>` : ''}</td>
          <td title="star systems held">${held.length}</td><td title="armies">${armies}</td><td title="cards">${view.handSizes[f] ?? 0}</td>
          <td title="new armies at the start of its turn">${out || setup ? '' : `+${reinforcementsOf(view, f)}`}</td></tr>`;
    })
    .join('');
  const continents = view.map.def.continents
    .map((c) => {
      const ts = view.map.continentTerritories.get(c.id) ?? [];
      const holder = view.order.find((f) => (view.continentsHeld[f] ?? []).includes(c.id));
      const me = seats.viewer;
      const mine = me ? ts.filter((t) => view.owner[t] === me).length : 0;
      return `<li style="--p:${c.color}"><span class="cq-cont-name">${esc(c.name)}</span> <b class="cq-bonus">+${c.bonus}</b>
          <span class="cq-holder">${holder ? `${swatch(holder)}${esc(name(holder))}` : `<span class="muted">${me ? `you ${mine}/${ts.length}` : `${ts.length} systems`}</span>`}</span></li>`;
    })
    .join('');
  const missions =
    view.gameType === 'mission' && seats.secrets === null
      ? `<h3>Secret missions <small>(you see them all)</small></h3><ul class="cq-missions">${view.order
          .map((f) => `<li>${swatch(f)}${esc(view.missions[f]?.text ?? '?')}</li>`)
          .join('')}</ul>`
      : '';
  return `${blocs}<h3>Factions <small>in the order of play</small></h3>
      <table class="cq-factions"><thead><tr><th></th><th></th><th title="star systems held">sys</th><th title="armies">arm</th><th title="cards">cards</th><th title="new armies next turn">next</th></tr></thead><tbody>${rows}</tbody></table>
      <h3>Continents <small>bonus to whoever holds all of one</small></h3><ul class="cq-continents">${continents}</ul>${missions}`;
}

/** The viewer's own cards and secret mission (`secrets` null, a spectator: every hand); null when nobody's are shown. */
export function handHtml(view: ConquestView, secrets: FactionId | null | 'nobody', humans: number, faces: FactionFaces): string | null {
  const { name, swatch } = faces;
  const who = secrets;
  const nameOf = (t: string) => view.map.nameOf(t);
  const cardsHtml = (cards: readonly Card[]) =>
    cards.length
      ? `<div class="cq-cards">${cards
          .map((c) => {
            const own = c.territory && who !== 'nobody' && who !== null && view.owner[c.territory] === who;
            return `<span class="cq-card cq-card-${c.kind}${own ? ' own' : ''}" title="${esc(cardText(c, nameOf))}${own ? ': you hold it, +2 armies there if traded' : ''}"><i>${CARD_KIND_SIGNS[c.kind]}</i>${esc(c.territory ? nameOf(c.territory) : CARD_KIND_NAMES.wild)}</span>`;
          })
          .join('')}</div>`
      : '<p class="muted small">No cards yet: take a system in a turn to draw one at its end.</p>';
  if (who === 'nobody') return null;
  const values = `<p class="muted small">${esc(setValuesText(view.options.cards, view.setsTraded))} ${view.cardsInDeck} cards in the deck.</p>`;
  if (who === null) {
    // watching: every hand
    const hands = view.order
      .filter((f) => !view.eliminatedBy[f])
      .map((f) => `<div class="cq-hand-row">${swatch(f)}<b>${esc(name(f))}</b> ${(view.hands[f] ?? []).length ? cardsHtml(view.hands[f] ?? []) : '<span class="muted small">no cards</span>'}</div>`)
      .join('');
    return `<h3>Cards</h3>${hands}${values}`;
  }
  const mission = view.gameType === 'mission' ? `<p class="cq-mission" data-testid="cq-mission"><b>Your secret mission:</b> ${esc(view.missions[who]?.text ?? '?')}</p>` : '';
  const capital = view.gameType === 'capital' && view.capitals[who] ? `<p class="small">Your capital: ★ ${esc(nameOf(view.capitals[who] as string))}</p>` : '';
  const title = humans > 1 ? `${swatch(who)}${esc(name(who))}: your cards` : 'Your cards';
  return `<h3>${title} <small>(${(view.hands[who] ?? []).length})</small></h3>${cardsHtml(view.hands[who] ?? [])}${values}${mission}${capital}`;
}

/** What the game's end shows: its winner in words, how it was won, a row a faction, and the way on. */
export interface Result {
  winner: FactionId | 'draw' | null;
  winnerText: string;
  how: string;
  /** A bloc game's verdicts, and its cells in each faction's row (bloc-result.ts). */
  verdicts: string;
  cells(f: FactionId): string;
  canReplay: boolean;
}

/** The game's end in a line: a bloc's victory, a draw, the one player's own win, or the winner's. */
export function winnerText(view: ConquestView, winner: FactionId | 'draw', humans: readonly FactionId[], name: (f: FactionId) => string): string {
  const bloc = blocWinnerText(view, winner, name);
  if (bloc) return bloc;
  if (winner === 'draw') return 'The game ends in a draw.';
  return humans.length === 1 && humans[0] === winner ? `You win: ${name(winner)} conquers!` : `${name(winner)} wins!`;
}

/** How the game was won: a bloc game's words (`blocHow`), else the victory's event (or a secret mission's, told to all). */
export function howWon(events: readonly GameEvent<FactionId>[], blocHow: string | undefined): string {
  return blocHow || ([...events].reverse().find((e) => e.kind === 'victory' || (e.kind === 'mission' && e.visibleTo === 'all'))?.text ?? '');
}

/** The result box at the game's end. */
export function resultHtml(view: ConquestView, result: Result, playerOf: (f: FactionId) => string, faces: FactionFaces): string {
  const { name, swatch, colour } = faces;
  const w = result.winner;
  const rows = view.order
    .map((f) => {
      const held = view.map.territories.filter((t) => view.owner[t] === f);
      const out = view.eliminatedBy[f];
      const player = playerOf(f);
      return `<tr${f === w ? ' class="won"' : ''}><td>${swatch(f)}<b>${esc(name(f))}</b> <small class="muted">${esc(player === 'human' ? 'human' : `AI ${player}`)}</small></td>
          <td>${held.length} systems</td>${result.cells(f)}<td>${out ? `eliminated by ${esc(name(out))}` : ''}</td>${view.gameType === 'mission' ? `<td class="small">${esc(view.missions[f]?.text ?? '')}</td>` : ''}</tr>`;
    })
    .join('');
  return `<div class="cq-over-box game-over-box" style="--c:${colour(w === 'draw' ? null : w)}">
      <h2 data-testid="cq-winner">${esc(result.winnerText)}</h2>
      <p data-testid="cq-how">${esc(result.how)}</p>${result.verdicts}<p class="muted">After ${view.round} ${view.round === 1 ? 'round' : 'rounds'}.</p>
      <table class="cq-result">${rows}</table>
      <p class="buttons"><button data-act="close-over">See the board</button>${result.canReplay ? ' <button data-act="replay" data-testid="cq-replay" title="Step through the game from its first move">Replay the game</button>' : ''} <button class="primary" data-act="menu" data-testid="cq-menu">Back to the menu</button></p></div>`;
}

/** The replay's panel: where it is, what the last command did (and `lastLines`, its events), what comes next. */
export function replayPanelHtml(r: ConquestReplay, lastLines: readonly string[], faces: FactionFaces): string {
  const { name, swatch } = faces;
  const s = r.session;
  const view = s.view(null);
  const last = r.index > 0 ? s.game.log[r.index - 1] : null;
  const d = s.decision;
  const lastText = last ? `${esc(name(last.side as FactionId))}: ${esc(optionText(view, last, [], view.map.nameOf))}` : 'The board before the first move.';
  const next = r.next && d ? `${swatch(d.side)}${esc(name(d.side))} · <span class="muted">${esc(DECISION_TITLES[d.kind] ?? d.kind)}</span>` : '<b class="gold">The end of the game.</b>';
  const lines = lastLines.length ? `<ul class="cq-last" data-testid="cq-last">${lastLines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : '';
  return `<div class="cq-who">Replay · <span data-testid="cq-replay-at">move ${r.index} of ${r.length}</span></div>
      <p class="cq-prompt"><span class="muted small">Last:</span> ${lastText}</p>${lines}
      <p class="small"><span class="muted">Next:</span> ${next}</p>
      <p class="muted small">← → a move, Home and End, Space plays or pauses, Esc leaves the replay.</p>
      <p><button data-act="replay-leave" data-testid="cq-replay-leave">Leave the replay: the result</button></p>`;
}

/** The replay's controls: start, back, play or pause, forward, end, the pace, and a slider over the whole game. */
export function replayControlsHtml(r: ConquestReplay, playing: boolean, speed: number): string {
  const atStart = r.index === 0;
  const atEnd = !r.next;
  const b = (act: string, label: string, title: string, off: boolean) => `<button data-act="${act}" data-testid="cq-${act}" title="${title}"${off ? ' disabled' : ''}>${label}</button>`;
  return `<div class="cq-replay-bar">
      ${b('replay-start', '|◀', 'To the start (Home)', atStart)}${b('replay-back', '◀', 'One move back (←)', atStart)}
      ${b('replay-play', playing ? '❚❚ Pause' : '▶ Play', 'Play the game on at the pace chosen (Space)', false)}
      ${b('replay-forward', '▶', 'One move on (→)', atEnd)}${b('replay-end', '▶|', 'To the end (End)', atEnd)}
      <label class="small">Pace <select data-act="speed" data-testid="cq-speed">${AI_SPEEDS.map((v) => `<option value="${v}"${v === speed ? ' selected' : ''}>${v ? `×${v}` : 'max'}</option>`).join('')}</select></label>
      <input type="range" min="0" max="${r.length}" value="${r.index}" data-act="replay-seek" data-testid="cq-replay-seek" aria-label="Move of the game">
    </div>${HELP_BUTTON}`;
}

/**
 * An online game's foot: the server sets the pace, so what is left to say is where the others join: the
 * invitation while seats are open (`seats` as the server last said), and each reserved seat not yet taken
 * with its own link, for the host to send to its person.
 */
export function onlineFootHtml(invitation: string, seats: readonly { side: string; kind: string }[], reservedLinks: readonly { side: string; link: string }[], name: (f: FactionId) => string): string {
  const open = seats.filter((x) => x.kind === 'open').length;
  const reservedHtml = reservedLinks
    .filter((r) => seats.some((x) => x.side === r.side && x.kind === 'reserved'))
    .map((r) => `<p class="small">${esc(name(r.side as FactionId))}'s seat is reserved. Send this link to its player: <input readonly size="28" value="${esc(r.link)}" data-testid="cq-reserved-link" aria-label="Reserved seat's link"></p>`)
    .join('');
  return `<p class="small" data-testid="cq-online">Online game${open ? ` · ${open} open ${open === 1 ? 'seat' : 'seats'}: invite with <input readonly size="28" value="${esc(invitation)}" data-testid="cq-invite" aria-label="Invitation link">` : ''}</p>${reservedHtml}${HELP_BUTTON}`;
}

export function helpHtml(): string {
  return `<div class="help-box"><h2>How to play Conquest</h2>
    <p>Every star system is a territory, every hyperjump route a border between two, every province a continent. Hold all of a continent for its bonus armies each turn. Win as the game type says: <b>Domination</b>, hold every system; <b>Capitals</b>, hold every faction's capital; <b>Secret missions</b>, complete your own mission first.</p>
    <p><b>Setup.</b> In turn, claim a free system, one army on each, until all are held; then place the rest of your armies one at a time.</p>
    <p><b>Your turn.</b> Trade in a set of three cards for armies; place your new armies (your systems / 3, at least 3, plus continent bonuses); attack; then make one reinforcing move between two neighbouring systems of yours. Take at least one system in a turn to draw a card at its end.</p>
    <p><b>Attacking.</b> Click one of your systems with 2 or more armies, then an enemy neighbour (or choose in the panel). Before you roll, the panel shows the exact odds: the chance to take the system rolling to the end, the expected losses, and each single roll's outcomes. Roll 1 to 3 dice, Annihilate (roll until one side is done, or until you are down to the armies you keep), or retreat. Ties go to the defender.</p>
    <p><b>Keys.</b> Any key or click skips an animation; Space pauses or resumes the AI; Enter ends your attacks or your turn; Esc clears a pick on the map. Settings &gt; Motion sets the animation speed (0: none) and turns the dice off.</p>
    <p class="muted">Click anywhere to close.</p></div>`;
}

/** The header's line: the game, its round, and whose turn it is (or who sets up, or who won). */
export function hudHtml(s: { scenario: { name: string }; setup: { map?: { name: string } }; over: boolean; turnOf: FactionId | null; decision: { side: FactionId } | null }, round: number, winnerText: string, replay: boolean, faces: FactionFaces): string {
  const { name, swatch } = faces;
  const turn = s.turnOf;
  const who = s.over
    ? `<b class="gold">${esc(winnerText)}</b>`
    : turn
      ? `${swatch(turn)}<b>${esc(name(turn))}</b>'s turn`
      : `Setting up${s.decision ? `: ${swatch(s.decision.side)}${esc(name(s.decision.side))}` : ''}`;
  return `${replay ? '<b class="gold">Replay</b> · ' : ''}<b>Conquest · ${esc(s.scenario.name)}</b>${s.setup.map ? ` · ${esc(s.setup.map.name)}` : ''} · Round <b data-testid="cq-round">${round}</b> · <span data-testid="cq-turn">${who}</span>`;
}

/** The events log's lines for whoever's `secrets` are shown (a line only one faction sees says so; bloc politics with its rule [003]). */
export function logHtml(events: readonly GameEvent<FactionId>[], secrets: FactionId | null | 'nobody', nameOf: (t: string) => string, name: (f: FactionId) => string): string {
  return logLines(events, nameOf, name)
    .slice(-LOG_LINES)
    .map((e) => {
      // a line only one faction sees: "only you" to that faction, its name to a spectator
      const only = e.visibleTo === 'all' ? '' : ` <span class="muted">(${e.visibleTo === secrets ? 'only you' : `told to ${esc(name(e.visibleTo))} only`})</span>`;
      // bloc politics is logged with its rule [003]
      const rule = e.kind.startsWith('bloc-') && e.rule ? ` <span class="rule">${esc(e.rule)}</span>` : '';
      return `<li class="ev-${esc(e.kind)}${only ? ' secret' : ''}"><span class="t">R${e.turn}</span> ${esc(e.text)}${rule}${only}</li>`;
    })
    .join('');
}

/** The decision panel at the game's end: who won, and the ways on. */
export function gameOverPanelHtml(winnerText: string, canReplay: boolean): string {
  return `<h3 class="gold" data-testid="cq-game-over">${esc(winnerText)}</h3><p><button data-act="menu" data-testid="cq-menu-panel">Back to the menu</button> <button data-act="show-over">The result</button>${canReplay ? ' <button data-act="replay" data-testid="cq-replay-panel">Replay the game</button>' : ''}</p>`;
}

/** Who plays while the viewer waits: an AI, a person online, or another person here. */
export type Waiting = 'human' | 'online' | 'ai';

/**
 * The decision panel while the decision is not the viewer's: who decides what and how (none while the
 * screen is handed over), what the last moves did, and why the game stopped if it did; in a tutorial,
 * that its words lead.
 */
export function waitingHtml(decision: { side: FactionId; kind: string } | null, how: Waiting, o: { paused: boolean; handingOver: boolean; guided: boolean; lastLines: readonly string[]; error: string }, faces: FactionFaces): string {
  const { name, colour } = faces;
  const side = decision?.side;
  const paused = o.paused ? ' <b>(paused)</b>' : '';
  const plays = { human: `Waiting for ${esc(name(side))}…`, online: `<span class="spinner"></span> ${esc(name(side))} plays, online…`, ai: `<span class="spinner"></span> The AI plays ${esc(name(side))}…` };
  const head = o.handingOver
    ? ''
    : side
      ? `<div class="cq-who" style="--c:${colour(side)}">${esc(name(side))} · <span class="muted">${esc(DECISION_TITLES[decision?.kind ?? ''] ?? '')}</span></div>
             <p class="cq-thinking" data-testid="cq-thinking">${plays[how]}${paused}</p>`
      : '';
  const lines = o.lastLines.length ? `<ul class="cq-last" data-testid="cq-last">${o.lastLines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : '';
  return `${head || (o.guided ? GUIDE_READS_HTML : '')}${lines}${o.error ? `<p class="cq-error">${esc(o.error)}</p>` : ''}`;
}

/** Hot-seat: the screen passed to `side`, whose cards (and secret mission) show only after it. */
export function handOverHtml(side: FactionId, missions: boolean, faces: FactionFaces): string {
  const { name, colour } = faces;
  return `<div><h2 style="color:${colour(side)}">Pass the screen to ${esc(name(side))}</h2>
      <p>${esc(name(side))}'s cards${missions ? ' and secret mission are' : ' are'} shown only after this screen.</p>
      <p><button class="primary" data-testid="cq-reveal">I am ${esc(name(side))}: show my turn</button></p><p class="muted small">Click, or press Enter.</p></div>`;
}
