/**
 * The Settings panel (lil-gui): graphics, motion and sound. Every change is remembered at once
 * (`saveSettings`) and handed to `onChange`, which applies it live (the galaxy, the spectator, the audio).
 */
import GUI, { type Controller } from 'lil-gui';
import { AI_PACE_NAMES, DEFAULT_SETTINGS, QUALITY_SETTINGS, SETTING_RANGES, saveSettings, type Settings } from './settings';
import { COACH_SETTINGS } from './coach';

export interface SettingsPanel {
  readonly gui: GUI;
  readonly visible: boolean;
  show(on: boolean): void;
  toggle(): void;
  destroy(): void;
}

export function createSettingsPanel(
  container: HTMLElement,
  settings: Settings,
  onChange: (settings: Settings, changed: keyof Settings | 'all') => void,
  storage: Pick<Storage, 'setItem'> | null = globalThis.localStorage ?? null,
): SettingsPanel {
  const gui = new GUI({ container, title: 'Settings', width: 320 });
  gui.domElement.classList.add('settings-gui');
  gui.domElement.dataset.testid = 'settings-panel';
  const changed = (key: keyof Settings | 'all') => {
    saveSettings(settings, storage);
    onChange({ ...settings }, key);
  };
  /** A slider. Graphics apply when the drag ends (a rebuild is costly); `live` ones (volumes) apply as it moves. */
  const slider = (folder: GUI, key: keyof typeof SETTING_RANGES, name: string, live = false): Controller => {
    const r = SETTING_RANGES[key];
    const c = folder.add(settings, key, r.min, r.max, r.step).name(name);
    return live ? c.onChange(() => changed(key)) : c.onFinishChange(() => changed(key));
  };

  const graphics = gui.addFolder('Graphics');
  graphics
    .add(settings, 'quality', { Low: 'low', Default: 'default', 'High (bloom)': 'high' })
    .name('Quality preset')
    .onChange(() => {
      // a preset sets the fine settings below; the player can then refine them
      Object.assign(settings, QUALITY_SETTINGS[settings.quality]);
      for (const c of gui.controllersRecursive()) c.updateDisplay();
      changed('quality');
    });
  slider(graphics, 'pixelRatio', 'Pixel ratio');
  graphics.add(settings, 'bloom').name('Bloom glow').onChange(() => changed('bloom'));
  slider(graphics, 'starfieldDensity', 'Starfield density');
  graphics.add(settings, 'labels').name('Star and planet names').onChange(() => changed('labels'));

  const display = gui.addFolder('Display');
  slider(display, 'uiScale', 'UI scale');
  display.add(settings, 'colourBlind').name('Colour-blind-safe colours').onChange(() => changed('colourBlind'));

  const motion = gui.addFolder('Motion');
  slider(motion, 'animationSpeed', 'Animation speed');
  slider(motion, 'cameraSensitivity', 'Camera sensitivity');
  // [issue 44] the opponent's turn on the map: how long each of its moves is held (off: at once)
  motion
    .add(settings, 'aiPace', Object.fromEntries(Object.entries(AI_PACE_NAMES).map(([k, v]) => [v, k])))
    .name("Opponent's moves")
    .onChange(() => changed('aiPace'));
  motion.add(settings, 'showDice').name('Show rolls as dice').onChange(() => changed('showDice'));
  // [issue 44] off: a question that cannot matter, or repeats an unchanged answer, is answered by its default
  motion.add(settings, 'askEveryTime').name('Ask me every time').onChange(() => changed('askEveryTime'));

  // [issue 56] the coach's one line on each new kind of decision
  const help = gui.addFolder('Help');
  help
    .add(settings, 'coach', Object.fromEntries(Object.entries(COACH_SETTINGS).map(([k, v]) => [v, k])))
    .name('Coach')
    .onChange(() => changed('coach'));

  const sound = gui.addFolder('Sound');
  slider(sound, 'masterVolume', 'Master volume', true);
  slider(sound, 'musicVolume', 'Ambience', true);
  slider(sound, 'effectsVolume', 'Effects', true);
  sound.add(settings, 'muted').name('Mute').onChange(() => changed('muted'));

  const actions = {
    reset() {
      Object.assign(settings, DEFAULT_SETTINGS);
      for (const c of gui.controllersRecursive()) c.updateDisplay();
      changed('all');
    },
    close() {
      panel.show(false);
    },
  };
  gui.add(actions, 'reset').name('Reset to defaults');
  gui.add(actions, 'close').name('Close');

  const panel: SettingsPanel = {
    gui,
    get visible() {
      return !gui._hidden;
    },
    show(on) {
      gui.show(on);
    },
    toggle() {
      gui.show(gui._hidden);
    },
    destroy() {
      gui.destroy();
    },
  };
  panel.show(false);
  return panel;
}
