/**
 * Saves in the browser: an autosave after every phase, saves by name, and export/import as files.
 * A save's text is the engine's save (`src/core/save.ts`); nothing here trusts it: loading always goes
 * through `loadSave`, which refuses a broken or hostile file with a clear message.
 */
export interface SaveEntry {
  name: string;
  savedAt: string;
  scenario: string;
  turn: number;
}

export interface SaveStore {
  list(): SaveEntry[];
  save(name: string, text: string, meta: { scenario: string; turn: number }): void;
  load(name: string): string | null;
  remove(name: string): void;
  autosave(text: string, meta: { scenario: string; turn: number }): void;
  loadAutosave(): string | null;
}

export const AUTOSAVE_NAME = 'autosave';
const PREFIX = 'galactic-uprising.save.';
const INDEX = 'galactic-uprising.saves';

/**
 * The browser's save store. Storage that is corrupt, disabled or full never breaks the game: a broken
 * index reads as no saves, a save that does not fit throws a clear message (autosave stays quiet).
 */
export function createSaveStore(storage: Storage | null = globalThis.localStorage ?? null): SaveStore {
  const readIndex = (): SaveEntry[] => {
    try {
      const list: unknown = JSON.parse(storage?.getItem(INDEX) ?? '[]');
      if (!Array.isArray(list)) return [];
      const seen = new Set<string>();
      const out: SaveEntry[] = [];
      for (const e of list) {
        if (!e || typeof e !== 'object') continue;
        const { name, savedAt, scenario, turn } = e as Record<string, unknown>;
        if (typeof name !== 'string' || typeof savedAt !== 'string' || typeof scenario !== 'string' || typeof turn !== 'number' || seen.has(name)) continue;
        seen.add(name);
        out.push({ name, savedAt, scenario, turn }); // only the four known fields, copied
      }
      return out;
    } catch {
      return [];
    }
  };
  const writeIndex = (list: SaveEntry[]) => storage?.setItem(INDEX, JSON.stringify(list));
  const store: SaveStore = {
    list: () => readIndex().sort((a, b) => b.savedAt.localeCompare(a.savedAt)),
    save(name, text, meta) {
      try {
        storage?.setItem(PREFIX + name, text);
        writeIndex([...readIndex().filter((e) => e.name !== name), { name, savedAt: new Date().toISOString(), scenario: meta.scenario, turn: meta.turn }]);
      } catch (e) {
        throw new Error(`The save "${name}" could not be kept in this browser (${(e as Error).message || 'storage is full or disabled'}). Export it to a file instead.`);
      }
    },
    load: (name) => {
      try {
        return storage?.getItem(PREFIX + name) ?? null;
      } catch {
        return null;
      }
    },
    remove(name) {
      try {
        storage?.removeItem(PREFIX + name);
        writeIndex(readIndex().filter((e) => e.name !== name));
      } catch {
        // storage disabled: nothing was kept anyway
      }
    },
    autosave(text, meta) {
      try {
        store.save(AUTOSAVE_NAME, text, meta);
      } catch {
        // an autosave that does not fit is skipped; the game goes on
      }
    },
    loadAutosave: () => store.load(AUTOSAVE_NAME),
  };
  return store;
}

/** Offer a save as a file download. */
export function exportSave(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename.endsWith('.json') ? filename : `${filename}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Read a chosen file as text (size-limited); the caller then loads it with `loadSave`. */
export async function readSaveFile(file: File, maxBytes = 8 * 1024 * 1024): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (file.size > maxBytes) return { ok: false, message: `"${file.name}" is too large to be a save (${file.size} bytes).` };
  try {
    return { ok: true, text: await file.text() };
  } catch (e) {
    return { ok: false, message: `"${file.name}" could not be read: ${(e as Error).message}.` };
  }
}
