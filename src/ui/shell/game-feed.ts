/**
 * A star-system game on the shared screen, whoever runs it (the spectator's worker, the play worker, an
 * online seat): the header's line and victory meter, the event log, the pieces on the map with their
 * moves flown as comets, the routes in use, the labels' pips and badges, the info panel of what is
 * picked and the Planets table. Both star-system modes (play and the spectator) show their games here.
 */
import { Vector3 } from 'three';
import type { Content } from '../../core/content/validate';
import type { GameEvent } from '../../core/engine/types';
import type { GameView } from '../../core/view';
import { effectFor } from '../../render/effects';
import type { GalaxyScene, Selection } from '../../render/galaxy-scene';
import type { EntityRefs } from '../../render/types';
import { soundForEvents, type GameAudio, type SoundName } from '../../audio/audio';
import { panelHtml } from '../info-panel';
import { scoreLines, sourcesInBrief } from '../score-lines';
import { esc } from '../html';
import type { GameInfo, StateMessage } from '../spectator/spectator-protocol';
import { driftPoint, type MapLabels } from './map-labels';

const LOG_LIMIT = 400;

/** The page's elements the feed writes. */
export interface FeedElements {
  hud: HTMLElement;
  where: HTMLElement;
  score: HTMLElement;
  vpBreakdown: HTMLElement;
  logList: HTMLElement;
  panel: HTMLElement;
  panelBody: HTMLElement;
}

export class GameFeed {
  info: GameInfo | null = null;
  refs: EntityRefs = {};
  view: GameView | null = null;
  index = 0;
  total: number | null = null;
  playing = false;
  /** The state hash of the game shown (from the worker). */
  hash = '';
  /** Every game-turn that has been seen to end, across games (the bench counts these). */
  turnsWatched = 0;
  private lastTurn = 0;
  private readonly log: GameEvent[] = [];
  /** "Follow the action": the camera flies to where things happen. */
  follow = true;
  private lastFollow = 0;
  private pieceEnv = new Map<number, number>();
  /** After each view: the spectator keeps its controls in step. */
  onState: () => void = () => {};
  /** The info panel opened or closed: the screen frames the picture around it. */
  onPanel: () => void = () => {};

  constructor(
    private readonly content: Content,
    private readonly galaxy: GalaxyScene,
    private readonly labels: MapLabels,
    private readonly audio: GameAudio,
    private readonly el: FeedElements,
  ) {}

  /** A game starts (new, loaded or replayed): its facts, an empty log, the camera over its area. */
  started(info: GameInfo, refs: EntityRefs): void {
    this.info = info;
    this.refs = refs;
    this.log.length = 0;
    this.el.logList.replaceChildren();
    this.pieceEnv.clear();
    this.lastTurn = 0;
    this.galaxy.skipAnimations();
    this.flyToArea(info.scenario);
  }

  /** A view of the game: the map, the log, the header; the new pieces' moves flown, its events sounded. */
  state(m: StateMessage): void {
    const previous = this.view;
    this.view = m.view;
    this.labels.view = m.view;
    this.index = m.index;
    this.total = m.total;
    this.playing = m.playing;
    this.hash = m.hash ?? '';
    if (m.view.turn > this.lastTurn) {
      if (this.lastTurn > 0) this.turnsWatched += m.view.turn - this.lastTurn;
      this.lastTurn = m.view.turn;
    }
    if (m.view.winner && previous && !previous.winner) this.turnsWatched += 1;
    this.galaxy.setView(m.view, this.refs);
    this.labels.systemPips(m.view);
    if (m.reset) {
      this.log.length = 0;
      this.el.logList.replaceChildren();
      this.pieceEnv.clear();
      this.routesUsed.clear();
    } else {
      this.animateMoves(m.view);
    }
    this.markRoutesInUse(m.view);
    this.recordPieces(m.view);
    this.appendLog(m.events, !m.reset);
    if (!m.reset) this.playSound(soundForEvents(m.events));
    if (m.view.winner && previous && !previous.winner) this.playSound(this.endSound(m.view.winner));
    this.updateHud();
    if (this.galaxy.selection) this.showPanel(this.galaxy.selection);
    this.labels.buildStackLabels();
    this.onState();
  }

  /** No game: nothing of the last one stays (its log, header, pieces, routes, panel). */
  clear(): void {
    this.log.length = 0;
    this.el.logList.replaceChildren();
    this.el.where.textContent = 'Explore the galaxy: drag to orbit, wheel to zoom, click a star.';
    this.el.score.replaceChildren();
    this.el.vpBreakdown.hidden = true;
    this.view = null;
    this.labels.view = null;
    this.info = null;
    this.refs = {};
    this.pieceEnv.clear();
    this.galaxy.setView(null, {});
    this.labels.systemPips(null);
    this.routesUsed.clear();
    this.galaxy.markRoutes(new Set());
    this.labels.buildStackLabels();
  }

  private playSound(name: SoundName | null): void {
    if (name) this.audio.play(name);
  }

  // ------------------------------------------------------------------ animation and following

  private recordPieces(view: GameView): void {
    this.pieceEnv.clear();
    for (const u of view.units) this.pieceEnv.set(u.eid, u.environ);
    for (const c of view.characters) if (c.environ) this.pieceEnv.set(c.eid, c.environ);
    this.adrift.clear();
    for (const d of view.drifting) this.adrift.set(d.eid, d);
  }

  /** [5.22] the pieces adrift in the last view (a piece in an environ now that was adrift then has landed). */
  private readonly adrift = new Map<number, GameView['drifting'][number]>();

  /** Routes jumped this game-turn and the last, as the viewer saw them (content route index to turn). */
  private routesUsed = new Map<number, number>();

  /**
   * [5.22] The routes in use: a seen piece that changed star system since the last view jumped its route;
   * the routes jumped in this game-turn and the last burn gold on the map.
   */
  private markRoutesInUse(view: GameView): void {
    const routes = this.content.galaxy.routes;
    for (const piece of [...view.units, ...view.characters]) {
      const before = this.pieceEnv.get(piece.eid);
      if (!before || !piece.environ || before === piece.environ) continue;
      const [a, b] = [this.systemOf(before), this.systemOf(piece.environ)];
      if (!a || !b || a === b) continue;
      const index = routes.findIndex((r) => (r.from === a && r.to === b) || (r.from === b && r.to === a));
      if (index >= 0) this.routesUsed.set(index, view.turn);
    }
    for (const [route, turn] of this.routesUsed) if (turn < view.turn - 1 || turn > view.turn) this.routesUsed.delete(route);
    this.galaxy.markRoutes(new Set(this.routesUsed.keys()));
  }

  /** Pieces whose environ changed since the last view fly there as comets. */
  private animateMoves(view: GameView): void {
    if (this.galaxy.animationSpeed <= 0) return;
    let shown = 0;
    let jumped = false;
    const from = new Vector3();
    const to = new Vector3();
    for (const piece of [...view.units, ...view.characters]) {
      const before = this.pieceEnv.get(piece.eid);
      if (!before || before === piece.environ || !piece.environ || shown > 12) continue;
      if (!this.galaxy.positionOf(before, from) || !this.galaxy.positionOf(piece.environ, to)) continue;
      const [a, b] = [this.systemOf(before), this.systemOf(piece.environ)];
      // [5.22] between star systems, along the hyperjump route: through its navigation star, if it has one
      this.flyAlong(a !== b && a && b ? this.routePath(a, b, from, to) : [from.clone(), to.clone()]);
      shown++;
      if (a !== b) jumped = true;
    }
    // [5.22, issue 44] pieces adrift that landed: a comet from their drift area's ring to the environ, marked where they land
    const landed = new Set<number>();
    for (const piece of [...view.units, ...view.characters]) {
      const d = this.adrift.get(piece.eid);
      if (!d || !piece.environ || landed.has(piece.environ) || !this.galaxy.positionOf(piece.environ, to)) continue;
      const system = this.galaxy.layout.systems[this.galaxy.layout.systemIndex.get(d.system) ?? -1];
      if (!system) continue;
      landed.add(piece.environ);
      this.flyAlong([driftPoint(system.position, d.outer ? system.def.drift.outer : system.def.drift.inner, d.side), to.clone()]);
      this.galaxy.animateAt('landing', to, undefined, undefined, this.effectScale(to));
    }
    // [5.22] pieces fallen out of a jump: a comet from where they were to their drift area's ring
    const fallen = new Set<string>();
    for (const d of view.drifting) {
      const before = this.pieceEnv.get(d.eid);
      const system = this.galaxy.layout.systems[this.galaxy.layout.systemIndex.get(d.system) ?? -1];
      if (!before || !system || fallen.has(`${d.system}|${d.outer}|${d.side}`) || !this.galaxy.positionOf(before, from)) continue;
      fallen.add(`${d.system}|${d.outer}|${d.side}`);
      const ring = driftPoint(system.position, d.outer ? system.def.drift.outer : system.def.drift.inner, d.side);
      const a = this.systemOf(before);
      this.flyAlong(a && a !== d.system ? this.routePath(a, d.system, from, ring) : [from.clone(), ring]);
      this.galaxy.animateAt('hyperjump', ring, undefined, undefined, this.effectScale(ring));
      jumped = true;
    }
    // a move between star systems is a hyperjump
    if (jumped) this.audio.play('hyperjump');
  }

  /** The points a jump from system `a` to `b` passes: from, the route's navigation star (if any), to. */
  private routePath(a: string, b: string, from: Vector3, to: Vector3): Vector3[] {
    const route = this.content.galaxy.routes.find((r) => (r.from === a && r.to === b) || (r.from === b && r.to === a));
    const L = this.galaxy.layout;
    const star = route?.via ? L.navStars[L.navIndex.get(route.via) ?? -1] : undefined;
    return star ? [from.clone(), star.position.clone(), to.clone()] : [from.clone(), to.clone()];
  }

  /**
   * [issue 44] an effect's size for where the camera is: the effects are sized for a planet seen close up
   * (the camera following the action); from afar (a galactic game at galaxy zoom) they grow with the
   * distance, so a move between star systems is seen, not a speck.
   */
  private readonly effectScale = (at: Vector3): number => Math.min(30, Math.max(1, this.galaxy.cameraDistanceTo(at) / 15));

  /** A comet along a path, leg after leg. */
  private flyAlong(path: Vector3[]): void {
    const leg = 420 / Math.max(0.1, this.galaxy.animationSpeed);
    path.slice(1).forEach((point, i) => {
      const start = path[i] as Vector3;
      const go = () => this.galaxy.animateAt('move', point, start, undefined, this.effectScale(point));
      if (i === 0) go();
      else setTimeout(go, leg * i);
    });
  }

  /** The star system an environ (by entity id) lies in. */
  private systemOf(environ: number): string | undefined {
    const id = this.refs[environ]?.id;
    const where = id ? this.galaxy.layout.environIndex.get(id) : undefined;
    return where ? this.galaxy.layout.planets[where.planet]?.system : undefined;
  }

  /**
   * The end of a game: a fanfare when the side watched wins, the falling phrase when it loses. Watching
   * everything, the game is told from the Rebellion's side (its win is the fanfare).
   */
  private endSound(winner: string): SoundName {
    const watched = (this.view?.side as string | null | undefined) ?? 'rebel';
    return winner === watched ? 'victory' : 'defeat';
  }

  private appendLog(events: GameEvent[], animate: boolean): void {
    const list = this.el.logList;
    const frag = document.createDocumentFragment();
    let animated = 0;
    for (const e of events) {
      this.log.push(e);
      const li = document.createElement('li');
      li.className = `ev ev-${e.kind.replace(/[^a-z0-9-]/gi, '')}`;
      li.innerHTML = `<span class="t">T${e.turn}</span> ${esc(e.text)}${e.rule ? ` <span class="rule">${esc(e.rule)}</span>` : ''}`;
      if (e.entities?.length) {
        li.classList.add('has-place');
        li.addEventListener('click', () => {
          const pos = new Vector3();
          for (const eid of e.entities ?? []) if (this.galaxy.positionOf(eid, pos)) return this.galaxy.flyTo(pos, 9);
        });
      }
      frag.appendChild(li);
      if (animate && animated < 10 && e.kind !== 'move' && e.kind !== 'movement') {
        const at = this.galaxy.animateEvent(e, undefined, this.effectScale);
        if (at) animated++;
        if (at && this.follow && effectFor(e.kind).follow) this.followTo(at);
      } else if (animate && this.follow && (e.kind === 'move' || e.kind === 'movement')) {
        const pos = new Vector3();
        for (const eid of e.entities ?? []) if (this.galaxy.positionOf(eid, pos)) {
          this.followTo(pos);
          break;
        }
      }
    }
    list.appendChild(frag);
    while (list.childElementCount > LOG_LIMIT) list.firstElementChild?.remove();
    if (this.log.length > LOG_LIMIT * 2) this.log.splice(0, this.log.length - LOG_LIMIT);
    list.scrollTop = list.scrollHeight;
  }

  /** "Follow the action": fly to where things happen, at most every 1.5 s so the camera stays calm. */
  private followTo(pos: Vector3): void {
    const now = performance.now();
    if (now - this.lastFollow < 1500) return;
    this.lastFollow = now;
    this.galaxy.flyTo(pos, 11);
  }

  flyToArea(scenarioId: string): void {
    const scenario = this.content.scenarios.get(scenarioId);
    if (!scenario) return;
    if (this.content.systems.has(scenario.area)) return this.galaxy.focusSystem(scenario.area);
    // a province's systems, or the whole galaxy's for a galactic scenario
    const systems = this.galaxy.layout.systems.filter((s) => scenario.kind === 'galactic' || s.def.province === scenario.area);
    if (!systems.length) return;
    const centre = new Vector3();
    for (const s of systems) centre.add(s.position);
    centre.divideScalar(systems.length);
    let r = 10;
    for (const s of systems) r = Math.max(r, s.position.distanceTo(centre) + s.def.drift.outer);
    this.galaxy.flyTo(centre, r * 2.6);
  }


  // ------------------------------------------------------------------ HUD, panel, labels

  /**
   * The victory meter opens the points by source: each planet that scores and each kill, capture and
   * gathering of information on its own line, as the score the shown view carries says.
   */
  showVpBreakdown(on: boolean): void {
    const box = this.el.vpBreakdown;
    const v = this.view;
    if (!on || !v) {
      box.hidden = true;
      return;
    }
    const target = this.content.scenarios.get(v.scenario)?.victory.rebelPoints ?? 0;
    const sc = v.score as { rebelPoints?: unknown };
    const lines = scoreLines(v.score);
    box.innerHTML = `<h3>Rebel victory points${typeof sc.rebelPoints === 'number' ? `: ${sc.rebelPoints}${target ? ` of ${target}` : ''}` : ''}</h3>${
      lines.length ? `<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>` : '<p class="muted">Nothing scores yet.</p>'
    }<p class="muted small">Click the meter again, or Esc, to close.</p>`;
    box.hidden = false;
    // under the meter (both in the HUD, so in the same units at any UI scale), inside the page
    const score = this.el.score;
    const hudWidth = this.el.hud.clientWidth;
    box.style.left = `${Math.max(8, Math.min(score.offsetLeft, hudWidth - box.offsetWidth - 8))}px`;
    box.style.top = `${score.offsetTop + score.offsetHeight + 6}px`;
  }

  updateHud(): void {
    const v = this.view;
    const where = this.el.where;
    const score = this.el.score;
    if (!v) return;
    const scenario = this.content.scenarios.get(v.scenario);
    const winner = v.winner ? (v.winner === 'draw' ? 'Draw' : v.winner === 'rebel' ? 'The Rebellion wins' : 'The Empire wins') : '';
    where.innerHTML = `<b>${esc(scenario?.name ?? v.scenario)}</b> · Turn <b data-testid="turn">${v.turn}</b>/${v.turns} · <span class="segment">${esc(v.segment)}</span>${
      v.side ? ` · <i>${v.side} view</i>` : ''
    }${winner ? ` · <b class="gold">${winner}</b>` : ''}`;
    score.innerHTML = scoreHtml(v.score, scenario?.victory.rebelPoints ?? 0, (id) => this.content.planets.get(id)?.name ?? id);
    if (!this.el.vpBreakdown.hidden) this.showVpBreakdown(true);
  }

  showPanel(sel: Selection | null): void {
    const panel = this.el.panel;
    const html = sel ? panelHtml(sel, { content: this.content, view: this.view, refs: this.refs }) : null;
    panel.hidden = !html;
    if (html) this.el.panelBody.innerHTML = html;
    this.onPanel();
    this.labels.buildStackLabels();
  }
}


/**
 * The score as a small victory meter: Rebel points against the scenario's target, the ruleset's own
 * one-line summary beside it, and where the points come from, line by line, on hover.
 */
export function scoreHtml(score: GameView['score'], target: number, planetName: (id: string) => string = (id) => id): string {
  const points = typeof score.rebelPoints === 'number' ? score.rebelPoints : typeof score.points === 'number' ? score.points : null;
  // below zero (the Rebel lost more than he scored) the meter fills from the right in the deficit's colour,
  // as far below zero as the points are: an empty bar would read as nothing scored yet
  const below = points !== null && points < 0;
  const fill = points === null || target <= 0 ? 0 : Math.min(100, (Math.abs(points) / target) * 100);
  const meter =
    points !== null && target > 0
      ? `<span class="meter${below ? ' below-zero' : ''}" data-testid="meter" title="Rebel victory points ${below ? `${points}, below zero,` : points} of ${target}"><span style="width:${fill.toFixed(0)}%"></span></span>`
      : '';
  // the galactic game: the Empire's Chaos Index on a meter of its own, its victory level beside it
  const chaos =
    typeof score.chaos === 'number'
      ? ` <span class="meter chaos" title="Chaos Index ${score.chaos} of 100: the Empire stands at ${esc(String(score.level ?? ''))}"><span style="width:${Math.max(0, Math.min(100, score.chaos)).toFixed(0)}%"></span></span> <span class="chaos-text" data-testid="chaos">Chaos <b>${score.chaos}</b> · ${esc(String(score.level ?? ''))}</span>`
      : '';
  const breakdown = scoreLines(score).join('\n');
  const text =
    typeof score.text === 'string'
      ? esc(score.text)
      : Object.entries(score)
          .filter(([, v]) => typeof v === 'number' || typeof v === 'string')
          .map(([k, v]) => `${esc(k.replace(/([A-Z])/g, ' $1').toLowerCase())} <b>${esc(String(v))}</b>`)
          .join(' · ');
  // [issue 59] what scores, beside the meter where the player looks: the breakdown whole is a click away
  const sources = Array.isArray(score.sources) ? `<small class="vp-sources" data-testid="vp-sources">${esc(sourcesInBrief(score, planetName))} · <u>all ▾</u></small>` : '';
  return `${meter}<span class="score-words"><span data-testid="score" title="${esc(breakdown)}">${text}</span>${sources}</span>${chaos}`;
}
