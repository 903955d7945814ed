/**
 * The galaxy's content as a readable atlas: provinces, star systems, planets and their environs,
 * peoples, characters, scenarios, and every kind of card (missions, possessions, creatures, action cards,
 * spaceships) and the tables, drawn by the rules reference's own functions (reference.ts). The first
 * screen a new player can open, and a way to read the content without the 3D view.
 */
import type { Content } from '../core/content/validate';
import type { CharacterDef, PlanetDef } from '../core/content/schema';
import { cardSections } from './reference';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

function planetCard(content: Content, planet: PlanetDef): HTMLElement {
  const badges: string[] = [];
  if (content.galaxy.throne === planet.id) badges.push('Throne');
  if (content.galaxy.provinces.some((p) => p.capital === planet.id)) badges.push('Capital');
  if (planet.secret) badges.push('Secret');
  const homeOf = [...content.races.values()].filter((r) => r.homePlanet === planet.id).map((r) => r.name);
  if (homeOf.length) badges.push(`Home of the ${homeOf.join(', ')}`);
  const environs = planet.environs.map((env) =>
    el(
      'li',
      { class: `environ environ-${env.type}` },
      el('span', { class: 'environ-type' }, env.type),
      ` size ${env.size}, resources ${env.resource}${env.coup ? `, coup ${env.coup}` : ''} — `,
      env.races.map((r) => content.races.get(r)?.name ?? r).join(', '),
      env.creature ? el('span', { class: 'creature' }, ` · ${content.creatures.get(env.creature)?.name ?? env.creature}`) : '',
    ),
  );
  return el(
    'article',
    { class: 'planet', 'data-planet': planet.id },
    el('h4', {}, `${planet.name} `, el('small', {}, planet.number)),
    el('p', { class: 'badges' }, [...badges, `PDB ${planet.pdb}`].join(' · ')),
    el('p', { class: 'description' }, planet.description),
    el('ul', { class: 'environs' }, ...environs),
  );
}

function characterRow(content: Content, ch: CharacterDef): HTMLElement {
  return el(
    'tr',
    { class: `side-${ch.side}` },
    el('td', {}, ch.name),
    el('td', {}, ch.title),
    el('td', {}, content.races.get(ch.race)?.name ?? ch.race),
    ...[ch.combat, ch.endurance, ch.intelligence, ch.leadership, ch.diplomacy, ch.navigation].map((n) => el('td', { class: 'num' }, String(n))),
    el('td', {}, ch.abilities.join(', ')),
  );
}

export function renderContentBrowser(root: HTMLElement, content: Content): void {
  const provinces = content.galaxy.provinces.map((prov) => {
    const systems = content.galaxy.systems
      .filter((s) => s.province === prov.id)
      .map((sys) =>
        el(
          'section',
          { class: 'system', 'data-system': sys.id },
          el('h3', {}, `${sys.name} `, el('small', {}, `${sys.number} · class ${sys.star} star`)),
          ...content.galaxy.planets.filter((p) => p.system === sys.id).sort((a, b) => a.orbit - b.orbit).map((p) => planetCard(content, p)),
        ),
      );
    return el('details', { class: 'province', open: '' }, el('summary', { style: `border-color:${prov.color}` }, `${prov.name} — capital ${content.planets.get(prov.capital)?.name}`), ...systems);
  });

  const characters = el(
    'table',
    { class: 'characters' },
    el('thead', {}, el('tr', {}, ...['Name', 'Title', 'Race', 'Cbt', 'End', 'Int', 'Ldr', 'Dip', 'Nav', 'Abilities'].map((h) => el('th', {}, h)))),
    el('tbody', {}, ...[...content.characters.values()].map((c) => characterRow(content, c))),
  );

  const scenarios = [...content.scenarios.values()].map((s) =>
    el('article', { class: 'scenario' }, el('h4', {}, s.name, ' ', el('small', {}, `${s.kind}, ${s.turns} turns`)), el('p', {}, s.description), el('p', { class: 'victory' }, s.victory.text)),
  );

  const cards = cardSections(content);
  root.replaceChildren(
    el(
      'header',
      { class: 'atlas-header' },
      el('h1', {}, 'Galactic Uprising'),
      el('p', {}, `An atlas of ${content.galaxy.name}: ${content.provinces.size} provinces, ${content.systems.size} star systems, ${content.planets.size} planets, ${content.environs.size} environs.`),
    ),
    el(
      'nav',
      { class: 'atlas-nav' },
      ...['Galaxy', 'Characters', 'Scenarios'].map((t) => el('a', { href: `#${t.toLowerCase()}` }, t)),
      ...cards.map((s) => el('a', { href: `#ref-${s.id}` }, s.title)),
    ),
    el(
      'main',
      { class: 'reference' },
      el('h2', { id: 'galaxy' }, 'The galaxy'),
      ...provinces,
      el('h2', { id: 'characters' }, 'Characters'),
      characters,
      el('h2', { id: 'scenarios' }, 'Scenarios'),
      ...scenarios,
      ...cards.map((s) => s.element),
    ),
  );
}
