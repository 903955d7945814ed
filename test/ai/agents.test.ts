/**
 * Agents: every agent answers every decision kind the engine raises, plays the same game for the same
 * seed, and never sees what its side may not know.
 */
import { describe, expect, it } from 'vitest';
import { addComponent, hasComponent } from 'bitecs';
import { GuardedBy } from '../../src/core/world/relations';
import { beliefOf, sampleBelief } from '../../src/core/belief';
import { apply, cloneGame, newGame, stateHash } from '../../src/core/engine/game';
import type { Decision, Game, GameEvent } from '../../src/core/engine/types';
import type { SideId } from '../../src/core/content/schema';
import type { Agent } from '../../src/ai/agent';
import { spawnUnit } from '../../src/core/world/build';
import { allOf, environOf, place, planetOfEnviron, possessionsOf, refOf, tag } from '../../src/core/world/world';
import { viewFor } from '../../src/core/view';
import { AGENTS, agentFactory } from '../../src/ai/registry';
import { playOne, playOut, UNREAD_VIEW } from '../../src/ai/play';
import { planFor } from '../../src/ai/plans';
import { randomAgent } from '../../src/ai/random-agent';
import { LEVELS, searchAgent, searchableAlternatives } from '../../src/ai/search-agent';
import { environsInPlay } from '../../systems/rebels-vs-empire/sides';
import { missionAllowed, missionPhase } from '../../systems/rebels-vs-empire/missions';
import { bringOwnSpaceship } from '../../systems/rebels-vs-empire/possessions';
import { act, assign, emptyBoard, env, put } from '../systems/rebels-vs-empire/mission-helpers';
import { content, freeUnitsContent, ruleset, SCENARIOS, testGame } from '../fixtures';

/**
 * One situation per decision kind met in random games of every scenario, and of games where both sides
 * place by hand [16.12-16.14] (with free starting units too, so units are placed by hand as well).
 */
function situationsByKind(): Map<string, Game> {
  const found = new Map<string, Game>();
  const free = freeUnitsContent('armageddon');
  const games: { make: () => Game; seed: string }[] = [
    ...SCENARIOS.flatMap((scenario) => [0, 1, 2].map((i) => ({ make: () => testGame(scenario, `kinds-${i}`), seed: `${i}` }))),
    { make: () => newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 'kinds-hand', handPlacement: ['rebel', 'imperial'] }), seed: 'hand' },
    { make: () => newGame({ content: free, ruleset, scenario: 'armageddon', seed: 'kinds-hand', handPlacement: ['rebel', 'imperial'] }), seed: 'hand' },
  ];
  for (const { make, seed } of games) {
    const game = make();
    const rebel = randomAgent({ side: 'rebel', seed });
    const imperial = randomAgent({ side: 'imperial', seed });
    while (game.pending && !game.winner) {
      const d: Decision = game.pending;
      if (!found.has(d.kind)) found.set(d.kind, cloneGame(game));
      // (the random agent reads no view: building one for every decision was most of this search)
      apply(game, (d.side === 'rebel' ? rebel : imperial).decide(UNREAD_VIEW, d));
    }
  }
  return found;
}


describe('agents', () => {
  const situations = situationsByKind();

  it('meet at least one decision kind in random games, the placement kinds [16.12, 16.13] among them', () => {
    expect(situations.size).toBeGreaterThan(0);
    expect([...situations.keys()]).toEqual(expect.arrayContaining(['place-units', 'place-characters']));
  });

  for (const name of Object.keys(AGENTS))
    it(`"${name}" answers every decision kind with a legal option`, () => {
      for (const [kind, game] of situations) {
        const decision = game.pending!;
        const agent = agentFactory(name)({ side: decision.side, seed: 'kinds' });
        const command = agent.decide(viewFor(game, decision.side), decision, beliefOf(game, decision.side));
        const result = apply(cloneGame(game), command);
        expect(result, `${name} on ${kind}`).toEqual({ ok: true });
      }
    });

  // A step back is valued like the plan's own answer (the plan picks the same character again), so a
  // search that took it would pick and step back without end: a hard game once ran 4,000 decisions so.
  it('"hard" never searches a step back [13.1]: cancelling a pick is not a choice of its own', () => {
    const game = situations.get('assign-mission')!;
    const decision = game.pending!;
    expect(decision.options.some((o) => o.type === 'cancel-pick')).toBe(true);
    const planned = decision.options[0]!;
    expect(searchableAlternatives(decision, planned).map((o) => o.type)).not.toContain('cancel-pick');
    // Even a search that always prefers another option than the plan's never answers the step back.
    const searched = { rebel: ['assign-mission'], imperial: ['assign-mission'] };
    const distrustful = searchAgent({ ...LEVELS.hard, name: 'distrustful', searched, searchKinds: ['star-system', 'province', 'galactic'], margin: -1e12, maxOptions: 99 })({ side: decision.side, seed: 'back' });
    const command = distrustful.decide(viewFor(game, decision.side), decision, beliefOf(game, decision.side));
    expect(command.type).not.toBe('cancel-pick');
  });

  // The Rebel's search adds nothing measurable in the province and galactic games (`LEVELS.hard.searchKinds`),
  // and there it cost a game 9-17 s: there `hard` answers by its plans and skills.
  it('"hard" searches only in the scenario kinds its level names: a search that distrusts every plan overrules it in a star-system game, not in a province', () => {
    const searched = { rebel: ['assign-mission'], imperial: ['assign-mission'] };
    const distrustful = (searchKinds: typeof LEVELS.hard.searchKinds) => searchAgent({ ...LEVELS.hard, name: 'distrustful', searched, searchKinds, margin: -1e12, maxOptions: 2, samples: 1, horizon: 4 });
    for (const scenario of ['start-of-rebellion', 'embers-of-the-reach']) {
      const game = testGame(scenario, 'kinds');
      const normal = { rebel: agentFactory('normal')({ side: 'rebel', seed: 'kinds' }), imperial: agentFactory('normal')({ side: 'imperial', seed: 'kinds' }) };
      while (!(game.pending?.kind === 'assign-mission' && game.pending.side === 'rebel' && game.pending.options.length > 2)) playOne(game, normal);
      const decision = game.pending!;
      const view = viewFor(game, decision.side);
      const planned = planFor({ content, view, decision, side: decision.side, memory: {}, skills: LEVELS.hard.skills[decision.side] });
      const answer = (kinds: typeof LEVELS.hard.searchKinds) => distrustful(kinds)({ side: decision.side, seed: 'kinds' }).decide(view, decision, beliefOf(game, decision.side));
      const hardKind = LEVELS.hard.searchKinds.includes(game.scenario.kind);
      expect(hardKind, scenario).toBe(scenario === 'start-of-rebellion');
      if (hardKind) expect(answer(LEVELS.hard.searchKinds), scenario).not.toEqual(planned);
      else expect(answer(LEVELS.hard.searchKinds), scenario).toEqual(planned);
      expect(answer(['star-system', 'province']), scenario).not.toEqual(planned);
    }
  });

  // Five options against the plan's, two imagined games each: the luckiest of five often looks better
  // than the plan by a few points of dice alone. On this seed, at a margin of 20, the Rebel trades a
  // Start Rebellion his plan chose for another mission on lucky dice; `LEVELS.hard.margin` keeps it.
  // Both are played, so the test keeps a situation where the margin matters (the rules and plans
  // change the games a seed plays: this one was table-0 of armageddon until it no longer was).
  function startRebellionsKept(margin: number, stopAtFirstGiven = false): { kept: number; given: number } {
    const game = testGame('start-of-rebellion', 'table-3');
    const searching = searchAgent({ ...LEVELS.hard, margin })({ side: 'rebel', seed: 'table-3' });
    const tally = { kept: 0, given: 0 };
    const watched: Agent = {
      name: 'hard, watched',
      decide(view, decision, belief) {
        const command = searching.decide(view, decision, belief);
        // the plan's mission for this character needs no memory: its ranking reads the view alone
        const planned = decision.kind === 'assign-mission' ? planFor({ content, view, decision, side: 'rebel', memory: {}, skills: LEVELS.hard.skills.rebel }) : undefined;
        if (planned?.letter === 'R') tally[JSON.stringify(command) === JSON.stringify(planned) ? 'kept' : 'given']++;
        return command;
      },
    };
    const agents = { rebel: watched, imperial: agentFactory('normal')({ side: 'imperial', seed: 'table-3' }) };
    while (game.turn <= 3 && !(stopAtFirstGiven && tally.given > 0) && playOne(game, agents));
    return tally;
  }

  it('[15.2] "hard" keeps the Start Rebellion its plan chose: two imagined games are no reason to give it up', () => {
    const hard = startRebellionsKept(LEVELS.hard.margin);
    expect(hard.kept).toBeGreaterThan(0);
    expect(hard.given).toBe(0);
    // the same games at a margin of 20 give one up: the situation is one the margin decides
    expect(startRebellionsKept(20, true).given).toBeGreaterThan(0);
  });

  it('are given by the runner a belief, and every event their side may see once: those since its last decision', () => {
    const game = testGame(undefined, 'events-once');
    const read: Record<SideId, GameEvent[]> = { rebel: [], imperial: [] };
    const spy = (side: SideId): Agent => {
      const random = randomAgent({ side, seed: 'spy' });
      return {
        name: 'spy',
        decide(view, decision, belief) {
          expect(belief).toBeDefined();
          read[side].push(...view.events);
          return random.decide(view, decision);
        },
      };
    };
    playOut(game, { rebel: spy('rebel'), imperial: spy('imperial') }, { stopAfter: 400 });
    for (const side of ['rebel', 'imperial'] as const) {
      const visible = game.events.filter((e) => e.visibleTo === 'all' || e.visibleTo === side);
      expect(read[side].length).toBeGreaterThan(0);
      expect(read[side]).toEqual(visible.slice(0, read[side].length)); // in order, none twice, none left out
      expect(read[side].some((e) => e.visibleTo !== 'all' && e.visibleTo !== side)).toBe(false);
    }
  });

  it('an agent that reads no view ("random") is given none, and one that reads the view it said it would not is stopped', () => {
    const game = testGame(undefined, 'no-view');
    const random = randomAgent({ side: 'rebel', seed: 'v' });
    expect(random.readsView).toBe(false);
    const careless: Agent = { name: 'careless', readsView: false, decide: (view, decision) => (view.turn ? decision.options[0]! : decision.options[0]!) };
    const side = game.pending!.side;
    expect(() => playOne(game, { [side]: careless })).toThrow(/an agent that said it reads no view read its "turn"/);
    expect(playOne(game, { [side]: random })).toBe(true);
  });

  it.each(Object.keys(AGENTS))('"%s" given the same seed plays the same game', (name) => {
    const play = (seed: string) => {
      const game = testGame(undefined, 'same-agent');
      const agents = { rebel: agentFactory(name)({ side: 'rebel', seed }), imperial: agentFactory(name)({ side: 'imperial', seed }) };
      playOut(game, agents, { stopAfter: 12 });
      return { hash: stateHash(game), log: game.log };
    };
    const first = play('a');
    expect(play('a')).toEqual(first);
  });
});

describe('an agent never sees hidden state [7.22, 9.31]', () => {
  function planted() {
    const game = testGame(undefined, 'hidden');
    const w = game.world;
    const envs = environsInPlay(game);
    const line = spawnUnit(w, game.content, game.ruleset.sides, 'line', null);
    const patrols = [0, 1, 2].map(() => spawnUnit(w, game.content, game.ruleset.sides, 'patrol', null));
    for (const u of [line, ...patrols]) place(w, u, envs[0]!);
    const spy = allOf(w, 'character').filter((c) => w.c.Owner.side[c] === 1).at(-1)!;
    place(w, spy, envs[envs.length - 1]!);
    return { game, line, patrols, spy };
  }

  it('the view given to the Rebel holds neither the hidden unit types nor the undetected spy', () => {
    const { game, line, spy } = planted();
    const view = viewFor(game, 'rebel');
    expect(view.units.find((u) => u.eid === line)).toMatchObject({ type: 'hidden', combat: null });
    expect(view.characters.map((c) => c.eid)).not.toContain(spy);
  });

  it('imagined games re-deal which hidden unit is the line unit, and where the spy is', () => {
    const { game, line, spy } = planted();
    const lineIsStillLine = new Set<boolean>();
    const spyPlaces = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const sample = sampleBelief(game, 'rebel', `s${i}`);
      lineIsStillLine.add(sample.world.c.Unit.combat[line] === 3);
      spyPlaces.add(environOf(sample.world, spy));
    }
    expect(lineIsStillLine).toEqual(new Set([true, false]));
    expect(spyPlaces.size).toBeGreaterThan(1);
  });

  it('imagined games keep what the side does know: its own pieces, detected enemies, militia', () => {
    const { game } = planted();
    const sample = sampleBelief(game, 'rebel', 'known');
    const w = game.world;
    for (const eid of [...allOf(w, 'unit'), ...allOf(w, 'character')]) {
      const known = w.c.Owner.side[eid] === 0 || hasComponent(w, eid, w.c.Detected) || (w.kinds[eid] === 'unit' && w.c.Unit.hidden[eid] === 0);
      if (known) expect(environOf(sample.world, eid)).toBe(environOf(w, eid));
    }
  });

  it('[9.0] imagined games put an unseen character mostly on the planet where the side last saw him, not where he is', () => {
    const { game, spy } = planted();
    const w = game.world;
    const envs = environsInPlay(game);
    const truePlanet = planetOfEnviron(w, environOf(w, spy));
    const seenAt = envs.find((e) => planetOfEnviron(w, e) !== truePlanet)!;
    const onPlanet = (sightings: Record<number, number> | undefined, planet: number) =>
      Array.from({ length: 100 }, (_, i) => sampleBelief(game, 'rebel', `seen${i}`, sightings && { seen: sightings, traces: [] })).filter(
        (sample) => planetOfEnviron(sample.world, environOf(sample.world, spy)) === planet,
      ).length;
    // seen elsewhere: imagined there about STAYS_ON_PLANET of the time, and where he truly is seldom
    expect(onPlanet({ [spy]: seenAt }, planetOfEnviron(w, seenAt))).toBeGreaterThan(70);
    expect(onPlanet({ [spy]: seenAt }, truePlanet)).toBeLessThan(20);
    // never seen: anywhere, in proportion to the environs in play
    expect(onPlanet(undefined, planetOfEnviron(w, seenAt))).toBeLessThan(70);
  });

  it('[9.31] imagined games put a never-seen character mostly where unseen enemies were lately at work', () => {
    const { game, spy } = planted();
    const w = game.world;
    const trace = environsInPlay(game).find((e) => e !== environOf(w, spy))!;
    const atTrace = (traces: number[]) =>
      Array.from({ length: 100 }, (_, i) => sampleBelief(game, 'rebel', `trace${i}`, { seen: {}, traces })).filter((sample) => environOf(sample.world, spy) === trace).length;
    expect(atTrace([trace])).toBeGreaterThan(45); // FOLLOWS_TRACE, and a share of "anywhere"
    expect(atTrace([])).toBeLessThan(20);
  });

  /** The Rebel's mission action at its start: Jax on Diplomacy at Wendhaven 1, Mirra on Coup at Tollis 1, both unseen. */
  function secretMissions() {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1');
    put(game, 'mirra-solvane', 'tollis.1');
    assign(game, 'rebel', [
      ['jax-tollaway', 'D'],
      ['mirra-solvane', 'C'],
    ]);
    expect(game.pending?.kind).toBe('choose-mission-environ');
    const groups = (g: Game) => missionPhase(g)!.groups.map((group) => ({ environ: group.environ, letter: group.letter, members: group.members }));
    return { game, groups };
  }

  it('[13.1] imagined games re-deal where the enemy\'s secret missions are and what they are, until drawn for', () => {
    const { game, groups } = secretMissions();
    const truth = groups(game);
    const samples = Array.from({ length: 40 }, (_, i) => groups(sampleBelief(game, 'imperial', `mission${i}`)));
    for (const [g, group] of truth.entries()) {
      expect(samples.filter((s) => s[g]!.letter === group.letter).length).toBeLessThan(30);
      expect(samples.filter((s) => s[g]!.environ === group.environ).length).toBeLessThan(30);
    }
    // each imagined group stands together, on a mission allowed there
    for (let i = 0; i < 10; i++) {
      const sample = sampleBelief(game, 'imperial', `together${i}`);
      for (const group of missionPhase(sample)!.groups) {
        for (const member of group.members) expect(environOf(sample.world, member)).toBe(group.environ);
        expect(missionAllowed(sample, group.letter, 'rebel', group.environ, group.members[0]!, group.members.slice(1))).toBe(true);
      }
    }
    // the Rebel's own belief keeps his missions
    expect(groups(sampleBelief(game, 'rebel', 'own'))).toEqual(truth);
  });

  it('[13.1, 13.3] an environ drawn at is public: its group keeps its place and mission, and no other group is imagined there', () => {
    const { game, groups } = secretMissions();
    const wendhaven = env(game, 'wendhaven.1');
    act(game, { type: 'resolve-environ', environ: wendhaven });
    const jax = groups(game).find((group) => group.letter === 'D')!;
    for (let i = 0; i < 30; i++) {
      // Mirra's whereabouts point at Wendhaven, where the draws are: she cannot join them there
      const sample = groups(sampleBelief(game, 'imperial', `drawn${i}`, { seen: {}, traces: [wendhaven] }));
      expect(sample).toContainEqual(jax);
      expect(sample.filter((group) => group.environ === wendhaven)).toEqual([jax]);
    }
  });

  it('[14.53] an unseen enemy\'s spaceship goes where its holder is imagined', () => {
    const { game } = emptyBoard();
    const w = game.world;
    const jax = put(game, 'jax-tollaway', 'tollis.1'); // he holds Kestrel's Due
    bringOwnSpaceship(game, jax);
    game.ruleset.refresh(game); // the ship comes into play beside him
    const ship = possessionsOf(w, jax).find((p) => hasComponent(w, p, w.c.Spaceship));
    expect(environOf(w, ship!)).toBe(env(game, 'tollis.1'));
    for (let i = 0; i < 20; i++) {
      const sample = sampleBelief(game, 'imperial', `ship${i}`);
      expect(environOf(sample.world, ship!)).toBe(environOf(sample.world, jax));
    }
  });

  it('[12.81, 9.31] the guard of one\'s own captive is named only when he can be seen', () => {
    const { game } = emptyBoard();
    const w = game.world;
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const ysmena = put(game, 'ysmena-coil', 'wendhaven.1');
    tag(w, jax, w.c.Captured);
    addComponent(w, jax, GuardedBy(ysmena));
    const guard = () => viewFor(game, 'rebel').characters.find((c) => c.eid === jax)?.guard;
    expect(guard()).toBe(0);
    tag(w, ysmena, w.c.Detected);
    expect(guard()).toBe(ysmena);
  });

  it('imagined games carry no command log or event history (they would reveal hidden moves)', () => {
    const { game } = planted();
    const sample = sampleBelief(game, 'imperial', 'x');
    expect(sample.log).toEqual([]);
    expect(sample.events).toEqual([]);
  });
});

describe('"normal" places its starting forces sensibly [16.12, 16.13]', () => {
  const seats = new Set([content.galaxy.throne, ...content.galaxy.provinces.map((p) => p.capital)]);
  const planetIdOf = (game: Game, environ: number) => game.content.environs.get(refOf(game.world, environ))?.planet ?? '';

  it('the Empire gathers its characters on a capital or the throne when it may', () => {
    let withSeat = 0;
    for (const scenario of SCENARIOS) {
      const game = newGame({ content, ruleset, scenario, seed: 'seat', handPlacement: ['imperial'] });
      // the galactic game: the base first, and the Empire's free units before its characters
      if (game.pending?.kind === 'choose-base') apply(game, game.pending.options[0]!);
      while (game.pending?.kind === 'place-units') apply(game, game.pending.options[0]!);
      const d = game.pending!;
      expect(d.kind).toBe('place-characters');
      const offered = d.options.filter((o) => seats.has(planetIdOf(game, o.environ as number)));
      const chosen = agentFactory('normal')({ side: 'imperial', seed: 'x' }).decide(viewFor(game, 'imperial'), d);
      if (offered.length) expect(seats.has(planetIdOf(game, chosen.environ as number)), scenario).toBe(true);
      if (offered.length && offered.length < d.options.length) withSeat++;
    }
    expect(withSeat).toBeGreaterThan(0); // some scenario did offer a choice between a seat and other places
  });

  it('the Rebel starts where loyalty leans most his way', () => {
    const order = ['patriotic', 'loyal', 'neutral', 'dissent', 'unrest'];
    const game = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 'lean', handPlacement: ['rebel'] });
    const d = game.pending!;
    const view = viewFor(game, 'rebel');
    const lean = (environ: number) => {
      const planet = view.environs.find((e) => e.eid === environ)!.planet;
      return order.indexOf(view.planets.find((p) => p.eid === planet)!.loyalty);
    };
    const chosen = agentFactory('normal')({ side: 'rebel', seed: 'x' }).decide(view, d);
    expect(lean(chosen.environ as number)).toBe(Math.max(...d.options.map((o) => lean(o.environ as number))));
  });
});
