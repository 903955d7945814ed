/**
 * The other modes' rules in plain words, one line each with its rule number, for the reference beside
 * the star-system game's (reference.ts, RULES_IN_BRIEF): conquest [002], bloc politics [003] and
 * solitaire [001]. The tutorials' rule numbers link here [issue 56]. Written from the rules and the
 * decisions in docs/rules.md.
 */
export interface BriefRule {
  title: string;
  rule: string;
  text: string;
}

export const CONQUEST_IN_BRIEF: BriefRule[] = [
  { title: 'Game types', rule: '[002 I Game Type]', text: 'Domination: hold every system, and so eliminate every rival. Capitals: hold every faction\'s capital. Secret missions: complete your own mission first. Every star system is a territory, every hyperjump route a border, every province a continent.' },
  { title: 'Setup', rule: '[002 II Start of Game]', text: 'The order of play is drawn. In turn each faction claims a free system (one army) until all are held, then places the rest of its armies one at a time; Auto Place All has the computer do it.' },
  { title: 'Cards', rule: '[002 II.1]', text: 'A faction that took a system in its turn draws a card at its end. Three make a set: three of a kind, one of each, or any with a wildcard. A set traded at the start of a turn gives armies (Increasing: 4, 6, 8, 10, 12, 15, then 5 more each time), and 2 more on a system shown that you hold. With 5 cards you must trade.' },
  { title: 'New armies', rule: '[002 II.2]', text: 'Each turn begins with new armies: your systems divided by 3 (at least 3), plus the bonus of every continent you hold whole. Place them on any of your systems.' },
  { title: 'Attacks', rule: '[002 II.3]', text: 'Attack from a system with 2 armies or more into an enemy neighbour: up to 3 dice (one army stays behind), the defender up to 2. Highest meets highest: the higher die kills an army, a tie goes to the defender. Roll again, Annihilate (roll on to the end) or stop. A system taken must be held by at least the armies that rolled.' },
  { title: 'Reinforcing move', rule: '[002 II.4]', text: 'A turn ends with one move of any number of armies from one of your systems to a neighbouring one of yours, one army staying behind.' },
  { title: 'Strategy', rule: '[002 III]', text: 'Concentrate your armies and attack from strength: 3 dice against 2 win more often than not. Take and hold continents that are easy to defend, and plan where your armies will end up.' },
];

export const BLOCS_IN_BRIEF: BriefRule[] = [
  { title: 'Blocs and ideologies', rule: '[003 3A2f, 3Cc]', text: 'Every colour has an ideology and every ideology a bloc: Freedom, Equality and Individuality Independence; Unity, Honour and Authority Loyalist. Factions of your bloc are your allies, the other bloc\'s your enemies.' },
  { title: 'Chits and extremists', rule: '[003 3B2, 3B3]', text: 'Six propaganda chits show which bloc each ideology supports. Each faction\'s extremist sits on its colour\'s chit; a faction belongs to the bloc its chit shows. An extremist whose chit flips is disgraced for good.' },
  { title: 'Vendettas', rule: '[003 3D1]', text: 'Attacking an ally is a vendetta: pay the victim a bribe before the first roll. Each faction starts with 3 bribes (2 in a game of 5 or 6).' },
  { title: 'Outbreak', rule: '[003 3C1]', text: 'A conquest that completes a continent, or takes a capital, makes an outbreak roll: a die plus the seniority count (one for every four rounds played) against the stock value, which starts at 7 and falls by one with every roll, to 3. Beat it and war breaks out at the end of the turn.' },
  { title: 'Victorious attacks', rule: '[003 3B3a]', text: 'In the war, the first conquest a turn of an enemy\'s system flips one enemy chit to the attacker\'s bloc: one without an extremist first; an extremist\'s only when none is left, the defeated enemy\'s if it can be (it surrenders).' },
  { title: 'Defection', rule: '[003 3B3c, 3F4d]', text: 'A free action of your turn, in war or in peace: flip your own extremist\'s chit (he is disgraced) and change bloc, ceding a system to one of your new enemies (to your new bloc if no enemy holds one). A defector is counted among the defeated: it never wins. If in the war every chit then shows one bloc, that is capitulation: the war ends at the end of your turn, in your defeat. On the defection turn, a sneak attack on a former ally costs a bribe and its defender rolls a die fewer.' },
  { title: 'Truce', rule: '[003 3F3]', text: 'A faction in the war may buy a truce with a bribe to each enemy faction still in the game: the war stops, and outbreak rolls resume.' },
  { title: 'War victory', rule: '[003 3F4, 3F4d]', text: 'The war ends when all six chits show one bloc: that bloc wins. A bloc also wins when no enemy holds a system. Its factions that kept their extremists win with it; those without (they defected, or surrendered) are counted among the defeated.' },
  { title: 'The winning bloc\'s leader', rule: '[003 3G1]', text: 'The winner is the victor of the winning bloc with the most points: its systems, plus its bribes (2 each if the Loyalists won, 1 if the Independents did).' },
];

export const SOLITAIRE_IN_BRIEF: BriefRule[] = [
  { title: 'The Emperor against Chaos', rule: '[001 Scenarios]', text: 'You rule the Empire; Chaos is the dice. After the last turn you score a point for each Imperial system and a tenth of (100 - the Chaos Index), and the scenario\'s levels say how you did: Collapse, Decline, Survival, Expanding or Galactic.' },
  { title: 'The Chaos Index', rule: '[001 Chaos Index Changes]', text: 'From 0 to 100: the higher, the more Chaos Events each turn (6 up to 50, 7 up to 60, 8 up to 85, then 9) and the lower your score. Combat, events, extropy and suppression move it.' },
  { title: 'Chaos Events', rule: '[001 32.0]', text: 'Each turn opens with markers drawn at random from the pool, each struck at once: aliens, usurpers, rebellions, invaders, windfalls and more.' },
  { title: 'Suppression', rule: '[001 Suppression]', text: 'A Rebellion, Usurper, Independent Empire or Invaders event may be suppressed with a Repression marker: a die of 3 or more prevents it; 0-2 raise the index by 1, 7-8 lower it by 1, 9 by 2.' },
  { title: 'The Institute', rule: '[001 32.0 The Institute]', text: 'On an Imperial sector, from the turn after it comes, it lets you send one event a turn back to the pool before it strikes; on a Chaos sector it draws an extra event each turn.' },
  { title: 'The Imperial phase', rule: '[001 Imperial phase]', text: 'Income: each Imperial system\'s resource value, less a point of upkeep a unit. Then spend: recruit on your systems (a star fleet or control group 3 RP, an alpha fleet 6), leaders, a Nexus, markers, extropy.' },
  { title: 'Extropy', rule: '[001 Extropy]', text: 'An extropy operation costs 1 RP for every 4 Imperial systems (at least 1), at most 3 a turn; a die lowers the index: 0-2 by nothing, 3-5 by 1, 6-7 by 2, 8 by 3, 9 by 4.' },
  { title: 'Movement', rule: '[001 Movement]', text: 'Each unit moves once, up to its movement along the routes, and stops on entering a sector with Chaos units.' },
  { title: 'Combat', rule: '[001 Combat]', text: 'Military combat destroys, morphogenetic combat converts. The strength difference picks a column, a die the result; a result hits every unit of the side it names whose strength of that kind is at or below its number. A bracketed strength defends but never attacks.' },
  { title: 'Chaos Operations', rule: '[001 Chaos Operations]', text: 'At the end of the turn every Chaos stack rolls on its column of the Chaos Operations table: it moves, attacks, or holds.' },
];
