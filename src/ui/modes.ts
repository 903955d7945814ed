/**
 * Every mode of the game page, each loaded the first time it is opened (its code is a chunk of its own,
 * so the page's first load carries none of them). A new mode adds its folder under src/ui/ and one entry
 * here: the router (app.ts) builds the start menu's entries from this list, sends it the saves of its
 * ruleset and the online games it hosts, and gives its Menu button to it.
 */
import type { Host, Mode } from './shell/mode';

export interface ModeEntry {
  id: string;
  /** The start menu's entry: a heading, a line about it and its button (none: the spectator's own form). */
  menu?: { heading: string; note?: string; button: string; testid: string };
  /**
   * Whether a save is this mode's to resume: by its ruleset (absent in a save of the star-system game),
   * and for the star-system game whether people played it (a watched one resumes in the spectator).
   */
  resumes(save: { ruleset?: string; played: boolean; replay?: boolean }): boolean;
  /** The ruleset it plays online, if it does. */
  online?: string;
  load(host: Host): Promise<Mode>;
}

export const MODES: ModeEntry[] = [
  {
    id: 'play',
    menu: { heading: 'Play', button: 'New game — against the AI or hot-seat', testid: 'new-game' },
    resumes: (s) => s.ruleset === undefined && s.played && !s.replay,
    online: 'star-system',
    load: async (host) => new (await import('./play/play-screen')).PlayScreen(host),
  },
  {
    id: 'conquest',
    menu: { heading: 'Conquest', note: 'A Risk-style war for the galaxy, 2 to 6 factions: play the AI, hot-seat, or watch.', button: 'Conquest — new game', testid: 'conquest' },
    resumes: (s) => s.ruleset === 'conquest',
    online: 'conquest',
    load: async (host) => new (await import('./conquest/conquest-screen')).ConquestScreen(host),
  },
  {
    id: 'solitaire',
    menu: {
      heading: 'Solitaire',
      note: 'Rule the Empire alone against chaos itself: usurpers, breakaway empires, invaders, rebels and aliens rise by the dice.',
      button: 'Solitaire — the Emperor against Chaos',
      testid: 'solitaire',
    },
    resumes: (s) => s.ruleset === 'solitaire',
    load: async (host) => new (await import('./solitaire/solitaire-screen')).SolitaireScreen(host),
  },
  {
    // watching AI against AI, and replays: a star-system game nobody plays
    id: 'spectator',
    resumes: (s) => s.ruleset === undefined && (!s.played || !!s.replay),
    load: async (host) => new (await import('./spectator/spectator-mode')).SpectatorMode(host),
  },
];
