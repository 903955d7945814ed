/**
 * The rules and card reference (src/ui/reference.ts): an entry under a stable anchor for every card and
 * table of the content and every rules word of the glossary, and a search that filters them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content } from '../fixtures';
import { installFakeDom, type FakeElement } from './fake-dom';
import { actionAnchor, cardSections, creatureAnchor, filterReference, missionAnchor, possessionAnchor, renderReference, shipAnchor, showEntry, termAnchor } from '../../src/ui/reference';
import { GLOSSARY, withTerms } from '../../src/ui/play/glossary';
import { BUNDLED_TUTORIALS } from '../../src/tutorial/bundled';

let restore: () => void;
let ref: FakeElement;
beforeAll(() => {
  restore = installFakeDom();
  ref = renderReference(content) as unknown as FakeElement;
});
afterAll(() => restore());

const entryById = (id: string) => ref.querySelectorAll('.ref-entry').find((e) => e.id === id);
const visible = (id: string) => {
  const e = entryById(id);
  return !!e && !e.hidden && !e.closest('.ref-section')?.hidden;
};
/** "characterCombat" → "character-combat", the tail of a table's anchor. */
const kebab = (key: string) => key.replace(/([A-Z])/g, '-$1').toLowerCase();

describe('the rules and card reference', () => {
  it('has an entry, under its own anchor and naming it, for every mission, possession, creature, action card and Imperial spaceship', () => {
    const cards: [string, string][] = [
      ...[...content.missions.values()].map((m): [string, string] => [missionAnchor(m), m.name]),
      ...[...content.possessions.values()].map((p): [string, string] => [possessionAnchor(p), p.name]),
      ...[...content.creatures.values()].map((c): [string, string] => [creatureAnchor(c), c.name]),
      ...content.actions.map((a): [string, string] => [actionAnchor(a), `Action card ${a.number}`]),
      ...[...content.imperialShips.values()].map((s): [string, string] => [shipAnchor(s), s.name]),
    ];
    expect(cards.length).toBe(content.missions.size + content.possessions.size + content.creatures.size + content.actions.length + content.imperialShips.size);
    for (const [anchor, name] of cards) {
      const e = entryById(anchor);
      expect(e, anchor).toBeDefined();
      expect(e?.querySelector('h3')?.textContent).toContain(name);
    }
  });

  it('has an entry for every table of the content (tables.json), drawn as a table where it has rows', () => {
    for (const key of Object.keys(content.tables)) {
      const e = entryById(`ref-table-${kebab(key)}`);
      expect(e, key).toBeDefined();
    }
    for (const key of ['unitTypes', 'militaryCombat', 'detection', 'search', 'characterCombat', 'squad', 'hyperjump', 'victoryPoints', 'galacticVictoryPoints']) {
      expect(entryById(`ref-table-${kebab(key)}`)?.querySelector('table'), key).not.toBeNull();
    }
    // the military combat table has a column per odds column and a row per die
    const mc = entryById('ref-table-military-combat')?.querySelector('table');
    expect(mc?.querySelector('thead')?.querySelectorAll('th').length).toBe(content.tables.militaryCombat.columns.length + 1);
    expect(mc?.querySelector('tbody')?.children.length).toBe(6);
  });

  it('every anchor is unique, and every mission, possession, creature and rules word carries a rule number', () => {
    const ids = ref.querySelectorAll('.ref-entry').map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of ref.querySelectorAll('.ref-mission, .ref-possession, .ref-creature, .ref-term, .ref-action, .ref-ship')) {
      expect(e.querySelector('h3')?.querySelector('.rule')?.textContent, e.id).toMatch(/\[[0-9 .,-]+\]/);
    }
  });

  it('the galactic game: every galactic event and strategic assignment, with what it does', () => {
    expect(ref.querySelectorAll('.ref-galactic-event')).toHaveLength(content.galactic.events.length);
    expect(ref.querySelectorAll('.ref-assignment')).toHaveLength(content.galactic.assignments.length);
    expect(entryById('ref-galactic-event-aelith-chorus')?.textContent).toContain('2 planets where the Aelith live one space toward the Rebel');
    expect(entryById('ref-assignment-guard-the-throne')?.textContent).toMatch(/failed: Chaos Index \+3/);
  });

  it('[13.3, 13.6] a mission says who it suits and what a draw needs, in the play screen\'s words', () => {
    const d = [...content.missions.values()].find((m) => m.letter === 'D')!;
    const text = entryById(missionAnchor(d))?.textContent ?? '';
    expect(text).toContain(d.goal);
    expect(text).toContain(`suits ${d.bonusDraws.rating}`);
    expect(text).toContain('succeeds on an action card showing D [13.3]');
  });

  it('every glossary term has an anchor, and a rules word marked in a prompt leads to an existing entry', () => {
    for (const g of GLOSSARY) {
      const e = entryById(termAnchor(g.term));
      expect(e, g.term).toBeDefined();
      expect(e?.textContent).toContain(g.text);
      expect(e?.textContent).toContain(g.rule);
    }
    const marked = withTerms('The PDB rolls on the detection table for the bonus draw').match(/data-term="([^"]+)"/g) ?? [];
    expect(marked.length).toBe(3);
    for (const m of marked) expect(entryById(termAnchor(m.slice(11, -1)))).toBeDefined();
  });

  it('search filters as you type: a name leaves its entry and hides unrelated ones; nothing found says so', () => {
    const search = ref.querySelector('.ref-search') as FakeElement;
    const type = (text: string) => {
      search.value = text;
      search.dispatch('input');
    };
    const mission = [...content.missions.values()].find((m) => m.letter === 'T')!;
    const creature = [...content.creatures.values()][0]!;
    type(mission.name.toLowerCase());
    expect(visible(missionAnchor(mission))).toBe(true);
    // its own entry is marked to come first; one that merely mentions it is not
    expect(entryById(missionAnchor(mission))?.hasAttribute('data-title-match')).toBe(true);
    const mentions = ref.querySelectorAll('.ref-mission').filter((e) => e.id !== missionAnchor(mission) && !e.hidden);
    for (const e of mentions) expect(e.hasAttribute('data-title-match'), e.id).toBe(false);
    expect(visible(creatureAnchor(creature))).toBe(false);
    expect(visible(termAnchor('PDB'))).toBe(false);
    expect((ref.querySelector('.ref-none') as FakeElement).hidden).toBe(true);

    type(creature.name.toUpperCase());
    expect(visible(creatureAnchor(creature))).toBe(true);
    expect(visible(missionAnchor(mission))).toBe(false);
    expect(ref.querySelector('[data-section="missions"]')?.hidden).toBe(true);

    type('no such thing anywhere');
    const none = ref.querySelector('.ref-none') as FakeElement;
    expect(none.hidden).toBe(false);
    expect(none.textContent).toContain('No entry matches "no such thing anywhere"');
    expect(ref.querySelectorAll('.ref-entry').every((e) => e.hidden)).toBe(true);

    type('');
    expect(ref.querySelectorAll('.ref-entry').every((e) => !e.hidden)).toBe(true);
    expect(none.hidden).toBe(true);
  });

  it('opening an entry a search hides clears the search, so the entry shows', () => {
    filterReference(ref as unknown as HTMLElement, 'no such thing anywhere');
    expect(showEntry(ref as unknown as HTMLElement, termAnchor('PDB'))).toBe(true);
    expect(visible(termAnchor('PDB'))).toBe(true);
    expect(entryById(termAnchor('PDB'))?.classList.contains('flash')).toBe(true);
    expect(showEntry(ref as unknown as HTMLElement, 'ref-term-no-such-word')).toBe(false);
  });

  it('[13.32] every link of an action card (its missions, its events) leads to an entry of the reference', () => {
    const anchors = new Set(ref.querySelectorAll('.ref-entry').map((e) => e.id));
    const links = ref.querySelectorAll('.ref-action').flatMap((e) => e.querySelectorAll('a'));
    const letters = content.actions.reduce((n, a) => n + a.urban.letters.length + a.special.letters.length + a.wild.letters.length, 0);
    const events = content.actions.reduce((n, a) => n + [a.urban, a.special, a.wild].filter((x) => x.event).length, 0);
    expect(links.length).toBe(letters + events);
    for (const a of links) expect(anchors.has(a.getAttribute('data-ref-link') ?? ''), a.getAttribute('href') ?? '').toBe(true);
  });

  it('the rules in brief: each rule in plain words under its own anchor, all but victory with a rule number', () => {
    const rules = ref.querySelectorAll('.ref-rule');
    expect(rules.length).toBeGreaterThanOrEqual(20);
    for (const e of rules) {
      expect(e.id).toMatch(/^ref-rule-[a-z-]+$/);
      // the star-system game's rules are numbered; the other modes' by their document and its section ("[002 II.3]")
      const otherMode = /^ref-rule-(conquest|blocs|solitaire)-/.test(e.id);
      if (e.id !== 'ref-rule-victory') expect(e.querySelector('.rule')?.textContent, e.id).toMatch(otherMode ? /\[00[0-4] [^\]]+\]/ : /\[[0-9 .,]+\]/);
    }
  });

  it('the atlas\'s card sections cover every kind of card and the tables', () => {
    expect(cardSections(content).map((s) => s.id)).toEqual(['missions', 'possessions', 'creatures', 'actions', 'events', 'spaceships', 'tables', 'galactic-events', 'assignments']);
  });
});

describe('the tutorials\' rule numbers [issue 56]', () => {
  it('every rule number a tutorial step links to finds an entry of the reference', () => {
    const rules = Object.values(BUNDLED_TUTORIALS).flatMap((files) => (files.steps as { rules?: string[] }[]).flatMap((s) => s.rules ?? []));
    expect(rules.length).toBeGreaterThan(20);
    const unfound = [...new Set(rules)].filter((rule) => filterReference(ref as unknown as HTMLElement, rule) === 0);
    filterReference(ref as unknown as HTMLElement, '');
    expect(unfound).toEqual([]);
  });
});
