/**
 * The coach [issue 56]: in a player's first game of each mode (a setting: Settings > Help > Coach), the
 * first time each kind of decision comes up, one line says what it is and the usual choice; then it
 * stays quiet about that kind. Its words are data (assets/tutorials/coach.json, a line a decision kind,
 * by mode); what it has said, and which game was each mode's first, are remembered between visits.
 */
import { z } from 'zod';
import raw from '../../assets/tutorials/coach.json';
import { esc } from './html';

/** When the coach speaks: in a mode's first game (the default), in every game, or never. */
export type CoachSetting = 'first' | 'every' | 'off';
export const COACH_SETTINGS: Record<CoachSetting, string> = { first: "in a mode's first game", every: 'in every game', off: 'off' };

/** The modes the coach knows: each a way to play with its own decisions (bloc politics is conquest's). */
export type CoachMode = 'conquest' | 'solitaire' | 'play';

const Lines = z.record(z.enum(['conquest', 'solitaire', 'play']), z.record(z.string().regex(/^[a-z-]+$/), z.string().min(10).max(220)));

/** The coach's words, checked when the page loads (a malformed file is a build's bug: it throws). */
export const COACH_LINES = Lines.parse(raw) as Record<CoachMode, Record<string, string>>;

const KEY = 'galactic-uprising.coach';

interface Memory {
  /** Each mode's first game, by its key (a first game resumed is still the first). */
  first: Partial<Record<CoachMode, string>>;
  /** The decision kinds the coach has spoken of, by mode (in its first game). */
  said: Partial<Record<CoachMode, string[]>>;
}

type Store = Pick<Storage, 'getItem' | 'setItem'> | null;

export class Coach {
  private memory: Memory;
  /** The game on show: its mode, its key, and the kinds spoken of in it (for "every game"). */
  private game: { mode: CoachMode; key: string; said: Set<string> } | null = null;
  /** The decision whose line is on show (kept while it is drawn again). */
  private speaking: string | null = null;

  constructor(
    private readonly setting: () => CoachSetting,
    private readonly storage: Store = globalThis.localStorage ?? null,
  ) {
    this.memory = read(storage);
  }

  /** A game a person plays starts or resumes: `key` names it (its mode, scenario and seed). A tutorial's game is not one. */
  begin(mode: CoachMode, key: string): void {
    this.game = { mode, key, said: new Set() };
    this.speaking = null;
    if (!this.memory.first[mode]) {
      this.memory.first[mode] = key;
      this.keep();
    }
  }

  /** No game of a person's is on show. */
  end(): void {
    this.game = null;
    this.speaking = null;
  }

  /** Whether the coach speaks in the game on show. */
  get active(): boolean {
    const g = this.game;
    const setting = this.setting();
    if (!g || setting === 'off') return false;
    return setting === 'every' || this.memory.first[g.mode] === g.key;
  }

  /**
   * The coach's line for a decision of this kind, when it is the first of its kind (and while it is on
   * show); else null. The kind is remembered as spoken of once its line is given.
   */
  line(kind: string): string | null {
    const g = this.game;
    if (!g || !this.active) return null;
    const words = COACH_LINES[g.mode][kind];
    if (!words) return null;
    if (this.speaking === kind) return words;
    const said = this.setting() === 'every' ? g.said : new Set(this.memory.said[g.mode] ?? []);
    if (said.has(kind)) return null;
    g.said.add(kind);
    if (this.setting() !== 'every') {
      this.memory.said[g.mode] = [...said, kind];
      this.keep();
    }
    this.speaking = kind;
    return words;
  }

  /** The line as a panel shows it above its decision ('' when the coach is quiet). */
  html(kind: string | undefined): string {
    const line = kind ? this.line(kind) : null;
    if (!line) return '';
    const [what, usual] = line.split(' Usually: ');
    return `<p class="coach" data-testid="coach" title="The coach speaks once for each kind of decision (Settings > Help > Coach)"><b>Coach</b> ${esc(what ?? line)}${usual ? ` <span class="coach-usual">Usually: ${esc(usual)}</span>` : ''}</p>`;
  }

  private keep(): void {
    try {
      this.storage?.setItem(KEY, JSON.stringify(this.memory));
    } catch {
      // storage full or disabled: the coach remembers for this visit only
    }
  }
}

function read(storage: Store): Memory {
  const empty: Memory = { first: {}, said: {} };
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(KEY) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return empty;
    const m = parsed as Partial<Memory>;
    const first = Object.fromEntries(Object.entries(m.first ?? {}).filter(([k, v]) => k in COACH_LINES && typeof v === 'string'));
    const said = Object.fromEntries(Object.entries(m.said ?? {}).filter(([k, v]) => k in COACH_LINES && Array.isArray(v)).map(([k, v]) => [k, (v as unknown[]).filter((x): x is string => typeof x === 'string')]));
    return { first, said };
  } catch {
    return empty;
  }
}
