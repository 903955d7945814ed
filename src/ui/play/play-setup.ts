/**
 * The played game's setup screen: the scenario, each side's player (a person, an AI level, a seat kept
 * for someone online) and colour, how each side's forces are placed [16.12-16.14], the domino rule, the
 * seed, the opponent's pace; the lobby of online games waiting for players [issue 27].
 */
import { DOMINO_RULES, type DominoRule, type ScenarioDef, type SideId } from '../../core/content/schema';
import { planetInArea, type Content } from '../../core/content/validate';
import { SIDE_COLORS } from '../../render/palette';
import type { Host } from '../shell/mode';
import { AI_PACE_MS, AI_PACE_NAMES, type AiPace } from '../settings';
import { esc } from '../html';
import type { SeatRequest } from '../../online/protocol';
import { fetchLobby, lobbyHtml, paceChoice, seatWaitSelect } from '../lobby';
import type { PlaySetup } from './play-protocol';
import { SIDE_TEAMS, capital } from './panel-html';

export class PlaySetupForm {
  constructor(
    private readonly el: HTMLElement,
    private readonly app: Host,
    /** Start a game at this screen. */
    private readonly onStart: (setup: PlaySetup) => void,
  ) {}

  /**
   * The setup screen; `firstGame` after the tutorial [issue 56]: the Wendmoor scenario it was played in,
   * the player the Rebel against the easy AI, placing his own team by hand as any person's side does (the
   * coach says how), the scenario's own domino rule.
   */
  show(firstGame = false): void {
    const c = this.app.content;
    // (a tutorial's own scenario is the tutorial's [issue 56])
    const scenarios = [...c.scenarios.values()].filter((s) => !s.tutorial);
    const players = (side: string, def: string) =>
      `<select data-player="${side}"><option value="human"${def === 'human' ? ' selected' : ''}>Human</option>${this.app.options.agents
        .map((a) => `<option value="ai:${esc(a)}"${def === a ? ' selected' : ''}>AI — ${esc(a)}</option>`)
        .join('')}<option value="reserved" data-online-only hidden>Reserved: one person, own link</option></select>`;
    // [16.12-16.14] each side's starting forces: placed by the game's dice, or by its player (an AI side by its plan)
    // a human side places by hand unless its player chooses otherwise: the dice may put his team where an enemy PDB sees it
    const placing = (side: string, def: 'auto' | 'hand') =>
      `<select data-placement="${side}" title="Initial placement [16.12-16.14]"><option value="auto"${def === 'auto' ? ' selected' : ''}>placed automatically</option><option value="hand"${def === 'hand' ? ' selected' : ''}>placed by hand</option></select>`;
    this.el.innerHTML = `
      <h2>New game</h2>
      ${firstGame ? '<p class="first-game" data-testid="first-game-note">Your first game: the Wendmoor Tithe, in the star system the tutorial was played in, as the Rebel against the easy AI. The coach says a line the first time each kind of decision comes up.</p>' : ''}
      <label>Scenario <select data-setup="scenario">${scenarios.map((s) => `<option value="${esc(s.id)}">${esc(s.name)} (${s.turns} turns)</option>`).join('')}</select></label>
      <div class="scenario-text" data-setup="about"></div>
      <div class="domino-row" data-setup="domino-row" data-testid="domino-row">
        <label title="000 15.x: how far a rising's loyalty shifts spread (an optional rule)">Domino effect <select data-setup="domino" data-testid="domino-select">${DOMINO_RULES.map((r) => `<option value="${r}">${esc(DOMINO_CHOICES[r].name)}</option>`).join('')}</select></label>
        <p class="muted small" data-setup="domino-text" data-testid="domino-text"></p>
      </div>
      <div class="sides">
        <div class="side-row"><input type="color" data-color="rebel" value="${SIDE_COLORS.rebel}" title="Rebel colour"><b>Rebel</b> ${players('rebel', 'human')} ${placing('rebel', 'hand')}</div>
        <div class="side-row"><input type="color" data-color="imperial" value="${SIDE_COLORS.imperial}" title="Imperial colour"><b>Empire</b> ${players('imperial', firstGame && this.app.options.agents.includes('easy') ? 'easy' : 'normal')} ${placing('imperial', 'auto')}</div>
        <p class="muted" data-setup="mode"></p>
        <p class="warn small" data-setup="placement-warning" data-testid="placement-warning"></p>
      </div>
      <label class="online-row"><input type="checkbox" data-setup="online" data-testid="play-online-check"> <b>Online</b> <span class="muted small">on this page's game server (<code>npm run serve</code>): you play your Human side; another Human side is open to anyone with the link</span></label>
      <label data-setup="wait-row" hidden>Pace ${seatWaitSelect('data-setup="wait"')}</label>
      <div class="lobby" data-setup="lobby" data-testid="play-lobby" hidden></div>
      <div data-setup="seed-row">
        <label>Seed <input data-setup="seed" size="12" value="${randomSeed()}"> <button data-setup="reroll" title="A new random seed">new</button></label>
        <p class="muted small">The same seed and choices replay the same game.</p>
      </div>
      <label>Opponent's moves <select data-setup="pace" title="How long each move of the AI is held on the map (also in Settings > Motion)">${Object.entries(AI_PACE_NAMES)
        .map(([k, v]) => `<option value="${k}"${k === this.app.settings.aiPace ? ' selected' : ''}>${esc(v)}</option>`)
        .join('')}</select></label>
      <p class="muted small">Placed by hand: before the first turn the Empire, then the Rebel, chooses where its starting characters gather (and its units go, where the scenario leaves them free) [16.12-16.14].</p>
      <div class="buttons"><button data-setup="cancel">Back</button><button class="primary" data-setup="start" data-testid="start-game">Start the game</button></div>`;
    const get = (k: string) => this.el.querySelector(`[data-setup="${k}"]`) as HTMLInputElement;
    // the domino rule starts at each scenario's own default, and follows the scenario when it changes
    let dominoFor = '';
    const refresh = () => {
      const s = c.scenarios.get(get('scenario').value);
      get('about').innerHTML = s ? `<p>${esc(s.description)}</p><p class="victory"><b>Victory:</b> ${esc(s.victory.text)}</p>` : '';
      const usesDomino = !!s && usesDominoChapter(c, s);
      (get('domino-row') as HTMLElement).hidden = !usesDomino;
      if (s && dominoFor !== s.id) {
        dominoFor = s.id;
        get('domino').value = s.domino ?? 'chain';
      }
      const rule = get('domino').value as DominoRule;
      get('domino-text').textContent = `${DOMINO_CHOICES[rule]?.text ?? ''}${s && rule === (s.domino ?? 'chain') ? ' (This scenario\'s default.)' : ''}`;
      const online = get('online').checked;
      // online the server draws the seed itself, and tells it to no one before the end: no field for it
      (get('seed-row') as HTMLElement).hidden = online;
      // [issue 27] the reserved seat is an online choice only
      for (const o of this.el.querySelectorAll<HTMLOptionElement>('[data-online-only]')) o.hidden = !online;
      for (const side of ['rebel', 'imperial']) {
        const select = this.el.querySelector(`[data-player="${side}"]`) as HTMLSelectElement;
        if (!online && select.value === 'reserved') select.value = 'human';
      }
      (get('wait-row') as HTMLElement).hidden = !online;
      const seatOf = (side: string) => (this.el.querySelector(`[data-player="${side}"]`) as HTMLSelectElement).value;
      const humans = ['rebel', 'imperial'].filter((side) => seatOf(side) === 'human');
      get('mode').textContent = online
        ? onlineModeText(seatOf)
        : humans.length === 2
          ? 'Hot-seat: two players share this screen, each sees only their own side.'
          : humans.length === 0
            ? 'Both sides AI: you watch.'
            : `You play ${SIDE_TEAMS[humans[0] as string]} against the AI.`;
      // [16.12, 9.3] the dice may land a human side's team on a planet whose enemy PDB detects its ship when it flies
      const auto = humans.filter((side) => (this.el.querySelector(`[data-placement="${side}"]`) as HTMLSelectElement).value === 'auto');
      get('placement-warning').textContent = auto.length
        ? `⚠ ${auto.map((side) => capital(SIDE_TEAMS[side] ?? side)).join(' and ')} placed automatically: the dice may put the team on a planet an enemy PDB watches, where flying off risks detection [16.12, 9.3]. Choose "placed by hand" to pick the place.`
        : '';
    };
    this.el.addEventListener('change', refresh);
    get('reroll').addEventListener('click', () => (get('seed').value = randomSeed()));
    get('cancel').addEventListener('click', () => {
      this.el.hidden = true;
      this.app.showStartMenu(true);
    });
    // the domino rule chosen, when the scenario uses the chapter (it goes into the game's options, and so its saves)
    const domino = (): { domino?: DominoRule } => ((get('domino-row') as HTMLElement).hidden ? {} : { domino: get('domino').value as DominoRule });
    get('start').addEventListener('click', () => {
      const player = (side: string) => {
        const v = (this.el.querySelector(`[data-player="${side}"]`) as HTMLSelectElement).value;
        return v === 'human' || v === 'reserved' ? ({ kind: 'human' } as const) : ({ kind: 'ai', agent: v.slice(3) } as const);
      };
      for (const side of ['rebel', 'imperial']) SIDE_COLORS[side] = (this.el.querySelector(`[data-color="${side}"]`) as HTMLInputElement).value;
      const handPlacement = (['rebel', 'imperial'] as const).filter((side) => (this.el.querySelector(`[data-placement="${side}"]`) as HTMLSelectElement).value === 'hand');
      if (get('online').checked) {
        const reserved = (['rebel', 'imperial'] as const).filter((side) => (this.el.querySelector(`[data-player="${side}"]`) as HTMLSelectElement).value === 'reserved');
        const setup = { scenario: get('scenario').value, seed: get('seed').value.trim() || randomSeed(), players: { rebel: player('rebel'), imperial: player('imperial') }, handPlacement, ...domino() };
        return void this.startOnline(setup, reserved, get('wait').value);
      }
      // [issue 44] the pace chosen here is the Settings' own (Motion > Opponent's moves)
      const pace = get('pace').value as AiPace;
      if (pace in AI_PACE_MS && pace !== this.app.settings.aiPace) this.app.changeSetting({ aiPace: pace });
      this.onStart({ scenario: get('scenario').value, seed: get('seed').value.trim() || randomSeed(), players: { rebel: player('rebel'), imperial: player('imperial') }, handPlacement, ...domino() });
    });
    this.el.addEventListener('click', (e) => {
      const join = (e.target as HTMLElement).closest<HTMLElement>('[data-join]')?.dataset.join;
      if (join) void this.app.joinOnline(join);
    });
    refresh();
    this.app.showStartMenu(false);
    this.el.hidden = false;
    void this.showLobby();
  }

  /** The lobby [issue 27]: star-system games on this page's server waiting for players (none without a server). */
  private async showLobby(): Promise<void> {
    const games = await fetchLobby('star-system');
    if (!games) return;
    const el = this.el.querySelector('[data-setup="lobby"]') as HTMLElement;
    const c = this.app.content;
    el.innerHTML = lobbyHtml(games, { scenario: (id) => c.scenarios.get(id)?.name ?? id, side: (id) => capital(SIDE_TEAMS[id] ?? id) }, 'play', 'lobby-row');
    el.hidden = false;
  }

  /**
   * Make the game on this page's game server [issue 27] and take its seat: the host plays the first
   * Human side; another Human side is open to anyone with the link, a Reserved one gets a link of its
   * own (shown in the panel until its person comes); AI sides play on the server.
   */
  private async startOnline(setup: PlaySetup, reserved: SideId[], pace: string): Promise<void> {
    const sides = ['rebel', 'imperial'] as SideId[];
    const host = sides.find((side) => setup.players[side]?.kind === 'human' && !reserved.includes(side));
    if (!host) return this.app.showMessage('An online game needs a side of your own: choose Human for it.');
    const seats: SeatRequest[] = sides.map((side) => {
      const p = setup.players[side];
      return p?.kind === 'ai' ? { side, kind: 'ai', agent: p.agent } : { side, kind: reserved.includes(side) ? 'reserved' : 'open' };
    });
    await this.app.hostOnline(
      { ruleset: 'star-system', scenario: setup.scenario, handPlacement: setup.handPlacement ?? [], seats, ...paceChoice(pace), ...(setup.domino ? { options: { domino: setup.domino } } : {}) },
      host,
    );
  }
}

/** The setup's line for an online game: who plays what. */
function onlineModeText(seatOf: (side: string) => string): string {
  const sides = ['rebel', 'imperial'];
  const host = sides.find((s) => seatOf(s) === 'human');
  if (!host) return 'Online: choose Human for the side you play.';
  const others = sides
    .filter((s) => s !== host)
    .map((s) => {
      const v = seatOf(s);
      const team = SIDE_TEAMS[s] ?? s;
      return v === 'human' ? `${team} is open to anyone with the link` : v === 'reserved' ? `${team} is kept for one person, with its own link` : `${team} is played by the AI on the server`;
    });
  return `Online: you play ${SIDE_TEAMS[host]}; ${others.join('; ')}.`;
}

/** The domino rules a new game may choose (000 15.x, optional; docs/rules.md "The game's length and the domino option"), each in a line. */
export const DOMINO_CHOICES: Record<DominoRule, { name: string; text: string }> = {
  chain: { name: 'Chain reactions (the whole chapter)', text: 'The chapter whole: planets a rising shifts can rise in turn and fall in the same interphase, so one rising may turn a province.' },
  'chain-next-turn': { name: 'Chain reactions, falling a turn later', text: 'Chain reactions too, but a planet they raise falls no sooner than the end of the next Imperial player-turn.' },
  single: { name: 'Single effects, no chain reaction', text: "Each rising's own effect shifts its system and its races, but what those shifts raise sparks nothing more." },
  off: { name: 'Off', text: 'No domino effect at all: a rising stays on its own planet.' },
};

/** Whether a domino effect can reach another planet in this scenario (more than one planet in play): only then does its rule mean something. */
export function usesDominoChapter(content: Content, scenario: ScenarioDef): boolean {
  return content.galaxy.planets.filter((p) => planetInArea(scenario, p, content.systems)).length > 1;
}

function randomSeed(): string {
  // the seed is shown and editable; only its first value comes from the browser's randomness
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return String((a[0] as number) % 1_000_000);
}
