/**
 * The solitaire setup screen [001]: the scenario (six, each with its description, turns and victory
 * levels) and its Sweep of Empire variant, the optional rules (a scenario's own are always in play), the
 * seed, and who plays the Emperor: you, or an AI from the registry (a game to watch, with pause, step
 * and speed). Whatever is wrong is said above the buttons and Start waits.
 */
import type { Content } from '../../core/content/validate';
import { SOLITAIRE_AGENTS } from '../../ai/solitaire/registry';
import { OPTIONAL_RULES, solitaireContent, type OptionalRule } from '../../../systems/solitaire/content';
import { esc } from '../html';
import { capital, randomSeed, resumeFromFile } from '../game-screen/setup';
import { setupProblem, type SolitaireSetup } from './session';

/** AI speeds offered at the start (the game's own controls offer more). */
export const START_SPEEDS: { value: number; label: string }[] = [
  { value: 1, label: 'normal (a pace you can follow)' },
  { value: 4, label: 'fast' },
  { value: 0, label: 'at once' },
];

const RULE_TEXT: Record<OptionalRule, { name: string; text: string }> = {
  expeditions: { name: 'Expeditions', text: 'Expedition Possible markers: Imperial units in the sector may explore for riches, or all be lost.' },
  illumination: { name: 'Illumination and Suppression', text: 'Repression and Illumination markers to buy (Repression suppresses rebellions, usurpers, invasions, breakaway empires; an illuminated sector defends better and holds against one Rebellion), and the Enlightenment and Elites markers.' },
  'trans-humans': { name: 'Trans-humans', text: 'Trans-humans appear, with strengths rolled anew every turn: the Empire never knows what they can do.' },
};

export class SolitaireSetupScreen {
  private scenario = '';
  private sweep = false;

  constructor(
    readonly el: HTMLElement,
    readonly content: Content,
    private readonly on: {
      start(setup: SolitaireSetup, speed: number): void;
      cancel(): void;
      /** Resume a saved game (an imported file's text); returns why it cannot be, or null. */
      resume(text: string, speed: number): string | null;
    },
  ) {
    el.addEventListener('change', (e) => {
      const t = e.target as HTMLInputElement;
      if (t.type === 'file') void resumeFromFile(t, (text) => this.on.resume(text, Number(this.get('speed').value)), () => this.get('problem'));
      else this.onChange(t);
    });
    el.addEventListener('click', (e) => this.onClick(e));
  }

  /** The six scenarios (their Sweep of Empire variants are a checkbox). */
  private bases() {
    return [...solitaireContent(this.content).scenarios.values()].filter((s) => !s.sweep);
  }

  show(): void {
    const bases = this.bases();
    if (!this.scenario) this.scenario = bases[0]?.id ?? '';
    const agents = Object.keys(SOLITAIRE_AGENTS);
    this.el.innerHTML = `
      <h2>Solitaire — the Emperor against Chaos</h2>
      <p class="muted">You are the Emperor. Usurpers, independent empires, invaders, rebels and aliens rise from chaos itself, and act by the dice. Hold the galaxy together until the last turn: your victory points (a point per Imperial system, and up to 10 as the Chaos Index stays low) say how well.</p>
      <div class="sol-field"><span class="sol-fname">Scenario</span><div class="sol-scenarios">${bases
        .map(
          (s) => `<label class="sol-scenario" data-testid="sol-scenario"><input type="radio" name="sol-scenario" value="${esc(s.id)}"${s.id === this.scenario ? ' checked' : ''}>
            <span><span class="sol-sc-head"><b>${s.number}. ${esc(s.name)}</b> <span class="muted small">${s.turns} turns · Chaos Index ${s.index}${s.options.length ? ` · ${s.options.map((o) => RULE_TEXT[o].name).join(', ')}` : ''}</span></span>
            <span class="sol-desc">${esc(s.description)}</span>
            <span class="sol-levels small">${levelsHtml(s.levels)}</span></span></label>`,
        )
        .join('')}
        <label class="sol-check sol-sweep"><input type="checkbox" data-sol="sweep"${this.sweep ? ' checked' : ''} data-testid="sol-sweep"> <b>Sweep of Empire</b> <span class="muted small">the same start, played on past the last turn until a Universal Victory: every sector Imperial and the Chaos Index at 10 or less</span></label>
      </div></div>
      <div class="sol-field"><span class="sol-fname">Optional rules</span><div data-sol="rules">${OPTIONAL_RULES.map(
        (r) => `<label class="sol-check"><input type="checkbox" data-rule="${r}"> <b>${RULE_TEXT[r].name}</b> <span class="muted small" data-rule-note="${r}">${esc(RULE_TEXT[r].text)}</span></label>`,
      ).join('')}</div></div>
      <div class="sol-field"><span class="sol-fname">The Emperor</span><div class="sol-row">
        <select data-sol="emperor" aria-label="Who plays the Emperor" data-testid="sol-emperor"><option value="human">You</option>${agents.map((a) => `<option value="${esc(a)}">AI ${esc(a)} (watch it play)</option>`).join('')}</select>
        <label class="sol-inline" data-sol="place-row" title="001's scenarios let the Emperor place his starting forces; unticked, the computer spreads them"><input type="checkbox" data-sol="place" data-testid="sol-place"> place my starting forces myself</label>
        <label class="sol-inline" data-sol="speed-row">AI speed <select data-sol="speed">${START_SPEEDS.map((s) => `<option value="${s.value}">${esc(s.label)}</option>`).join('')}</select></label>
      </div></div>
      <div class="sol-field"><span class="sol-fname">Seed</span><div class="sol-row"><input data-sol="seed" size="10" value="${randomSeed()}" aria-label="Seed" title="The same seed and choices play the same game" data-testid="sol-seed"> <button data-sol="reroll" title="A new random seed">new</button></div></div>
      <p class="sol-problem" data-sol="problem" data-testid="sol-problem" role="alert"></p>
      <div class="buttons"><button data-sol="cancel">Back</button><label class="button" title="Resume a solitaire game exported to a file">Resume from a file… <input type="file" accept=".json,application/json" data-testid="sol-import" hidden></label><button class="primary" data-sol="start" data-testid="sol-start">Start the game</button></div>`;
    this.refresh();
    this.el.hidden = false;
  }

  hide(): void {
    this.el.hidden = true;
  }

  private get(name: string): HTMLInputElement {
    return this.el.querySelector(`[data-sol="${name}"]`) as HTMLInputElement;
  }

  /** The setup as chosen now. */
  setup(): SolitaireSetup {
    const rules = OPTIONAL_RULES.filter((r) => {
      const box = this.el.querySelector<HTMLInputElement>(`[data-rule="${r}"]`);
      return !!box && box.checked && !box.disabled;
    });
    return {
      scenario: this.sweep ? `${this.scenario}-sweep` : this.scenario,
      seed: this.get('seed').value.trim() || randomSeed(),
      rules,
      emperor: this.get('emperor').value,
      placeByHand: this.get('emperor').value === 'human' && this.get('place').checked,
    };
  }

  private refresh(): void {
    const base = solitaireContent(this.content).scenarios.get(this.scenario);
    // a scenario's own optional rules are always in play
    for (const r of OPTIONAL_RULES) {
      const box = this.el.querySelector<HTMLInputElement>(`[data-rule="${r}"]`);
      if (!box) continue;
      const own = !!base?.options.includes(r);
      if (own) box.checked = true;
      else if (box.disabled) box.checked = false;
      box.disabled = own;
      box.closest('label')?.classList.toggle('own', own);
      const note = this.el.querySelector(`[data-rule-note="${r}"]`);
      if (note) note.textContent = own ? `${RULE_TEXT[r].text} (in this scenario)` : RULE_TEXT[r].text;
    }
    for (const row of this.el.querySelectorAll<HTMLElement>('.sol-scenario')) row.classList.toggle('chosen', row.querySelector('input')?.value === this.scenario);
    const setup = this.setup();
    (this.get('speed-row') as HTMLElement).hidden = setup.emperor === 'human';
    (this.get('place-row') as HTMLElement).hidden = setup.emperor !== 'human';
    const problem = setupProblem(this.content, setup);
    const el = this.get('problem');
    el.textContent = problem ? capital(problem) + '.' : setup.emperor === 'human' ? '' : `You watch the AI ${setup.emperor} play the Emperor, with pause, step and speed.`;
    el.classList.toggle('note', !problem);
    (this.get('start') as unknown as HTMLButtonElement).disabled = problem !== null;
  }

  private onChange(t: HTMLInputElement): void {
    if (t.name === 'sol-scenario') this.scenario = t.value;
    if (t.dataset.sol === 'sweep') this.sweep = t.checked;
    this.refresh();
  }

  private onClick(e: Event): void {
    const t = (e.target as HTMLElement).closest('button');
    if (!t) return;
    if (t.dataset.sol === 'reroll') this.get('seed').value = randomSeed();
    else if (t.dataset.sol === 'cancel') this.on.cancel();
    else if (t.dataset.sol === 'start') {
      const setup = this.setup();
      if (setupProblem(this.content, setup)) return this.refresh();
      this.on.start(setup, Number(this.get('speed').value));
    }
  }
}

/** The scenario's victory levels: the points each needs. */
export function levelsHtml(levels: { decline: number; survival: number; expanding: number; galactic: number }): string {
  return `<span class="lv lv-collapse">Collapse &lt;${levels.decline}</span> <span class="lv lv-decline">Decline ${levels.decline}</span> <span class="lv lv-survival">Survival ${levels.survival}</span> <span class="lv lv-expanding">Expanding ${levels.expanding}</span> <span class="lv lv-galactic">Galactic ${levels.galactic}</span>`;
}
