/**
 * The game page's router: the shell (shell/shell.ts) and the modes (modes.ts), each mode loaded the
 * first time it is opened. It builds the start menu's entries from the modes, opens a save file with the
 * mode that plays it (one way, wherever the file is opened: the menu, the Saves panel, Continue), and
 * hands an online seat to the mode of its ruleset. Nothing of a game is here: that is the modes' own.
 */
import type { Content } from '../core/content/validate';
import { parseSave, type Seats } from '../core/save';
import type { NewOnlineGame } from '../online/protocol';
import { rememberSeat } from './my-games';
import type { OnlineSeat } from '../online/client';
import { esc } from './html';
import { MODES, type ModeEntry } from './modes';
import { isPlayed } from './saves';
import { Shell, type MenuEntry, type Router } from './shell/shell';
import type { Mode } from './shell/mode';
import { watchMenuHtml } from './spectator/watch-menu';
import { learnMenuHtml } from './tutorial/menu';
import type { TutorialGuide } from './tutorial/guide';
import type { TutorialFiles } from '../tutorial/format';

export interface AppOptions {
  agents: string[];
}

export class App implements Router {
  readonly shell: Shell;
  /** The modes loaded so far (each loads once, the first time it is needed). */
  private readonly loading = new Map<string, Promise<Mode>>();
  readonly loaded = new Map<string, Mode>();
  /** The reserved seats' links of the online games made on this page, by game. */
  private readonly reserved = new Map<string, { side: string; link: string }[]>();
  /** The tutorial being played, if any (its guide). */
  tutorial: TutorialGuide | null = null;

  constructor(
    readonly root: HTMLElement,
    readonly content: Content,
    readonly options: AppOptions,
  ) {
    this.shell = new Shell(root, content, options, this, this.menu());
    root.querySelector('.start')?.addEventListener('click', (e) => {
      const t = e.target as HTMLElement;
      const tutorial = t.closest<HTMLElement>('[data-tutorial]')?.dataset.tutorial;
      if (tutorial) return void this.openTutorial(tutorial);
      const id = t.closest<HTMLElement>('[data-mode]')?.dataset.mode;
      if (id) void this.openMode(id);
      else if (t.closest('[data-el="watch"]')) void this.openMode('spectator');
    });
  }

  /** The start menu: learning to play first, a button for each mode that has one, then watching the AI play. */
  private menu(): MenuEntry[] {
    const learn: MenuEntry = { heading: 'Learn to play', html: learnMenuHtml(), refresh: () => learnMenuHtml() };
    const entries: MenuEntry[] = MODES.flatMap((m) =>
      m.menu
        ? [{
            heading: m.menu.heading,
            html: `${m.menu.note ? `<p class="start-note">${esc(m.menu.note)}</p>` : ''}<button class="primary" data-mode="${esc(m.id)}" data-testid="${esc(m.menu.testid)}">${esc(m.menu.button)}</button>`,
          }]
        : [],
    );
    return [learn, ...entries, { heading: 'Watch the AI play', html: watchMenuHtml(this.content, this.options.agents) }];
  }

  /** A mode, loaded (and built) the first time it is asked for. */
  mode(id: string): Promise<Mode> {
    let mode = this.loading.get(id);
    if (!mode) {
      const entry = MODES.find((m) => m.id === id);
      if (!entry) return Promise.reject(new Error(`no mode "${id}"`));
      mode = entry.load(this.shell).then((m) => (this.loaded.set(id, m), m));
      this.loading.set(id, mode);
    }
    return mode;
  }

  /** A start menu entry: the mode's setup screen (its code loads the first time). */
  async openMode(id: string): Promise<Mode> {
    const mode = await this.mode(id);
    mode.showSetup();
    return mode;
  }

  // ------------------------------------------------------------------ tutorials [issue 56]

  /**
   * Open a tutorial in the mode that plays it, at the step the player reached. One that does not match
   * the engine is refused with its step and why, and the menu stays. Played to its end, it opens the
   * mode's setup screen for a first game of the player's own.
   */
  async openTutorial(id: string, files?: TutorialFiles): Promise<void> {
    const { openTutorial } = await import('./tutorial/open');
    const opened = await openTutorial(this.shell, this.content, id, (modeId) => this.mode(modeId), (guide, finished) => {
      if (this.tutorial === guide) this.tutorial = null;
      if (!finished) return;
      const mode = this.loaded.get(guide.script.def.mode);
      mode?.leave();
      mode?.showSetup(guide.script.def.id);
    }, files);
    if (typeof opened === 'string') return this.shell.showMessage(`The tutorial cannot open: ${opened}`);
    this.tutorial = opened;
  }

  // ------------------------------------------------------------------ files and saves

  /**
   * Open a save's text (a file, a kept save, Continue), wherever it was opened: a game resumes as it was
   * played, on the screen of its mode and with its seats; a replay plays from its start; anything else is
   * refused with its reason, and whatever is on the screen stays.
   */
  open(text: string, from: string, speed?: number): void {
    void this.openSave(text, from, speed);
  }

  async openSave(text: string, from: string, speed?: number): Promise<void> {
    const parsed = parseSave(text);
    if (!parsed.ok) return this.shell.refused(from, parsed.message);
    const save = parsed.save;
    const facts = { ruleset: save.ruleset, played: isPlayed(save.seats as Seats | undefined), replay: save.replay === true };
    const entry: ModeEntry | undefined = MODES.find((m) => m.resumes(facts));
    if (!entry) return this.shell.refused(from, `this page has no screen for ${save.ruleset} games`);
    const mode = await this.mode(entry.id);
    // a star-system mode's worker answers later: the shell names the file in its answer
    this.shell.pendingLoad = from;
    if (facts.replay && 'replay' in mode) return (mode as Mode & { replay(text: string): void }).replay(text);
    const problem = mode.resume(text, speed);
    if (problem) {
      this.shell.pendingLoad = null;
      return this.shell.refused(from, problem);
    }
    if (!mode.starSystem) {
      this.shell.pendingLoad = null;
      this.shell.resumed();
    }
  }

  // ------------------------------------------------------------------ online [issue 27]

  /**
   * Take a seat at an online game on this page's server (an invitation link): by the seat's token, or at
   * an open seat. A game that cannot be joined says why; the start menu stays.
   */
  async joinOnline(gameId: string, token?: string): Promise<void> {
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(gameId)) return this.shell.showMessage(`The link names no online game ("${gameId.slice(0, 40)}" is not a game id).`);
    await this.takeSeat(location.origin, { gameId, ...(token ? { token } : {}) });
  }

  /**
   * Make an online game on this page's game server and take the host's seat at `side`. Each reserved
   * seat's own link is kept (`reservedLinks`) for the host's panel until its person comes. A server that
   * cannot make it says why, and the screen stays.
   */
  async hostOnline(game: NewOnlineGame, side: string): Promise<void> {
    const origin = location.origin;
    const { createOnlineGame, onlineLink } = await import('../online/client');
    let made: Awaited<ReturnType<typeof createOnlineGame>>;
    try {
      made = await createOnlineGame(origin, game, side);
    } catch (e) {
      return this.shell.showMessage(`The online game could not be made (${origin}): ${(e as Error).message}. Online play needs the game server: npm run serve.`);
    }
    this.reserved.set(made.gameId, made.reserved.map((r) => ({ side: r.side, link: onlineLink(origin, made.gameId, r.token) })));
    await this.takeSeat(origin, { gameId: made.gameId, ...(made.token ? { token: made.token } : {}) });
  }

  /** The links of a game's reserved seats (those this page made), for its host to send. */
  reservedLinks(gameId: string): { side: string; link: string }[] {
    return this.reserved.get(gameId) ?? [];
  }

  /**
   * Join an online game on `serverUrl` and hand the seat to the mode of its ruleset. The page's address
   * then carries the game and seat, so a reload or the same link later takes the seat again. A game that
   * cannot be joined says why, and the screen stays.
   */
  async takeSeat(serverUrl: string, request: { gameId: string; token?: string }): Promise<void> {
    // the online client (Colyseus's SDK) loads only when a game is joined
    const client = await import('../online/client');
    let seat: OnlineSeat;
    try {
      seat = await client.OnlineSeat.join(serverUrl, { ...request, screen: true });
    } catch (e) {
      return this.shell.showMessage(`The online game could not be joined: ${(e as Error).message}.`);
    }
    const { gameId, ruleset } = seat.joined;
    // [issue 55] kept in this browser's list of its games (the start menu's), with the seat's key
    if (seat.side && seat.token) rememberSeat({ gameId, side: seat.side, token: seat.token, ruleset, scenario: seat.joined.scenario });
    const entry = MODES.find((m) => m.online === ruleset);
    const mode = entry ? await this.mode(entry.id) : null;
    const problem = mode?.playOnline ? await mode.playOnline(seat, serverUrl) : `this page does not play ${ruleset} games online`;
    if (problem) {
      await seat.leave();
      return this.shell.showMessage(`The online game: ${problem}.`);
    }
    if (typeof history !== 'undefined') history.replaceState(null, '', `?online=${encodeURIComponent(gameId)}#seat=${encodeURIComponent(seat.token ?? '')}`);
  }
}
