/**
 * The game-screen shell: the page every mode shares. The galaxy full-screen with its labels and
 * picking, the header (where, score, Menu), the start menu, settings, saves, the rules reference, the
 * Planets table, the event log and the info panel of a star-system game (game-feed.ts), messages. A mode
 * (mode.ts) takes the page with `enter` and gives it back with `leave`; only one has it at a time.
 */
import type { Content } from '../../core/content/validate';
import { GalaxyScene, type Selection } from '../../render/galaxy-scene';
import { usePalette } from '../../render/palette';
import { createHowlerAudio, type AudioStatus } from '../../audio/howler-audio';
import type { GameAudio } from '../../audio/audio';
import type { OnlineSeat } from '../../online/client';
import type { NewOnlineGame } from '../../online/protocol';
import { createSaveStore, defaultSaveName, exportSave, saveMetaOf, type SaveMeta, type SaveStore } from '../saves';
import { SavesPanel } from '../saves-panel';
import { ReferencePanel } from '../reference-panel';
import { termAnchor } from '../reference';
import { graphicsOf, loadSettings, QUALITY_SETTINGS, saveSettings, volumesOf, type Settings } from '../settings';
import { createSettingsPanel, type SettingsPanel } from '../settings-panel';
import { PlanetOverviewPanel } from '../planet-overview-panel';

import { continueHtml } from '../continue-entry';
import type { ScreenBox } from '../screen-boxes';
import type { FromWorker } from '../spectator/spectator-protocol';
import { esc } from '../html';
import { GameFeed } from './game-feed';
import { MapLabels } from './map-labels';
import { makeDrawer } from './drawers';
import type { Host, Mode } from './mode';
import { fetchMyGames, myGamesHtml, mySeats } from '../my-games';
import { followReducedMotion } from '../motion';
import { Coach } from '../coach';

/** What the shell asks of the router: opening a save, and the online games it routes to their modes. */
export interface Router {
  /** Open a save's text as it was played (a replay as a replay); `from` names it in messages. */
  open(text: string, from: string, speed?: number): void;
  joinOnline(gameId: string, token?: string): Promise<void>;
  hostOnline(game: NewOnlineGame, side: string): Promise<void>;
  reservedLinks(gameId: string): { side: string; link: string }[];
}

/** A start menu entry: its heading, the line under it and its body (trusted HTML). */
export interface MenuEntry {
  heading: string;
  html: string;
  /** The body again, each time the start menu shows (an entry that says how far the player has come). */
  refresh?: () => string;
}

/** Where the Rules reference opens in each mode that has rules of its own (its section of the reference, reference.ts). */
const MODE_RULES: Record<string, string> = { conquest: 'ref-conquest', solitaire: 'ref-solitaire' };

export class Shell implements Host {
  readonly galaxy: GalaxyScene;
  readonly labels: MapLabels;
  readonly feed: GameFeed;
  readonly el: Record<string, HTMLElement> = {};
  lastError = '';
  /** The player's settings (remembered), the sound, the saves. */
  readonly settings: Settings = loadSettings();
  readonly audio: GameAudio & { status?(): AudioStatus };
  readonly saves: SaveStore = createSaveStore();
  /** [issue 56] The coach, as the Coach setting says. */
  readonly coach = new Coach(() => this.settings.coach);
  settingsPanel!: SettingsPanel;
  savesPanel!: SavesPanel;
  /** The Planets table (P): every planet in play as the shown view sees it. */
  overviewPanel!: PlanetOverviewPanel;
  /** The rules and card reference (R). */
  private referencePanel!: ReferencePanel;
  /** The mode that has the page (null: the start menu over the galaxy). */
  current: Mode | null = null;
  /** What is being loaded (for the messages), until the worker answers. */
  pendingLoad: string | null = null;
  /** The message on show stays when the game's screen is cleared next (set by leaveSeat). */
  private keepMessage = false;

  constructor(
    readonly root: HTMLElement,
    readonly content: Content,
    readonly options: { agents: string[] },
    private readonly router: Router,
    private readonly menu: MenuEntry[],
  ) {
    root.classList.add('game-root');
    root.innerHTML = this.shellHtml(menu);
    for (const node of root.querySelectorAll<HTMLElement>('[data-el]')) this.el[node.dataset.el as string] = node;
    this.galaxy = new GalaxyScene(content, this.el.galaxy as HTMLElement, graphicsOf(this.settings));
    followReducedMotion((reduce) => (this.galaxy.reducedMotion = reduce));
    this.audio = createHowlerAudio(volumesOf(this.settings));
    this.labels = new MapLabels(this.galaxy, content, this.el.labels as HTMLElement);
    const el = (name: string) => this.el[name] as HTMLElement;
    this.feed = new GameFeed(content, this.galaxy, this.labels, this.audio, {
      hud: el('hud'),
      where: el('where'),
      score: el('score'),
      vpBreakdown: el('vpBreakdown'),
      logList: el('logList'),
      panel: el('panel'),
      panelBody: el('panelBody'),
    });
    this.feed.onPanel = () => this.frameAroundPanels();
    this.galaxy.onSelect = (sel) => {
      if (sel) this.audio.play('select');
      // a conquest board answers its own clicks; the star-system game's panel says nothing of it
      if (this.starSystem) this.feed.showPanel(sel);
    };
    // [issue 53] a panel about a star system (or a planet or stack in it) closes when the camera leaves that
    // system: left open, it covered what the next question was about
    this.galaxy.onFocus = (system) => {
      const sel = this.galaxy.selection;
      if (this.starSystem && sel && this.galaxy.systemOfSelection(sel) !== system) this.galaxy.select(null);
    };
    this.galaxy.onHover = (sel, x, y) => this.showTooltip(sel, x, y);
    this.galaxy.onFrame = () => this.labels.placeLabels();
    this.labels.buildSystemLabels();
    // a small window: the event log folds away to a tab (shell/drawers.ts)
    makeDrawer(this.el.log as HTMLElement, 'left', 'Events', () => this.frameAroundPanels());
    this.bindControls();
    this.buildSettingsAndSaves();
    this.galaxy.setView(null, {});
    this.showStart(true);
    this.galaxy.home(true);
    this.galaxy.start();
  }

  get mapLabels(): readonly ScreenBox[] {
    return this.labels.boxes;
  }

  setLabelObstacles(boxes: (() => readonly ScreenBox[]) | null): void {
    this.labels.obstacles = boxes;
    this.labels.placeLabels(true);
  }

  /** Whether the star-system game's panels (info, rules, Planets) are about what is shown: no mode, or a star-system one. */
  private get starSystem(): boolean {
    return this.current?.starSystem ?? true;
  }

  // ------------------------------------------------------------------ page

  private shellHtml(menu: MenuEntry[]): string {
    return `
    <div class="galaxy-host" data-el="galaxy"></div>
    <div class="label-layer" data-el="labels"></div>
    <div class="tooltip" data-el="tooltip" hidden></div>
    <header class="hud" data-el="hud">
      <div class="brand">Galactic Uprising <small>${esc(this.content.galaxy.name)}</small></div>
      <div class="where" data-el="where" data-testid="where">Explore the galaxy: drag to orbit, wheel to zoom, click a star.</div>
      <div class="score" data-el="score" data-testid="score-button" role="button" tabindex="0" title="Victory points by source (click)"></div>
      <div class="vp-breakdown" data-el="vpBreakdown" data-testid="vp-breakdown" hidden></div>
      <button data-el="menuButton" class="menu-button" data-testid="menu-button" hidden>Menu</button>
      <button data-el="planetsButton" class="planets-button" data-testid="planets-button" title="Every planet in play: loyalty, control, PDB, forces (P)" hidden>Planets</button>
      <div class="hud-tools">
        <button data-el="rulesButton" data-testid="rules-button" title="The rules and every card, searchable (R)">Rules</button>
        <button data-el="savesButton" data-testid="saves-button" title="Save, load, export and import games">Saves</button>
        <button data-el="settingsButton" data-testid="settings-button" title="Graphics, motion and sound">⚙ Settings</button>
      </div>
    </header>
    <section class="start" data-el="start">
      <h1>Galactic Uprising</h1>
      <p class="tag">A Rebel underground against a galactic Empire.</p>
      <div class="start-entry continue-entry" data-el="continueBox" hidden></div>
      <div class="start-entry my-games" data-el="myGames" data-testid="my-games" hidden></div>
      ${menu.map((m, i) => `<div class="start-entry">\n        <h2>${esc(m.heading)}</h2>\n        <div data-entry="${i}">${m.html}</div>\n      </div>`).join('\n      ')}
      <div class="start-entry">
        <h2>Open a file</h2>
        <p class="start-note">A save file resumes as it was played; a replay plays from its start.</p>
        <label class="file">Load a save file… <input type="file" accept=".json,application/json" data-el="openFile" data-testid="open-file"></label>
      </div>
      <div class="start-entry small">
        <label>Quality <select data-el="quality"><option value="low">low</option><option value="default" selected>default</option><option value="high">high (bloom)</option></select></label>
        <a href="?atlas">Content atlas</a>
      </div>
    </section>
    <aside class="panel" data-el="panel" hidden><button class="close" data-el="panelClose">×</button><div data-el="panelBody" data-testid="panel"></div></aside>
    <section class="log" data-el="log" hidden><h3>Events</h3><ol data-el="logList" data-testid="log"></ol></section>
    <div class="side-panels" data-el="sidePanels"></div>
    <div class="message" data-el="message" hidden role="alert" data-testid="message"></div>`;
  }

  private bindControls(): void {
    const on = (name: string, ev: string, fn: (e: Event) => void) => this.el[name]?.addEventListener(ev, fn);
    on('openFile', 'change', async (e) => {
      const file = (e.target as HTMLInputElement).files?.[0];
      if (file) this.router.open(await file.text(), `the file ${file.name}`);
      (e.target as HTMLInputElement).value = '';
    });
    on('menuButton', 'click', () => this.current?.leave());
    // (open it if it is hidden: `hidden` is true, false or 'until-found', which hides too)
    on('score', 'click', () => this.feed.showVpBreakdown(Boolean((this.el.vpBreakdown as HTMLElement).hidden)));
    on('score', 'keydown', (e) => {
      if ((e as KeyboardEvent).key === 'Enter') this.feed.showVpBreakdown(Boolean((this.el.vpBreakdown as HTMLElement).hidden));
    });
    on('continueBox', 'click', (e) => {
      if ((e.target as HTMLElement).closest('[data-act="continue"]')) this.continueLastGame();
    });
    // [issue 55] the online games this browser has a seat at: take the seat again, or watch a finished one
    on('myGames', 'click', (e) => {
      const button = (e.target as HTMLElement).closest('button') as HTMLButtonElement | null;
      const seat = mySeats().find((s) => s.gameId === (button?.dataset.open ?? button?.dataset.replay));
      if (!button || !seat) return;
      if (button.dataset.open) void this.router.joinOnline(seat.gameId, seat.token);
      else void this.openReplay(seat.gameId);
    });
    on('panelClose', 'click', () => this.galaxy.select(null));
    on('quality', 'change', (e) => {
      const quality = (e.target as HTMLSelectElement).value as Settings['quality'];
      if (quality in QUALITY_SETTINGS) this.changeSetting({ quality, ...QUALITY_SETTINGS[quality] });
    });
    on('panelBody', 'click', (e) => {
      const a = (e.target as HTMLElement).closest('a') as HTMLAnchorElement | null;
      if (!a) return;
      e.preventDefault();
      if (a.dataset.pickPlanet) this.galaxy.activate({ kind: 'planet', id: a.dataset.pickPlanet });
      if (a.dataset.pickStack) {
        const [environ, side] = a.dataset.pickStack.split('|');
        this.galaxy.select({ kind: 'stack', environ: environ as string, side: side as string });
      }
    });
  }

  // ------------------------------------------------------------------ settings, sound, saves

  private buildSettingsAndSaves(): void {
    const host = this.el.sidePanels as HTMLElement;
    this.settingsPanel = createSettingsPanel(host, this.settings, (_s, changed) => this.applySettings(changed));
    this.savesPanel = new SavesPanel(host, this.saves, {
      // a played game's saves come from the play worker (with its seats), a watched one's from the spectator's
      save: (label) => this.current?.save('store', label),
      load: (text, from) => this.router.open(text, from),
      exportCurrent: () => this.current?.save('download'),
      hasGame: () => !!this.current?.hasGame(),
      defaultName: () => (this.current?.saveName ? this.current.saveName() : this.starSystemSaveName()),
      scenarioName: (id) => this.content.scenarios.get(id)?.name ?? id,
      click: () => this.audio.play('select'),
    });
    this.buildOverview();
    this.el.settingsButton?.addEventListener('click', () => {
      this.savesPanel.show(false);
      this.settingsPanel.toggle();
    });
    this.el.savesButton?.addEventListener('click', () => {
      this.settingsPanel.show(false);
      this.savesPanel.toggle();
    });
    this.buildReference();
    // Esc closes the topmost panel before anything else sees the key (the play screen would undo a move).
    // Capture phase on window runs before the play screen's own window listener.
    window.addEventListener(
      'keydown',
      (e) => {
        if (e.key !== 'Escape') return;
        if (this.closeTopmostPanel()) {
          e.preventDefault();
          e.stopImmediatePropagation();
        }
      },
      true,
    );
    // Browsers allow sound only after a gesture: the first click or key press unlocks it.
    const unlock = () => {
      this.audio.unlock();
      window.removeEventListener('pointerdown', unlock, true);
      window.removeEventListener('keydown', unlock, true);
    };
    window.addEventListener('pointerdown', unlock, true);
    window.addEventListener('keydown', unlock, true);
    this.audio.ambient(true);
    // UI clicks: a soft chime for the page's buttons (the limiter keeps repeated clicks quiet)
    this.root.addEventListener('click', (e) => {
      const t = e.target as HTMLElement;
      if (t.closest('button, .lil-controller') && !t.closest('.saves-panel')) this.audio.play('select');
    });
    this.applySettings('all', true);
  }

  /** The Planets table: a HUD button and the P key open it; a row opens its planet on the map. */
  private buildOverview(): void {
    this.overviewPanel = new PlanetOverviewPanel(this.root, this.content, {
      view: () => this.feed.view,
      open: (id) => this.galaxy.activate({ kind: 'planet', id }),
    });
    this.el.planetsButton?.addEventListener('click', () => this.overviewPanel.toggle());
    window.addEventListener('keydown', (e) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
      if ((e.key === 'p' || e.key === 'P') && !e.ctrlKey && !e.metaKey && !e.altKey && this.feed.view && this.starSystem) this.overviewPanel.toggle();
    });
  }

  /**
   * The rules and card reference: the Rules button and the R key open it; a rules word in a prompt (a
   * `.term` span, glossary.ts) opens it at that word. A word inside a choice's button stays a hover
   * tooltip: a click there chooses the option.
   */
  private buildReference(): void {
    this.referencePanel = new ReferencePanel(this.root, this.content);
    // [issue 59] in conquest and solitaire the reference opens at that game's rules in brief
    const modeRules = () => (this.current && MODE_RULES[this.current.id]) || undefined;
    this.el.rulesButton?.addEventListener('click', () => this.referencePanel.toggle(modeRules()));
    window.addEventListener('keydown', (e) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
      if ((e.key === 'r' || e.key === 'R') && !e.ctrlKey && !e.metaKey && !e.altKey && (this.starSystem || modeRules())) {
        // the key opens the panel and focuses its search box: it must not also type its "r" there
        e.preventDefault();
        this.referencePanel.toggle(modeRules());
      }
    });
    this.root.addEventListener('click', (e) => {
      // a rule number a tutorial's step links to: the reference, searched for it [issue 56]
      const rule = (e.target as HTMLElement).closest<HTMLElement>('[data-rule-ref]');
      if (rule) {
        e.preventDefault();
        return this.referencePanel.search(rule.dataset.ruleRef as string);
      }
      const term = (e.target as HTMLElement).closest<HTMLElement>('.term[data-term]');
      if (!term || term.closest('button')) return;
      this.referencePanel.open(termAnchor(term.dataset.term as string));
    });
  }

  /** Close the topmost open panel (the reference, the Planets table, Settings, then Saves); false when none was open. */
  private closeTopmostPanel(): boolean {
    if (!(this.el.vpBreakdown as HTMLElement).hidden) {
      (this.el.vpBreakdown as HTMLElement).hidden = true;
      return true;
    }
    if (this.referencePanel.visible) {
      this.referencePanel.show(false);
      return true;
    }
    if (this.overviewPanel.visible) {
      this.overviewPanel.show(false);
      return true;
    }
    if (this.settingsPanel.visible) {
      this.settingsPanel.show(false);
      return true;
    }
    if (this.savesPanel.visible) {
      this.savesPanel.show(false);
      return true;
    }
    return false;
  }

  /** Change settings from elsewhere on the page (the start menu's quality, the animations select). */
  changeSetting(change: Partial<Settings>): void {
    Object.assign(this.settings, change);
    for (const c of this.settingsPanel.gui.controllersRecursive()) c.updateDisplay();
    saveSettings(this.settings);
    this.applySettings('all');
  }

  /** Apply the settings live: the galaxy's quality, labels, camera and animations, the mode's own controls, the sound. */
  private applySettings(changed: keyof Settings | 'all', first = false): void {
    const s = this.settings;
    const graphics: (keyof Settings | 'all')[] = ['all', 'quality', 'pixelRatio', 'bloom', 'starfieldDensity'];
    if (graphics.includes(changed) && !first) void this.galaxy.setQuality(graphicsOf(s));
    (this.el.labels as HTMLElement).hidden = !s.labels;
    this.galaxy.setCameraSensitivity(s.cameraSensitivity);
    this.galaxy.animationSpeed = s.animationSpeed;
    this.current?.settingsChanged?.(s);
    (this.el.quality as HTMLSelectElement).value = s.quality;
    this.audio.setVolumes(volumesOf(s));
    // UI scale: the panels and HUD grow or shrink (CSS zoom on the overlay, not on the galaxy or its labels)
    this.root.style.setProperty('--ui-scale', String(s.uiScale));
    // (not on every change: the new-game screen's own side colours stay until the palette itself is switched)
    if (first || changed === 'colourBlind') {
      usePalette(s.colourBlind);
      this.root.classList.toggle('colour-blind', s.colourBlind);
      // the map reads the colours as it draws; the built layers (environ rings) need a rebuild, the panels a redraw
      if (changed === 'colourBlind') {
        this.galaxy.rebuild();
        this.feed.updateHud();
        this.labels.buildStackLabels();
        if (this.galaxy.selection) this.feed.showPanel(this.galaxy.selection);
        this.current?.refreshColours?.();
      }
    }
  }


  // ------------------------------------------------------------------ the modes take the page and give it back

  /** The start menu, shown or hidden. Over a game (the spectator's Menu), the game's log and panel step aside while it is open. */
  showStartMenu(show: boolean): void {
    this.showStart(show);
    if (!this.current?.starSystem) return;
    (this.el.log as HTMLElement).hidden = show;
    if (show) (this.el.panel as HTMLElement).hidden = true;
  }

  private showStart(show: boolean): void {
    (this.el.start as HTMLElement).hidden = !show;
    this.galaxy.setInsets({ left: show ? 360 : 0 });
    if (!show) return;
    this.refreshContinue();
    void this.refreshMyGames();
    this.menu.forEach((m, i) => {
      const body = m.refresh ? this.root.querySelector<HTMLElement>(`[data-entry="${i}"]`) : null;
      if (body && m.refresh) body.innerHTML = m.refresh();
    });
  }

  /** [issue 55] the start menu's list of this browser's online games, as the page's server tells them. */
  private async refreshMyGames(): Promise<void> {
    const box = this.el.myGames as HTMLElement;
    const games = typeof location === 'undefined' ? null : await fetchMyGames(location.origin);
    const side = (id: string) => (id === 'rebel' ? 'the Rebellion' : id === 'imperial' ? 'the Empire' : id ? id.charAt(0).toUpperCase() + id.slice(1) : '?');
    box.innerHTML = games ? myGamesHtml(games, { scenario: (id) => this.content.scenarios.get(id)?.name ?? id, side }) : '';
    box.hidden = !box.innerHTML;
  }

  /** [issue 55] a finished online game, fetched from the page's server as a replay and opened so. */
  private async openReplay(gameId: string): Promise<void> {
    try {
      const response = await fetch(`${location.origin}/api/games/${encodeURIComponent(gameId)}/replay`);
      const text = await response.text();
      if (!response.ok) return this.showMessage(`The replay could not be had: ${(JSON.parse(text) as { error?: string }).error ?? response.status}.`);
      this.router.open(text, `the online game ${gameId}`);
    } catch (e) {
      this.showMessage(`The replay could not be had: ${(e as Error).message}.`);
    }
  }

  /** The start menu's Continue, for the last game kept (hidden when there is none). */
  private refreshContinue(): void {
    const box = this.el.continueBox as HTMLElement;
    box.innerHTML = continueHtml(this.saves.lastGame(), (id) => this.content.scenarios.get(id)?.name ?? id);
    box.hidden = !box.innerHTML;
  }

  /** Continue: resume the last game, as it was (a played game with its seats, a watched one paused). */
  private continueLastGame(): void {
    const last = this.saves.lastGame();
    const text = last ? this.saves.load(last.name) : null;
    if (!last || text === null) {
      this.refreshContinue();
      return this.showMessage('The last game is no longer kept in this browser.');
    }
    this.router.open(text, 'the last game', last.speed);
  }

  /**
   * A mode takes the page: the one that had it stops, and nothing of its game stays (log, panels,
   * header, pieces); the start menu goes and the Menu button comes.
   */
  enter(mode: Mode): void {
    if (this.current && this.current !== mode) this.current.stop();
    if (this.current) this.root.classList.remove(`${this.current.id}-mode`);
    this.current = mode;
    this.root.classList.add(`${mode.id}-mode`);
    this.clearGameScreen();
    this.showStart(false);
    (this.el.menuButton as HTMLElement).hidden = false;
  }

  /** A mode gives the page back: nothing of it stays, the start menu returns. */
  leave(mode: Mode): void {
    if (this.current !== mode) return;
    // the galaxy comes back while the mode still has the page (its map's labels are not the galaxy's)
    this.showMap(null);
    this.root.classList.remove(`${mode.id}-mode`);
    this.current = null;
    this.clearGameScreen();
    this.showStart(true);
  }

  /** Empty the game's parts of the screen: log, info panel, HUD text, the pieces. */
  private clearGameScreen(): void {
    for (const name of ['log', 'menuButton', 'panel', 'tooltip', 'planetsButton']) (this.el[name] as HTMLElement).hidden = true;
    // a word about the game just left (how to come back to an online seat) outlives the game's screen
    if (!this.keepMessage) (this.el.message as HTMLElement).hidden = true;
    this.keepMessage = false;
    this.galaxy.select(null);
    this.overviewPanel.show(false);
    this.feed.clear();
    this.galaxy.setInsets({ right: 0, bottom: 0 });
  }

  /**
   * Draw a map of a player's own in place of the galaxy (a conquest game on it [002 I Maps]), with its
   * systems' names; null draws the galaxy again.
   */
  showMap(content: Content | null): void {
    const shown = content ?? this.content;
    if (this.galaxy.content === shown) return;
    this.galaxy.showContent(shown);
    this.labels.rebuild();
  }

  /** The HUD's line (the conquest screens write theirs here; trusted HTML, escaped by the writer). */
  setWhere(html: string): void {
    (this.el.where as HTMLElement).innerHTML = html;
  }

  // ------------------------------------------------------------------ a star-system game's messages

  /** A star-system game's message (from the spectator's worker, the play worker or an online seat). */
  receive(m: FromWorker): void {
    if (m.type === 'error') {
      // a refused load names its source; the running game is untouched
      const text = this.pendingLoad ? `${this.pendingLoad}: ${m.message}` : m.message;
      if (this.pendingLoad && this.savesPanel.visible) this.savesPanel.say(text, true);
      this.pendingLoad = null;
      this.showMessage(text);
      return;
    }
    if (m.type === 'autosave') {
      this.saves.autosave(m.text, saveMetaOf(m));
      if (this.savesPanel.visible) this.savesPanel.refresh();
      return;
    }
    if (m.type === 'save') {
      if (m.purpose === 'store' && m.label) this.keepSave(m.label, m.text, saveMetaOf(m));
      else exportSave(m.text, m.name);
      return;
    }
    if (m.type === 'started') {
      this.feed.started(m.info, m.refs);
      this.showStart(false);
      for (const name of ['log', 'menuButton']) (this.el[name] as HTMLElement).hidden = false;
      this.frameAroundPanels();
      this.hideMessage();
      if (this.pendingLoad) {
        // a played game goes on: its decision is shown, not the panel; a watched one waits for Play
        if (this.current?.framesItself) this.savesPanel.show(false);
        else this.savesPanel.say(`Loaded ${this.pendingLoad}: paused, press Play to go on.`);
      }
      this.pendingLoad = null;
      return;
    }
    this.feed.state(m);
    (this.el.planetsButton as HTMLElement).hidden = false;
    this.overviewPanel.refresh();
  }

  open(text: string, from: string, speed?: number): void {
    this.router.open(text, from, speed);
  }

  /** A save kept under a player's name, from any mode: the Saves panel says so, or why it could not be. */
  keepSave(label: string, text: string, meta: SaveMeta): void {
    try {
      this.saves.save(label, text, meta);
      this.savesPanel.say(`Saved "${label}".`);
    } catch (e) {
      this.savesPanel.say((e as Error).message, true);
    }
    this.savesPanel.refresh();
  }

  /** The name offered for a save of the star-system game on the screen: its scenario, turn and the time. */
  private starSystemSaveName(): string | null {
    const info = this.feed.info;
    const turn = this.feed.view?.turn;
    if (!info || turn === undefined) return null;
    return defaultSaveName({ title: this.content.scenarios.get(info.scenario)?.name ?? info.scenario, turnWord: 'turn', turn });
  }

  /** A refused save: its source and the problem, in the Saves panel when it is open and as a message. */
  refused(from: string, problem: string): void {
    const message = `${from}: ${problem}`;
    if (this.savesPanel.visible) this.savesPanel.say(message, true);
    this.showMessage(message);
  }

  /** A save taken: the Saves panel and the message step aside. */
  resumed(): void {
    this.savesPanel.show(false);
    this.hideMessage();
  }

  /** While spectating, the info panel is the one on the right (the play screen frames around its own). */
  frameAroundPanels(): void {
    if (this.current?.framesItself) return;
    const panel = this.el.panel as HTMLElement;
    this.frameAround(panel.hidden ? null : panel);
  }

  /**
   * A panel covers the page's right (the spectator's info panel, the play screen's decision panel) and
   * the event log its lower left: the picture's centre moves into the open part, so what the camera
   * looks at is not drawn under either.
   */
  frameAround(rightPanel: HTMLElement | null): void {
    const page = this.galaxy.renderer.domElement.getBoundingClientRect();
    // from the page's foot to the top of the highest thing standing on it (the log, a mode's bar)
    const shown = (el: HTMLElement) => !el.hidden && el.getClientRects().length > 0;
    const onFoot = [...this.root.querySelectorAll<HTMLElement>('[data-foot]'), this.el.log as HTMLElement].filter(shown);
    const bottom = Math.max(0, ...onFoot.map((el) => page.bottom - el.getBoundingClientRect().top));
    // a panel not shown (folded away in a small window) covers nothing
    this.galaxy.setInsets({
      right: rightPanel && shown(rightPanel) ? Math.max(0, page.right - rightPanel.getBoundingClientRect().left) : 0,
      bottom,
    });
  }

  private showTooltip(sel: Selection | null, x: number, y: number): void {
    const tip = this.el.tooltip as HTMLElement;
    if (!sel || sel.kind === 'stack') {
      tip.hidden = true;
      return;
    }
    const name =
      sel.kind === 'system'
        ? this.content.systems.get(sel.id)?.name
        : sel.kind === 'planet'
          ? this.content.planets.get(sel.id)?.name
          : this.content.galaxy.navigationStars.find((n) => n.id === sel.id)?.name;
    tip.textContent = `${name ?? sel.id}${sel.kind === 'navStar' ? ' (navigation star)' : ''}`;
    tip.style.transform = `translate(${x + 14}px, ${y + 10}px)`;
    tip.hidden = false;
  }


  // ------------------------------------------------------------------ online: the router takes seats; the shell says how to come back

  joinOnline(gameId: string, token?: string): Promise<void> {
    return this.router.joinOnline(gameId, token);
  }

  hostOnline(game: NewOnlineGame, side: string): Promise<void> {
    return this.router.hostOnline(game, side);
  }

  reservedLinks(gameId: string): { side: string; link: string }[] {
    return this.router.reservedLinks(gameId);
  }

  /**
   * A screen leaves its online seat (back to the menu, or another game): the connection closes, the
   * page's address forgets the seat, and, while the game goes on, the player is told how to come back
   * (the server keeps the seat for the wait its host chose, then hands it to an AI).
   */
  leaveSeat(seat: OnlineSeat, gameOver: boolean): void {
    void seat.leave();
    if (typeof history !== 'undefined' && /[?&]online=/.test(location.search)) history.replaceState(null, '', location.pathname);
    const joined = seat.joined;
    const link = `${location.origin}/?online=${encodeURIComponent(joined.gameId)}${seat.token ? `#seat=${encodeURIComponent(seat.token)}` : ''}`;
    if (gameOver) return;
    this.showMessage(`You left the online game. This link brings you back to your seat while it waits for you: ${link}`);
    this.keepMessage = true;
  }

  showMessage(text: string): void {
    this.lastError = text;
    const m = this.el.message as HTMLElement;
    m.textContent = text;
    m.hidden = false;
    clearTimeout((m as HTMLElement & { _t?: number })._t);
    (m as HTMLElement & { _t?: number })._t = window.setTimeout(() => (m.hidden = true), 8000);
  }

  private hideMessage(): void {
    (this.el.message as HTMLElement).hidden = true;
  }
}
