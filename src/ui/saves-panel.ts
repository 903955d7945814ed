/**
 * The Saves panel: save the game under a name (a name is offered: the game, how far, when), the list of
 * saves by name (game, turn, time) with Load, Rename and Delete, and export/import as files. It only talks to the save store and to the page's actions; what
 * a save contains is checked by the engine when it is loaded (a broken file gets a message, the game stays).
 */
import { isAutosaveName, MAX_SAVE_NAME, readSaveFile, saveNameProblem, type SaveStore } from './saves';
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
  /** The name to offer for a save of the game on the screen (none: the player types one). */
  defaultName?(): string | null;
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
        <input name="name" placeholder="Name this save" maxlength="${MAX_SAVE_NAME}" data-testid="save-name" aria-label="Save name">
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
      const problem = saveNameProblem(name);
      if (problem) return this.say(problem, true);
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
    this.list.addEventListener('submit', (e) => {
      e.preventDefault();
      const form = (e.target as HTMLElement).closest('form');
      const name = form?.closest<HTMLElement>('[data-save]')?.dataset.save;
      const input = form?.querySelector<HTMLInputElement>('input[name="rename"]');
      if (!form || name === undefined || !input) return;
      const to = input.value.trim();
      try {
        store.rename(name, to);
      } catch (err) {
        return this.say((err as Error).message, true);
      }
      this.refresh();
      this.say(to === name ? '' : `Renamed "${name}" to "${to}".`);
    });
    this.list.addEventListener('click', (e) => {
      const button = (e.target as HTMLElement).closest('button');
      const name = button?.closest<HTMLElement>('[data-save]')?.dataset.save;
      if (!button || name === undefined) return;
      if (button.dataset.act === 'rename-cancel') return this.refresh();
      // (the rename field's OK submits its form: the submit listener above takes it)
      if (button.closest('form')) return;
      actions.click?.();
      if (button.dataset.act === 'rename') return this.startRename(name);
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
      // the game on the screen is offered under a name that says what and when; typing replaces it
      this.nameInput.value = (this.actions.hasGame() && this.actions.defaultName?.()) || '';
    }
  }

  /** A save's name becomes a field: Enter (or OK) keeps the new name, Cancel the old one. */
  private startRename(name: string): void {
    const row = [...this.list.querySelectorAll<HTMLElement>('[data-save]')].find((li) => li.dataset.save === name);
    const title = row?.querySelector('.save-title');
    if (!row || !title) return;
    row.classList.add('renaming');
    title.innerHTML = `<form class="save-rename"><input name="rename" maxlength="${MAX_SAVE_NAME}" value="${esc(name)}" aria-label="New name" data-testid="rename-input"><button type="submit" data-testid="rename-ok">OK</button><button type="button" data-act="rename-cancel">Cancel</button></form>`;
    const input = title.querySelector('input') as HTMLInputElement;
    input.focus();
    input.select();
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
              <div class="save-buttons"><button data-act="load">Load</button><button data-act="rename" title="Give this save another name">Rename</button><button data-act="delete" title="Delete this save">Delete</button></div>
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
