/**
 * Hooks for the browser tests and the bench (window.__galaxy): measured, never poking the scene's
 * insides. A mode's hooks load the mode when they need it; its facts are null (or, for the play screen,
 * an inactive state) before it is first opened.
 */
import { Vector2, Vector3 } from 'three';
import { GalaxyScene, QUALITY_PRESETS, type Quality, type Selection } from '../render/galaxy-scene';
import { timeFrames, timeReferenceFrame } from '../render/reference-scene';
import type { App } from './app';
import type { ConquestScreen } from './conquest/conquest-screen';
import type { PlayScreen } from './play/play-screen';
import type { SolitaireScreen } from './solitaire/solitaire-screen';
import type { SpectatorMode, WatchOptions } from './spectator/spectator-mode';

/** The play screen's facts before it is first opened. */
const NO_PLAY = { active: false, viewer: null, decision: null, thinking: null, segment: -2, turn: 0, winner: null, privacy: false, canUndo: false, states: 0 };

export function testHooks(app: App) {
  const shell = app.shell;
  const g = shell.galaxy;
  const feed = shell.feed;
  const spectator = () => app.mode('spectator') as Promise<SpectatorMode>;
  const loaded = <M>(id: string) => app.loaded.get(id) as M | undefined;
  return {
    renderFrame: () => g.renderFrame(),
    stats: () => g.stats(),
    /** Frames the galaxy has drawn (render on demand: a still picture draws none). */
    framesDrawn: () => g.framesDrawn,
    /** The stacks of the view on show, as the map's badges count them. */
    stacks: () => g.stacks.map((st) => ({ ...st })),
    /** The frame loop asks the browser for no frames (nothing moved for a second). */
    asleep: () => g.asleep,
    /** Mean ms to render one galaxy frame plus a 1-pixel readPixels (forces the GPU to finish). */
    frameMs: (frames = 100) => timeFrames(g.renderer, () => g.renderFrame(), frames),
    referenceFrameMs: (frames = 100) => timeReferenceFrame(g, frames),
    home: () => g.home(true),
    setFollow: async (on: boolean) => {
      feed.follow = on;
      (await spectator()).setFollow(on);
    },
    select: (sel: Selection | null) => g.activate(sel),
    /** A battle's burst at a system's star, as the game feed makes one (the tests count the frames it draws). */
    flare: (system: string) => {
      const s = g.layout.systems[g.layout.systemIndex.get(system) ?? -1];
      if (s) g.animateAt('combat', s.position);
    },
    /** Build a second galaxy off-page, draw it, dispose it: what its renderer still holds afterwards. */
    leakCheck: () => {
      const host = document.createElement('div');
      host.style.cssText = 'position:absolute;width:320px;height:180px;left:-9999px';
      document.body.appendChild(host);
      const other = new GalaxyScene(app.content, host);
      other.setView(feed.view, feed.refs);
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
    watch: async (opts: WatchOptions) => (await spectator()).watch(opts),
    /** The conquest screen's facts (null before it is first opened). */
    conquestState: () => loaded<ConquestScreen>('conquest')?.state() ?? null,
    /** Start a conquest game without the setup screen (the screenshots). */
    conquestStart: async (setup: Parameters<ConquestScreen['start']>[0], speed = 1) => ((await app.openMode('conquest')) as ConquestScreen).startFromHook(setup, speed),
    /** The solitaire screen's facts (null before it is first opened). */
    solitaireState: () => loaded<SolitaireScreen>('solitaire')?.state() ?? null,
    /** Start a solitaire game without the setup screen (the screenshots). */
    solitaireStart: async (setup: Parameters<SolitaireScreen['start']>[0], speed = 1) => ((await app.openMode('solitaire')) as SolitaireScreen).startFromHook(setup, speed),
    playState: () => loaded<PlayScreen>('play')?.state() ?? NO_PLAY,
    /** The tutorial being played [issue 56]: its step, phase, and what it lights (null when none). */
    tutorialState: () => app.tutorial?.state() ?? null,
    /** Open a tutorial as the menu does, from these files if given (a tutorial that does not match the engine). */
    openTutorial: (id: string, files?: Parameters<App['openTutorial']>[1]) => app.openTutorial(id, files),
    loadReplay: async (text: string) => (await spectator()).replay(text),
    resumeSave: (text: string) => app.openSave(text, 'the save'),
    hash: () => feed.hash,
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
      return { distance: g.camera.position.distanceTo(g.controls.target), focusedSystem: g.focusedSystem, flying: g.flying, planetBox: box, framed: loaded<PlayScreen>('play')?.framedPlanets ?? [] };
    },
    pause: async () => (await spectator()).pause(),
    flyToArea: (scenario: string) => feed.flyToArea(scenario),
    settings: () => ({ ...shell.settings }),
    galaxySettings: () => ({ animationSpeed: g.animationSpeed, cameraSensitivity: g.cameraSensitivity, labels: !(shell.el.labels as HTMLElement).hidden }),
    showSettings: (on: boolean) => shell.settingsPanel.show(on),
    showSaves: (on: boolean) => shell.savesPanel.show(on),
    showPlanets: (on: boolean) => shell.overviewPanel.show(on),
    saves: () => shell.saves.list(),
    audioStatus: () => shell.audio.status?.() ?? null,
    state: () => ({ turn: feed.view?.turn ?? 0, segment: feed.view?.segment ?? '', winner: feed.view?.winner ?? null, index: feed.index, total: feed.total, playing: feed.playing, turnsWatched: feed.turnsWatched, error: shell.lastError, info: feed.info, mode: shell.current?.id ?? null }),
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
      (shell.el.quality as HTMLSelectElement).value = name;
      return g.setQuality(QUALITY_PRESETS[name] ?? (QUALITY_PRESETS.default as Quality));
    },
  };
}
