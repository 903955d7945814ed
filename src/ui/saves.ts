/**
 * Saves in the browser: autosaves, saves by name, and export/import as files. Autosaves have slots:
 * the last few played games each keep their own, and a watched (AI against AI) game has one of its own,
 * so watching never overwrites the game a person was playing.
 * A save's text is the engine's save (`src/core/save.ts`); nothing here trusts it: loading always goes
 * through `loadSave`, which refuses a broken or hostile file with a clear message.
 */
import type { Seats } from '../core/save';

export interface SaveEntry {
  name: string;
  savedAt: string;
  scenario: string;
  turn: number;
  /** A game people play (it has seats), not one watched; absent in older entries: watched. */
  played?: boolean;
  /** Who plays, in words ("you: the Rebellion, against AI normal"). */
  who?: string;
  /** An autosave's game (scenario, seed and seats): its slot is kept for it. */
  game?: string;
  /** The ruleset of the game (absent: the star-system game); a conquest game's autosaves have slots of their own. */
  ruleset?: string;
  /** The game's name to show, when the scenario id alone does not name it ("Conquest · Domination"). */
  title?: string;
  /** The AI's speed the game was played at (a conquest game resumes at it). */
  speed?: number;
}

export interface SaveMeta {
  scenario: string;
  turn: number;
  played?: boolean;
  who?: string;
  game?: string;
  ruleset?: string;
  title?: string;
  speed?: number;
}

export interface SaveStore {
  list(): SaveEntry[];
  save(name: string, text: string, meta: SaveMeta): void;
  load(name: string): string | null;
  remove(name: string): void;
  /** Give a save another name (its text and facts stay); throws a clear message when the name cannot be taken. */
  rename(from: string, to: string): void;
  /** Keep a game's autosave: a played game in its own slot (or the oldest one), a watched game in the watched slot. */
  autosave(text: string, meta: SaveMeta): void;
  /** The autosave that Continue resumes: the last played game's, else the last watched game's. */
  lastGame(): SaveEntry | null;
  loadAutosave(): string | null;
}

/** The autosave of games before slots (kept and listed; a name no player save may take). */
export const AUTOSAVE_NAME = 'autosave';
/** Played games' autosave slots, and the watched game's. */
export const PLAYED_SLOTS = ['autosave 1', 'autosave 2', 'autosave 3'];
export const WATCHED_SLOT = 'autosave (watched)';
/** Played conquest games' autosave slots: a conquest game never takes a star-system game's slot, nor the other way. */
export const CONQUEST_SLOTS = ['autosave conquest 1', 'autosave conquest 2'];
/** Played solitaire games' autosave slots [001], kept apart the same way. */
export const SOLITAIRE_SLOTS = ['autosave solitaire 1', 'autosave solitaire 2'];

/** Names kept for the autosaves: "autosave" and anything starting "autosave ". */
export function isAutosaveName(name: string): boolean {
  return name === AUTOSAVE_NAME || name.startsWith(`${AUTOSAVE_NAME} `);
}
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
        const { name, savedAt, scenario, turn, played, who, game, ruleset, title, speed } = e as Record<string, unknown>;
        if (typeof name !== 'string' || typeof savedAt !== 'string' || typeof scenario !== 'string' || typeof turn !== 'number' || seen.has(name)) continue;
        seen.add(name);
        // only the known fields, copied; the optional ones only when of their type
        out.push({
          name,
          savedAt,
          scenario,
          turn,
          ...(typeof played === 'boolean' ? { played } : {}),
          ...(typeof who === 'string' ? { who: who.slice(0, 120) } : {}),
          ...(typeof game === 'string' ? { game: game.slice(0, 200) } : {}),
          ...(typeof ruleset === 'string' ? { ruleset: ruleset.slice(0, 32) } : {}),
          ...(typeof title === 'string' ? { title: title.slice(0, 80) } : {}),
          ...(typeof speed === 'number' && Number.isFinite(speed) ? { speed } : {}),
        });
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
        const entry: SaveEntry = { name, savedAt: new Date().toISOString(), scenario: meta.scenario, turn: meta.turn };
        if (meta.played !== undefined) entry.played = meta.played;
        if (meta.who !== undefined) entry.who = meta.who;
        if (meta.game !== undefined) entry.game = meta.game;
        if (meta.ruleset !== undefined) entry.ruleset = meta.ruleset;
        if (meta.title !== undefined) entry.title = meta.title;
        if (meta.speed !== undefined) entry.speed = meta.speed;
        writeIndex([...readIndex().filter((e) => e.name !== name), entry]);
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
    rename(from, to) {
      const name = to.trim();
      const problem = saveNameProblem(name);
      if (problem) throw new Error(problem);
      if (name === from) return;
      const index = readIndex();
      const entry = index.find((e) => e.name === from);
      const text = store.load(from);
      if (!entry || text === null) throw new Error(`The save "${from}" is gone.`);
      if (index.some((e) => e.name === name)) throw new Error(`There is a save called "${name}" already: choose another name, or delete that one first.`);
      try {
        storage?.setItem(PREFIX + name, text);
        writeIndex([...index.filter((e) => e.name !== from), { ...entry, name }]);
        storage?.removeItem(PREFIX + from);
      } catch (e) {
        throw new Error(`The save "${from}" could not be renamed in this browser (${(e as Error).message || 'storage is full or disabled'}).`);
      }
    },
    autosave(text, meta) {
      // a watched conquest game is not kept: it would take the watched star-system game's slot
      if ((meta.ruleset === 'conquest' || meta.ruleset === 'solitaire') && !meta.played) return;
      try {
        store.save(autosaveSlot(readIndex(), meta), text, meta);
      } catch {
        // an autosave that does not fit is skipped; the game goes on
      }
    },
    lastGame() {
      const autos = store.list().filter((e) => isAutosaveName(e.name)); // newest first
      return autos.find((e) => e.played) ?? autos[0] ?? null;
    },
    loadAutosave: () => {
      const last = store.lastGame();
      return last ? store.load(last.name) : null;
    },
  };
  return store;
}

/** The longest name a save may have. */
export const MAX_SAVE_NAME = 60;

/** Why a player's save may not take this name (empty, kept for the autosaves, too long), or null. */
export function saveNameProblem(name: string): string | null {
  if (!name) return 'Give the save a name first.';
  if (isAutosaveName(name)) return 'Names starting with "autosave" are kept for the automatic saves; choose another name.';
  if (name.length > MAX_SAVE_NAME) return `A save's name is at most ${MAX_SAVE_NAME} characters long.`;
  return null;
}

/**
 * The name a save is offered under, before the player types one: the game, how far it is and when
 * ("Conquest · Domination, round 5, 27 Nov 22:40"), the game's name cut short so the rest fits.
 */
export function defaultSaveName(game: { title: string; turnWord: string; turn: number }, at: Date = new Date()): string {
  const date = at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const rest = `, ${game.turnWord} ${game.turn}, ${date} ${time}`;
  const room = MAX_SAVE_NAME - rest.length;
  const title = game.title.length > room ? `${game.title.slice(0, Math.max(0, room - 1)).trimEnd()}…` : game.title;
  return `${title}${rest}`;
}

/**
 * Where a game's autosave goes. A watched game: the watched slot, always. A played game: the slot that
 * already holds this game, else a free one, else the one saved longest ago (so the last few played
 * games can each be resumed).
 */
function autosaveSlot(index: SaveEntry[], meta: SaveMeta): string {
  if (!meta.played) return WATCHED_SLOT;
  // a played conquest game takes the conquest slots the same way (a watched one is never autosaved)
  const names = meta.ruleset === 'conquest' ? CONQUEST_SLOTS : meta.ruleset === 'solitaire' ? SOLITAIRE_SLOTS : PLAYED_SLOTS;
  const slots = names.map((name) => ({ name, entry: index.find((e) => e.name === name) }));
  const own = meta.game !== undefined ? slots.find((s) => s.entry?.game === meta.game) : undefined;
  if (own) return own.name;
  const free = slots.find((s) => !s.entry);
  if (free) return free.name;
  return [...slots].sort((a, b) => (a.entry?.savedAt ?? '').localeCompare(b.entry?.savedAt ?? ''))[0]?.name as string;
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
export async function readSaveFile(
  file: File,
  maxBytes = 8 * 1024 * 1024,
  what = 'a save',
): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (file.size > maxBytes) return { ok: false, message: `"${file.name}" is too large to be ${what} (${file.size} bytes).` };
  try {
    return { ok: true, text: await file.text() };
  } catch (e) {
    return { ok: false, message: `"${file.name}" could not be read: ${(e as Error).message}.` };
  }
}

// ------------------------------------------------------------------ who plays a saved star-system game

/**
 * Who plays a saved game, in the terms the save store and the start menu need: whether people play it
 * (it resumes on the play screen) or it is watched (it resumes in the spectator), who plays, in words,
 * and which game it is (its autosave keeps one slot). The shell reads it of every star-system save a
 * worker sends; the router, of every save it opens.
 */
const TEAMS: Record<string, string> = { rebel: 'the Rebellion', imperial: 'the Empire' };

/** A game people play: some seat is a person's. Without seats (older saves, watched games): watched. */
export function isPlayed(seats: Seats | undefined): seats is Seats {
  return !!seats && Object.values(seats).some((s) => s.kind === 'human');
}

/** "you: the Rebellion, against AI normal", "hot-seat: two players", "AI hard against AI normal". */
export function seatsSummary(seats: Seats | undefined): string {
  if (!seats) return 'watched (AI against AI)';
  const humans = (['rebel', 'imperial'] as const).filter((s) => seats[s].kind === 'human');
  const ai = (side: 'rebel' | 'imperial') => {
    const seat = seats[side];
    return seat.kind === 'ai' ? `AI ${seat.agent}` : 'a person';
  };
  if (humans.length === 2) return 'hot-seat: two players';
  if (humans.length === 1) {
    const me = humans[0] as 'rebel' | 'imperial';
    return `you: ${TEAMS[me]}, against ${ai(me === 'rebel' ? 'imperial' : 'rebel')}`;
  }
  return `${ai('rebel')} (Rebel) against ${ai('imperial')} (Empire)`;
}

/** The save store's facts about a save sent by a worker (an autosave or a save by name). */
export function saveMetaOf(m: { scenario?: string; turn?: number; seed?: string; seats?: Seats }): SaveMeta {
  const played = isPlayed(m.seats);
  const meta: SaveMeta = { scenario: m.scenario ?? '', turn: m.turn ?? 0, played };
  if (played) {
    meta.who = seatsSummary(m.seats);
    // the same scenario, seed and seats: the same game, whose autosave keeps its slot
    meta.game = `${m.scenario}|${m.seed ?? ''}|${JSON.stringify(m.seats)}`;
  }
  return meta;
}
