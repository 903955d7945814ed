/**
 * The action deck [13.3-13.48]: drawing cards, the section read by environ type [13.32], which cards
 * count [13.41, 13.42], and the events they carry [13.43-13.48] (`ACTION_EVENTS` in the content schema).
 *
 * The deck is `game.vars.actionDeck` (card numbers, top first), shuffled with the game RNG; drawn cards go
 * to `game.vars.actionDiscard`, and when the deck runs out the discards are shuffled into a new deck.
 */
import { hasComponent } from 'bitecs';
import type { ActionCardDef, ActionEventKind, SideId } from '../../src/core/content/schema';

type ActionSection = ActionCardDef['urban'];
import { ENVIRON_TYPES } from '../../src/core/content/schema';
import { currentSegmentLabel, emit } from '../../src/core/engine/game';
import type { Game } from '../../src/core/engine/types';
import { planetOfEnviron, refOf, tag, touch } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { controls } from './control';
import { loyaltyAfterShift, loyaltyName, shiftLoyalty } from './loyalty';
import { abortGroup, killCharacter, queueProcedure, type Effect } from './mission-effects';
import { activeGroups, inRebellionOrRebelControl, missionPhase, type MissionGroup } from './missions';
import { enemyOf } from './sides';

/** [13.46] the squad strength of the sentry robots (decided, docs/rules.md). */
export const SENTRY_ROBOT_STRENGTH = 2;

/** Draw the top card, reshuffling the discards into a new deck when it is empty. */
export function drawActionCard(game: Game): ActionCardDef {
  let deck = game.vars.actionDeck as number[] | undefined;
  let discard = (game.vars.actionDiscard as number[] | undefined) ?? [];
  if (!deck) deck = game.rng.shuffle(game.content.actions.map((a) => a.number));
  if (!deck.length) {
    deck = game.rng.shuffle(discard);
    discard = [];
  }
  const number = deck.shift() as number;
  game.vars.actionDeck = deck;
  game.vars.actionDiscard = [...discard, number];
  const card = game.content.actions.find((a) => a.number === number);
  if (!card) throw new Error(`no action card ${number}`);
  return card;
}

/** [13.32] urban environs read the urban section, wild the wild one, every other type the special one. */
export function sectionFor(game: Game, card: ActionCardDef, environ: number): ActionSection {
  const type = ENVIRON_TYPES[game.world.c.Environ.type[environ] as number];
  if (type === 'urban') return card.urban;
  if (type === 'wild') return card.wild;
  return card.special;
}

/** [13.41] a card is considered only if one of its letters is a mission being performed in the environ. */
export function considered(game: Game, section: ActionSection, environ: number): boolean {
  return activeGroups(game, environ).some((g) => section.letters.includes(g.letter));
}

/** [13.42] events that contradict each other. */
const CONTRADICTS: Partial<Record<ActionEventKind, ActionEventKind>> = {
  'loyalty-to-rebel': 'loyalty-to-imperial',
  'loyalty-to-imperial': 'loyalty-to-rebel',
};

/** [13.43] groups a card's event may hit: active groups of characters (a camp is never affected [13.2]). */
function affectable(game: Game, environ: number): MissionGroup[] {
  return activeGroups(game, environ).filter((g) => !g.camp);
}

/** [13.48] groups the enemy may still search for this mission phase. */
function searchable(game: Game, environ: number): MissionGroup[] {
  return affectable(game, environ).filter((g) => !g.searched);
}

/**
 * Why a considered card's event must be ignored and the card redrawn [13.42, 13.48], or null.
 * `seen` are the events already drawn in this environ.
 */
export function ignoredBecause(game: Game, event: ActionEventKind | null, environ: number, seen: string[]): string | null {
  if (!event) return null;
  if (event === 'enemy-search') return searchable(game, environ).length ? null : 'every group has been searched for [13.48]';
  if (seen.includes(event)) return 'it repeats an earlier event [13.42]';
  const opposite = CONTRADICTS[event];
  if (opposite && seen.includes(opposite)) return 'it contradicts an earlier event [13.42]';
  return null;
}

/**
 * Apply a card's event in an environ where `side` performs missions [13.4x]. Sub-procedures (combat,
 * search) are queued; the card's letters are queued after, by the caller [13.3].
 */
export function applyEvent(game: Game, event: ActionEventKind, environ: number, side: SideId, queue: Effect[]): void {
  const w = game.world;
  const c = w.c;
  const planet = planetOfEnviron(w, environ);
  const enemy = enemyOf(side);
  // What happens to an undetected group is the phasing side's to know; what the enemy does or sees
  // (a search, a detection) and changes to the planet are for all.
  const say = (text: string, rule: string, visibleTo: SideId | 'all' = side) =>
    emit(game, { kind: 'action-event', text, rule, visibleTo, entities: [environ] });
  /** [13.43] one random active group of characters, or null. */
  const randomGroup = (): MissionGroup | null => {
    const groups = affectable(game, environ);
    return groups.length ? game.rng.pick(groups) : null;
  };
  const events: Record<ActionEventKind, () => void> = {
    'creature-attacks': () => {
      const group = randomGroup();
      if (!group) return;
      const creature = environCreature(game, environ);
      if (creature) {
        // [13.45] the environ's creature attacks the group
        say(`A creature attacks ${groupName(game, group)}.`, '[13.45]');
        queueProcedure(game, queue, { proc: 'character-combat', data: { environ, attackerSide: enemy, attacker: { kind: 'creature', creature }, defenders: group.members } });
      } else if (controls(game, enemy, planet)) {
        // [13.46, 15.51] no creature here: sentry robots, only where the non-phasing player controls the planet
        say(`Sentry robots attack ${groupName(game, group)}.`, '[13.46]');
        queueProcedure(game, queue, {
          proc: 'character-combat',
          data: { environ, attackerSide: enemy, attacker: { kind: 'squad', strength: SENTRY_ROBOT_STRENGTH, leader: 0, units: [] }, defenders: group.members },
        });
      } else say('No creature lives here and the enemy does not hold the planet: nothing attacks.', '[13.46]');
    },
    'irate-locals': () => {
      // [13.47] ignored for a Rebel mission on a planet in rebellion or under Rebel control
      if (localsSideWithRebellion(game, side, planet)) return say('The locals side with the rebellion: no attack.', '[13.47]');
      const group = randomGroup();
      if (!group) return;
      const race = irateRace(game, environ);
      if (!race) return say('The people here do not take up arms.', '[13.47]');
      say(`Irate locals attack ${groupName(game, group)}.`, '[13.47]');
      queueProcedure(game, queue, { proc: 'character-combat', data: { environ, attackerSide: enemy, attacker: { kind: 'irate-locals', race }, defenders: group.members } });
    },
    'enemy-search': () => {
      // [13.48] the non-phasing player searches one group not yet searched for this phase, at once
      const groups = searchable(game, environ);
      if (!groups.length) return;
      const group = game.rng.pick(groups);
      group.searched = true;
      say(`The enemy searches for ${namesTheEnemySees(game, group)}.`, '[13.48]', 'all');
      queueProcedure(game, queue, { proc: 'search', data: { environ, searchingSide: enemy, group: group.members, calledByCard: true } });
    },
    'mission-aborted': () => {
      const group = randomGroup();
      if (group) abortGroup(game, queue, group); // [13.44]
    },
    'populace-goes-wild': () => {
      // [15.46] doubles the force points if the planet rises this mission phase; no effect after it rose
      const phase = missionPhase(game);
      if (!phase || phase.risen.includes(planet)) return say('The populace goes wild, but the planet has already risen.', '[15.46]');
      if (!phase.populaceWild.includes(planet)) phase.populaceWild.push(planet);
      say(`The populace of ${nameOf(game, planet)} goes wild.`, '[15.46]', 'all');
    },
    'characters-detected': () => {
      // [9.42] one random group becomes detected
      const group = randomGroup();
      if (!group) return;
      for (const ch of group.members) tag(w, ch, c.Detected);
      say(`${groupName(game, group)} are detected.`, '[9.42]', 'all');
    },
    'locals-raid': () => {
      // [8.31] the locals raid the PDB: it goes down
      c.Pdb.up[planet] = 0;
      touch(w, planet);
      say(`Locals raid the defence base: the PDB of ${nameOf(game, planet)} is down.`, '[8.31]', 'all');
    },
    'loyalty-to-rebel': () => void shiftLoyalty(game, planet, 'rebel', 1, 'action card'), // [15.12]
    'loyalty-to-imperial': () => void shiftLoyalty(game, planet, 'imperial', 1, 'action card'), // [15.12]
    accident: () => {
      // one character of a random group takes a wound [12.7]; wounds equal to endurance kill him
      const group = randomGroup();
      if (!group) return;
      const victim = game.rng.pick(group.members);
      c.Wounds.value[victim] = (c.Wounds.value[victim] as number) + 1;
      touch(w, victim);
      say(`An accident: ${nameOf(game, victim)} is wounded.`, '[12.7]');
      if ((c.Wounds.value[victim] as number) >= (c.Character.endurance[victim] as number) && !hasComponent(w, victim, c.Dead))
        killCharacter(game, victim, 'an accident', '[12.7]');
    },
    windfall: () => {
      const group = randomGroup();
      if (!group) return;
      group.windfall += 1;
      say(`A windfall: ${groupName(game, group)} gain a bonus draw.`, '[13.6]');
    },
  };
  events[event]();
}

/** [13.45] the creature that lives in the environ, if any. */
function environCreature(game: Game, environ: number): string | null {
  return game.content.environs.get(refOf(game.world, environ))?.creature ?? null;
}

/** [13.47] irate locals are ignored for a Rebel mission on a planet in rebellion or under Rebel control. */
function localsSideWithRebellion(game: Game, side: SideId, planet: number): boolean {
  return side === 'rebel' && inRebellionOrRebelControl(game, planet);
}

/** [13.47] the first race of the environ that has an Irate Locals rating, or null. */
function irateRace(game: Game, environ: number): string | null {
  return (game.content.environs.get(refOf(game.world, environ))?.races ?? []).find((r) => game.content.races.get(r)?.irateLocals) ?? null;
}

/**
 * What a card's event would do in `environ`, where `side` performs missions, read before it is drawn
 * (the facts beside a draw): the groups it may hit (one of them, at random [13.43]; none for an event on
 * the planet), in words, and whether it works against the side; null when it would do nothing here. The
 * same conditions as `applyEvent`, which rolls for what these only name.
 */
export interface EventReach {
  event: ActionEventKind;
  groups: MissionGroup[];
  words: string;
  harms: boolean;
}

export function eventReach(game: Game, event: ActionEventKind, environ: number, side: SideId): EventReach | null {
  const w = game.world;
  const planet = planetOfEnviron(w, environ);
  const groups = affectable(game, environ);
  const reach = (words: string, harms: boolean, hit = groups): EventReach => ({ event, groups: hit, words, harms });
  switch (event) {
    case 'creature-attacks': {
      if (!groups.length) return null;
      const creature = environCreature(game, environ);
      if (creature) return reach(`${game.content.creatures.get(creature)?.name ?? creature} attacks one group [13.45]`, true);
      return controls(game, enemyOf(side), planet) ? reach('sentry robots attack one group [13.46]', true) : null;
    }
    case 'irate-locals': {
      if (!groups.length || localsSideWithRebellion(game, side, planet)) return null;
      const race = irateRace(game, environ);
      return race ? reach(`irate ${game.content.races.get(race)?.name ?? race} locals attack one group [13.47]`, true) : null;
    }
    case 'enemy-search': {
      const unsearched = searchable(game, environ);
      return unsearched.length ? reach('the enemy searches for one group at once [13.48]', true, unsearched) : null;
    }
    case 'mission-aborted':
      return groups.length ? reach('one mission is aborted [13.44]', true) : null;
    case 'characters-detected':
      return groups.length ? reach('one group is detected [9.42]', true) : null;
    case 'accident':
      return groups.length ? reach('one character of a group is wounded [12.7]', true) : null;
    case 'windfall':
      return groups.length ? reach('one group gains a bonus draw [13.6]', false) : null;
    case 'populace-goes-wild': {
      const phase = missionPhase(game);
      return phase && !phase.risen.includes(planet) ? { event, groups: [], words: `a rising of ${nameOf(game, planet)} this phase raises twice the forces [15.46]`, harms: false } : null;
    }
    case 'locals-raid':
      // [8.31] the PDB goes down: a loss to whoever uses it
      return w.c.Pdb.up[planet] === 1 ? { event, groups: [], words: `the PDB of ${nameOf(game, planet)} goes down [8.31]`, harms: controls(game, side, planet) || (side === 'rebel' && inRebellionOrRebelControl(game, planet)) } : null;
    case 'loyalty-to-rebel':
    case 'loyalty-to-imperial': {
      const toward: SideId = event === 'loyalty-to-rebel' ? 'rebel' : 'imperial';
      const after = loyaltyAfterShift(game, planet, toward, 1);
      if (after === w.c.Loyalty.value[planet]) return null;
      return { event, groups: [], words: `${nameOf(game, planet)} shifts to ${loyaltyName(after)} [15.12]`, harms: toward !== side };
    }
  }
}

function groupName(game: Game, group: MissionGroup): string {
  return group.members.map((m) => nameOf(game, m)).join(', ');
}

/** [9.31] a group as the enemy may hear of it: by name if he can see every member, else by its size. */
function namesTheEnemySees(game: Game, group: MissionGroup): string {
  const w = game.world;
  if (group.members.every((m) => hasComponent(w, m, w.c.Detected))) return groupName(game, group);
  return `a mission group of ${group.members.length} character${group.members.length === 1 ? '' : 's'}`;
}

/** How the event of a card drawn in the action segment begins: "Action card 68 at ...". */
const CARD_DRAWN = 'Action card ';

/**
 * The numbers of the action cards drawn at `environ` in the segment under way (the ignored ones too), read
 * from the events the draws left, as the drawing player saw them: those cards are not in the deck.
 */
export function cardsDrawnAt(game: Game, environ: number): number[] {
  const when = currentSegmentLabel(game);
  const out: number[] = [];
  for (let i = game.events.length - 1; i >= 0; i--) {
    const e = game.events[i]!;
    if (e.turn !== game.turn || e.when !== when) break;
    if (e.kind === 'action-card' && e.entities?.[0] === environ && e.text.startsWith(CARD_DRAWN)) out.push(parseInt(e.text.slice(CARD_DRAWN.length), 10));
  }
  return out;
}

/**
 * One action draw for an environ [13.3]: the card is drawn; if considered [13.41] and its event neither
 * repeats nor contradicts one drawn before [13.42] (else it is set aside and another drawn, not counting),
 * the event happens, then its letters take effect [13.3]. Returns the card that counted.
 */
export function drawForEnviron(game: Game, environ: number, side: SideId, seen: string[], queue: Effect[]): ActionCardDef {
  const limit = game.content.actions.length; // a guard: never redraw more than a deck's worth
  for (let tries = 0; ; tries++) {
    const card = drawActionCard(game);
    const section = sectionFor(game, card, environ);
    emit(game, {
      kind: 'action-card',
      text: `${CARD_DRAWN}${card.number} at ${nameOf(game, environ)}: "${section.text}" letters ${section.letters || 'none'}.`,
      rule: '[13.3]',
      visibleTo: side,
      entities: [environ],
    });
    if (!considered(game, section, environ)) {
      emit(game, { kind: 'action-card', text: `No mission here bears its letters: the card is not considered.`, rule: '[13.41]', visibleTo: side });
      return card;
    }
    const why = tries < limit ? ignoredBecause(game, section.event, environ, seen) : null;
    if (why) {
      emit(game, { kind: 'action-card', text: `Card ${card.number} is ignored and another drawn: ${why}.`, rule: '[13.42]', visibleTo: side });
      continue;
    }
    if (section.event) {
      seen.push(section.event);
      applyEvent(game, section.event, environ, side, queue);
    }
    queue.push({ do: 'letters', letters: section.letters, environ });
    return card;
  }
}
