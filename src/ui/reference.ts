/**
 * The rules and card reference: every mission, possession, creature, action card, spaceship and table
 * of the content, and the rules words of the glossary, each in plain words with its rule number, under a
 * stable anchor (`ref-mission-diplomacy`, `ref-term-pdb`) and searchable. Pure DOM building from
 * `Content`: the play screen shows it as a panel (reference-panel.ts), the atlas (content-browser.ts)
 * shows its card sections.
 */
import type { ActionCardDef, ActionEventKind, CreatureDef, GalacticEffectDef, GalacticEventDef, ImperialShipDef, MissionDef, PlanetScopeDef, PossessionDef, StrategicAssignmentDef } from '../core/content/schema';
import type { Content } from '../core/content/validate';
import { GLOSSARY, type GlossaryEntry } from './play/glossary';
import { missionNeed, missionSuits } from '../words/mission-words';
import { RATING_DRAWS_PER } from '../../systems/rebels-vs-empire/bonus-draw';
import { BLOCS_IN_BRIEF, CONQUEST_IN_BRIEF, SOLITAIRE_IN_BRIEF } from './rules-in-brief';
import './reference.css';

type Child = Node | string;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/** "Start/Stop Rebellion" → "start-stop-rebellion": the tail of an anchor id. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const termAnchor = (term: string) => `ref-term-${slug(term)}`;
export const missionAnchor = (m: MissionDef) => `ref-mission-${slug(m.name)}`;
export const possessionAnchor = (p: PossessionDef) => `ref-possession-${p.id}`;
export const creatureAnchor = (c: CreatureDef) => `ref-creature-${c.id}`;
export const actionAnchor = (a: ActionCardDef) => `ref-action-${a.number}`;
export const shipAnchor = (s: ImperialShipDef) => `ref-ship-${s.id}`;
export const eventAnchor = (e: ActionEventKind) => `ref-event-${e}`;

/** One entry: a titled card with its rule number and an anchor. */
function entry(id: string, kind: string, title: Child[], rule: string | undefined, ...body: Child[]): HTMLElement {
  return el(
    'article',
    { class: `ref-entry ref-${kind}`, id, 'data-ref': kind },
    el('h3', {}, ...title, rule ? el('span', { class: 'rule' }, ` ${rule}`) : ''),
    ...body,
  );
}

const p = (cls: string, ...children: Child[]) => el('p', { class: cls }, ...children);
const facts = (...parts: (string | false | undefined)[]) => p('ref-facts', parts.filter(Boolean).join(' · '));
const link = (anchor: string, text: string) => el('a', { href: `#${anchor}`, 'data-ref-link': anchor }, text);

// ------------------------------------------------------------------ missions

const SIDE_WORDS = { both: 'either side', rebel: 'Rebel only', imperial: 'Empire only' } as const;

/** [13.6] how the rating adds draws, as the bonus draw segment counts them. */
function ratingRule(card: MissionDef): string {
  const { base, rating } = card.bonusDraws;
  const fromCard = base ? `${base} from the card` : '';
  const fromRating = rating ? `the group's best ${rating} ÷ ${RATING_DRAWS_PER[rating] ?? 3}` : '';
  return `bonus draws: ${[fromCard, fromRating].filter(Boolean).join(' + ') || 'none'} [13.6]`;
}

function missionEntry(card: MissionDef): HTMLElement {
  return entry(
    missionAnchor(card),
    'mission',
    [el('span', { class: 'ref-letter' }, card.letter), ` ${card.name}`],
    '[13.2]',
    facts(
      SIDE_WORDS[card.side],
      card.inStarSystemGame ? undefined : 'not in the star-system game [13.2]',
      missionSuits(card),
      ratingRule(card),
      missionNeed(card),
      card.continuing && 'continuing: letters add up [13.5]',
      card.rebelCamp && 'a rebel camp may perform it [13.2]',
    ),
    p('ref-goal', card.goal),
    p('ref-text', el('b', {}, 'Effects. '), card.effects),
    p('ref-text', el('b', {}, 'Restrictions. '), card.restrictions),
  );
}

// ------------------------------------------------------------------ possessions and spaceships

const POSSESSION_KIND_RULE = { spaceship: '[14.5]', weapon: '[14.4]', object: '[14.4]', companion: '[14.3]' } as const;

function durabilityWords(d: PossessionDef['durability']): string {
  if (d.kind === 'never-needs-repair') return 'never needs repair';
  if (d.kind === 'lost-after-one-use') return 'lost after one use [14.22]';
  return `after each use a die: inoperative on ${d.inoperativeOn.join(' or ')} [14.22]`;
}

function shipWords(ship: NonNullable<PossessionDef['ship']>): string[] {
  return [
    `maneuver ${ship.maneuver} [14.5]`,
    `${ship.passengers} seat${ship.passengers === 1 ? '' : 's'} [14.57]`,
    ship.fullManeuverAlways ? 'always keeps its full maneuver [14.58]' : '',
    `cannon ${ship.cannon}, shields ${ship.shields} (province and galactic games) [14.5, 9.28]`,
  ].filter(Boolean);
}

function effectWords(e: PossessionDef['effects']): string[] {
  const out: string[] = [];
  if (e.combat) out.push(`+${e.combat} combat${e.combatIn && e.combatIn !== 'any' ? ` in ${e.combatIn} combat` : ''} [12.41]`);
  for (const [letter, n] of Object.entries(e.bonusDraws ?? {})) out.push(`+${n} bonus draw${n === 1 ? '' : 's'} on ${letter} missions, declared at the outset [14.27]`);
  if (e.heals) out.push('heals its holder at the start of the Rebel player-turn [13.72]');
  if (e.hiding) out.push(`+${e.hiding} to hiding [11.0]`);
  if (e.navigation) out.push(`+${e.navigation} navigation when piloting [14.5]`);
  return out;
}

function possessionEntry(pos: PossessionDef): HTMLElement {
  return entry(
    possessionAnchor(pos),
    'possession',
    [el('span', { class: 'ref-number' }, `#${pos.number}`), ` ${pos.name}`],
    POSSESSION_KIND_RULE[pos.kind],
    facts(`Rebel ${pos.kind}`, durabilityWords(pos.durability), ...(pos.ship ? shipWords(pos.ship) : []), ...effectWords(pos.effects)),
    p('ref-text', pos.description),
  );
}

function shipEntry(content: Content, ship: ImperialShipDef): HTMLElement {
  const pilot = ship.onlyPilot ? (content.characters.get(ship.onlyPilot)?.name ?? ship.onlyPilot) : '';
  return entry(
    shipAnchor(ship),
    'ship',
    [ship.name],
    '[14.61]',
    facts(
      'Imperial spaceship, received by an Imperial Knight [14.61]',
      ...shipWords(ship.ship),
      pilot ? `only ${pilot} may pilot it; it is removed when he is not aboard [14.6]` : 'any Imperial pilot',
    ),
    p('ref-text', ship.description),
  );
}

// ------------------------------------------------------------------ creatures

const SPECIAL_WORDS: Record<CreatureDef['special'][number], string> = {
  'attacks-twice': 'attacks twice each round',
  'cannot-be-broken-off': 'combat with it cannot be broken off [12.5]',
  'kills-no-capture': 'kills, never captures [12.32]',
  ambush: 'no break-off in the first round (ambush) [12.5]',
};

function creatureEntry(content: Content, c: CreatureDef): HTMLElement {
  const homes = [...content.environs.values()].filter((e) => e.creature === c.id).map((e) => `${content.planets.get(e.planet)?.name ?? e.planet} (${e.type})`);
  return entry(
    creatureAnchor(c),
    'creature',
    [c.name],
    '[13.45]',
    facts(`combat ${c.combat}`, `endurance ${c.endurance}`, `${c.style} [12.0]`, ...c.special.map((s) => SPECIAL_WORDS[s])),
    p('ref-text', c.description),
    p('ref-where', homes.length ? `Lives at ${homes.join(', ')}. Attacks when a mission's action card says so [13.46].` : 'Lives in no environ of this galaxy.'),
  );
}

// ------------------------------------------------------------------ action cards and their events

/** [13.4x] each event an action card section may carry, in plain words. */
export const EVENT_WORDS: Record<ActionEventKind, { name: string; text: string; rule?: string }> = {
  'creature-attacks': { name: 'Creature attacks', text: "The environ's creature attacks one mission group at random; where there is none, sentry robots attack if the enemy controls the planet.", rule: '[13.45, 13.46]' },
  'irate-locals': { name: 'Irate locals', text: "The environ's natives take the group for enemies and attack it, with their race's combat and endurance.", rule: '[13.47]' },
  'enemy-search': { name: 'Enemy search', text: 'The other player searches one mission group at once.', rule: '[13.48]' },
  'mission-aborted': { name: 'Mission aborted', text: 'One group at random aborts: no more letters, effects or bonus draws; an aborted coup may be attacked by enemy units.', rule: '[13.44]' },
  'populace-goes-wild': { name: 'Populace goes wild', text: 'A rebellion that starts on this planet in this mission phase raises twice the force points.', rule: '[15.46]' },
  'characters-detected': { name: 'Characters detected', text: 'One group at random becomes detected: the enemy may search for and attack it.', rule: '[9.42]' },
  'locals-raid': { name: 'Locals raid the PDB', text: "The locals storm the planet's defence base: its PDB goes down.", rule: '[8.31]' },
  'loyalty-to-rebel': { name: 'Loyalty to the Rebel', text: "The planet's loyalty shifts one space toward the Rebel.", rule: '[15.12]' },
  'loyalty-to-imperial': { name: 'Loyalty to the Empire', text: "The planet's loyalty shifts one space toward the Empire.", rule: '[15.12]' },
  accident: { name: 'Accident', text: 'One member of a group at random takes a wound.' },
  windfall: { name: 'Windfall', text: 'The group gains one bonus draw this phase.' },
};

const SECTIONS = [
  ['urban', 'Urban'],
  ['special', 'Special: subterranean, liquid, air, fire'],
  ['wild', 'Wild'],
] as const;

/** [13.32] a card's three sections side by side: the letters, the missions they name, the event, the card's text. */
function actionEntry(content: Content, card: ActionCardDef): HTMLElement {
  const cells = SECTIONS.map(([key]) => {
    const s = card[key];
    // each letter's mission, linked to its entry
    const missions = [...s.letters].flatMap((l, i): Child[] => {
      const m = content.missions.get(l as never);
      return [i ? ', ' : '', m ? link(missionAnchor(m), m.name) : l];
    });
    return el(
      'td',
      {},
      el('span', { class: 'ref-letters' }, s.letters || '—'),
      ' ',
      ...(missions.length ? missions : ['no letter']),
      s.event ? el('span', { class: 'ref-event' }, ' · ', link(eventAnchor(s.event), EVENT_WORDS[s.event].name)) : '',
      el('br'),
      el('small', { class: 'muted' }, s.text),
    );
  });
  return entry(
    actionAnchor(card),
    'action',
    [`Action card ${card.number}`],
    '[13.32]',
    el('table', { class: 'ref-grid ref-action-table' }, el('thead', {}, el('tr', {}, ...SECTIONS.map(([, label]) => el('th', {}, label)))), el('tbody', {}, el('tr', {}, ...cells))),
  );
}

function eventEntry(kind: ActionEventKind): HTMLElement {
  const e = EVENT_WORDS[kind];
  return entry(eventAnchor(kind), 'event', [e.name], e.rule, p('ref-text', e.text));
}

// ------------------------------------------------------------------ the galactic game

/** A galactic event's effects in words, after its story ("2 planets one space toward the Rebel"). */
function galacticEffectWords(content: Content, e: GalacticEffectDef): string {
  const scope = (w: PlanetScopeDef) =>
    [w.kind ? { capital: 'a capital', 'home-world': 'a home world', throne: 'the throne world', secret: 'a secret planet' }[w.kind] : '', w.race ? `where the ${content.races.get(w.race)?.name ?? w.race} live` : '', w.province === 'random' ? 'in a province drawn at random' : w.province ? `in ${w.province}` : '', w.loyalty ? `at ${w.loyalty}` : '']
      .filter(Boolean)
      .join(' ');
  switch (e.do) {
    case 'chaos':
      return `Chaos Index ${e.by > 0 ? '+' : ''}${e.by}`;
    case 'loyalty':
      return `${e.planets} planet${e.planets === 1 ? '' : 's'} ${scope(e.where)} one space toward the ${e.toward === 'rebel' ? 'Rebel' : 'Empire'}`.replace(/ {2,}/g, ' ');
    case 'rise':
      return `a planet at unrest ${scope(e.where)} rises in rebellion`.replace(/ {2,}/g, ' ');
    case 'stop-rebellion':
      return `a rebellion ${scope(e.where)} is stopped`.replace(/ {2,}/g, ' ');
    case 'imperial-units':
    case 'rebel-units':
      return `${e.count} ${e.do === 'imperial-units' ? 'Imperial' : 'Rebel'} unit${e.count === 1 ? '' : 's'} on ${e.do === 'imperial-units' ? 'an Imperial' : 'a Rebel'} planet ${scope(e.where)}`.replace(/ {2,}/g, ' ').trim();
    case 'desert':
      return `on an Imperial planet ${scope(e.where)} a ${content.unitTypes.get(e.from)?.name ?? e.from} unit deserts and ${e.count} Rebel unit${e.count === 1 ? '' : 's'} appear`.replace(/ {2,}/g, ' ');
    case 'pdb':
      return `the PDB of a planet the Empire holds ${scope(e.where)} goes ${e.up ? 'back up' : 'down'}`.replace(/ {2,}/g, ' ');
    case 'discover':
      return e.what === 'base' ? 'the Empire discovers the Rebel base' : 'the Empire discovers a secret planet';
  }
}

function galacticEventEntry(content: Content, e: GalacticEventDef): HTMLElement {
  return entry(`ref-galactic-event-${e.id}`, 'galactic-event', [e.name], '[galactic event]', p('ref-text', e.text), facts(...e.effects.map((x) => galacticEffectWords(content, x))));
}

function assignmentEntry(a: StrategicAssignmentDef): HTMLElement {
  return entry(`ref-assignment-${a.id}`, 'assignment', [a.name], '[strategic assignment]', p('ref-text', a.text), facts(`deadline: ${a.turns} turns`, `carried out: Chaos Index ${a.success}`, `failed: Chaos Index +${a.failure}`));
}

// ------------------------------------------------------------------ tables

/** A range as a column head: "≤0", "5-6", "9+". */
export function rangeLabel(r: { min: number; max: number }, signed = false): string {
  const n = (x: number) => (signed && x > 0 ? `+${x}` : String(x));
  if (r.min <= -99) return `≤${n(r.max)}`;
  if (r.max >= 99) return `${n(r.min)}+`;
  return r.min === r.max ? n(r.min) : `${n(r.min)} to ${n(r.max)}`;
}

function grid(caption: string, corner: string, heads: string[], rows: { head: string; cells: string[] }[]): HTMLTableElement {
  return el(
    'table',
    { class: 'ref-grid' },
    el('caption', {}, caption),
    el('thead', {}, el('tr', {}, el('th', {}, corner), ...heads.map((h) => el('th', {}, h)))),
    el('tbody', {}, ...rows.map((r) => el('tr', {}, el('th', {}, r.head), ...r.cells.map((c) => el('td', {}, c))))),
  );
}

const DIE = ['1', '2', '3', '4', '5', '6'];

const HYPERJUMP_WORDS: Record<string, string> = {
  safe: 'safe',
  drift: 'drift area',
  'outer-drift': 'outer drift area',
  'drift-damaged': 'drift area, damaged',
  'outer-drift-damaged': 'outer drift area, damaged',
  'outer-drift-eliminated': 'outer drift area, eliminated',
};

/** A table of victory points: what scores, and how many (signed). */
function pointsEntry(id: string, title: string, intro: string, rows: [string, number][]): HTMLElement {
  const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
  return entry(id, 'table', [title], undefined, p('ref-text', intro), el('table', { class: 'ref-grid' }, el('tbody', {}, ...rows.map(([what, n]) => el('tr', {}, el('th', {}, what), el('td', {}, signed(n)))))));
}

function tableEntries(content: Content): HTMLElement[] {
  const t = content.tables;
  const out: HTMLElement[] = [];
  out.push(
    entry(
      'ref-table-unit-types',
      'table',
      ['Military units'],
      '[7.1]',
      p('ref-text', 'Only the first combat number counts in the star-system game [7.1]. Mobile units may leave their planet [7.21-7.3]; a hidden unit shows its strength to the Rebel only once used [7.22]. Rebel units are raised with force points [15.41].'),
      el(
        'table',
        { class: 'ref-grid' },
        el('thead', {}, el('tr', {}, ...['Unit', 'Side', 'Combat', 'Mobile', 'Hidden', 'Cost'].map((h) => el('th', {}, h)))),
        el(
          'tbody',
          {},
          ...t.unitTypes.map((u) =>
            el('tr', {}, el('th', {}, u.name), el('td', {}, u.side === 'rebel' ? 'Rebel' : 'Empire'), el('td', {}, `${u.combat}-${u.second}`), el('td', {}, u.mobile ? 'yes' : 'no'), el('td', {}, u.hidden ? 'yes' : 'no'), el('td', {}, u.side === 'rebel' ? String(u.cost) : '—')),
          ),
        ),
      ),
    ),
  );
  const mc = t.militaryCombat;
  out.push(
    entry(
      'ref-table-military-combat',
      'table',
      ['Military combat'],
      '[10.0]',
      p('ref-text', `Column: attack strength to defence strength, rounded in the defender's favour; ${mc.plainRange[0]} to ${mc.plainRange[1]} before shifts, the ends only through leaders [10.22, 10.42]. Each side rolls for the other's loss. A leader shifts by his leadership [10.4]; the environ may shift it [10.5].`),
      grid('Attacker loss / defender loss, in strength points', 'die', mc.columns, mc.rows.map((row, i) => ({ head: DIE[i] ?? '', cells: row.map(([a, d]) => `${a}/${d}`) }))),
    ),
  );
  out.push(
    entry(
      'ref-table-pdb-attack-column',
      'table',
      ['PDB attack'],
      '[9.22]',
      p('ref-text', `A PDB fires on enemy units passing it on the military combat table: level 1 on the ${t.pdbAttackColumn['1']} column, level 2 on ${t.pdbAttackColumn['2']}. A level-0 PDB cannot fire.`),
    ),
  );
  out.push(
    entry(
      'ref-table-racking',
      'table',
      ['Racking attack', 'cannon', 'shields'],
      '[9.28]',
      p('ref-text', `Province and galactic games: a PDB of level 1 or 2 that has just detected a spaceship passing it may rake it. Its die + its level − the ship's shields, ${t.racking.shipHitOn} or more: the ship is hit, wrecked when it lands (destroyed with everyone aboard if it was damaged already this turn [9.35]). The ship fires back: its die + its cannon, ${t.racking.pdbDownOn} or more knocks the PDB down, ${t.racking.pdbLevelLostOn} or more takes a level off it too [9.25]; a ship without a cannon cannot.`),
    ),
  );
  const det = t.detection;
  out.push(
    entry(
      'ref-table-detection',
      'table',
      ['Detection'],
      '[9.3]',
      p('ref-text', `Rolled when a spaceship arrives at or leaves a planet whose enemy PDB is up. Column: the ship's evasion value [14.5]; a level-2 PDB shifts ${det.shiftLevel2Pdb} column${det.shiftLevel2Pdb === 1 ? '' : 's'} left, passengers already detected ${det.shiftAlreadyDetected} more. U undetected, D detected, Dd detected and damaged, E eliminated; * is ignored in the star-system game [9.31]. A level-0 PDB turns Dd and E into D [9.32].`),
      grid('Result by die and evasion value', 'die', det.columns.map((c) => rangeLabel(c)), det.rows.map((row, i) => ({ head: DIE[i] ?? '', cells: row }))),
    ),
  );
  const s = t.search;
  out.push(
    entry(
      'ref-table-search',
      'table',
      ['Search'],
      '[11.0]',
      p('ref-text', 'Row: the hiding value of the characters searched for; column: the search value [11.0]. They are found when the die is at most the entry (0: never).'),
      grid('Found on a die of at most', 'hiding \\ search', s.searchColumns.map((c) => rangeLabel(c)), s.found.map((row, i) => ({ head: rangeLabel(s.hidingRows[i] ?? { min: 0, max: 0 }), cells: row.map(String) }))),
    ),
  );
  const cc = t.characterCombat;
  const star = (n: number, capture: boolean) => `${n}${capture ? '*' : ''}`;
  out.push(
    entry(
      'ref-table-character-combat',
      'table',
      ['Character combat'],
      '[12.6]',
      p('ref-text', `Column: attack strength minus defence strength. Entry: wounds to the attacker / to the defender; * marks a capture on that side [12.8]. Capture combat uses the column ${cc.captureShift} to the left [12.5, 12.6].`),
      grid('Attacker wounds / defender wounds', 'die', cc.columns.map((c) => rangeLabel(c, true)), cc.rows.map((row, i) => ({ head: DIE[i] ?? '', cells: row.map((r) => `${star(r.attacker, r.attackerCapture)}/${star(r.defender, r.defenderCapture)}`) }))),
      grid('Break off succeeds on a die of at most [12.5]', '', cc.columns.map((c) => rangeLabel(c, true)), [
        { head: 'active', cells: cc.breakOffActive.map(String) },
        { head: 'inactive', cells: cc.breakOffInactive.map(String) },
      ]),
    ),
  );
  out.push(
    entry(
      'ref-table-squad',
      'table',
      ['Squad'],
      '[12.12]',
      p('ref-text', `Military units that attack characters fight as a squad of their combined strength. A leader adds ${t.squad.leaderEndurance} to its endurance and takes no wounds himself.`),
      grid('Squad combat / endurance by military strength', 'strength', t.squad.rows.map((r) => rangeLabel({ min: r.min, max: r.max >= 999 ? 999 : r.max })), [
        { head: 'combat', cells: t.squad.rows.map((r) => String(r.combat)) },
        { head: 'endurance', cells: t.squad.rows.map((r) => String(r.endurance)) },
      ]),
    ),
  );
  out.push(
    entry(
      'ref-table-hyperjump',
      'table',
      ['Hyperjump'],
      undefined,
      p('ref-text', 'Galactic movement along a route, rolled only when the navigator\u2019s navigation is at most the distance: a die plus (distance − navigation).'),
      grid('Where the jump ends', 'roll', t.hyperjump.map((h) => rangeLabel(h)), [{ head: 'result', cells: t.hyperjump.map((h) => HYPERJUMP_WORDS[h.result] ?? h.result) }]),
    ),
  );
  const vp = t.victoryPoints;
  const vpRows: [string, number][] = [
    ['each Rebel-controlled planet', vp.rebelControlled],
    ['each planet in rebellion', vp.rebellion],
    ['each planet at unrest', vp.unrest],
    ['each patriotic planet', vp.patriotic],
    ['an Imperial character killed', vp.imperialKilled],
    ['an Imperial character captured', vp.imperialCaptured],
    ['a Rebel character killed', vp.rebelKilled],
    ['a Rebel character captured', vp.rebelCaptured],
    ['gather information', vp.gatherInformation],
  ];
  out.push(pointsEntry('ref-table-victory-points', 'Victory points', "The Rebel's points at the end of a star-system game; each scenario says how many he needs.", vpRows));
  const gvp = t.galacticVictoryPoints;
  const gvpRows: [string, number][] = [
    ['the throne world, or the first province\u2019s capital', gvp.throneOrFirstCapital],
    ['another capital', gvp.capital],
    ['the home planet of a star-faring race', gvp.starFaringHome],
    ['any other planet', gvp.planet],
  ];
  out.push(
    pointsEntry(
      'ref-table-galactic-victory-points',
      'Galactic victory points',
      'The galactic game counts only Rebel-controlled planets, each by its worth; the Rebel wins as soon as they add up to the scenario\u2019s target.',
      gvpRows,
    ),
  );
  return out;
}

// ------------------------------------------------------------------ the rules in brief

/**
 * The star-system game's rules in plain words, one line each with its number: what a newcomer needs to
 * follow a game. Written for this reference from the rules and the decisions in docs/rules.md.
 */
export const RULES_IN_BRIEF: { title: string; rule: string; text: string }[] = [
  { title: 'The game-turn', rule: '[6.0]', text: 'The Rebel player-turn, then the Imperial player-turn, then the interphase. Each player-turn: operations (movement, the enemy\'s reaction, military combat), the search phase, then the mission phase (assignment, action cards, bonus draws).' },
  { title: 'Reinforcements', rule: '[16.15]', text: 'A side\'s reinforcements for the game-turn arrive at the start of its movement segment, on an environ of a planet it controls (or one nobody controls, free of enemy units).' },
  { title: 'Movement', rule: '[9.0]', text: 'Each piece moves at most once per movement segment. Pieces picked in one environ move together, as one stack, to the destination chosen.' },
  { title: 'Spaceships', rule: '[9.52, 14.5]', text: 'Characters change planets only aboard a spaceship; military units need none. A stack holds one ship at most [9.54]; its seats limit the characters and companions aboard [14.57]; its pilot needs navigation 1 or more [14.51].' },
  { title: 'Stacking', rule: '[9.5]', text: 'A side may have at most as many military units in an environ as the environ\'s size. At the end of his movement each character beside his side\'s units joins their military stack or stays in the mission stack [9.57].' },
  { title: 'PDB fire', rule: '[9.21]', text: 'Military units leaving or reaching a planet with an enemy PDB of level 1 or 2 that is up may be fired on. A PDB that loses 3 or more goes down and loses a level [9.25].' },
  { title: 'Detection', rule: '[9.3]', text: 'A spaceship (without units in its stack) leaving or reaching a planet whose enemy PDB is up rolls on the Detection Table by its evasion. Detected characters may be searched for and attacked [9.31].' },
  { title: 'Enemy reaction', rule: '[9.6]', text: 'After the moves, every environ with the phasing side\'s units or detected characters gives the other side one reaction move on that planet: a unit, a unit with a leader, or one character.' },
  { title: 'Hidden units', rule: '[7.22]', text: 'Imperial patrols and line units show the Rebel their strength only when they fight.' },
  { title: 'Military combat', rule: '[10.0]', text: 'Where both sides have units, the phasing side may attack, then the other. Strength against strength gives the column, shifted by the leaders\' leadership [10.4] and the environ [10.5]; each side rolls for the other\'s loss and chooses which of its own units take it [10.3].' },
  { title: 'The environ in combat', rule: '[10.5]', text: 'The Rebel gains a column when one of his units there is of the environ\'s type; in any environ but urban the Empire loses a column unless it has a leader [10.44].' },
  { title: 'Search', rule: '[11.0]', text: 'In the search phase the non-phasing player may search each environ where he has characters or units and the phasing player has detected characters outside a military stack [11.1]. Units search with their strength plus their leader\'s leadership, characters with the sum of their intelligence; the hiding value is one hider\'s intelligence plus the environ\'s size, less the number hiding. Found characters may be attacked at once [11.32].' },
  { title: 'Character combat', rule: '[12.0]', text: 'Each round the defender names his active and inactive characters and may try to break off [12.5]; then each side\'s die gives wounds by the difference of attack and defence. A character whose wounds reach his endurance dies [12.7].' },
  { title: 'Capture', rule: '[12.3]', text: 'The attacker says kill or capture for the whole combat. Capture combat is two columns to the left, and a * result captures a random active defender [12.8].' },
  { title: 'Missions', rule: '[13.1]', text: 'In the mission phase characters not in a military stack form groups, each on one mission. A group draws action cards, up to the environ\'s size, and may stop at any time [13.3].' },
  { title: 'Action cards', rule: '[13.32]', text: 'A mission reads the urban, wild or special section of a card by its environ\'s type. The section\'s event happens first; then a letter of the group\'s mission may complete it.' },
  { title: 'Bonus draws', rule: '[13.6]', text: 'A group that drew every card its environ allows then takes its bonus draws, from the card, its best rating, members\' own draws and declared possessions. Their events are ignored.' },
  { title: 'Healing', rule: '[13.71]', text: 'A wounded character who does nothing in his own player-turn (no mission, no moving on his own, piloting, leading or fighting) heals every wound at its end. A passenger is carried, not busy.' },
  { title: 'Loyalty', rule: '[15.1]', text: 'A planet\'s loyalty runs patriotic, loyal, neutral, dissent, unrest. Missions, action cards and the domino effect shift it.' },
  { title: 'Rebellion', rule: '[15.2, 15.4]', text: 'A Rebel Start Rebellion mission on a planet at unrest raises it in rebellion: each environ\'s resources buy Rebel units of its type, 1 point a 1-0, 3 a 2-1 [15.41]; rebellion combat follows [15.45].' },
  { title: 'Control', rule: '[15.5]', text: 'A planet is under Imperial control, in rebellion, under Rebel control or in rebellion stopped; who controls it follows from its state, the units on it and its PDB. A planet in rebellion with no Imperial units and its PDB up at the end of the Imperial player-turn becomes Rebel-controlled [15.52].' },
  { title: 'Domino effect', rule: '[000 15.1]', text: 'A planet whose loyalty moves two spaces or more in a segment, or that rises or falls to the Rebel, spreads shifts to planets of its star system and of its star-faring races.' },
  { title: 'Victory', rule: '', text: 'At the end of the last game-turn the Rebel wins with at least the scenario\'s victory points (see the Victory points table), otherwise the Empire; some scenarios give the Rebel the game at once when a planet falls to him.' },
];

function briefEntry(r: (typeof RULES_IN_BRIEF)[number], prefix = ''): HTMLElement {
  return entry(`ref-rule-${prefix}${slug(r.title)}`, 'rule', [r.title], r.rule || undefined, p('ref-text', r.text));
}

// ------------------------------------------------------------------ glossary

function termEntry(g: GlossaryEntry): HTMLElement {
  return entry(termAnchor(g.term), 'term', [g.term], g.rule, p('ref-text', g.text));
}

// ------------------------------------------------------------------ the whole reference

export interface RefSection {
  id: string;
  title: string;
  element: HTMLElement;
}

function section(id: string, title: string, intro: string, entries: HTMLElement[]): RefSection {
  const element = el('section', { class: 'ref-section', id: `ref-${id}`, 'data-section': id }, el('h2', {}, title, el('small', { class: 'ref-count' }, ` ${entries.length}`)), p('ref-intro', intro), ...entries);
  return { id, title, element };
}

/** The card sections (missions, possessions, creatures, action cards, spaceships, tables): the atlas shows these. */
export function cardSections(content: Content): RefSection[] {
  const missions = [...content.missions.values()];
  const possessions = [...content.possessions.values()].sort((a, b) => a.number - b.number);
  return [
    section('missions', 'Missions', 'A mission is performed by a group of characters in one environ: it draws action cards up to the environ size, then its bonus draws; a card showing its letter may complete it [13.1-13.6].', missions.map(missionEntry)),
    section('possessions', 'Possessions', 'Rebel cards held by characters: one companion and one spaceship each, any number of weapons and objects [14.13]. A possession is secret until used [14.2]. A ship\'s evasion is its maneuver plus its pilot\'s navigation [14.5]; its seats hold the pilot, passengers and companions [14.57].', possessions.map(possessionEntry)),
    section('creatures', 'Creatures', 'Beasts of particular environs. One attacks a mission group when an action card brings it out [13.45].', [...content.creatures.values()].map((c) => creatureEntry(content, c))),
    section(
      'actions',
      'Action cards',
      'Each card has three sections; a mission reads the one for its environ: urban, wild, or special for the rest [13.32]. The letters may complete missions; an event happens first [13.3].',
      [...content.actions].sort((a, b) => a.number - b.number).map((a) => actionEntry(content, a)),
    ),
    section('events', 'Action card events', 'What an event on a drawn card does [13.4].', (Object.keys(EVENT_WORDS) as ActionEventKind[]).map(eventEntry)),
    section('spaceships', 'Imperial spaceships', 'Rebel spaceships are possessions (above). Imperial ships go to Imperial characters; a lost one may be received again by an Imperial Knight [14.61]. They fly under the same rules as Rebel ships [14.64].', [...content.imperialShips.values()].map((s) => shipEntry(content, s))),
    section('tables', 'Tables', 'The dice tables of the star-system game, as the game uses them.', tableEntries(content)),
    section('galactic-events', 'Galactic events', 'The galactic game: at each interphase but the last, 1 galactic event (2 from Chaos Index 35, 3 from 65) strikes, its targets drawn at random.', content.galactic.events.map((e) => galacticEventEntry(content, e))),
    section('assignments', 'Strategic assignments', "The galactic game: the Throne's orders to the Empire, one in hand at a time (drawn on turn 1 and every 4 turns); judged at the deadline, they move the Chaos Index.", content.galactic.assignments.map(assignmentEntry)),
  ];
}

/** The whole reference's sections: the cards, then the rules words. */
export function referenceSections(content: Content): RefSection[] {
  return [
    section('rules', 'The rules in brief', 'How the star-system game runs, in plain words; the number is the rule to look up.', RULES_IN_BRIEF.map((r) => briefEntry(r))),
    ...cardSections(content),
    section('conquest', 'Conquest in brief', 'The Risk-style game on the same galaxy [002].', CONQUEST_IN_BRIEF.map((r) => briefEntry(r, 'conquest-'))),
    section('blocs', 'Bloc politics in brief', 'Conquest with Loyalists against Independents [003].', BLOCS_IN_BRIEF.map((r) => briefEntry(r, 'blocs-'))),
    section('solitaire', 'Solitaire in brief', 'The Emperor against Chaos [001].', SOLITAIRE_IN_BRIEF.map((r) => briefEntry(r, 'solitaire-'))),
    section('terms', 'Rules words', 'The words the prompts use, each with the rule it comes from.', GLOSSARY.map(termEntry)),
  ];
}

/**
 * Show only the entries whose text holds every word of `query` (case-insensitive); a section with none
 * left is hidden, and the "no match" line says so. Entries whose title holds the words are marked
 * (`data-title-match`) and come first in their section (CSS order): "sabotage" shows the Sabotage mission
 * before the missions that merely mention it. Returns how many entries are shown.
 */
export function filterReference(root: HTMLElement, query: string): number {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const sec of root.querySelectorAll<HTMLElement>('.ref-section')) {
    let inSection = 0;
    for (const e of sec.querySelectorAll<HTMLElement>('.ref-entry')) {
      const text = (e.textContent ?? '').toLowerCase();
      const match = words.every((w) => text.includes(w));
      e.hidden = !match;
      const title = (e.querySelector('h3')?.textContent ?? '').toLowerCase();
      if (match && words.length && words.every((w) => title.includes(w))) e.setAttribute('data-title-match', '');
      else e.removeAttribute('data-title-match');
      if (match) inSection++;
    }
    sec.hidden = inSection === 0;
    shown += inSection;
  }
  const none = root.querySelector<HTMLElement>('.ref-none');
  if (none) {
    none.hidden = shown > 0;
    none.textContent = shown ? '' : `No entry matches "${query.trim()}".`;
  }
  const count = root.querySelector<HTMLElement>('.ref-shown');
  if (count) count.textContent = words.length ? `${shown} match${shown === 1 ? '' : 'es'}` : '';
  return shown;
}

/** The searchable reference: a search box, the sections' nav, the sections and a "no match" line. */
export function renderReference(content: Content): HTMLElement {
  const sections = referenceSections(content);
  const search = el('input', { type: 'search', class: 'ref-search', placeholder: 'Search the rules and cards…', 'aria-label': 'Search the rules and cards', 'data-testid': 'ref-search' });
  const root = el(
    'div',
    { class: 'reference' },
    el(
      'div',
      { class: 'ref-top' },
      el('div', { class: 'ref-search-row' }, search, el('span', { class: 'ref-shown muted', role: 'status' })),
      el('nav', { class: 'ref-nav' }, ...sections.map((s) => link(`ref-${s.id}`, s.title))),
    ),
    el('p', { class: 'ref-none', hidden: '', 'data-testid': 'ref-none' }),
    ...sections.map((s) => s.element),
  );
  search.addEventListener('input', () => filterReference(root, search.value));
  // in-reference links scroll inside the panel (a page anchor would change the address)
  root.addEventListener('click', (e) => {
    const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-ref-link]');
    if (!a) return;
    e.preventDefault();
    showEntry(root, a.dataset.refLink as string);
  });
  return root;
}

/** Scroll to an entry (clearing a search that hides it) and mark it for a moment. */
export function showEntry(root: HTMLElement, anchor: string): boolean {
  const target = [...root.querySelectorAll<HTMLElement>('.ref-entry, .ref-section')].find((e) => e.id === anchor);
  if (!target) return false;
  if (target.hidden || target.closest('.ref-section')?.hasAttribute('hidden')) {
    const search = root.querySelector<HTMLInputElement>('.ref-search');
    if (search) search.value = '';
    filterReference(root, '');
  }
  for (const old of root.querySelectorAll('.ref-entry.flash')) old.classList.remove('flash');
  target.classList.add('flash');
  target.scrollIntoView?.({ block: 'start' });
  return true;
}
