/**
 * The conquest setup screen [002 I Game Set Up]: the map, the game type, the card option with a line on
 * each, Auto Place All, Recycle Cards, Auto-Defend, 2 to 6 players each human or an AI level with a
 * colour of its own, the seed and the AI's speed. Choosing a colour another seat has swaps the two, so
 * two seats can never share one; whatever else is wrong is said under the seats and Start waits.
 */
import { fetchLobby, lobbyHtml, seatWaitSelect } from '../lobby';
import type { Content } from '../../core/content/validate';
import { formatProblem } from '../../core/content/validate';
import { parseConquestMap, type ConquestMap, type ConquestMapDef } from '../../../systems/conquest/map';
import fiveReaches from '../../../assets/maps/five-reaches.json';
import oldSpiral from '../../../assets/maps/old-spiral.json';
import { CARD_OPTIONS, conquestContent, FACTIONS, type FactionId } from '../../../systems/conquest/content';
import { CONQUEST_AGENTS } from '../../ai/conquest/registry';
import { blocsOptionHtml, colourWithBloc, scenarioWithBlocs } from './blocs-panel';
import { SeatChoices } from './seat-choices';
import { esc } from '../html';
import { readSaveFile } from '../saves';
import { capital, randomSeed, resumeFromFile } from '../game-screen/setup';
import { setupProblem, type ConquestSetup, type Seat } from './session';
import { CARD_OPTION_TEXT } from './words';

/** AI speeds offered at the start (the game's own controls offer more). */
export const START_SPEEDS: { value: number; label: string }[] = [
  { value: 1, label: 'normal (a pace you can follow)' },
  { value: 4, label: 'fast' },
  { value: 0, label: 'at once (no animations)' },
];

const DEFAULT_SEATS = 4;

/** A map on offer: the galaxy (no map file), a map file shipped with the game, or one the player loaded. */
interface MapChoice {
  id: string;
  label: string;
  /** The map file's content; undefined for the galaxy itself. */
  def?: ConquestMapDef;
  map: ConquestMap;
}

/** The map files shipped as examples of the format (`assets/maps/`): played like a player's own. */
const EXAMPLE_MAPS: { id: string; file: string; raw: unknown }[] = [
  { id: 'five-reaches', file: 'five-reaches.json', raw: fiveReaches },
  // the classic map's shape [002 I Maps: six continents, bonuses 5/2/5/3/7/2], drawn and named our own way
  { id: 'old-spiral', file: 'old-spiral.json', raw: oldSpiral },
];

export class ConquestSetupScreen {
  /** Each seat's Auto Place All and Auto-Defend [002 I, II.3]. */
  private readonly seatChoices = new SeatChoices();
  /** Seats (by index) kept online for one person each, with a link of their own [issue 27]. */
  private readonly reserved = new Set<number>();
  private seats: Seat[] = [
    { faction: 'crimson', player: 'human' },
    { faction: 'azure', player: 'normal' },
    { faction: 'emerald', player: 'normal' },
    { faction: 'amber', player: 'normal' },
  ];
  /** A colour change that moved another seat, said once under the seats. */
  private swapNote = '';
  /** The maps on offer, and the one chosen. */
  private maps: MapChoice[] = [];
  private mapId = 'galaxy';
  /** Why the last map file was refused (its file, JSON path and reason), shown under the map. */
  private mapProblem = '';

  constructor(
    readonly el: HTMLElement,
    readonly content: Content,
    private readonly on: {
      start(setup: ConquestSetup, speed: number): void;
      /** Start it on the game server this page came from, the other human seats open to a link [issue 27]. */
      startOnline(setup: ConquestSetup, pace: string, reserved: FactionId[]): void;
      /** Take an open seat of an online game listed in the lobby. */
      joinOnline(gameId: string): void;
      cancel(): void;
      /** Resume a saved game (an imported file's text); returns why it cannot be, or null. */
      resume(text: string, speed: number): string | null;
    },
  ) {
    el.addEventListener('change', (e) => {
      const t = e.target as HTMLInputElement;
      if (t.type === 'file' && t.dataset.cq === 'map-file') void this.loadMapFile(t);
      else if (t.type === 'file') void resumeFromFile(t, (text) => this.on.resume(text, Number(this.get('speed').value)), () => this.get('problem'));
      else this.onChange(e);
    });
    el.addEventListener('click', (e) => this.onClick(e));
  }

  /**
   * The setup screen; `firstGame` after a tutorial [issue 56]: three factions (the player and two easy
   * AIs, one of each bloc), the computer placing the starting armies, and bloc politics if it taught them.
   */
  show(firstGame?: { blocs: boolean }): void {
    const cq = conquestContent(this.content);
    if (firstGame)
      this.seats = [
        { faction: 'azure', player: 'human' },
        { faction: 'crimson', player: 'easy' },
        { faction: 'emerald', player: 'easy' },
      ];
    // a game type once; bloc politics is the blocs option beside it [003]
    const scenarios = [...cq.scenarios.values()].filter((s) => !s.blocs);
    this.offerMaps();
    this.seats.length = Math.min(this.seats.length, 6);
    while (this.seats.length < (firstGame ? 3 : DEFAULT_SEATS)) this.seats.push({ faction: this.freeColour(), player: 'normal' });
    this.el.innerHTML = `
      <h2>Conquest</h2>
      <p class="muted">A Risk-style war for the galaxy: every star system is a territory, every hyperjump route a border, every province a continent.</p>
      <div class="cq-field"><span class="cq-label">Map</span><div><div class="cq-row"><select data-cq="map" aria-label="Map" data-testid="cq-map"></select>
        <label class="button" title="Play on a map of your own: a JSON file with territories, borders and continents (see assets/maps/ for an example)">Load a map file… <input type="file" accept=".json,application/json" data-cq="map-file" data-testid="cq-map-file" hidden></label></div>
        <p class="muted small" data-cq="map-text"></p><p class="cq-problem" data-cq="map-problem" data-testid="cq-map-problem" role="alert"></p></div></div>
      <div class="cq-field"><span class="cq-label">Game type</span><div><div class="cq-types">${scenarios
        .map((s, i) => `<label class="cq-radio"><input type="radio" name="cq-type" value="${esc(s.id)}"${i === 0 ? ' checked' : ''} data-testid="cq-type"> ${esc(s.name)}</label>`)
        .join('')}</div><p class="muted small" data-cq="type-text"></p></div></div>
      <div class="cq-field"><span class="cq-label">Cards</span><div><select data-cq="cards" aria-label="Card option">${CARD_OPTIONS.map((c) => `<option value="${c}" title="${esc(CARD_OPTION_TEXT[c].text)}">${CARD_OPTION_TEXT[c].name}</option>`).join('')}</select>
        <select data-cq="deck" aria-label="Deck"><option value="classic">Classic deck (2 wildcards)</option><option value="wild">Wild deck (4 wildcards)</option></select>
        <p class="muted small" data-cq="cards-text"></p></div></div>
      <div class="cq-field"><span class="cq-label">Options</span><div>
        ${blocsOptionHtml()}
        <label class="cq-check"><input type="checkbox" data-cq="autoPlace"> <b>Auto Place All</b> <span class="muted small">for every seat: the computer claims and places every starting army (or tick it seat by seat below)</span></label>
        <label class="cq-check"><input type="checkbox" data-cq="recycle" checked> <b>Recycle Cards</b> <span class="muted small">a spent deck is made again from the traded cards</span></label>
        <label class="cq-check"><input type="checkbox" data-cq="autoDefend" checked> <b>Auto-Defend</b> <span class="muted small">for every seat: defenders roll the most dice they may (off: chosen seat by seat below)</span></label>
        <label class="cq-check"><input type="checkbox" data-cq="online" data-testid="cq-online-check"> <b>Online</b> <span class="muted small">on this page's game server (<code>npm run serve</code>): you play seat 1, the other human seats join by a link</span></label>
        <label class="cq-inline" data-cq="wait-row" hidden>Pace ${seatWaitSelect('data-cq="wait"')}</label>
        <div class="cq-lobby" data-cq="lobby" data-testid="cq-lobby" hidden></div>
      </div></div>
      <div class="cq-field"><span class="cq-label">Players</span><div>
        <select data-cq="count" aria-label="Number of players">${[2, 3, 4, 5, 6].map((n) => `<option value="${n}"${n === this.seats.length ? ' selected' : ''}>${n} players</option>`).join('')}</select>
        <span class="muted small" data-cq="mode"></span>
        <div class="cq-seats" data-cq="seats"></div>
        <p class="cq-problem" data-cq="problem" data-testid="cq-problem" role="alert"></p>
      </div></div>
      <div class="cq-field"><span class="cq-label" data-cq="seed-label">Seed</span><div class="cq-row"><span data-cq="seed-part"><input data-cq="seed" size="10" value="${randomSeed()}" aria-label="Seed" title="The same seed and choices play the same game"> <button data-cq="reroll" title="A new random seed">new</button></span>
        <label class="cq-inline">AI speed <select data-cq="speed">${START_SPEEDS.map((s) => `<option value="${s.value}">${esc(s.label)}</option>`).join('')}</select></label></div></div>
      <div class="buttons"><button data-cq="cancel">Back</button><label class="button" title="Resume a conquest game exported to a file">Resume from a file… <input type="file" accept=".json,application/json" data-testid="cq-import" hidden></label><button class="primary" data-cq="start" data-testid="cq-start">Start the game</button></div>`;
    if (firstGame) {
      this.get('autoPlace').checked = true;
      const blocs = this.el.querySelector<HTMLInputElement>('[data-cq="blocs"]');
      if (blocs) blocs.checked = firstGame.blocs;
    }
    this.renderMaps();
    this.renderSeats();
    this.refresh();
    this.el.hidden = false;
    void this.showLobby();
  }

  /**
   * The lobby [issue 27]: conquest games on this page's game server with a seat open, each with a Join
   * button. A page served without the game server (npm start) has no lobby, and shows none.
   */
  private async showLobby(): Promise<void> {
    const games = await fetchLobby('conquest');
    if (!games) return;
    const cq = conquestContent(this.content);
    const el = this.get('lobby');
    el.innerHTML = lobbyHtml(games, { scenario: (id) => cq.scenarios.get(id)?.name ?? id, side: (id) => cq.factions.get(id as FactionId)?.name ?? id }, 'cq', 'cq-row');
    el.hidden = false;
  }

  /** The galaxy and the example maps (kept with any map the player loaded before). */
  private offerMaps(): void {
    if (this.maps.length) return;
    const galaxy = [...conquestContent(this.content).scenarios.values()][0]?.map;
    if (galaxy) this.maps.push({ id: 'galaxy', label: galaxy.def.name, map: galaxy });
    for (const ex of EXAMPLE_MAPS) {
      const parsed = parseConquestMap(ex.raw, ex.file);
      if (parsed.ok) this.maps.push({ id: ex.id, label: `${parsed.map.def.name} (example map file)`, def: parsed.map.def, map: parsed.map });
    }
  }

  private renderMaps(): void {
    const select = this.get('map') as unknown as HTMLSelectElement;
    select.innerHTML = this.maps.map((m) => `<option value="${esc(m.id)}"${m.id === this.mapId ? ' selected' : ''}>${esc(m.label)}</option>`).join('');
    const chosen = this.chosenMap();
    this.get('map-text').innerHTML = chosen
      ? `${chosen.map.territories.length} star systems, ${chosen.map.def.borders.length} borders, ${chosen.map.def.continents.length} continents: ${chosen.map.def.continents
          .map((c) => `<span class="cq-t" style="--c:${esc(c.color)}">${esc(c.name)}</span> +${c.bonus}`)
          .join(', ')}`
      : '';
    this.get('map-problem').textContent = this.mapProblem;
  }

  private chosenMap(): MapChoice | undefined {
    return this.maps.find((m) => m.id === this.mapId) ?? this.maps[0];
  }

  /** A map file chosen: offered and chosen when it is a valid map, else its problems said (nothing else changes). */
  private async loadMapFile(input: HTMLInputElement): Promise<void> {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const read = await readSaveFile(file, 2 * 1024 * 1024, 'a map file');
    this.mapProblem = '';
    if (!read.ok) this.mapProblem = read.message;
    else {
      let raw: unknown;
      try {
        raw = JSON.parse(read.text);
      } catch (e) {
        this.mapProblem = `${file.name}: not JSON (${(e as Error).message})`;
      }
      if (!this.mapProblem) {
        const parsed = parseConquestMap(raw, file.name);
        if (!parsed.ok) {
          const shown = parsed.problems.slice(0, 4).map(formatProblem);
          if (parsed.problems.length > shown.length) shown.push(`... and ${parsed.problems.length - shown.length} more`);
          this.mapProblem = `This map cannot be played: ${shown.join('; ')}`;
        } else {
          this.maps = this.maps.filter((m) => m.id !== 'own');
          this.maps.push({ id: 'own', label: `${parsed.map.def.name} (${file.name})`, def: parsed.map.def, map: parsed.map });
          this.mapId = 'own';
        }
      }
    }
    this.renderMaps();
    this.refresh();
  }

  hide(): void {
    this.el.hidden = true;
  }

  private get(name: string): HTMLInputElement {
    return this.el.querySelector(`[data-cq="${name}"]`) as HTMLInputElement;
  }

  private renderSeats(): void {
    const agents = Object.keys(CONQUEST_AGENTS);
    const factions = conquestContent(this.content).factions;
    this.get('seats').innerHTML = this.seats
      .map((seat, i) => {
        const colour = factions.get(seat.faction)?.color ?? '#fff';
        return `<div class="cq-seat" data-testid="cq-seat">
          <span class="cq-seat-no">${i + 1}</span>
          <span class="cq-swatch" style="--c:${colour}"></span>
          <select data-seat-colour="${i}" aria-label="Seat ${i + 1} colour">${FACTIONS.map((f) => `<option value="${f}"${f === seat.faction ? ' selected' : ''}>${esc(this.blocsOn() ? colourWithBloc(this.content, f, factions.get(f)?.name ?? f) : (factions.get(f)?.name ?? f))}</option>`).join('')}</select>
          <select data-seat-player="${i}" aria-label="Seat ${i + 1} player"><option value="human"${seat.player === 'human' && !this.reserved.has(i) ? ' selected' : ''}>Human</option>${agents
            .map((a) => `<option value="${a}"${seat.player === a ? ' selected' : ''}>AI ${a}</option>`)
            .join('')}${i > 0 ? `<option value="reserved" data-online-only${this.reserved.has(i) ? ' selected' : ''} title="Kept for one person, with a link of its own">Reserved</option>` : ''}</select>
          ${this.seatChoices.html(i)}
        </div>`;
      })
      .join('');
  }

  /** The setup as chosen now. */
  setup(): ConquestSetup {
    const type = this.el.querySelector<HTMLInputElement>('input[name="cq-type"]:checked')?.value ?? 'conquest-domination';
    return {
      scenario: scenarioWithBlocs(this.content, type, this.blocsOn()),
      seed: this.get('seed').value.trim() || randomSeed(),
      seats: this.seats.map((s) => ({ ...s })),
      cards: this.get('cards').value as ConquestSetup['cards'],
      deck: this.get('deck').value as NonNullable<ConquestSetup['deck']>,
      autoPlace: this.seatChoices.option('autoPlace', this.seats, this.get('autoPlace').checked),
      recycle: this.get('recycle').checked,
      autoDefend: this.seatChoices.option('autoDefend', this.seats, this.get('autoDefend').checked),
      ...(this.chosenMap()?.def ? { map: this.chosenMap()!.def! } : {}),
    };
  }

  /** The blocs option [003] is ticked. */
  private blocsOn(): boolean {
    return this.el.querySelector<HTMLInputElement>('[data-cq="blocs"]')?.checked ?? false;
  }

  private refresh(): void {
    const setup = this.setup();
    const online = this.get('online').checked;
    this.get('wait-row').hidden = !online;
    // online the server draws the seed itself, told to no one before the end: no field for it
    this.get('seed-part').hidden = online;
    this.get('seed-label').textContent = online ? '' : 'Seed';
    this.seatChoices.show(this.get('seats'), { autoPlace: this.get('autoPlace').checked, autoDefend: this.get('autoDefend').checked });
    // the reserved seat is an online choice only
    for (const o of this.el.querySelectorAll<HTMLOptionElement>('[data-online-only]')) o.hidden = !online;
    if (!online && this.reserved.size) {
      this.reserved.clear();
      this.renderSeats();
    }
    // [issue 59] every card set defined where it is chosen, the chosen one marked [002 I Cards Options]
    this.get('cards-text').innerHTML = `${CARD_OPTIONS.map((c) => `<span class="cq-cardset${c === setup.cards ? ' on' : ''}" data-testid="cq-cardset"><b>${esc(CARD_OPTION_TEXT[c].name)}</b>: ${esc(CARD_OPTION_TEXT[c].text)}</span>`).join('<br>')}${
      setup.deck === 'wild' ? '<br>The wild deck holds four wildcards instead of two.' : ''
    } <span class="rule">[002 I Cards Options]</span>`;
    this.get('type-text').textContent = conquestContent(this.content).scenarios.get(setup.scenario)?.description ?? '';
    const humans = setup.seats.filter((s) => s.player === 'human').length;
    this.get('mode').textContent = online
      ? `Online: you play seat 1; ${humans - 1 - this.reserved.size} open and ${this.reserved.size} reserved seat${this.reserved.size === 1 ? '' : 's'} wait for people, the AIs play on the server.`
      : humans === 0
        ? 'All AI: you watch, with pause, step and speed.'
        : humans === 1
          ? `You play against ${setup.seats.length - 1} AI ${setup.seats.length === 2 ? 'opponent' : 'opponents'}.`
          : `Hot-seat: ${humans} people share this screen; a hand-over screen keeps each one's cards${conquestContent(this.content).scenarios.get(setup.scenario)?.gameType === 'mission' ? ' and mission' : ''} private.`;
    const problem = setupProblem(this.content, setup);
    const text = problem ? capital(problem) + '.' : this.swapNote;
    const el = this.get('problem');
    el.textContent = text;
    el.classList.toggle('note', !problem);
    (this.get('start') as unknown as HTMLButtonElement).disabled = problem !== null;
  }

  private onChange(e: Event): void {
    const t = e.target as HTMLElement;
    this.swapNote = '';
    if (this.seatChoices.changed(t)) return this.refresh();
    if (t instanceof HTMLSelectElement && t.dataset.seatColour !== undefined) {
      const i = Number(t.dataset.seatColour);
      const want = t.value as FactionId;
      const had = this.seats[i]!.faction;
      const other = this.seats.findIndex((s, j) => j !== i && s.faction === want);
      // a colour is a faction: two seats cannot share one, so the seat that had it takes this one's
      if (other >= 0) {
        this.seats[other]!.faction = had;
        const names = conquestContent(this.content).factions;
        this.swapNote = `Seat ${other + 1} had ${names.get(want)?.name ?? want}: it plays ${names.get(had)?.name ?? had} now.`;
      }
      this.seats[i]!.faction = want;
      this.renderSeats();
    } else if (t instanceof HTMLSelectElement && t.dataset.seatPlayer !== undefined) {
      // [issue 27] a reserved seat is a person's, kept for the one its own link is sent to
      const i = Number(t.dataset.seatPlayer);
      this.seats[i]!.player = t.value === 'reserved' ? 'human' : t.value;
      if (t.value === 'reserved') this.reserved.add(i);
      else this.reserved.delete(i);
    } else if (t instanceof HTMLSelectElement && t.dataset.cq === 'map') {
      this.mapId = t.value;
      this.mapProblem = '';
      this.renderMaps();
    } else if (t instanceof HTMLInputElement && t.dataset.cq === 'blocs') {
      this.renderSeats(); // each colour shows its ideology and bloc [3A2b]
    } else if (t instanceof HTMLSelectElement && t.dataset.cq === 'count') {
      const n = Number(t.value);
      while (this.seats.length > n) this.seats.pop();
      while (this.seats.length < n) this.seats.push({ faction: this.freeColour(), player: 'normal' });
      this.renderSeats();
    }
    this.refresh();
  }

  private onClick(e: Event): void {
    const t = (e.target as HTMLElement).closest('button');
    if (!t) return;
    if (t.dataset.join) return this.on.joinOnline(t.dataset.join);
    if (t.dataset.cq === 'reroll') this.get('seed').value = randomSeed();
    else if (t.dataset.cq === 'cancel') this.on.cancel();
    else if (t.dataset.cq === 'start') {
      const setup = this.setup();
      const problem = setupProblem(this.content, setup);
      if (problem) return this.refresh();
      if (this.get('online').checked) this.on.startOnline(setup, this.get('wait').value, [...this.reserved].map((i) => setup.seats[i]!.faction));
      else this.on.start(setup, Number(this.get('speed').value));
    }
  }

  private freeColour(): FactionId {
    return FACTIONS.find((f) => !this.seats.some((s) => s.faction === f)) ?? 'ivory';
  }
}
