/**
 * What each mission letter does when its mission completes [13.5, 13.52], as `docs/content-decisions.md`
 * and `missions.json` describe, and the queue of things a mission step still has to do (sub-procedures
 * such as a combat, letters to resolve after an event [13.3], and choices the performer makes).
 *
 * The queue lives in the running frame's data (`data.queue`), so the mission-action and bonus-draw
 * segments share it: `runEffects` works the queue down, returning a decision or a sub-procedure to
 * push, and `answerEffect` applies the performer's answer to a choice.
 */
import { hasComponent } from 'bitecs';
import { emit, interrupt } from '../../src/core/engine/game';
import type { Command, Decision, Frame, Game, Step } from '../../src/core/engine/types';
import { REBELLION } from '../../src/core/world/components';
import { GuardedBy } from '../../src/core/world/relations';
import { isGalactic } from '../../src/core/content/validate';
import { allOf, entityOf, environOf, guardOf, place, planetOfEnviron, refOf, tag, touch, unplace, untag } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { provinceOfEnviron, recordQuestioning } from '../../src/core/insight';
import { killCharacter as killInCombatTerms } from './character-combat';
import { loyaltyAfterShift, loyaltyName, shiftLoyalty, stopRebellion, UNREST } from './loyalty';
import {
  assassinationTargets,
  captivesIn,
  couped,
  describeGroup,
  gatheringBarred,
  groupById,
  inRebellionOrRebelControl,
  isContinuing,
  missionPhase,
  pruneGroups,
  reserveCharacters,
  sideOfGroup,
  spaceshipsInDeck,
  prisonersToQuestion,
  type MissionGroup,
} from './missions';
import { bringOwnSpaceship } from './possessions';
import { foundRebelCamp } from './rebel-camp';
import { startRebellion } from './rebellion';
import { enemyOf, isFreeCharacter, sideOf, unitsIn, unitsOnPlanet } from './sides';
import { controls } from './control';
import { eliminateUnit } from './military-combat';
import { spawnUnit } from '../../src/core/world/build';
import { ENVIRON_TYPES, type SideId } from '../../src/core/content/schema';
import { discover, rebelBase } from './secret-planets';
import { summonSovereign } from './sovereigns';
import { tallyPoints } from './tally';
import { moveChaos } from './chaos';

/** Something a mission step still has to do, in order. */
export type Effect =
  /** Run a sub-procedure (a combat, a search, raising rebellion forces), then prune the groups. */
  | { do: 'push'; frame: Frame }
  /** [13.3] after a card's event: its letters take effect. */
  | { do: 'letters'; letters: string; environ: number }
  /** A choice the performing player makes for a completed mission. */
  | { do: 'choose'; what: 'assassinate' | 'free' | 'gain' | 'subvert'; group: number; left: number };

export function effectQueue(frame: Frame): Effect[] {
  if (!Array.isArray(frame.data.queue)) frame.data.queue = [];
  return frame.data.queue as unknown as Effect[];
}

/** Queue a sub-procedure (run by `runEffects`, which skips it with an event where it is not built yet). */
export function queueProcedure(game: Game, queue: Effect[], frame: Frame): void {
  void game;
  queue.push({ do: 'push', frame });
}

/**
 * The characters a queued combat or search concerns may have been killed or captured since it was
 * queued: only those still free take part; with none left it does not happen.
 */
function stillThere(game: Game, frame: Frame): boolean {
  const w = game.world;
  const free = (ch: number) => !hasComponent(w, ch, w.c.Dead) && !hasComponent(w, ch, w.c.Captured) && environOf(w, ch) !== 0;
  for (const key of ['defenders', 'group'] as const) {
    const list = frame.data[key];
    if (!Array.isArray(list)) continue;
    frame.data[key] = (list as number[]).filter(free);
    if (!(frame.data[key] as number[]).length) return false;
  }
  return true;
}

/**
 * Work the queue down. Returns the step to take (a decision or a push), or null when the queue is empty.
 */
export function runEffects(game: Game, frame: Frame): Step | null {
  const queue = effectQueue(frame);
  if (frame.data.awaiting) {
    // a sub-procedure finished: its killed and captured leave their groups [13.52]
    frame.data.awaiting = null;
    frame.data.result = null;
  }
  pruneGroups(game);
  while (queue.length) {
    const effect = queue[0] as Effect;
    if (effect.do === 'push') {
      queue.shift();
      if (!stillThere(game, effect.frame)) continue;
      frame.data.awaiting = effect.frame.proc;
      return { push: effect.frame };
    }
    if (effect.do === 'letters') {
      queue.shift();
      resolveLetters(game, queue, effect.environ, effect.letters);
      continue;
    }
    const decision = choiceDecision(game, effect);
    if (!decision) {
      queue.shift();
      continue;
    }
    return { decide: decision };
  }
  return null;
}

/** [13.5] letters drawn in the action segment: each active group whose mission letter is there. */
export function resolveLetters(game: Game, queue: Effect[], environ: number, letters: string): void {
  pruneGroups(game);
  for (const group of missionPhase(game)?.groups ?? []) {
    if (group.environ !== environ || group.status !== 'active') continue;
    if (!letters.includes(group.letter)) continue;
    group.letters += 1;
    emit(game, {
      kind: 'mission-letter',
      text: `${describeGroup(game, group)}: letter ${group.letter} drawn (${group.letters} so far).`,
      rule: '[13.5]',
      visibleTo: sideOfGroup(game, group),
      entities: [environ],
    });
    // [13.5] a mission completes on its letter; [13.51] continuing missions go on unless stopped
    if (!isContinuing(game, group)) completeGroup(game, queue, group);
  }
}

/**
 * [13.5, 13.52] the mission is complete: its effects happen (for continuing missions, all the letters
 * accumulated). Never for a group that was aborted or lost.
 */
export function completeGroup(game: Game, queue: Effect[], group: MissionGroup): void {
  group.status = 'completed';
  const side = sideOfGroup(game, group);
  const w = game.world;
  const c = w.c;
  const env = group.environ;
  const planet = planetOfEnviron(w, env);
  const n = group.letters;
  emit(game, {
    kind: 'mission-complete',
    text: `${describeGroup(game, group)} is complete with ${n} letter${n === 1 ? '' : 's'}.`,
    rule: '[13.5]',
    visibleTo: side, // its effects (loyalty, PDB, units) are seen by all as they happen
    entities: [env],
  });
  if (n <= 0) return;
  const vp = game.content.tables.victoryPoints;
  const effects: Record<string, () => void> = {
    A: () => queue.push({ do: 'choose', what: 'assassinate', group: group.id, left: 1 }),
    B: () => void foundRebelCamp(game, env),
    C: () => {
      // [13.2, 5.3I] the coup succeeds with at least as many letters as the coup rating
      const rating = lettersNeeded(game, side, 'C', env);
      if (n < rating) {
        emit(game, { kind: 'coup', text: `The coup at ${nameOf(game, env)} falls short (${n} of ${rating}).`, rule: '[5.3I]', visibleTo: 'all', entities: [env] });
        return;
      }
      game.vars.couped = [...couped(game), env];
      shiftLoyalty(game, planet, side, 2, `coup at ${nameOf(game, env)}`, env);
    },
    // [13.2] each D letter shifts loyalty one space toward the performer [15.13]
    D: () => void shiftLoyalty(game, planet, side, n, `diplomacy at ${nameOf(game, env)}`, env),
    // [13.2 E] province and galactic games: the environ's sovereign comes to the performer's court
    // (sovereigns.ts); his planet's Diplomacy then favours that side
    E: () => summonSovereign(game, env, side),
    F: () => queue.push({ do: 'choose', what: 'free', group: group.id, left: n }),
    G: () => queue.push({ do: 'choose', what: 'gain', group: group.id, left: 1 }),
    I: () => {
      // [15.52] unseen enemies on a planet the performer controls spoil it (they did not bar it when
      // chosen: that would have told him they were there [9.31])
      if (gatheringBarred(game, side, planetOfEnviron(w, group.environ), 'all')) {
        emit(game, { kind: 'victory-points', text: `Gather Information at ${nameOf(game, group.environ)} comes to nothing: enemy agents are on the planet [15.52].`, rule: '[15.52]', visibleTo: 'all', entities: [group.environ] });
        return;
      }
      // [13.2] the only mission that scores directly: +1 each for the Rebel, -1 each for the Empire
      const points = n * vp.gatherInformation * (side === 'rebel' ? 1 : -1);
      // the galactic game counts no such points (tables.md): the mission moves the Chaos Index instead, by
      // one whatever its letters (by the letters, the Rebel's missions alone raised it 33 a game)
      if (isGalactic(game.scenario)) return moveChaos(game, Math.sign(points), `${side === 'rebel' ? 'Rebel' : 'Imperial'} gathered information at ${nameOf(game, group.environ)}`);
      tallyPoints(game, points, 'gathered information', { text: `${side === 'rebel' ? 'Rebel' : 'Imperial'} gathered information at ${nameOf(game, group.environ)}`, rule: '[13.2]' });
      emit(game, { kind: 'victory-points', text: `Gathered information: ${points > 0 ? '+' : ''}${points} victory points.`, rule: '[13.2]', visibleTo: 'all' });
    },
    P: () => {
      // [14.1, 14.11] a random possession from the deck, given to a member of the group
      const deck = (game.vars.possessionDeck as string[] | undefined) ?? [];
      if (!deck.length) {
        emit(game, { kind: 'possession', text: 'The scavengers find nothing: the possession deck is empty.', rule: '[14.1]', visibleTo: side });
        return;
      }
      findPossession(game, queue, group, game.rng.pick(deck));
    },
    H: () => {
      // [13.2 H] "the enemy loses one force point from this planet and the performing side gains it":
      // ours, a force point is a strength point of military units [15.41]: the enemy's weakest unit on the
      // planet is lost, and the performer raises a unit of strength 1 in the environ (the Rebel an
      // Irregulars unit of its type [7.31], the Empire a militia) if it has room [9.5]
      if (!controls(game, enemyOf(side), planet)) return;
      const theirs = unitsOnPlanet(game, planet, enemyOf(side));
      const weakest = theirs.sort((a, b) => (c.Unit.combat[a] as number) - (c.Unit.combat[b] as number))[0];
      if (weakest) eliminateUnit(game, weakest, '[13.2]');
      if (unitsIn(game, env, side).length >= (c.Environ.size[env] as number)) return;
      const type = side === 'rebel' ? 'rebel-1-0' : 'militia';
      const unit = spawnUnit(w, game.content, game.ruleset.sides, type, side === 'rebel' ? (ENVIRON_TYPES[c.Environ.type[env] as number] ?? null) : null);
      place(w, unit, env);
      emit(game, { kind: 'stolen', text: `Steal Enemy Resources at ${nameOf(game, env)}: ${weakest ? 'an enemy unit is lost and ' : ''}a ${side === 'rebel' ? 'Rebel' : 'militia'} unit is raised with what was taken.`, rule: '[13.2]', visibleTo: 'all', entities: [planet, env] });
    },
    J: () => {
      // [13.2 J] province and galactic games: a spaceship possession at random from the deck, given at
      // once to a member of the group [14.11]
      const ships = spaceshipsInDeck(game);
      if (!ships.length) {
        emit(game, { kind: 'possession', text: 'The quest finds no starship: none is left in the possession deck.', rule: '[13.2]', visibleTo: side });
        return;
      }
      findPossession(game, queue, group, game.rng.pick(ships));
    },
    Q: () => {
      // [13.2 Q] the prisoner talks: for the rest of the game-turn the performer sees the enemy's hidden
      // units and undetected characters in the prisoner's province (core/insight.ts: knowledge, not
      // detection [9.31]); in the galactic game a Rebel prisoner gives away the secret base
      const prisoner = prisonersToQuestion(game, env, side, group.members)[0];
      if (!prisoner) return;
      const province = provinceOfEnviron(game, env);
      recordQuestioning(game, side, province);
      const found = allOf(w, 'character').filter((ch) => {
        const at = environOf(w, ch);
        return !!at && sideOf(game, ch) !== side && isFreeCharacter(game, ch) && !hasComponent(w, ch, c.Detected) && provinceOfEnviron(game, at) === province;
      });
      emit(game, { kind: 'questioned', text: `${nameOf(game, prisoner)} talks: until the end of the turn you see the enemy's hidden forces in the province${found.length ? `, and ${found.map((ch) => `${nameOf(game, ch)} at ${nameOf(game, environOf(w, ch))}`).join(', ')}` : '; no enemy character there was hiding'}.`, rule: '[13.2]', visibleTo: side, entities: [env, ...found] });
      if (side === 'imperial' && rebelBase(game)) discover(game, rebelBase(game), `${nameOf(game, prisoner)} questioned`);
    },
    R: () => {
      if (side === 'rebel') {
        // [15.2] a rebellion starts only on a planet at unrest
        if (!rebellionMayStart(game, planet)) {
          emit(game, { kind: 'rebellion', text: `${nameOf(game, planet)} is not at unrest: the rebellion does not start.`, rule: '[15.2]', visibleTo: 'all', entities: [planet, env] });
          return;
        }
        startRebellion(game, planet, `Start Rebellion at ${nameOf(game, env)}`, env); // raises its units at once [15.43]
        return;
      }
      // [13.53] stopping a rebellion needs two letters
      if (n < lettersNeeded(game, side, 'R', env) || c.PlanetState.value[planet] !== REBELLION) {
        emit(game, { kind: 'rebellion', text: `Stop Rebellion at ${nameOf(game, env)} needs two letters (${n} drawn).`, rule: '[13.53]', visibleTo: 'all', entities: [planet, env] });
        return;
      }
      stopRebellion(game, planet, `Stop Rebellion at ${nameOf(game, env)}`); // [15.54]
    },
    S: () => {
      // [8.31] the first S puts the PDB down; each further one lowers its level, to no less than 0
      c.Pdb.up[planet] = 0;
      c.Pdb.level[planet] = Math.max(0, (c.Pdb.level[planet] as number) - (n - 1));
      touch(game.world, planet);
      emit(game, { kind: 'pdb', text: `Sabotage at ${nameOf(game, env)}: the PDB of ${nameOf(game, planet)} is down, level ${c.Pdb.level[planet]}.`, rule: '[8.31]', visibleTo: 'all', entities: [planet, env] });
    },
    T: () => queue.push({ do: 'choose', what: 'subvert', group: group.id, left: n }),
  };
  effects[group.letter]?.();
}

/**
 * [14.11, 14.13] a possession found by the group (Scavenge, Spaceship Quest) is given at once to one of
 * its members who may hold it (`assign-possession`: a second spaceship or companion never), or goes back
 * to the deck when none may.
 */
function findPossession(game: Game, queue: Effect[], group: MissionGroup, id: string): void {
  queueProcedure(game, queue, { proc: 'assign-possession', data: { possession: entityOf(game.world, 'possession', id), candidates: group.members } });
}


/**
 * How many of its letters a mission needs to succeed: a coup as many as the environ's coup rating
 * [13.2, 5.3I], the Empire's Stop Rebellion two [13.53], every other mission its card's number.
 */
export function lettersNeeded(game: Game, side: SideId, letter: string, environ: number): number {
  if (letter === 'C') return game.world.c.Environ.coup[environ] as number;
  if (letter === 'R' && side === 'imperial') return 2;
  return game.content.missions.get(letter as never)?.lettersToComplete ?? 1;
}

/** [15.2] a rebellion starts only on a planet at unrest (`loyalty`: the loyalty it would start from), not already risen. */
export function rebellionMayStart(game: Game, planet: number, loyalty = game.world.c.Loyalty.value[planet] as number): boolean {
  return loyalty === UNREST && !inRebellionOrRebelControl(game, planet);
}

/**
 * Why `side` completing mission `letter` in `environ` now would come to nothing, or null: the effects'
 * own conditions, read before the draws so that a player is told before he chooses. `loyalty` stands for
 * the planet's loyalty when the letter comes (an action card's event is resolved before its letters
 * [13.3], and may have moved it).
 */
export function completionComesToNothing(game: Game, side: SideId, letter: string, environ: number, loyalty = game.world.c.Loyalty.value[planetOfEnviron(game.world, environ)] as number): string | null {
  const c = game.world.c;
  const planet = planetOfEnviron(game.world, environ);
  const name = nameOf(game, planet);
  const at = loyaltyName(loyalty);
  const toward = side === 'rebel' ? 'unrest' : 'patriotic';
  switch (letter) {
    case 'R':
      if (side === 'rebel' && !rebellionMayStart(game, planet, loyalty))
        return inRebellionOrRebelControl(game, planet) ? `${name} has already risen [15.2]` : `${name} is at ${at}: a rebellion starts only at unrest [15.2]`;
      if (side === 'imperial' && c.PlanetState.value[planet] !== REBELLION) return `${name} is not in rebellion [15.3]`;
      return null;
    case 'D':
    case 'C':
      // [15.13] the loyalty track ends at unrest for the Rebel and at patriotic for the Empire
      return loyaltyAfterShift(game, planet, side, letter === 'C' ? 2 : 1, loyalty) === loyalty
        ? `${name} is at ${at}: its loyalty cannot move further toward ${toward}, so ${letter === 'D' ? 'Diplomacy' : 'a coup'} changes nothing [15.13]`
        : null;
    case 'S':
      // [8.31] the first S puts the PDB down, each further one lowers its level: nothing left to sabotage
      return c.Pdb.up[planet] === 0 && c.Pdb.level[planet] === 0 ? `the PDB of ${name} is down and at level 0 already [8.31]` : null;
    default:
      return null;
  }
}

/**
 * A group ends without completing its mission (stopped, out of draws). [12.87] A failed assassination
 * may be captured by enemy units in the environ; with none there, nobody is captured.
 */
export function failGroup(game: Game, queue: Effect[], group: MissionGroup, status: 'failed' | 'stopped' = 'failed'): void {
  group.status = status;
  emit(game, { kind: 'mission-failed', text: `${describeGroup(game, group)} ends without success.`, rule: '[13.5]', visibleTo: sideOfGroup(game, group) });
  if (group.letter === 'A') captureAttempt(game, queue, group);
}

/**
 * [13.44] an aborted mission: no effects; an aborted coup may be captured [12.87] (an assassination never
 * rolls [13.2]). [13.2] In the province and galactic games no aborted group rolls to see how it is affected.
 */
export function abortGroup(game: Game, queue: Effect[], group: MissionGroup): void {
  group.status = 'aborted';
  emit(game, { kind: 'mission-aborted', text: `${describeGroup(game, group)} is aborted.`, rule: '[13.44]', visibleTo: sideOfGroup(game, group), entities: [group.environ] });
  if (group.letter === 'C' && game.scenario.kind === 'star-system') captureAttempt(game, queue, group);
}

/**
 * [12.87] the enemy's military units in the environ try to capture the group: they attack it as a squad
 * in character combat (the characters engineer's procedure; the attacker chooses to capture [12.85]).
 */
function captureAttempt(game: Game, queue: Effect[], group: MissionGroup): void {
  const enemy = enemyOf(sideOfGroup(game, group));
  const units = unitsIn(game, group.environ, enemy);
  if (!units.length || group.camp || !group.members.length) return; // [12.87] no enemy units: no capture
  const strength = units.reduce((sum, u) => sum + (game.world.c.Unit.combat[u] as number), 0);
  queueProcedure(game, queue, {
    proc: 'character-combat',
    data: { environ: group.environ, attackerSide: enemy, attacker: { kind: 'squad', strength, leader: 0, units }, defenders: group.members },
  });
}

/** The decision for a queued choice, or null when there is nothing (left) to choose. */
function choiceDecision(game: Game, effect: Extract<Effect, { do: 'choose' }>): Decision | null {
  if (effect.left <= 0) return null;
  const group = groupById(game, effect.group);
  // [13.52] a group lost meanwhile (every member killed or captured by an earlier effect) chooses nothing
  if (!group.camp && group.members.length === 0) return null;
  const side = sideOfGroup(game, group);
  const w = game.world;
  const env = group.environ;
  const options: Command[] = [];
  let prompt = '';
  let rule = '';
  if (effect.what === 'assassinate') {
    for (const target of assassinationTargets(game, env, side)) options.push({ type: 'assassinate', side, target });
    prompt = 'Assassination succeeds: choose the detected enemy character to kill.';
    rule = '[9.44]';
  } else if (effect.what === 'free') {
    for (const prisoner of captivesIn(game, env, side)) options.push({ type: 'free-prisoner', side, prisoner });
    prompt = `Free Prisoners: choose a captive to free (${effect.left} left).`;
    rule = '[12.82]';
  } else if (effect.what === 'gain') {
    for (const character of reserveCharacters(game, side)) options.push({ type: 'gain-character', side, character });
    prompt = 'Gain Characters: choose the character who joins your side.';
    rule = '[13.2]';
  } else {
    // [13.2 T, 7.22] A unit whose strength the Rebel sees is offered only if it fits the points left;
    // a hidden one always, or which units are offered would tell him their hidden strengths.
    for (const unit of unitsIn(game, env, 'imperial'))
      if ((w.c.Unit.combat[unit] as number) <= effect.left || w.c.Unit.hidden[unit] === 1) options.push({ type: 'subvert-unit', side, unit });
    prompt = `Subvert Troops: choose an Imperial unit to eliminate (${effect.left} strength points left; a hidden unit too strong for them keeps its loyalty, and the points are lost).`;
    rule = '[13.2]';
  }
  if (!options.length) return null;
  const context = { group: describeGroup(game, group), ...(effect.what === 'subvert' ? { pointsLeft: effect.left } : {}) };
  return { side, kind: `mission-${effect.what}`, prompt, rule, options, context };
}

/** Apply the answer to the queued choice at the head of the queue. Returns false if it was not one. */
export function answerEffect(game: Game, frame: Frame, command: Command): boolean {
  const queue = effectQueue(frame);
  const effect = queue[0];
  if (!effect || effect.do !== 'choose') return false;
  const group = groupById(game, effect.group);
  const side = sideOfGroup(game, group);
  const w = game.world;
  if (command.type === 'assassinate') {
    killCharacter(game, command.target as number, `assassinated at ${nameOf(game, group.environ)}`, '[9.44]');
    effect.left = 0;
  } else if (command.type === 'free-prisoner') {
    const prisoner = command.prisoner as number;
    const guard = guardOf(w, prisoner);
    if (guard) untag(w, prisoner, GuardedBy(guard));
    untag(w, prisoner, w.c.Captured);
    emit(game, { kind: 'freed', text: `${nameOf(game, prisoner)} is freed and joins the group.`, rule: '[12.82]', visibleTo: 'all', entities: [prisoner] });
    effect.left -= 1;
  } else if (command.type === 'gain-character') {
    // [13.2 G, 14.53] he enters with the group, bringing his own spaceship (held since the start)
    const character = command.character as number;
    place(w, character, group.environ);
    bringOwnSpaceship(game, character); // [14.53]
    game.vars.gainedCharacters = [...((game.vars.gainedCharacters as string[] | undefined) ?? []), refOf(w, character)];
    emit(game, { kind: 'gained', text: `${nameOf(game, character)} joins the ${side === 'rebel' ? 'Rebellion' : 'Empire'} at ${nameOf(game, group.environ)}.`, rule: '[13.2]', visibleTo: side, entities: [character] });
    effect.left = 0;
  } else if (command.type === 'subvert-unit') {
    const unit = command.unit as number;
    const strength = w.c.Unit.combat[unit] as number;
    if (strength > effect.left) {
      // [7.22] the hidden unit's type and strength are revealed as it is used; the points left do not fit it, and are lost
      const type = game.content.tables.unitTypes[w.c.Unit.type[unit] as number]?.name ?? 'mobile';
      emit(game, { kind: 'subvert-failed', text: `Subvert Troops at ${nameOf(game, group.environ)}: the Imperial ${type} unit (strength ${strength}) is too strong to win over with ${effect.left} point(s), which are lost.`, rule: '[13.2]', visibleTo: 'all', entities: [group.environ] });
      effect.left = 0;
    } else {
      effect.left -= strength;
      tag(w, unit, w.c.Eliminated);
      unplace(w, unit);
      emit(game, { kind: 'subverted', text: `An Imperial unit at ${nameOf(game, group.environ)} goes over to the people and is eliminated.`, rule: '[13.2]', visibleTo: 'all', entities: [group.environ] });
    }
  } else {
    return false;
  }
  if (effect.left <= 0) queue.shift();
  return true;
}

/**
 * A character dies outside a character combat (assassination, accident): as in combat [12.73, 14.25],
 * and each of his spaceships may pass to a friend beside it [14.55].
 */
export function killCharacter(game: Game, character: number, how: string, rule: string): void {
  const { ships, environ } = killInCombatTerms(game, character, how, rule);
  for (const ship of ships) interrupt(game, { proc: 'reassign-spaceship', data: { ship, environ } });
}
