/**
 * The game page: the galaxy full-screen, a start menu (watch AI vs AI, load a replay, a new game to
 * play: `play/play-screen.ts`), the spectator's controls, the turn/phase/segment bar, the score, the event log and the info
 * panel. The game itself runs in a worker; this page only shows the views and events it posts.
 */
import { Vector2, Vector3 } from 'three';
import type { SideId } from '../core/content/schema';
import type { Content } from '../core/content/validate';
import type { GameEvent } from '../core/engine/types';
import type { GameView } from '../core/view';
import { effectFor } from '../render/effects';
import { GalaxyScene, QUALITY_PRESETS, type Quality, type Selection } from '../render/galaxy-scene';
import { badgeRadius, type PlanetLayout } from '../render/layout';
import { LOYALTY_COLORS, SIDE_COLORS, STATE_LABELS, usePalette } from '../render/palette';
import { timeFrames, timeReferenceFrame } from '../render/reference-scene';
import type { EntityRefs } from '../render/types';
import { createHowlerAudio, type AudioStatus } from '../audio/howler-audio';
import { soundForEvents, type GameAudio, type SoundName } from '../audio/audio';
import { panelHtml } from './info-panel';
import { createSaveStore, exportSave, type SaveStore } from './saves';
import { SavesPanel } from './saves-panel';
import { ReferencePanel } from './reference-panel';
import { termAnchor } from './reference';
import { graphicsOf, loadSettings, QUALITY_SETTINGS, saveSettings, volumesOf, type Settings } from './settings';
import { createSettingsPanel, type SettingsPanel } from './settings-panel';
import { PlanetOverviewPanel } from './planet-overview-panel';
import type { OnlineSeat } from '../online/client';
import type { NewOnlineGame } from '../online/protocol';
import { PlayScreen } from './play/play-screen';
import { isPlayed, saveMetaOf } from './play/seats';
import { continueHtml } from './continue-entry';
import { parseSave, type Seats } from '../core/save';
import { spreadMarkers, type ScreenBox } from './screen-boxes';
import { scoreLines } from './score-lines';
import type { FromWorker, GameInfo, StepUnit, ToWorker } from './spectator-protocol';
import { esc } from './html';
import type { ConquestScreen } from './conquest/conquest-screen';
import type { SolitaireScreen } from './solitaire/solitaire-screen';

/** Speeds offered, in decisions per second at ×1 (0 = as fast as the engine goes). */
const BASE_RATE = 3;
const SPEEDS = [1, 2, 4, 8, 16, 64, 0];
/** The games with a screen of their own, each its mode of the page. */
type GameScreenMode = 'conquest' | 'solitaire';
const LOG_LIMIT = 400;


export interface AppOptions {
  agents: string[];
}

export class App {
  readonly galaxy: GalaxyScene;
  private worker: Worker | null = null;
  private info: GameInfo | null = null;
  private refs: EntityRefs = {};
  view: GameView | null = null;
  index = 0;
  total: number | null = null;
  playing = false;
  /** Every game-turn that has been seen to end, across games (the bench counts these). */
  turnsWatched = 0;
  private lastTurn = 0;
  private readonly log: GameEvent[] = [];
  private follow = true;
  private lastFollow = 0;
  private pieceEnv = new Map<number, number>();
  private readonly el: Record<string, HTMLElement> = {};
  private labels: HTMLElement[] = [];
  private stackLabels: HTMLElement[] = [];
  /** Where each planet's name and each stack badge is on the screen, parallel to their elements. */
  private systemBoxes: ScreenBox[] = [];
  private nameBoxes: ScreenBox[] = [];
  private badgeBoxes: ScreenBox[] = [];
  /** The planet names and stack badges shown on the map: overlays (choice markers) keep clear of them. */
  mapLabels: readonly ScreenBox[] = [];
  private readonly tmp2 = new Vector2();
  private readonly tmpTop = new Vector2();
  private readonly tmp3 = new Vector3();
  lastError = '';
  /** The player's settings (remembered), the sound, the saves. */
  readonly settings: Settings = loadSettings();
  readonly audio: GameAudio & { status?(): AudioStatus };
  readonly saves: SaveStore = createSaveStore();
  private settingsPanel!: SettingsPanel;
  private savesPanel!: SavesPanel;
  /** The Planets table (P): every planet in play as the shown view sees it. */
  private overviewPanel!: PlanetOverviewPanel;
  /** The rules and card reference (R). */
  private referencePanel!: ReferencePanel;
  /** The state hash of the game shown (from the worker). */
  hash = '';
  /** Keep watching: when a game ends, start the next one (the bench counts turns across games). */
  private autoRestart: Parameters<App['watch']>[0] | null = null;
  /** Single-screen play (a human game); while it runs the spectator's controls are hidden. */
  readonly play: PlayScreen;
  private playMode = false;
  /** A conquest game [002] (src/ui/conquest), its screens loaded the first time they are opened. */
  private conquest: ConquestScreen | null = null;
  private conquestMode = false;
  /** A solitaire game [001] (src/ui/solitaire), its screens loaded the first time they are opened. */
  private solitaire: SolitaireScreen | null = null;
  private solitaireMode = false;

  constructor(
    readonly root: HTMLElement,
    readonly content: Content,
    readonly options: AppOptions,
  ) {
    root.classList.add('game-root');
    root.innerHTML = this.shellHtml();
    for (const node of root.querySelectorAll<HTMLElement>('[data-el]')) this.el[node.dataset.el as string] = node;
    const host = this.el.galaxy as HTMLElement;
    this.galaxy = new GalaxyScene(content, host, graphicsOf(this.settings));
    this.audio = createHowlerAudio(volumesOf(this.settings));
    this.galaxy.onSelect = (sel) => {
      if (sel) this.audio.play('select');
      // a conquest board answers its own clicks; the star-system game's panel says nothing of it
      if (!this.conquestMode && !this.solitaireMode) this.showPanel(sel);
    };
    this.galaxy.onHover = (sel, x, y) => this.showTooltip(sel, x, y);
    this.galaxy.onFrame = () => this.placeLabels();
    this.buildSystemLabels();
    this.play = new PlayScreen(this);
    this.play.audio = this.audio; // the player's own game sounds like the spectated one
    this.bindControls();
    this.buildSettingsAndSaves();
    this.galaxy.setView(null, {});
    this.showStart(true);
    this.galaxy.home(true);
    this.galaxy.start();
    this.updateHud();
  }

  // ------------------------------------------------------------------ page

  private shellHtml(): string {
    const scenarios = [...this.content.scenarios.values()];
    const agentOptions = this.options.agents.map((a) => `<option value="${esc(a)}">${esc(a)}</option>`).join('');
    return `
    <div class="galaxy-host" data-el="galaxy"></div>
    <div class="label-layer" data-el="labels"></div>
    <div class="tooltip" data-el="tooltip" hidden></div>
    <header class="hud" data-el="hud">
      <div class="brand">Galactic Uprising <small>${esc(this.content.galaxy.name)}</small></div>
      <div class="where" data-el="where" data-testid="where">Explore the galaxy: drag to orbit, wheel to zoom, click a star.</div>
      <div class="score" data-el="score" data-testid="score-button" role="button" tabindex="0" title="Victory points by source (click)"></div>
      <div class="vp-breakdown" data-el="vpBreakdown" data-testid="vp-breakdown" hidden></div>
      <button data-el="menuButton" class="menu-button" hidden>Menu</button>
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
      <div class="start-entry">
        <h2>Play</h2>
        <button class="primary" data-el="newGame" data-testid="new-game">New game — against the AI or hot-seat</button>
      </div>
      <div class="start-entry">
        <h2>Conquest</h2>
        <p class="start-note">A Risk-style war for the galaxy, 2 to 6 factions: play the AI, hot-seat, or watch.</p>
        <button class="primary" data-el="conquest" data-testid="conquest">Conquest — new game</button>
      </div>
      <div class="start-entry">
        <h2>Solitaire</h2>
        <p class="start-note">Rule the Empire alone against chaos itself: usurpers, breakaway empires, invaders, rebels and aliens rise by the dice.</p>
        <button class="primary" data-el="solitaire" data-testid="solitaire">Solitaire — the Emperor against Chaos</button>
      </div>
      <div class="start-entry">
        <h2>Watch the AI play</h2>
        <label>Scenario <select data-el="scenario">${scenarios.map((s) => `<option value="${esc(s.id)}">${esc(s.name)} (${s.turns} turns)</option>`).join('')}</select></label>
        <label>Rebel AI <select data-el="rebelAgent">${agentOptions}</select></label>
        <label>Imperial AI <select data-el="imperialAgent">${agentOptions}</select></label>
        <label>Show <select data-el="viewSide"><option value="">everything</option><option value="rebel">the Rebel's view</option><option value="imperial">the Empire's view</option></select></label>
        <label>Speed <select data-el="startSpeed">${SPEEDS.map((s) => `<option value="${s}">${s ? `×${s}` : 'max'}</option>`).join('')}</select></label>
        <label>Seed <input data-el="seed" value="1" size="8"></label>
        <button class="primary" data-el="watch" data-testid="watch">Watch AI vs AI</button>
      </div>
      <div class="start-entry">
        <h2>Watch a replay</h2>
        <label class="file">Load a save file… <input type="file" accept=".json,application/json" data-el="replayFile"></label>
      </div>
      <div class="start-entry small">
        <label>Quality <select data-el="quality"><option value="low">low</option><option value="default" selected>default</option><option value="high">high (bloom)</option></select></label>
        <a href="?atlas">Content atlas</a>
      </div>
    </section>
    <section class="controls" data-el="controls" hidden>
      <button data-el="play" data-testid="play" title="Play / pause (space)">Play</button>
      <button data-el="stepDecision" title="Step one decision">Step decision</button>
      <button data-el="stepPhase" title="Step one phase">Step phase</button>
      <label>Speed <select data-el="speed">${SPEEDS.map((s) => `<option value="${s}">${s ? `×${s}` : 'max'}</option>`).join('')}</select></label>
      <label><input type="checkbox" data-el="follow" checked> follow the action</label>
      <label>Show <select data-el="viewSide2"><option value="">everything</option><option value="rebel">Rebel view</option><option value="imperial">Imperial view</option></select></label>
      <label>Animations <select data-el="animSpeed"><option value="1">normal</option><option value="2.5">fast</option><option value="0">off</option></select></label>
      <button data-el="skip" title="Skip running animations">skip</button>
      <button data-el="saveReplay" title="Download this game as a replay">save replay</button>
      <div class="timeline" data-el="timelineBox" hidden><input type="range" min="0" max="0" value="0" data-el="timeline" data-testid="timeline"><span data-el="timelineText"></span></div>
    </section>
    <aside class="panel" data-el="panel" hidden><button class="close" data-el="panelClose">×</button><div data-el="panelBody" data-testid="panel"></div></aside>
    <section class="log" data-el="log" hidden><h3>Events</h3><ol data-el="logList" data-testid="log"></ol></section>
    <div class="side-panels" data-el="sidePanels"></div>
    <div class="message" data-el="message" hidden role="alert" data-testid="message"></div>`;
  }

  private bindControls(): void {
    const on = (name: string, ev: string, fn: (e: Event) => void) => this.el[name]?.addEventListener(ev, fn);
    // The spectator watches a fair game by default: normal against normal (random makes a poor show).
    for (const name of ['rebelAgent', 'imperialAgent']) {
      const select = this.el[name] as HTMLSelectElement | undefined;
      if (select && [...select.options].some((o) => o.value === 'normal')) select.value = 'normal';
    }
    on('watch', 'click', () => this.watch());
    on('newGame', 'click', () => this.play.showSetup());
    on('conquest', 'click', () => void this.openConquest());
    on('solitaire', 'click', () => void this.openSolitaire());
    on('replayFile', 'change', async (e) => {
      const file = (e.target as HTMLInputElement).files?.[0];
      if (file) this.loadReplay(await file.text());
      (e.target as HTMLInputElement).value = '';
    });
    on('menuButton', 'click', () => this.menuButton());
    on('score', 'click', () => this.showVpBreakdown((this.el.vpBreakdown as HTMLElement).hidden));
    on('score', 'keydown', (e) => {
      if ((e as KeyboardEvent).key === 'Enter') this.showVpBreakdown((this.el.vpBreakdown as HTMLElement).hidden);
    });
    on('continueBox', 'click', (e) => {
      if ((e.target as HTMLElement).closest('[data-act="continue"]')) this.continueLastGame();
    });
    on('play', 'click', () => this.send({ type: this.playing ? 'pause' : 'play' }));
    on('stepDecision', 'click', () => this.step('decision'));
    on('stepPhase', 'click', () => this.step('phase'));
    on('speed', 'change', (e) => this.setSpeed(Number((e.target as HTMLSelectElement).value)));
    on('follow', 'change', (e) => (this.follow = (e.target as HTMLInputElement).checked));
    on('viewSide2', 'change', (e) => this.send({ type: 'side', side: sideOf((e.target as HTMLSelectElement).value) }));
    on('animSpeed', 'change', (e) => this.changeSetting({ animationSpeed: Number((e.target as HTMLSelectElement).value) }));
    on('skip', 'click', () => this.galaxy.skipAnimations());
    on('saveReplay', 'click', () => this.send({ type: 'save' }));
    on('timeline', 'input', (e) => this.send({ type: 'seek', index: Number((e.target as HTMLInputElement).value) }));
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
    window.addEventListener('keydown', (e) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT')) return;
      if (e.key === ' ' && this.info && !this.playMode) {
        e.preventDefault();
        this.send({ type: this.playing ? 'pause' : 'play' });
      }
    });
  }

  // ------------------------------------------------------------------ settings, sound, saves

  private buildSettingsAndSaves(): void {
    const host = this.el.sidePanels as HTMLElement;
    this.settingsPanel = createSettingsPanel(host, this.settings, (_s, changed) => this.applySettings(changed));
    this.savesPanel = new SavesPanel(host, this.saves, {
      // a played game's saves come from the play worker (with its seats), a watched one's from the spectator's
      save: (label) => (this.playMode ? this.play.requestSave('store', label) : this.send({ type: 'save', purpose: 'store', label })),
      load: (text, from) => this.resumeSave(text, from),
      exportCurrent: () => (this.playMode ? this.play.requestSave('download') : this.send({ type: 'save', purpose: 'download' })),
      hasGame: () => (this.playMode ? this.play.hasGame() : this.view !== null && this.info !== null),
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
      view: () => this.view,
      open: (id) => this.galaxy.activate({ kind: 'planet', id }),
    });
    this.el.planetsButton?.addEventListener('click', () => this.overviewPanel.toggle());
    window.addEventListener('keydown', (e) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
      if ((e.key === 'p' || e.key === 'P') && !e.ctrlKey && !e.metaKey && !e.altKey && this.view) this.overviewPanel.toggle();
    });
  }

  /**
   * The rules and card reference: the Rules button and the R key open it; a rules word in a prompt (a
   * `.term` span, glossary.ts) opens it at that word. A word inside a choice's button stays a hover
   * tooltip: a click there chooses the option.
   */
  private buildReference(): void {
    this.referencePanel = new ReferencePanel(this.root, this.content);
    this.el.rulesButton?.addEventListener('click', () => this.referencePanel.toggle());
    window.addEventListener('keydown', (e) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
      // (the star-system game's rules: a conquest game has its own help)
      if ((e.key === 'r' || e.key === 'R') && !e.ctrlKey && !e.metaKey && !e.altKey && !this.conquestMode && !this.solitaireMode) {
        // the key opens the panel and focuses its search box: it must not also type its "r" there
        e.preventDefault();
        this.referencePanel.toggle();
      }
    });
    this.root.addEventListener('click', (e) => {
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
  private changeSetting(change: Partial<Settings>): void {
    Object.assign(this.settings, change);
    for (const c of this.settingsPanel.gui.controllersRecursive()) c.updateDisplay();
    saveSettings(this.settings);
    this.applySettings('all');
  }

  /** Apply the settings live: the galaxy's quality, labels, camera and animations, the spectator's selects, the sound. */
  private applySettings(changed: keyof Settings | 'all', first = false): void {
    const s = this.settings;
    const graphics: (keyof Settings | 'all')[] = ['all', 'quality', 'pixelRatio', 'bloom', 'starfieldDensity'];
    if (graphics.includes(changed) && !first) void this.galaxy.setQuality(graphicsOf(s));
    (this.el.labels as HTMLElement).hidden = !s.labels;
    this.galaxy.setCameraSensitivity(s.cameraSensitivity);
    this.galaxy.animationSpeed = s.animationSpeed;
    const anim = this.el.animSpeed as HTMLSelectElement;
    if (![...anim.options].some((o) => Number(o.value) === s.animationSpeed)) anim.add(new Option(`×${s.animationSpeed}`, String(s.animationSpeed)));
    anim.value = [...anim.options].find((o) => Number(o.value) === s.animationSpeed)?.value ?? '1';
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
        this.updateHud();
        this.buildStackLabels();
        if (this.galaxy.selection) this.showPanel(this.galaxy.selection);
        this.play.refreshColours();
      }
    }
  }

  /**
   * Resume a save (from the store or a file). A played game (its save names a person at a side) resumes
   * on the play screen with the same seats; a watched one (or an older save, without seats) in the
   * spectator, paused. A refused save leaves the game as it is.
   */
  resumeSave(text: string, from = 'the save', speed?: number): void {
    const parsed = parseSave(text);
    // a conquest game [002] resumes on the conquest screen, with its seats (a refused one changes nothing)
    if (parsed.ok && parsed.save.ruleset === 'conquest') return void this.resumeConquest(text, from, speed);
    // a solitaire game [001] on the solitaire screen, the same way
    if (parsed.ok && parsed.save.ruleset === 'solitaire') return void this.resumeSolitaire(text, from, speed);
    this.stopConquest();
    this.stopSolitaire();
    this.pendingLoad = from;
    if (parsed.ok && parsed.save.ruleset === undefined && isPlayed(parsed.save.seats as Seats | undefined)) return this.play.resume(text);
    this.send({
      type: 'load',
      text,
      agents: { rebel: (this.el.rebelAgent as HTMLSelectElement).value, imperial: (this.el.imperialAgent as HTMLSelectElement).value },
      side: sideOf((this.el.viewSide2 as HTMLSelectElement).value),
    });
  }

  /** What is being loaded (for the messages), until the worker answers. */
  private pendingLoad: string | null = null;

  private playSound(name: SoundName | null): void {
    if (name) this.audio.play(name);
  }

  private showStart(show: boolean): void {
    (this.el.start as HTMLElement).hidden = !show;
    this.galaxy.setInsets({ left: show ? 360 : 0 });
    if (show) this.refreshContinue();
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
    this.resumeSave(text, 'the last game', last.speed);
  }

  /**
   * The HUD's Menu button. A played game is left for the menu (it is autosaved: Continue brings it back).
   * Watching, the menu opens over the game, and the game's own panels step aside while it is open.
   */
  private menuButton(): void {
    if (this.conquestMode) return this.conquest?.leave();
    if (this.solitaireMode) return this.solitaire?.leave();
    if (this.playMode) return this.play.leave();
    const open = (this.el.start as HTMLElement).hidden;
    this.showStart(open);
    (this.el.log as HTMLElement).hidden = open;
    if (open) (this.el.panel as HTMLElement).hidden = true;
  }

  /**
   * Leave a game for the start menu: nothing of the game stays on the screen (its log, panels, header
   * text, pieces); the spectator's game is paused, the play screen's is stopped by the play screen.
   */
  leaveGame(): void {
    this.exitPlay();
    this.worker?.postMessage({ type: 'pause' } satisfies ToWorker);
    this.autoRestart = null;
    this.clearGameScreen();
    this.showStart(true);
  }

  /** The play screen gives the page back (the spectator, or the menu, takes it). */
  private exitPlay(): void {
    if (this.playMode) this.play.stop();
    this.playMode = false;
    this.root.classList.remove('playing');
  }

  /** Empty the game's parts of the screen: log, info panel, spectator controls, HUD text, the pieces. */
  private clearGameScreen(): void {
    for (const name of ['controls', 'log', 'menuButton', 'panel', 'timelineBox', 'tooltip']) (this.el[name] as HTMLElement).hidden = true;
    // a word about the game just left (how to come back to an online seat) outlives the game's screen
    if (!this.keepMessage) (this.el.message as HTMLElement).hidden = true;
    this.keepMessage = false;
    this.log.length = 0;
    (this.el.logList as HTMLElement).replaceChildren();
    (this.el.where as HTMLElement).textContent = 'Explore the galaxy: drag to orbit, wheel to zoom, click a star.';
    (this.el.score as HTMLElement).replaceChildren();
    (this.el.vpBreakdown as HTMLElement).hidden = true;
    this.galaxy.select(null);
    this.view = null;
    this.overviewPanel.show(false);
    (this.el.planetsButton as HTMLElement).hidden = true;
    this.info = null;
    this.refs = {};
    this.pieceEnv.clear();
    this.galaxy.setView(null, {});
    this.systemPips(null);
    this.routesUsed.clear();
    this.galaxy.markRoutes(new Set());
    this.buildStackLabels();
    this.galaxy.setInsets({ right: 0, bottom: 0 });
  }

  /** The start menu, shown or hidden (the play screens go back to it). */
  showStartMenu(show: boolean): void {
    this.showStart(show);
  }

  /** A human game starts: the spectator's controls go, the play screen's panels come. */
  enterPlay(): void {
    this.stopConquest();
    this.stopSolitaire();
    this.playMode = true;
    this.autoRestart = null;
    this.worker?.postMessage({ type: 'pause' } satisfies ToWorker);
    this.root.classList.add('playing');
    this.showStart(false);
  }

  // ------------------------------------------------------------------ conquest [002]

  /** The Conquest entry of the start menu: its setup screen (its code loads the first time). */
  async openConquest(): Promise<ConquestScreen> {
    const screen = await this.conquestScreen();
    screen.showSetup();
    return screen;
  }

  /**
   * Take a seat at an online game on this page's server [issue 27] (an invitation link): by the seat's
   * token, or at an open seat. A game that cannot be joined says why; the start menu stays.
   */
  async joinOnline(gameId: string, token?: string): Promise<void> {
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(gameId)) return this.showMessage(`The link names no online game ("${gameId.slice(0, 40)}" is not a game id).`);
    await this.takeSeat(location.origin, { gameId, ...(token ? { token } : {}) });
  }

  /**
   * Make an online game on this page's game server [issue 27] and take the host's seat at `side`. Each
   * reserved seat's own link is kept (`reservedLinks`) for the host's panel until its person comes. A
   * server that cannot make it says why, and the screen stays.
   */
  async hostOnline(game: NewOnlineGame, side: string): Promise<void> {
    const origin = location.origin;
    let made: Awaited<ReturnType<typeof import('../online/client')['createOnlineGame']>>;
    let createOnlineGame: typeof import('../online/client')['createOnlineGame'];
    let onlineLink: typeof import('../online/client')['onlineLink'];
    try {
      ({ createOnlineGame, onlineLink } = await import('../online/client'));
      made = await createOnlineGame(origin, game, side);
    } catch (e) {
      return this.showMessage(`The online game could not be made (${origin}): ${(e as Error).message}. Online play needs the game server: npm run serve.`);
    }
    this.reserved.set(made.gameId, made.reserved.map((r) => ({ side: r.side, link: onlineLink(origin, made.gameId, r.token) })));
    await this.takeSeat(origin, { gameId: made.gameId, ...(made.token ? { token: made.token } : {}) });
  }

  /** The reserved seats' links of the online games made on this page, by game. */
  private readonly reserved = new Map<string, { side: string; link: string }[]>();

  /** The links of a game's reserved seats (those this page made), for its host to send. */
  reservedLinks(gameId: string): { side: string; link: string }[] {
    return this.reserved.get(gameId) ?? [];
  }

  /**
   * Join an online game on `serverUrl` (by a seat's token, or at an open seat) and hand the seat to the
   * screen of its ruleset. The page's address then carries the game and seat, so a reload or the same
   * link later takes the seat again. A game that cannot be joined says why, and the screen stays.
   */
  async takeSeat(serverUrl: string, request: { gameId: string; token?: string }): Promise<void> {
    // the online client (Colyseus's SDK) loads only when a game is joined
    const client = await import('../online/client');
    let seat: OnlineSeat;
    try {
      seat = await client.OnlineSeat.join(serverUrl, { ...request, screen: true });
    } catch (e) {
      return this.showMessage(`The online game could not be joined: ${(e as Error).message}.`);
    }
    const { gameId, ruleset } = seat.joined;
    const token = seat.token ?? '';
    const link = client.onlineLink(serverUrl, gameId);
    const seatLink = client.onlineLink(serverUrl, gameId, token);
    let problem: string | null = null;
    if (ruleset === 'conquest') problem = await (await this.conquestScreen()).playOnline(seat, serverUrl);
    else if (ruleset === 'star-system') this.play.playOnline(seat, link, seatLink);
    else problem = `this page does not play ${ruleset} games online`;
    if (problem) {
      await seat.leave();
      return this.showMessage(`The online game: ${problem}.`);
    }
    if (typeof history !== 'undefined') history.replaceState(null, '', `?online=${encodeURIComponent(gameId)}#seat=${encodeURIComponent(token)}`);
  }

  /** The message on show stays when the game's screen is cleared next (set by leaveSeat). */
  private keepMessage = false;

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

  /** The conquest screens, loaded the first time they are needed. */
  private async conquestScreen(): Promise<ConquestScreen> {
    if (!this.conquest) {
      const { ConquestScreen } = await import('./conquest/conquest-screen');
      this.conquest ??= new ConquestScreen(this);
    }
    return this.conquest;
  }

  /**
   * Resume a conquest game from a save's text (Continue, the Saves panel, a file): on the conquest screen,
   * with the same seats, at `speed`. A refused save gets a message naming its source and the problem;
   * whatever is on the screen stays.
   */
  async resumeConquest(text: string, from = 'the save', speed?: number): Promise<boolean> {
    return this.resumeOn(await this.conquestScreen(), text, from, speed);
  }

  /**
   * Resume a game on its own screen (conquest, solitaire) from a save's text, at `speed`. A refused save
   * gets a message naming its source and the problem; whatever is on the screen stays.
   */
  private resumeOn(screen: { resume(text: string, speed?: number): string | null }, text: string, from: string, speed: number | undefined): boolean {
    const problem = screen.resume(text, speed);
    if (problem) {
      const message = `${from}: ${problem}`;
      if (this.savesPanel.visible) this.savesPanel.say(message, true);
      this.showMessage(message);
      return false;
    }
    this.savesPanel.show(false);
    this.hideMessage();
    return true;
  }

  /** A conquest game takes the page: any other game is left (a watched one paused), the menu goes, Menu leaves it. */
  enterConquest(): void {
    this.enterGameScreen('conquest');
  }

  /** A game screen of its own (conquest, solitaire) takes the page: any other game is left (a watched one paused), the menu goes, Menu leaves it. */
  private enterGameScreen(mode: GameScreenMode): void {
    this.exitPlay();
    if (mode !== 'solitaire') this.stopSolitaire();
    if (mode !== 'conquest') this.stopConquest();
    this.worker?.postMessage({ type: 'pause' } satisfies ToWorker);
    this.autoRestart = null;
    this.clearGameScreen();
    this.showStart(false);
    this.setGameScreenMode(mode, true);
    (this.el.menuButton as HTMLElement).hidden = false;
  }

  /** Whether a game screen of its own has the page: its flag, and its class on the page (its styles). */
  private setGameScreenMode(mode: GameScreenMode, on: boolean): void {
    if (mode === 'conquest') this.conquestMode = on;
    else this.solitaireMode = on;
    this.root.classList.toggle(`${mode}-mode`, on);
  }

  /** A game screen of its own gives the page back: nothing of it stays, the start menu returns. */
  private leaveGameScreen(mode: GameScreenMode): void {
    this.setGameScreenMode(mode, false);
    this.clearGameScreen();
    this.showStart(true);
  }

  /**
   * Draw a map of a player's own in place of the galaxy (a conquest game on it [002 I Maps]), with its
   * systems' names; null draws the galaxy again.
   */
  showMap(content: Content | null): void {
    const shown = content ?? this.content;
    if (this.galaxy.content === shown) return;
    this.galaxy.showContent(shown);
    this.buildSystemLabels();
    this.buildStackLabels();
    this.placeLabels(true);
  }

  /** The conquest game gives the page back: nothing of it stays, the start menu returns. */
  leaveConquest(): void {
    this.showMap(null);
    this.leaveGameScreen('conquest');
  }

  /** Another game takes the page while a conquest game runs: the conquest game stops. */
  private stopConquest(): void {
    if (!this.conquestMode) return;
    this.conquest?.stop();
    this.showMap(null);
    this.setGameScreenMode('conquest', false);
  }

  // ------------------------------------------------------------------ solitaire [001]

  /** The Solitaire entry of the start menu: its setup screen (its code loads the first time). */
  async openSolitaire(): Promise<SolitaireScreen> {
    const screen = await this.solitaireScreen();
    screen.showSetup();
    return screen;
  }

  private async solitaireScreen(): Promise<SolitaireScreen> {
    if (!this.solitaire) {
      const { SolitaireScreen } = await import('./solitaire/solitaire-screen');
      this.solitaire ??= new SolitaireScreen(this);
    }
    return this.solitaire;
  }

  /** Resume a solitaire game from a save's text, as it was; a refused save says why and changes nothing. */
  async resumeSolitaire(text: string, from = 'the save', speed?: number): Promise<boolean> {
    return this.resumeOn(await this.solitaireScreen(), text, from, speed);
  }

  /** A solitaire game takes the page: any other game is left (a watched one paused), the menu goes, Menu leaves it. */
  enterSolitaire(): void {
    this.enterGameScreen('solitaire');
  }

  /** The solitaire game gives the page back: nothing of it stays, the start menu returns. */
  leaveSolitaire(): void {
    this.leaveGameScreen('solitaire');
  }

  /** Another game takes the page while a solitaire game runs: the solitaire game stops. */
  private stopSolitaire(): void {
    if (!this.solitaireMode) return;
    this.solitaire?.stop();
    this.setGameScreenMode('solitaire', false);
  }

  /** The HUD's line (the conquest screens write theirs here; trusted HTML, escaped by the writer). */
  setWhere(html: string): void {
    (this.el.where as HTMLElement).innerHTML = html;
  }

  // ------------------------------------------------------------------ worker

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./spectator-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e: MessageEvent<FromWorker>) => this.fromSpectator(e.data);
    worker.onerror = (e) => this.showMessage(`The game worker failed: ${e.message}`);
    this.worker = worker;
    const speed = Number((this.el.speed as HTMLSelectElement).value);
    this.setSpeed(speed);
    return worker;
  }

  private send(m: ToWorker): void {
    this.ensureWorker().postMessage(m);
  }

  private setSpeed(multiplier: number): void {
    this.worker?.postMessage({ type: 'speed', decisionsPerSecond: multiplier * BASE_RATE } satisfies ToWorker);
  }

  /** Start an AI-vs-AI game with the start menu's choices (the bench and tests call it too). */
  watch(opts: Partial<{ scenario: string; seed: string; rebel: string; imperial: string; side: SideId | null; speed: number; play: boolean; autoRestart: boolean }> = {}): void {
    this.stopConquest();
    this.stopSolitaire();
    this.exitPlay();
    this.autoRestart = opts.autoRestart ? { ...opts, seed: `${opts.seed ?? 'auto'}+` } : null;
    const value = (name: string) => (this.el[name] as HTMLSelectElement | HTMLInputElement).value;
    const side = opts.side !== undefined ? opts.side : sideOf(value('viewSide'));
    (this.el.viewSide2 as HTMLSelectElement).value = side ?? '';
    (this.el.speed as HTMLSelectElement).value = String(opts.speed ?? value('startSpeed'));
    this.ensureWorker();
    this.setSpeed(Number((this.el.speed as HTMLSelectElement).value));
    this.send({
      type: 'new',
      scenario: opts.scenario ?? value('scenario'),
      seed: opts.seed ?? (value('seed') || '1'),
      agents: { rebel: opts.rebel ?? value('rebelAgent'), imperial: opts.imperial ?? value('imperialAgent') },
      side,
    });
    if (opts.play !== false) this.send({ type: 'play' });
  }

  /** Watch a replay (a save file's text). A broken save gets a message; the current game stays. */
  loadReplay(text: string): void {
    // a conquest game's save is resumed (the spectator replays star-system games only)
    const parsed = parseSave(text);
    if (parsed.ok && parsed.save.ruleset === 'conquest') return void this.resumeConquest(text, 'the file');
    if (parsed.ok && parsed.save.ruleset === 'solitaire') return void this.resumeSolitaire(text, 'the file');
    this.stopConquest();
    this.stopSolitaire();
    this.send({ type: 'replay', text, side: sideOf((this.el.viewSide as HTMLSelectElement).value) });
  }

  private step(unit: StepUnit): void {
    this.send({ type: 'step', unit });
  }

  /**
   * The spectator's worker. While a played game has the screen, its views (still on their way after
   * it was paused) are not shown; a watched save it loaded takes the screen back.
   */
  private fromSpectator(m: FromWorker): void {
    if ((this.playMode || this.conquestMode || this.solitaireMode) && m.type === 'state') return;
    if (this.playMode && m.type === 'started') this.exitPlay();
    this.receive(m);
  }

  /** Show a game message (from the spectator's worker, or the play worker's views). */
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
      if (m.purpose === 'store' && m.label) {
        try {
          this.saves.save(m.label, m.text, saveMetaOf(m));
          this.savesPanel.say(`Saved "${m.label}".`);
        } catch (e) {
          this.savesPanel.say((e as Error).message, true);
        }
        this.savesPanel.refresh();
      } else exportSave(m.text, m.name);
      return;
    }
    if (m.type === 'started') {
      this.info = m.info;
      this.refs = m.refs;
      this.log.length = 0;
      (this.el.logList as HTMLElement).replaceChildren();
      this.pieceEnv.clear();
      this.lastTurn = 0;
      this.galaxy.skipAnimations();
      this.showStart(false);
      for (const name of ['controls', 'log', 'menuButton']) (this.el[name] as HTMLElement).hidden = false;
      (this.el.controls as HTMLElement).hidden = this.playMode;
      (this.el.timelineBox as HTMLElement).hidden = !m.info.replay;
      this.frameAroundPanels();
      this.hideMessage();
      if (this.pendingLoad) {
        if (this.playMode) this.savesPanel.show(false); // a played game goes on: its decision is shown, not the panel
        else this.savesPanel.say(`Loaded ${this.pendingLoad}: paused, press Play to go on.`);
      }
      this.pendingLoad = null;
      this.flyToArea(m.info.scenario);
      return;
    }
    // state
    const previous = this.view;
    this.view = m.view;
    this.index = m.index;
    this.total = m.total;
    this.playing = m.playing;
    this.hash = m.hash ?? '';
    if (m.view.turn > this.lastTurn) {
      if (this.lastTurn > 0) this.turnsWatched += m.view.turn - this.lastTurn;
      this.lastTurn = m.view.turn;
    }
    if (m.view.winner && previous && !previous.winner) this.turnsWatched += 1;
    this.galaxy.setView(m.view, this.refs);
    this.systemPips(m.view);
    if (m.reset) {
      this.log.length = 0;
      (this.el.logList as HTMLElement).replaceChildren();
      this.pieceEnv.clear();
      this.routesUsed.clear();
    } else {
      this.animateMoves(m.view);
    }
    this.markRoutesInUse(m.view);
    this.recordPieces(m.view);
    this.appendLog(m.events, !m.reset);
    if (!m.reset) this.playSound(soundForEvents(m.events));
    if (m.view.winner && previous && !previous.winner) this.playSound(this.endSound(m.view.winner));
    this.updateHud();
    if (this.galaxy.selection) this.showPanel(this.galaxy.selection);
    (this.el.planetsButton as HTMLElement).hidden = false;
    this.overviewPanel.refresh();
    this.buildStackLabels();
    if (m.view.winner && !m.playing && this.autoRestart) {
      const next = this.autoRestart;
      setTimeout(() => this.watch({ ...next, autoRestart: true }), 0);
    }
  }

  // ------------------------------------------------------------------ animation and following

  private recordPieces(view: GameView): void {
    this.pieceEnv.clear();
    for (const u of view.units) this.pieceEnv.set(u.eid, u.environ);
    for (const c of view.characters) if (c.environ) this.pieceEnv.set(c.eid, c.environ);
  }

  /** Routes jumped this game-turn and the last, as the viewer saw them (content route index to turn). */
  private routesUsed = new Map<number, number>();

  /**
   * [5.22] The routes in use: a seen piece that changed star system since the last view jumped its route;
   * the routes jumped in this game-turn and the last burn gold on the map.
   */
  private markRoutesInUse(view: GameView): void {
    const routes = this.content.galaxy.routes;
    for (const piece of [...view.units, ...view.characters]) {
      const before = this.pieceEnv.get(piece.eid);
      if (!before || !piece.environ || before === piece.environ) continue;
      const [a, b] = [this.systemOf(before), this.systemOf(piece.environ)];
      if (!a || !b || a === b) continue;
      const index = routes.findIndex((r) => (r.from === a && r.to === b) || (r.from === b && r.to === a));
      if (index >= 0) this.routesUsed.set(index, view.turn);
    }
    for (const [route, turn] of this.routesUsed) if (turn < view.turn - 1 || turn > view.turn) this.routesUsed.delete(route);
    this.galaxy.markRoutes(new Set(this.routesUsed.keys()));
  }

  /** Pieces whose environ changed since the last view fly there as comets. */
  private animateMoves(view: GameView): void {
    if (this.galaxy.animationSpeed <= 0) return;
    let shown = 0;
    let jumped = false;
    const from = new Vector3();
    const to = new Vector3();
    for (const piece of [...view.units, ...view.characters]) {
      const before = this.pieceEnv.get(piece.eid);
      if (!before || before === piece.environ || !piece.environ || shown > 12) continue;
      if (!this.galaxy.positionOf(before, from) || !this.galaxy.positionOf(piece.environ, to)) continue;
      const [a, b] = [this.systemOf(before), this.systemOf(piece.environ)];
      // [5.22] between star systems, along the hyperjump route: through its navigation star, if it has one
      this.flyAlong(a !== b && a && b ? this.routePath(a, b, from, to) : [from.clone(), to.clone()]);
      shown++;
      if (a !== b) jumped = true;
    }
    // [5.22] pieces fallen out of a jump: a comet from where they were to their drift area's ring
    const fallen = new Set<string>();
    for (const d of view.drifting) {
      const before = this.pieceEnv.get(d.eid);
      const system = this.galaxy.layout.systems[this.galaxy.layout.systemIndex.get(d.system) ?? -1];
      if (!before || !system || fallen.has(`${d.system}|${d.outer}|${d.side}`) || !this.galaxy.positionOf(before, from)) continue;
      fallen.add(`${d.system}|${d.outer}|${d.side}`);
      const ring = driftPoint(system.position, d.outer ? system.def.drift.outer : system.def.drift.inner, d.side);
      const a = this.systemOf(before);
      this.flyAlong(a && a !== d.system ? this.routePath(a, d.system, from, ring) : [from.clone(), ring]);
      this.galaxy.animateAt('hyperjump', ring);
      jumped = true;
    }
    // a move between star systems is a hyperjump
    if (jumped) this.audio.play('hyperjump');
  }

  /** The points a jump from system `a` to `b` passes: from, the route's navigation star (if any), to. */
  private routePath(a: string, b: string, from: Vector3, to: Vector3): Vector3[] {
    const route = this.content.galaxy.routes.find((r) => (r.from === a && r.to === b) || (r.from === b && r.to === a));
    const L = this.galaxy.layout;
    const star = route?.via ? L.navStars[L.navIndex.get(route.via) ?? -1] : undefined;
    return star ? [from.clone(), star.position.clone(), to.clone()] : [from.clone(), to.clone()];
  }

  /** A comet along a path, leg after leg. */
  private flyAlong(path: Vector3[]): void {
    const leg = 420 / Math.max(0.1, this.galaxy.animationSpeed);
    path.slice(1).forEach((point, i) => {
      const start = path[i] as Vector3;
      const go = () => this.galaxy.animateAt('move', point, start);
      if (i === 0) go();
      else setTimeout(go, leg * i);
    });
  }

  /** The star system an environ (by entity id) lies in. */
  private systemOf(environ: number): string | undefined {
    const id = this.refs[environ]?.id;
    const where = id ? this.galaxy.layout.environIndex.get(id) : undefined;
    return where ? this.galaxy.layout.planets[where.planet]?.system : undefined;
  }

  /**
   * The end of a game: a fanfare when the side watched wins, the falling phrase when it loses. Watching
   * everything, the game is told from the Rebellion's side (its win is the fanfare).
   */
  private endSound(winner: string): SoundName {
    const watched = (this.view?.side as string | null | undefined) ?? 'rebel';
    return winner === watched ? 'victory' : 'defeat';
  }

  private appendLog(events: GameEvent[], animate: boolean): void {
    const list = this.el.logList as HTMLElement;
    const frag = document.createDocumentFragment();
    let animated = 0;
    for (const e of events) {
      this.log.push(e);
      const li = document.createElement('li');
      li.className = `ev ev-${e.kind.replace(/[^a-z0-9-]/gi, '')}`;
      li.innerHTML = `<span class="t">T${e.turn}</span> ${esc(e.text)}${e.rule ? ` <span class="rule">${esc(e.rule)}</span>` : ''}`;
      if (e.entities?.length) {
        li.classList.add('has-place');
        li.addEventListener('click', () => {
          const pos = new Vector3();
          for (const eid of e.entities ?? []) if (this.galaxy.positionOf(eid, pos)) return this.galaxy.flyTo(pos, 9);
        });
      }
      frag.appendChild(li);
      if (animate && animated < 10 && e.kind !== 'move' && e.kind !== 'movement') {
        const at = this.galaxy.animateEvent(e);
        if (at) animated++;
        if (at && this.follow && effectFor(e.kind).follow) this.followTo(at);
      } else if (animate && this.follow && (e.kind === 'move' || e.kind === 'movement')) {
        const pos = new Vector3();
        for (const eid of e.entities ?? []) if (this.galaxy.positionOf(eid, pos)) {
          this.followTo(pos);
          break;
        }
      }
    }
    list.appendChild(frag);
    while (list.childElementCount > LOG_LIMIT) list.firstElementChild?.remove();
    if (this.log.length > LOG_LIMIT * 2) this.log.splice(0, this.log.length - LOG_LIMIT);
    list.scrollTop = list.scrollHeight;
  }

  /** "Follow the action": fly to where things happen, at most every 1.5 s so the camera stays calm. */
  private followTo(pos: Vector3): void {
    const now = performance.now();
    if (now - this.lastFollow < 1500) return;
    this.lastFollow = now;
    this.galaxy.flyTo(pos, 11);
  }

  private flyToArea(scenarioId: string): void {
    const scenario = this.content.scenarios.get(scenarioId);
    if (!scenario) return;
    if (this.content.systems.has(scenario.area)) return this.galaxy.focusSystem(scenario.area);
    // a province's systems, or the whole galaxy's for a galactic scenario
    const systems = this.galaxy.layout.systems.filter((s) => scenario.kind === 'galactic' || s.def.province === scenario.area);
    if (!systems.length) return;
    const centre = new Vector3();
    for (const s of systems) centre.add(s.position);
    centre.divideScalar(systems.length);
    let r = 10;
    for (const s of systems) r = Math.max(r, s.position.distanceTo(centre) + s.def.drift.outer);
    this.galaxy.flyTo(centre, r * 2.6);
  }

  // ------------------------------------------------------------------ HUD, panel, labels

  /**
   * The victory meter opens the points by source: each planet that scores and each kill, capture and
   * gathering of information on its own line, as the score the shown view carries says.
   */
  private showVpBreakdown(on: boolean): void {
    const box = this.el.vpBreakdown as HTMLElement;
    const v = this.view;
    if (!on || !v) {
      box.hidden = true;
      return;
    }
    const target = this.content.scenarios.get(v.scenario)?.victory.rebelPoints ?? 0;
    const sc = v.score as { rebelPoints?: unknown };
    const lines = scoreLines(v.score);
    box.innerHTML = `<h3>Rebel victory points${typeof sc.rebelPoints === 'number' ? `: ${sc.rebelPoints}${target ? ` of ${target}` : ''}` : ''}</h3>${
      lines.length ? `<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : '<p class="muted">Nothing scores yet.</p>'
    }<p class="muted small">Click the meter again, or Esc, to close.</p>`;
    box.hidden = false;
    // under the meter (both in the HUD, so in the same units at any UI scale), inside the page
    const score = this.el.score as HTMLElement;
    const hudWidth = (this.el.hud as HTMLElement).clientWidth;
    box.style.left = `${Math.max(8, Math.min(score.offsetLeft, hudWidth - box.offsetWidth - 8))}px`;
    box.style.top = `${score.offsetTop + score.offsetHeight + 6}px`;
  }

  private updateHud(): void {
    const v = this.view;
    const where = this.el.where as HTMLElement;
    const score = this.el.score as HTMLElement;
    if (!v) return;
    const scenario = this.content.scenarios.get(v.scenario);
    const winner = v.winner ? (v.winner === 'draw' ? 'Draw' : v.winner === 'rebel' ? 'The Rebellion wins' : 'The Empire wins') : '';
    where.innerHTML = `<b>${esc(scenario?.name ?? v.scenario)}</b> · Turn <b data-testid="turn">${v.turn}</b>/${v.turns} · <span class="segment">${esc(v.segment)}</span>${
      v.side ? ` · <i>${v.side} view</i>` : ''
    }${winner ? ` · <b class="gold">${winner}</b>` : ''}`;
    score.innerHTML = scoreHtml(v.score, scenario?.victory.rebelPoints ?? 0);
    if (!(this.el.vpBreakdown as HTMLElement).hidden) this.showVpBreakdown(true);
    (this.el.play as HTMLElement).textContent = this.playing ? 'Pause' : 'Play';
    const timeline = this.el.timeline as HTMLInputElement;
    if (this.total !== null) {
      timeline.max = String(this.total);
      timeline.value = String(this.index);
      (this.el.timelineText as HTMLElement).textContent = `${this.index} / ${this.total}`;
    }
  }

  private showPanel(sel: Selection | null): void {
    const panel = this.el.panel as HTMLElement;
    const html = sel ? panelHtml(sel, { content: this.content, view: this.view, refs: this.refs }) : null;
    panel.hidden = !html;
    if (html) (this.el.panelBody as HTMLElement).innerHTML = html;
    this.frameAroundPanels();
    this.buildStackLabels();
  }

  /** While spectating, the info panel is the one on the right (the play screen frames around its own). */
  private frameAroundPanels(): void {
    if (this.playMode) return;
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
    // from the page's foot to the top of the highest thing standing on it (the log, the spectator's bar)
    const onFoot = [this.el.log, this.el.controls].filter((el) => !(el as HTMLElement).hidden) as HTMLElement[];
    const bottom = Math.max(0, ...onFoot.map((el) => page.bottom - el.getBoundingClientRect().top));
    this.galaxy.setInsets({
      right: rightPanel ? Math.max(0, page.right - rightPanel.getBoundingClientRect().left) : 0,
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

  /** Which planets' pips the system labels show now (see systemPips). */
  private pipsShown = '';

  private buildSystemLabels(): void {
    for (const l of this.labels) l.remove();
    this.labels = [];
    this.systemBoxes = [];
    this.nameBoxes = [];
    const layer = this.el.labels as HTMLElement;
    for (const s of this.galaxy.layout.systems) {
      const el = document.createElement('div');
      el.className = 'label system-label';
      el.textContent = s.def.name;
      // one pip per planet, coloured by the game's view (systemPips): who holds what, at a glance
      const pips = document.createElement('span');
      pips.className = 'pips';
      for (const planet of this.content.galaxy.planets.filter((p) => p.system === s.id)) {
        const pip = document.createElement('i');
        pip.dataset.planet = planet.id;
        pips.appendChild(pip);
      }
      el.appendChild(pips);
      el.style.setProperty('--c', `#${s.provinceColor.getHexString()}`);
      el.dataset.system = s.id;
      el.addEventListener('click', () => this.galaxy.pick({ kind: 'system', id: s.id }));
      layer.appendChild(el);
      this.labels.push(el);
      this.systemBoxes.push(hiddenBox());
    }
    for (const p of this.galaxy.layout.planets) {
      const el = document.createElement('div');
      el.className = 'label planet-label';
      el.textContent = p.def.name;
      el.dataset.planet = p.id;
      el.addEventListener('click', () => this.galaxy.activate({ kind: 'planet', id: p.id }));
      layer.appendChild(el);
      this.labels.push(el);
      this.nameBoxes.push(hiddenBox());
    }
    this.mapLabels = [...this.systemBoxes, ...this.nameBoxes, ...this.badgeBoxes];
  }

  /**
   * Each system label's pips, one per planet in play: its loyalty's colour [15.1], ringed red under Rebel
   * control and pulsing in rebellion [15.5], hollow for a secret planet the Empire has not discovered; the
   * pip's title says it in words. Planets out of play (or no game) leave their pips blank.
   */
  private systemPips(view: GameView | null): void {
    const byId = new Map((view?.planets ?? []).map((p) => [p.id, p]));
    // a label's size is measured once (measureOnce): when pips come or go, measure the labels again
    const shownNow = (view?.planets ?? []).filter((p) => p.inPlay).map((p) => p.id).join();
    if (shownNow !== this.pipsShown) {
      this.pipsShown = shownNow;
      for (const box of this.systemBoxes) box.width = 0;
    }
    for (const pip of (this.el.labels as HTMLElement).querySelectorAll<HTMLElement>('.system-label .pips i')) {
      const p = byId.get(pip.dataset.planet ?? '');
      const shown = !!p?.inPlay;
      pip.className = shown ? `state-${p.state}${p.unknownToEmpire ? ' secret' : ''}${p.rebelBase ? ' base' : ''}` : 'blank';
      pip.style.setProperty('--c', shown ? LOYALTY_COLORS[p.loyalty] : 'transparent');
      const name = this.content.planets.get(pip.dataset.planet ?? '')?.name ?? '';
      pip.title = shown ? `${name}: ${p.loyalty}, ${STATE_LABELS[p.state].toLowerCase()}${p.unknownToEmpire ? ', unknown to the Empire' : ''}${p.rebelBase ? ', the Rebel base' : ''}` : name;
    }
  }

  /** Stack icons with counts; each shows only when the camera is close to its planet (see placeLabels). */
  private buildStackLabels(): void {
    for (const l of this.stackLabels) l.remove();
    this.stackLabels = [];
    const layer = this.el.labels as HTMLElement;
    for (const s of this.galaxy.stacks) {
      if (!this.content.environs.has(s.environ)) continue;
      const el = document.createElement('div');
      el.className = `label stack-label side-${s.side}`;
      el.style.setProperty('--c', SIDE_COLORS[s.side] ?? '#fff');
      const units = s.units ? `<span title="military units">▲${s.units}<small>${s.strength === null ? '·?' : `·${s.strength}`}</small></span>` : '';
      const chars = s.characters ? `<span title="characters${s.undetected ? `, ${s.undetected} undetected` : ''}">◆${s.characters}${s.undetected ? '<small>?</small>' : ''}</span>` : '';
      el.innerHTML = units + chars;
      el.dataset.environ = s.environ;
      el.dataset.side = s.side;
      el.addEventListener('click', () => this.galaxy.select({ kind: 'stack', environ: s.environ, side: s.side }));
      layer.appendChild(el);
      this.stackLabels.push(el);
    }
    this.badgeBoxes = this.stackLabels.map(hiddenBox);
    this.buildDriftLabels();
    this.mapLabels = [...this.systemBoxes, ...this.nameBoxes, ...this.badgeBoxes];
    this.galaxy.takeLabelsDirty();
    this.placeLabels(true);
  }

  /** [5.22] stacks adrift after a hyperjump: a badge on their drift area's ring, one per side and area. */
  private driftLabels: { el: HTMLElement; system: string; outer: boolean; side: string }[] = [];

  private buildDriftLabels(): void {
    for (const l of this.driftLabels) l.el.remove();
    this.driftLabels = [];
    const groups = new Map<string, { system: string; outer: boolean; side: string; units: number; characters: number; ships: number }>();
    for (const d of this.view?.drifting ?? []) {
      const key = `${d.system}|${d.outer}|${d.side}`;
      const g = groups.get(key) ?? { system: d.system, outer: d.outer, side: d.side, units: 0, characters: 0, ships: 0 };
      if (d.kind === 'unit') g.units++;
      else if (d.kind === 'character') g.characters++;
      else g.ships++;
      groups.set(key, g);
    }
    const layer = this.el.labels as HTMLElement;
    for (const g of groups.values()) {
      const el = document.createElement('div');
      el.className = `label stack-label drift-label side-${g.side}`;
      el.style.setProperty('--c', SIDE_COLORS[g.side] ?? '#fff');
      const where = `${g.outer ? 'outer drift area of' : 'drift area of the sun of'} ${this.content.systems.get(g.system)?.name ?? g.system}`;
      el.title = `Adrift after a hyperjump, in the ${where} [5.22]`;
      el.dataset.testid = 'drift-label';
      el.innerHTML = `≈ ${g.units ? `▲${g.units} ` : ''}${g.characters ? `◆${g.characters} ` : ''}<small>${g.ships ? 'ship ' : ''}adrift</small>`;
      layer.appendChild(el);
      this.driftLabels.push({ el, system: g.system, outer: g.outer, side: g.side });
    }
  }

  /** The drift badges on their rings: the Rebel's on one side of the sun, the Empire's on the other. */
  private placeDriftLabels(): void {
    const L = this.galaxy.layout;
    for (const d of this.driftLabels) {
      const s = L.systems[L.systemIndex.get(d.system) ?? -1];
      let shown = false;
      if (s) {
        this.tmp3.copy(driftPoint(s.position, d.outer ? s.def.drift.outer : s.def.drift.inner, d.side));
        shown = this.galaxy.cameraDistanceTo(s.position) < s.def.drift.outer * 12 && this.galaxy.project(this.tmp3, this.tmp2);
      }
      d.el.style.display = shown ? '' : 'none';
      if (shown) d.el.style.transform = `translate(${this.tmp2.x.toFixed(1)}px, ${this.tmp2.y.toFixed(1)}px) translate(-50%, -50%)`;
    }
  }

  /** Move the labels to their objects' screen positions, only when the camera or the view changed. */
  private placeLabels(force = false): void {
    if (!this.galaxy.takeLabelsDirty() && !force) return;
    const L = this.galaxy.layout;
    const target = this.galaxy.controls.target;
    const camDist = this.galaxy.camera.position.distanceTo(target);
    let i = 0;
    L.systems.forEach((s, n) => {
      const el = this.labels[i++] as HTMLElement;
      // kept as a box too, so the play screen's markers keep off system names (seen mid-flight)
      const box = this.systemBoxes[n] as ScreenBox;
      box.visible = this.galaxy.project(s.position, this.tmp2);
      el.style.display = box.visible ? '' : 'none';
      if (!box.visible) return;
      const top = this.tmp2.y + 12;
      el.style.transform = `translate(${this.tmp2.x.toFixed(1)}px, ${top.toFixed(1)}px) translate(-50%, 0)`;
      el.classList.toggle('dim', camDist < 30 && s.position.distanceTo(target) > 12);
      measureOnce(box, el);
      box.x = this.tmp2.x;
      box.y = top + box.height / 2;
    });
    // Stack badges ring their planet in the plane of the system, one on each environ's sector...
    const sides: Record<string, number> = { rebel: 1, imperial: -1 };
    const planetOfBadge: string[] = [];
    this.stackLabels.forEach((el, n) => {
      const box = this.badgeBoxes[n] as ScreenBox;
      box.visible = false;
      const where = L.environIndex.get(el.dataset.environ ?? '');
      const p = where ? L.planets[where.planet] : undefined;
      const e = where && p ? p.environs[where.environ] : undefined;
      if (p && e) {
        planetOfBadge[n] = p.id;
        const a = e.angle + (sides[el.dataset.side ?? ''] ?? 0) * e.span * 0.22;
        const r = badgeRadius(p, e);
        this.tmp3.set(p.position.x + Math.cos(a) * r, p.position.y, p.position.z + Math.sin(a) * r);
        box.visible = this.galaxy.cameraDistanceTo(p.position) < 30 && this.galaxy.project(this.tmp3, this.tmp2);
      }
      el.style.display = box.visible ? '' : 'none';
      if (!box.visible) return;
      measureOnce(box, el);
      box.x = this.tmp2.x;
      box.y = this.tmp2.y;
    });
    this.placeDriftLabels();
    // ...nudged apart where neighbouring environs' badges would cover each other (a small planet)
    spreadMarkers(this.badgeBoxes);
    const highestBadge = new Map<string, number>();
    this.stackLabels.forEach((el, n) => {
      const box = this.badgeBoxes[n] as ScreenBox;
      const planet = planetOfBadge[n];
      if (!box.visible || planet === undefined) return;
      el.style.transform = `translate(${box.x.toFixed(1)}px, ${box.y.toFixed(1)}px) translate(-50%, -50%)`;
      highestBadge.set(planet, Math.min(highestBadge.get(planet) ?? Infinity, box.y));
    });
    // A planet's name goes above the planet, and above the badges shown over it, never under one.
    L.planets.forEach((p, n) => {
      const el = this.labels[i++] as HTMLElement;
      const box = this.nameBoxes[n] as ScreenBox;
      const near = this.galaxy.cameraDistanceTo(p.position) < 22;
      box.visible = near && this.galaxy.project(p.position, this.tmp2);
      el.style.display = box.visible ? '' : 'none';
      if (!box.visible) return;
      const x = this.tmp2.x;
      const bottom = Math.min(this.tmp2.y - 26, this.planetTop(p) - 4, (highestBadge.get(p.id) ?? Infinity) - 12);
      el.style.transform = `translate(${x.toFixed(1)}px, ${bottom.toFixed(1)}px) translate(-50%, -100%)`;
      measureOnce(box, el);
      box.x = x;
      box.y = bottom - box.height / 2;
    });
  }

  /**
   * The highest point on the screen of a planet and its environ rings (seen close, they are large, and a
   * name a fixed step above the planet's centre would sit on them).
   */
  private planetTop(p: PlanetLayout): number {
    let ring = p.radius;
    for (const e of p.environs) ring = Math.max(ring, e.outer);
    let top = Infinity;
    for (let k = 0; k < 8; k++) {
      const a = (k / 8) * Math.PI * 2;
      this.tmp3.set(p.position.x + Math.cos(a) * ring, p.position.y, p.position.z + Math.sin(a) * ring);
      if (this.galaxy.project(this.tmp3, this.tmpTop)) top = Math.min(top, this.tmpTop.y);
    }
    return top;
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

  /** Hooks for the browser tests and the bench: measured, never poking the scene's insides. */
  hooks() {
    const g = this.galaxy;
    return {
      renderFrame: () => g.renderFrame(),
      stats: () => g.stats(),
      /** Mean ms to render one galaxy frame plus a 1-pixel readPixels (forces the GPU to finish). */
      frameMs: (frames = 100) => timeFrames(g.renderer, () => g.renderFrame(), frames),
      referenceFrameMs: (frames = 100) => timeReferenceFrame(g, frames),
      home: () => g.home(true),
      setFollow: (on: boolean) => {
        this.follow = on;
        (this.el.follow as HTMLInputElement).checked = on;
      },
      select: (sel: Selection | null) => g.activate(sel),
      /** Build a second galaxy off-page, draw it, dispose it: what its renderer still holds afterwards. */
      leakCheck: () => {
        const host = document.createElement('div');
        host.style.cssText = 'position:absolute;width:320px;height:180px;left:-9999px';
        document.body.appendChild(host);
        const other = new GalaxyScene(this.content, host);
        other.setView(this.view, this.refs);
        other.renderFrame();
        const before = { ...other.renderer.info.memory };
        other.dispose();
        const after = { ...other.renderer.info.memory };
        host.remove();
        return { before, after };
      },
      setLayerVisible: (name: string, visible: boolean) => g.setLayerVisible(name, visible),
      focusPlanet: (id: string) => g.focusPlanet(id, true),
      focusSystem: (id: string) => {
        g.focusSystem(id, true);
        g.controls.update();
      },
      /** Screen position of a system's star, to click it like a player. */
      screenOf: (id: string) => {
        const s = g.layout.systems[g.layout.systemIndex.get(id) ?? -1];
        g.controls.update();
        g.camera.updateMatrixWorld();
        return s && g.project(s.position, new Vector2()) ? (() => { const v = new Vector2(); g.project(s.position, v); const r = g.renderer.domElement.getBoundingClientRect(); return { x: v.x + r.left, y: v.y + r.top }; })() : null;
      },
      watch: (opts: Parameters<App['watch']>[0]) => this.watch(opts),
      /** The conquest screen's facts (null before it is first opened). */
      conquestState: () => this.conquest?.state() ?? null,
      /** Start a conquest game without the setup screen (the screenshots). */
      conquestStart: async (setup: Parameters<ConquestScreen['start']>[0], speed = 1) => (await this.openConquest()).startFromHook(setup, speed),
      /** The solitaire screen's facts (null before it is first opened). */
      solitaireState: () => this.solitaire?.state() ?? null,
      /** Start a solitaire game without the setup screen (the screenshots). */
      solitaireStart: async (setup: Parameters<SolitaireScreen['start']>[0], speed = 1) => (await this.openSolitaire()).startFromHook(setup, speed),
      playState: () => this.play.state(),
      loadReplay: (text: string) => this.loadReplay(text),
      resumeSave: (text: string) => this.resumeSave(text),
      hash: () => this.hash,
      /** Where the camera looks, how far from it, and the screen box of a planet with its environ rings (framing tests). */
      camera: (planet?: string) => {
        const p = planet ? g.layout.planets[g.layout.planetIndex.get(planet) ?? -1] : undefined;
        let box: { left: number; right: number; top: number; bottom: number } | null = null;
        if (p) {
          const ring = Math.max(p.radius, ...p.environs.map((e) => e.outer));
          const v = new Vector2();
          const at = new Vector3();
          box = { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity };
          for (let k = 0; k < 16; k++) {
            const a = (k / 16) * Math.PI * 2;
            at.set(p.position.x + Math.cos(a) * ring, p.position.y, p.position.z + Math.sin(a) * ring);
            if (!g.project(at, v)) continue;
            box = { left: Math.min(box.left, v.x), right: Math.max(box.right, v.x), top: Math.min(box.top, v.y), bottom: Math.max(box.bottom, v.y) };
          }
        }
        return { distance: g.camera.position.distanceTo(g.controls.target), focusedSystem: g.focusedSystem, flying: g.flying, planetBox: box, framed: this.play.framedPlanets };
      },
      pause: () => this.send({ type: 'pause' }),
      flyToArea: (scenario: string) => this.flyToArea(scenario),
      settings: () => ({ ...this.settings }),
      galaxySettings: () => ({ animationSpeed: g.animationSpeed, cameraSensitivity: g.cameraSensitivity, labels: !(this.el.labels as HTMLElement).hidden }),
      showSettings: (on: boolean) => this.settingsPanel.show(on),
      showSaves: (on: boolean) => this.savesPanel.show(on),
      showPlanets: (on: boolean) => this.overviewPanel.show(on),
      saves: () => this.saves.list(),
      audioStatus: () => this.audio.status?.() ?? null,
      state: () => ({ turn: this.view?.turn ?? 0, segment: this.view?.segment ?? '', winner: this.view?.winner ?? null, index: this.index, total: this.total, playing: this.playing, turnsWatched: this.turnsWatched, error: this.lastError, info: this.info }),
      /** Mean and variance of the rendered picture's brightness (a blank canvas has variance 0). */
      pixelStats: () => {
        g.renderFrame();
        const src = g.renderer.domElement;
        const c = document.createElement('canvas');
        c.width = 320;
        c.height = 180;
        const ctx = c.getContext('2d') as CanvasRenderingContext2D;
        ctx.drawImage(src, 0, 0, c.width, c.height);
        const data = ctx.getImageData(0, 0, c.width, c.height).data;
        let sum = 0;
        let sum2 = 0;
        const n = data.length / 4;
        for (let i = 0; i < data.length; i += 4) {
          const v = ((data[i] as number) + (data[i + 1] as number) + (data[i + 2] as number)) / 3;
          sum += v;
          sum2 += v * v;
        }
        const mean = sum / n;
        return { mean, variance: sum2 / n - mean * mean };
      },
      heapMB: () => ((performance as Performance & { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) / 1048576,
      setQuality: (name: string) => {
        (this.el.quality as HTMLSelectElement).value = name;
        return g.setQuality(QUALITY_PRESETS[name] ?? (QUALITY_PRESETS.default as Quality));
      },
    };
  }
}

function sideOf(value: string): SideId | null {
  return value === 'rebel' || value === 'imperial' ? value : null;
}

/**
 * The score as a small victory meter: Rebel points against the scenario's target, the ruleset's own
 * one-line summary beside it, and where the points come from, line by line, on hover.
 */
function scoreHtml(score: GameView['score'], target: number): string {
  const points = typeof score.rebelPoints === 'number' ? score.rebelPoints : typeof score.points === 'number' ? score.points : null;
  const meter =
    points !== null && target > 0
      ? `<span class="meter" title="Rebel victory points ${points} of ${target}"><span style="width:${Math.max(0, Math.min(100, (points / target) * 100)).toFixed(0)}%"></span></span>`
      : '';
  // the galactic game: the Empire's Chaos Index on a meter of its own, its victory level beside it
  const chaos =
    typeof score.chaos === 'number'
      ? ` <span class="meter chaos" title="Chaos Index ${score.chaos} of 100: the Empire stands at ${esc(String(score.level ?? ''))}"><span style="width:${Math.max(0, Math.min(100, score.chaos)).toFixed(0)}%"></span></span> <span class="chaos-text" data-testid="chaos">Chaos <b>${score.chaos}</b> · ${esc(String(score.level ?? ''))}</span>`
      : '';
  const breakdown = scoreLines(score).join('\n');
  const text =
    typeof score.text === 'string'
      ? esc(score.text)
      : Object.entries(score)
          .filter(([, v]) => typeof v === 'number' || typeof v === 'string')
          .map(([k, v]) => `${esc(k.replace(/([A-Z])/g, ' $1').toLowerCase())} <b>${esc(String(v))}</b>`)
          .join(' · ');
  return `${meter}<span data-testid="score" title="${esc(breakdown)}">${text}</span>${chaos}`;
}

function hiddenBox(): ScreenBox {
  return { x: 0, y: 0, width: 0, height: 0, visible: false };
}

/** A label's size never changes once built: read it from the page once, the first time it is shown. */
function measureOnce(box: ScreenBox, el: HTMLElement): void {
  if (!box.width) [box.width, box.height] = [el.offsetWidth, el.offsetHeight];
}

/** [5.22] where a side's stack adrift is drawn: on its drift area's ring, the Rebel's on one side of the sun, the Empire's on the other. */
function driftPoint(centre: Vector3, radius: number, side: string): Vector3 {
  const a = side === 'rebel' ? -Math.PI / 4 : (3 * Math.PI) / 4;
  return new Vector3(centre.x + Math.cos(a) * radius, centre.y, centre.z + Math.sin(a) * radius);
}
