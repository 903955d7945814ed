/**
 * The info panel: what a picked thing is, from the content (names, environs, ratings) and the current
 * view of the game (loyalty, state, PDB, who stands where). Read-only HTML, built fresh on each pick.
 */
import type { Content } from '../core/content/validate';
import type { GameView } from '../core/view';
import { ENVIRON_COLORS, LOYALTY_COLORS, SIDE_COLORS, STATE_LABELS, STAR_COLORS } from '../render/palette';
import type { Selection } from '../render/galaxy-scene';
import type { EntityRefs } from '../render/types';
import { explainPlanetInView } from '../../systems/rebels-vs-empire/control-explain';
import { esc } from './html';

const sideName = (s: string) => (s === 'rebel' ? 'Rebel' : s === 'imperial' ? 'Imperial' : s);

export interface PanelContext {
  content: Content;
  view: GameView | null;
  refs: EntityRefs;
}

/** HTML for a selection, or null when there is nothing to show. */
export function panelHtml(sel: Selection, ctx: PanelContext): string | null {
  if (sel.kind === 'system') return systemHtml(sel.id, ctx);
  if (sel.kind === 'planet') return planetHtml(sel.id, ctx);
  if (sel.kind === 'navStar') {
    const n = ctx.content.galaxy.navigationStars.find((x) => x.id === sel.id);
    if (!n) return null;
    const routes = ctx.content.galaxy.routes.filter((r) => r.via === n.id);
    return `<h2 data-panel-title>${esc(n.name)}</h2><p class="sub">Navigation star: a waypoint of hyperjump routes [5.22]</p>
      <ul>${routes.map((r) => `<li>${esc(systemName(ctx, r.from))} ↔ ${esc(systemName(ctx, r.to))} <small>distance ${r.distance}</small></li>`).join('')}</ul>`;
  }
  return stackHtml(sel.environ, sel.side, ctx);
}

function systemName(ctx: PanelContext, id: string): string {
  return ctx.content.systems.get(id)?.name ?? ctx.content.galaxy.navigationStars.find((n) => n.id === id)?.name ?? id;
}

function systemHtml(id: string, ctx: PanelContext): string | null {
  const s = ctx.content.systems.get(id);
  if (!s) return null;
  const province = ctx.content.provinces.get(s.province);
  const planets = [...ctx.content.planets.values()].filter((p) => p.system === id).sort((a, b) => a.orbit - b.orbit);
  const routes = ctx.content.galaxy.routes.filter((r) => r.from === id || r.to === id);
  const capitalOf = [...ctx.content.provinces.values()].find((p) => planets.some((pl) => pl.id === p.capital));
  const throne = planets.some((p) => p.id === ctx.content.galaxy.throne);
  return `<h2 data-panel-title>${esc(s.name)} <small>system ${esc(s.number)}</small></h2>
    <p class="sub"><span class="swatch" style="background:${province?.color ?? '#888'}"></span>${esc(province?.name ?? s.province)}
      · <span style="color:${STAR_COLORS[s.star]}">class ${s.star} star</span>${throne ? ' · <b class="gold">the Throne</b>' : capitalOf ? ' · <b class="gold">provincial capital</b>' : ''}</p>
    <p class="sub">Drift areas [5.22]: sun ${s.drift.inner}, system ${s.drift.outer}</p>
    <h3>Planets</h3>
    <ul class="planet-list">${planets.map((p) => `<li><a href="#" data-pick-planet="${esc(p.id)}">${esc(p.name)}</a> ${planetStatus(p.id, ctx)}</li>`).join('')}</ul>
    <h3>Hyperjump routes</h3>
    <ul>${routes.map((r) => `<li>${esc(systemName(ctx, r.from === id ? r.to : r.from))} <small>distance ${r.distance}${r.via ? ` via ${esc(systemName(ctx, r.via))}` : ''}</small></li>`).join('')}</ul>`;
}

function planetStatus(id: string, ctx: PanelContext): string {
  const pv = ctx.view?.planets.find((p) => p.id === id);
  if (!pv) return '';
  if (!pv.inPlay) return '<small class="muted">not in play</small>';
  return `<small><span style="color:${LOYALTY_COLORS[pv.loyalty]}">${pv.loyalty}</span> · ${STATE_LABELS[pv.state]}</small>`;
}

function planetHtml(id: string, ctx: PanelContext): string | null {
  const p = ctx.content.planets.get(id);
  if (!p) return null;
  const pv = ctx.view?.planets.find((x) => x.id === id);
  const sys = ctx.content.systems.get(p.system);
  const status = pv
    ? `<p class="state"><span class="pill" style="border-color:${LOYALTY_COLORS[pv.loyalty]};color:${LOYALTY_COLORS[pv.loyalty]}">${pv.loyalty}</span>
       <span class="pill">${STATE_LABELS[pv.state]}</span>
       <span class="pill">PDB ${pv.pdbLevel}${pv.pdbLevel ? (pv.pdbUp ? ' up' : ' down') : ''}</span>
       ${pv.control ? `<span class="pill" style="color:${SIDE_COLORS[pv.control]}">controlled by ${sideName(pv.control)}</span>` : ''}
       ${pv.inPlay ? '' : '<span class="pill muted">not in play</span>'}</p>`
    : `<p class="state"><span class="pill">PDB ${p.pdb}</span></p>`;
  // why the planet is (not) controlled, and what the Rebel still needs, from the chart [15.5-15.54]
  const control = pv?.inPlay && ctx.view ? explainPlanetInView(ctx.view, pv.eid) : null;
  const controlWhy = control
    ? `<p class="control-why" data-testid="control-why">${esc(control.why)}${control.next ? ` ${esc(control.next)}` : ''}</p>`
    : '';
  const environs = p.environs
    .map((e, i) => {
      const envId = `${p.id}.${i + 1}`;
      const races = e.races.map((r) => ctx.content.races.get(r)?.name ?? r).join(', ');
      const creature = e.creature ? ctx.content.creatures.get(e.creature)?.name ?? e.creature : null;
      return `<li class="environ"><b style="color:${ENVIRON_COLORS[e.type]}">${e.type}</b> size ${e.size} · resource ${e.resource}${e.coup ? ` · coup ${e.coup}` : ''}
        <br><small>${esc(races)}${creature ? ` · creature: ${esc(creature)}` : ''}</small>${sovereignHtml(envId, e.sovereign, ctx)}${piecesHtml(envId, ctx)}</li>`;
    })
    .join('');
  return `<h2 data-panel-title>${esc(p.name)} <small>planet ${esc(p.number)}</small></h2>
    <p class="sub">${esc(sys?.name ?? p.system)} system, orbit ${p.orbit}${p.secret ? ' · secret' : ''}${p.id === ctx.content.galaxy.throne ? ' · <b class="gold">the Throne</b>' : ''}</p>
    ${status}
    ${controlWhy}
    <h3>Environs</h3><ul class="environs">${environs}</ul>
    <p class="description">${esc(p.description)}</p>`;
}

/**
 * [5.3I, 13.2] "Sovereign: Queen Ilse (at the Rebel's court)": in a game, as its view says (public; none
 * in the star-system game, where sovereigns have no effect); with no game, the content's name alone.
 */
function sovereignHtml(environId: string, named: string | null, ctx: PanelContext): string {
  const sovereign = ctx.view ? (ctx.view.environs.find((e) => e.id === environId)?.sovereign ?? null) : named === null ? null : { name: named, court: null };
  if (!sovereign) return '';
  const court = !ctx.view ? '' : sovereign.court === 'rebel' ? " (at the Rebel's court)" : sovereign.court === 'imperial' ? ' (at the Imperial court)' : ' (at no court)';
  return `<br><small class="sovereign" data-testid="sovereign">Sovereign: ${esc(sovereign.name)}${court}</small>`;
}

/** Pieces standing in an environ, as the viewer may see them. */
function piecesHtml(environId: string, ctx: PanelContext): string {
  const v = ctx.view;
  if (!v) return '';
  const here = (eid: number) => ctx.refs[eid]?.id === environId;
  const out: string[] = [];
  for (const side of ['rebel', 'imperial']) {
    const units = v.units.filter((u) => u.side === side && here(u.environ));
    const chars = v.characters.filter((c) => c.side === side && here(c.environ) && !c.dead);
    if (!units.length && !chars.length) continue;
    out.push(
      `<div class="pieces" style="border-color:${SIDE_COLORS[side]}"><a href="#" data-pick-stack="${esc(environId)}|${side}">${sideName(side)}</a>: ` +
        `${units.length ? `${units.length} unit${units.length > 1 ? 's' : ''}` : ''}${units.length && chars.length ? ', ' : ''}` +
        `${chars.map((c) => esc(ctx.content.characters.get(c.id)?.name ?? c.id)).join(', ')}</div>`,
    );
  }
  return out.join('');
}

function stackHtml(environId: string, side: string, ctx: PanelContext): string | null {
  const env = ctx.content.environs.get(environId);
  const v = ctx.view;
  if (!env || !v) return null;
  const planet = ctx.content.planets.get(env.planet);
  const here = (eid: number) => ctx.refs[eid]?.id === environId;
  const units = v.units.filter((u) => u.side === side && here(u.environ));
  const chars = v.characters.filter((c) => c.side === side && here(c.environ) && !c.dead);
  const unitRows = units
    .map((u) => {
      const type = ctx.content.unitTypes.get(u.type);
      return `<tr><td>${u.type === 'hidden' ? '<i>hidden unit</i>' : esc(type?.name ?? u.type)}</td><td class="num">${u.combat ?? '?'}</td><td>${u.environType ?? ''}</td><td>${u.mobile ? 'mobile' : ''}</td></tr>`;
    })
    .join('');
  const charRows = chars.map((c) => characterHtml(c.id, ctx, c)).join('');
  return `<h2 data-panel-title>${sideName(side)} stack</h2>
    <p class="sub">${esc(planet?.name ?? env.planet)}, <span style="color:${ENVIRON_COLORS[env.type]}">${env.type}</span> environ (size ${env.size})</p>
    ${units.length ? `<h3>Military units</h3><table class="units"><tr><th>Type</th><th>Str</th><th>Environ</th><th></th></tr>${unitRows}</table>` : ''}
    ${chars.length ? `<h3>Characters</h3>${charRows}` : ''}`;
}

function characterHtml(id: string, ctx: PanelContext, state?: { wounds: number; detected: boolean; captured: boolean }): string {
  const c = ctx.content.characters.get(id);
  if (!c) return '';
  const race = ctx.content.races.get(c.race)?.name ?? c.race;
  const ship = c.spaceship ? (ctx.content.possessions.get(c.spaceship)?.name ?? ctx.content.imperialShips.get(c.spaceship)?.name ?? c.spaceship) : null;
  const bonus = Object.entries(c.bonusDraws).map(([k, n]) => `${k}+${n}`).join(' ');
  return `<div class="character" style="border-color:${SIDE_COLORS[c.side]}">
    <b>${esc(c.name)}</b> <small>${esc(c.title)} · ${esc(race)}</small>
    ${state ? `<small class="flags">${state.detected ? ' · detected' : ' · undetected'}${state.wounds ? ` · ${state.wounds} wound${state.wounds > 1 ? 's' : ''}` : ''}${state.captured ? ' · captured' : ''}</small>` : ''}
    <table class="ratings"><tr><th>Cbt</th><th>End</th><th>Int</th><th>Ldr</th><th>Dip</th><th>Nav</th></tr>
    <tr><td>${c.combat}</td><td>${c.endurance}</td><td>${c.intelligence}</td><td>${c.leadership}</td><td>${c.diplomacy}</td><td>${c.navigation}</td></tr></table>
    <small>${c.homePlanet ? `Home: ${esc(ctx.content.planets.get(c.homePlanet)?.name ?? c.homePlanet)}. ` : ''}${c.abilities.length ? `Abilities: ${c.abilities.join(', ')}. ` : ''}${bonus ? `Bonus draws: ${bonus}. ` : ''}${ship ? `Ship: ${esc(ship)}.` : ''}</small>
    <p class="description">${esc(c.description)}</p></div>`;
}
