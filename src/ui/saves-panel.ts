/**
 * The Saves panel: save the game under a name, the list of saves (scenario, turn, time) with Load and
 * Delete, and export/import as files. It only talks to the save store and to the page's actions; what
 * a save contains is checked by the engine when it is loaded (a broken file gets a message, the game stays).
 */
import { isAutosaveName, readSaveFile, type SaveStore } from './saves';
import { esc } from './html';

export interface SavesActions {
  /** Keep the current game in the store under `name`. */
  save(name: string): void;
  /** Load a save's text (from the store or a file) and resume it. */
  load(text: string, from: string): void;
  /** Offer the current game as a file download. */
  exportCurrent(): void;
  /** Whether there is a game to save or export. */
  hasGame(): boolean;
  scenarioName(id: string): string;
  /** A click's sound. */
  click?(): void;
}


export class SavesPanel {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private readonly note: HTMLElement;
  private readonly nameInput: HTMLInputElement;

  constructor(
    container: HTMLElement,
    readonly store: SaveStore,
    readonly actions: SavesActions,
  ) {
    const el = document.createElement('section');
    el.className = 'saves-panel';
    el.dataset.testid = 'saves-panel';
    el.hidden = true;
    el.innerHTML = `
      <header><h2>Saves</h2><button class="close" data-act="close" title="Close">×</button></header>
      <form class="save-as" data-act="save-form">
        <input name="name" placeholder="Name this save" maxlength="40" data-testid="save-name" aria-label="Save name">
        <button type="submit" data-testid="save-button">Save</button>
      </form>
      <ol class="save-list" data-testid="save-list"></ol>
      <footer>
        <button data-act="export" data-testid="export-save">Export to a file</button>
        <label class="button">Import a file… <input type="file" accept=".json,application/json" data-testid="import-save" hidden></label>
      </footer>
      <p class="save-note" role="status" data-testid="save-note"></p>`;
    container.appendChild(el);
    this.element = el;
    this.list = el.querySelector('.save-list') as HTMLElement;
    this.note = el.querySelector('.save-note') as HTMLElement;
    this.nameInput = el.querySelector('input[name="name"]') as HTMLInputElement;

    el.querySelector('[data-act="close"]')?.addEventListener('click', () => this.show(false));
    el.querySelector('form')?.addEventListener('submit', (e) => {
      e.preventDefault();
      const name = this.nameInput.value.trim();
      if (!name) return this.say('Give the save a name first.', true);
      if (isAutosaveName(name)) return this.say('Names starting with "autosave" are kept for the automatic saves; choose another name.', true);
      if (!actions.hasGame()) return this.say('There is no game to save yet.', true);
      actions.click?.();
      actions.save(name);
      this.nameInput.value = '';
    });
    el.querySelector('[data-act="export"]')?.addEventListener('click', () => {
      if (!actions.hasGame()) return this.say('There is no game to export yet.', true);
      actions.click?.();
      actions.exportCurrent();
    });
    el.querySelector('input[type="file"]')?.addEventListener('change', async (e) => {
      const input = e.target as HTMLInputElement;
      const file = input.files?.[0];
      input.value = '';
      if (!file) return;
      const read = await readSaveFile(file);
      if (!read.ok) return this.say(read.message, true);
      actions.load(read.text, `"${file.name}"`);
    });
    this.list.addEventListener('click', (e) => {
      const button = (e.target as HTMLElement).closest('button');
      const name = button?.closest<HTMLElement>('[data-save]')?.dataset.save;
      if (!button || name === undefined) return;
      actions.click?.();
      if (button.dataset.act === 'load') {
        const text = store.load(name);
        if (text === null) return this.say(`The save "${name}" is gone.`, true), this.refresh();
        actions.load(text, `the save "${name}"`);
      } else if (button.dataset.act === 'delete') {
        store.remove(name);
        this.say(`Deleted "${name}".`);
        this.refresh();
      }
    });
  }

  get visible(): boolean {
    return !this.element.hidden;
  }

  show(on: boolean): void {
    this.element.hidden = !on;
    if (on) {
      this.say('');
      this.refresh();
    }
  }

  toggle(): void {
    this.show(!this.visible);
  }

  /** Redraw the list from the store (newest first; the autosave marked). */
  refresh(): void {
    const entries = this.store.list();
    this.list.innerHTML = entries.length
      ? entries
          .map(
            (e) => `<li data-save="${esc(e.name)}">
              <div class="save-title">${isAutosaveName(e.name) ? '<span class="pill">auto</span> ' : ''}${esc(e.name)}</div>
              <div class="save-meta">${esc(e.title ?? this.actions.scenarioName(e.scenario))} · ${e.ruleset === 'conquest' ? 'round' : 'turn'} ${e.turn} · ${esc(when(e.savedAt))}</div>
              <div class="save-meta save-who">${e.played ? esc(e.who ?? 'played') : 'watched (AI against AI)'}</div>
              <div class="save-buttons"><button data-act="load">Load</button><button data-act="delete" title="Delete this save">Delete</button></div>
            </li>`,
          )
          .join('')
      : '<li class="empty">No saves yet. The game autosaves as you play.</li>';
  }

  /** A line under the list: what happened, or what went wrong (and where). */
  say(text: string, problem = false): void {
    this.note.textContent = text;
    this.note.classList.toggle('problem', problem);
  }
}

/** "today 14:05", "yesterday 09:12" or a date: readable at a glance. */
export function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'some time ago';
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const today = new Date();
  const days = Math.round((new Date(today.toDateString()).getTime() - new Date(d.toDateString()).getTime()) / 86_400_000);
  if (days === 0) return `today ${time}`;
  if (days === 1) return `yesterday ${time}`;
  return `${d.toLocaleDateString()} ${time}`;
}
