/**
 * `normal`: a conquest player with the habits the strategy tips of 002 teach [002 III]: keep armies
 * concentrated on one front, take and hold a continent (the one it already mostly holds, or its
 * mission's), attack only with good odds (computed exactly), take a territory each turn for the card,
 * finish off weak factions for their cards, and pull idle armies from the interior to the front.
 *
 * `easy` is the same player as a beginner plays it: it claims territories anywhere, puts each turn's
 * armies on any territory at the front, attacks whatever it has fair odds of taking rather than what a
 * continent needs, and never fortifies. (`hard` is another player, that plans its whole turn:
 * hard-agent.ts.)
 */
import type { Command, Decision } from '../../core/engine/types';
import { Rng, type SeedHash } from '../../core/rng';
import type { FactionId } from '../../../systems/conquest/content';
import type { ConquestView } from '../../../systems/conquest/view';
import type { ConquestAgent, ConquestAgentFactory } from './agent';
import { Board, maxBy } from './board';
import { attackAllowed, cedeChoice, flipsChit, FLIP_WORTH, freeAction, withSneak, withTruce } from './bloc-sense';

interface Style {
  name: string;
  /**
   * Claims and attacks for a continent [002 III.2]; else claims anywhere and attacks, among the attacks
   * with good enough odds, any one.
   */
  aims: boolean;
  /** Puts all new armies on its chosen front [002 III.1], and pulls idle armies to the front; else puts them on any front territory. */
  concentrate: boolean;
  /** The least chance of taking a territory for which it starts an attack. */
  attackAt: number;
  /** Weight of completing or breaking a continent when choosing what to attack. */
  continentWeight: number;
  /** Weight of finishing off a faction (its cards, its mission). */
  eliminationWeight: number;
}

const EASY: Style = { name: 'easy', aims: false, concentrate: false, attackAt: 0.45, continentWeight: 0.5, eliminationWeight: 0.5 };
const NORMAL: Style = { name: 'normal', aims: true, concentrate: true, attackAt: 0.55, continentWeight: 1, eliminationWeight: 1 };

type C = Command<FactionId>;

function makeAgent(style: Style, faction: FactionId, seed: string, seedHash?: SeedHash): ConquestAgent {
  const rng = Rng.fromSeed(`conquest-${style.name}:${faction}:${seed}`, seedHash);
  return {
    name: style.name,
    decide(view, decision) {
      const board = new StyledBoard(view, faction, style);
      // bloc politics first [003]: a free action of the attack stage, the system a defector cedes
      const political = decision.kind === 'conquest-attack' ? freeAction(board, decision.options) : decision.kind === 'conquest-cede' ? cedeChoice(board, decision) : undefined;
      if (political) return political;
      const choose = CHOOSERS[decision.kind];
      const chosen = choose ? choose(board, decision.options, decision, rng) : undefined;
      // [3F3] the end of a turn's attacks may be the time for a truce
      return withTruce(board, decision.options, chosen) ?? rng.pick(decision.options);
    },
  };
}

export const easyConquestAgent: ConquestAgentFactory = ({ faction, seed, seedHash }) => makeAgent(EASY, faction, seed, seedHash);
export const normalConquestAgent: ConquestAgentFactory = ({ faction, seed, seedHash }) => makeAgent(NORMAL, faction, seed, seedHash);

/** The board as this player reads it: the shared reading, and what this player's style makes of it. */
class StyledBoard extends Board {
  constructor(
    view: ConquestView,
    me: FactionId,
    readonly style: Style,
  ) {
    super(view, me);
  }

  /** The continents it plays for: its mission's, else the one it holds the largest share of. */
  get targetContinents(): Set<string> {
    const mission = this.view.missions[this.me];
    if (mission?.kind === 'continents') return new Set(mission.continents.map((c) => c.id));
    if (mission?.kind === 'mix') return new Set([mission.continent.id]);
    let best = '';
    let bestScore = -Infinity;
    for (const [c, ts] of this.view.map.continentTerritories) {
      const own = ts.filter((t) => this.mine(t)).length;
      const enemy = ts.filter((t) => !this.mine(t)).reduce((s, t) => s + this.armies(t), 0);
      const score = own / ts.length - enemy / (ts.length * 6) + (this.view.map.bonus.get(c) ?? 0) / (ts.length * 10);
      if (own < ts.length && score > bestScore) (bestScore = score), (best = c);
    }
    return new Set(best ? [best] : []);
  }

  /** What taking territory `t` is worth, beyond the territory itself. */
  worth(t: string): number {
    const owner = this.view.owner[t];
    const continent = this.view.map.continentOf.get(t)!;
    const ts = this.view.map.continentTerritories.get(continent)!;
    let w = 1;
    // [3B3a] the war's first conquest from an enemy this turn flips a chit
    if (flipsChit(this, t)) w += FLIP_WORTH;
    if (this.targetContinents.has(continent)) w += 1.5 * this.style.continentWeight;
    const missing = ts.filter((x) => !this.mine(x));
    if (missing.length === 1) w += (this.view.map.bonus.get(continent) ?? 0) * 0.6 * this.style.continentWeight;
    // Breaking someone's continent stops its bonus.
    if (owner && ts.every((x) => this.view.owner[x] === owner)) w += (this.view.map.bonus.get(continent) ?? 0) * 0.5;
    if (owner) {
      const left = Object.values(this.view.owner).filter((o) => o === owner).length;
      if (left <= 2) w += (1 + (this.view.handSizes[owner] ?? 0)) * this.style.eliminationWeight;
      const mission = this.view.missions[this.me];
      if ((mission?.kind === 'eliminate' || mission?.kind === 'mix') && mission.colour === owner) w += 2;
      if (this.view.gameType === 'capital' && Object.values(this.view.capitals).includes(t)) w += 4;
    }
    return w;
  }

  attackChance(from: string, to: string, attackers = this.armies(from)): number {
    return this.chance(attackers, this.armies(to));
  }

  /** The best attack from its territories, with the armies it may yet add to `from`. */
  bestAttack(extra = 0): { from: string; to: string; value: number; p: number } | null {
    let best: { from: string; to: string; value: number; p: number } | null = null;
    for (const from of this.view.map.territories) {
      if (!this.mine(from)) continue;
      for (const to of this.enemiesAround(from)) {
        const p = this.attackChance(from, to, this.armies(from) + extra);
        const value = p * this.worth(to);
        if (!best || value > best.value) best = { from, to, value, p };
      }
    }
    return best;
  }
}

/** A decision's answer; undefined leaves it to chance (the agent's own seeded generator). */
type Chooser = (board: StyledBoard, options: C[], decision: Decision<FactionId>, rng: Rng) => C | undefined;

/** Where new armies do most: the front facing what it most wants to take, or the most threatened. */
function placeScore(b: StyledBoard, t: string): number {
  if (!b.enemiesAround(t).length) return -1000;
  const target = maxBy(b.enemiesAround(t), (n) => b.worth(n) - b.armies(n) / 4)!;
  return b.worth(target) * 2 - b.armies(target) / 3 + b.threat(t) / 10 + (b.targetContinents.has(b.view.map.continentOf.get(t)!) ? 1 : 0);
}

const CHOOSERS: Record<string, Chooser> = {
  'conquest-claim': (b, options) =>
    !b.style.aims
      ? undefined
      : maxBy(options, (o) => {
      const t = o.territory as string;
      const ts = b.view.map.continentTerritories.get(b.view.map.continentOf.get(t)!)!;
      const own = ts.filter((x) => b.mine(x)).length;
      const others = ts.filter((x) => b.view.owner[x] !== null && !b.mine(x)).length;
      return (own + 1) / ts.length - others / ts.length + (b.view.map.bonus.get(b.view.map.continentOf.get(t)!) ?? 0) / (ts.length * 5);
    }),
  'conquest-setup-place': (b, options) => maxBy(options, (o) => placeScore(b, o.territory as string)),
  'conquest-capital': (b, options) => maxBy(options, (o) => b.armies(o.territory as string) - b.threat(o.territory as string) - 2 * b.enemiesAround(o.territory as string).length),
  // Cards are worth most traded at once: the armies now beat a better set later.
  'conquest-trade': (_b, options) => options[0],
  'conquest-bonus': (b, options) => maxBy(options, (o) => placeScore(b, o.territory as string)),
  'conquest-place': (b, options, _decision, rng) => {
    if (!b.style.concentrate) {
      // Everything on a territory at the front, any one.
      const front = options.filter((o) => b.enemiesAround(o.territory as string).length && (o.count !== 1 || options.every((x) => x.count === 1)));
      return front.length ? rng.pick(front) : undefined;
    }
    const best = maxBy(options, (o) => placeScore(b, o.territory as string));
    // Concentrate: everything on the chosen front [002 III.1].
    return options.find((o) => o.territory === best?.territory && o.count !== 1) ?? best;
  },
  'conquest-attack': (b, options, _decision, rng) => {
    if (!b.style.aims) {
      // a beginner's turn: an attack or two it likes the look of, then it stops
      const fair = options.filter((o) => o.type === 'attack' && attackAllowed(b, o, (t) => b.worth(t)) && b.attackChance(o.from as string, o.to as string) >= b.style.attackAt);
      return fair.length && rng.chance(0.85) ? withSneak(options, rng.pick(fair)) : options.find((o) => o.type === 'end-attacks');
    }
    const best = maxBy(
      options.filter((o) => o.type === 'attack' && attackAllowed(b, o, (t) => b.worth(t))),
      (o) => b.attackChance(o.from as string, o.to as string) * b.worth(o.to as string),
    );
    if (best && b.attackChance(best.from as string, best.to as string) >= b.style.attackAt) return withSneak(options, best);
    return options.find((o) => o.type === 'end-attacks');
  },
  // Roll on with the most dice while the battle is still likely won; else fall back.
  'conquest-battle': (b, options, decision) => {
    const chance = (decision.context?.winChance as number | undefined) ?? 0;
    if (chance < b.style.attackAt - 0.15) return options.find((o) => o.type === 'retreat');
    return options.find((o) => o.type === 'roll');
  },
  'conquest-defend': (_b, options) => options[0],
  // Move everything to the new front; where the old territory still faces enemies, share by threat.
  'conquest-move-in': (b, options, decision) => {
    const from = decision.context?.from as string;
    const to = decision.context?.to as string;
    const behind = b.threat(from);
    if (!behind) return options[0];
    const ahead = b.enemiesAround(to).reduce((sum, n) => sum + b.armies(n), 0);
    const share = ahead / (ahead + behind || 1);
    const want = Math.round((b.armies(from) - 1) * share);
    return maxBy(options, (o) => -Math.abs((o.count as number) - want));
  },
  'conquest-goal-met': (_b, options) => options.find((o) => o.type === 'claim-victory'),
  'conquest-fortify': (b, options) => {
    if (!b.style.concentrate) return options.find((o) => o.type === 'end-turn');
    const moves = options.filter((o) => o.type === 'fortify' && !b.enemiesAround(o.from as string).length && b.enemiesAround(o.to as string).length);
    return maxBy(moves, (o) => b.armies(o.from as string) + b.threat(o.to as string) / 10) ?? options.find((o) => o.type === 'end-turn');
  },
  'conquest-fortify-count': (_b, options) => options[0],
};
