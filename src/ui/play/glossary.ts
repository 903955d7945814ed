/**
 * The rules words a newcomer meets on the play screens, each with a one-line explanation and the rule
 * it comes from. Shown on hover wherever the word appears in a prompt or the help.
 */
export interface GlossaryEntry {
  term: string;
  text: string;
  rule: string;
}

export const GLOSSARY: GlossaryEntry[] = [
  { term: 'environ', text: 'A region of a planet (urban, wild, sea…); pieces stand in environs and fight there.', rule: '[7.1]' },
  { term: 'stack', text: 'Pieces of one side together in one environ that move and fight together.', rule: '[9.5]' },
  { term: 'PDB', text: 'Planetary Defence Base: detects ships arriving at its planet and fires on units passing it.', rule: '[9.2]' },
  { term: 'detection', text: 'A roll on the Detection Table when a spaceship arrives at a planet with a PDB: undetected, detected, damaged or eliminated.', rule: '[9.3]' },
  { term: 'detected', text: 'Characters the enemy knows are there: they may be searched for and attacked.', rule: '[9.31]' },
  { term: 'racking', text: "Province and galactic games: a PDB's fire on a spaceship it has just detected. Its level against the ship's shields; the ship's cannon may knock the PDB down.", rule: '[9.28]' },
  { term: 'evasion', text: "A spaceship's maneuver plus its pilot's navigation (each at most one above the other): the Detection Table column.", rule: '[14.52]' },
  { term: 'bonus draw', text: 'Extra action cards drawn for a mission: from the card, the best rating it uses among those on it, and possessions.', rule: '[13.6]' },
  { term: 'loyalty', text: 'How a planet leans, from patriotic (Imperial) to dissident (Rebel); missions and combat shift it.', rule: '[15.1]' },
  { term: 'control', text: 'Who holds a planet: by its state and the units on it; Rebel-controlled planets score victory points.', rule: '[15.5]' },
  { term: 'rebellion', text: 'A planet in revolt: it raises Rebel units that may fight the Imperial garrison.', rule: '[15.4]' },
  { term: 'mission', text: 'A task given to characters (diplomacy, sabotage…), resolved by drawing action cards for its letter.', rule: '[13.1]' },
  { term: 'action card', text: 'Drawn during missions: a letter that may complete the mission, or an event (creatures, search…).', rule: '[13.3]' },
  { term: 'search', text: 'An attempt to find enemy characters in an environ: search value against hiding value on the Search Table.', rule: '[11.0]' },
  { term: 'reaction', text: 'The non-phasing side may move pieces within a planet where the enemy has units or detected characters.', rule: '[9.6]' },
  { term: 'leader', text: 'A character who leads units in combat and shifts the column by his leadership.', rule: '[10.4]' },
  { term: 'column', text: 'The odds column of a combat table: attack strength against defence, shifted by leaders and environs.', rule: '[10.2]' },
  { term: 'break off', text: 'Characters may try to leave a character combat before a round; a die on the break-off line.', rule: '[12.5]' },
  { term: 'squad', text: 'Military units attacking characters fight as a squad of their combined strength.', rule: '[7.1]' },
  { term: 'domino', text: 'A loyalty shift that spreads to other planets of the system or of the same race.', rule: '[000 15.1]' },
  { term: 'segment', text: 'One step of a player-turn (movement, combat, search, missions…); undo works within one.', rule: '[6.0]' },
];

/** Wrap glossary terms found in (already escaped) text in hoverable spans, the first occurrence of each, in one pass. */
export function withTerms(escapedText: string): string {
  const alternatives = GLOSSARY.map((g) => g.term.replace(/ /g, '[ -]')).join('|');
  const re = new RegExp(`\\b(${alternatives})(s|ed)?\\b`, 'gi');
  const used = new Set<GlossaryEntry>();
  return escapedText.replace(re, (m, word: string) => {
    const g = GLOSSARY.find((x) => x.term.toLowerCase() === word.toLowerCase().replace('-', ' '));
    if (!g || used.has(g)) return m;
    used.add(g);
    return `<span class="term" data-term="${g.term}" title="${g.text} ${g.rule}">${m}</span>`;
  });
}
