/**
 * A conquest game played on a game server [issue 27], behind the same screen as a local one: the server
 * holds the game; this session holds one seat (`OnlineSeat`) and what the server told it: its faction's
 * view, the events it may see, its decision when it is its own. AI seats play on the server, so there is
 * no AI step here; each state the server sends becomes a step the screen animates, made from the events
 * (a roll names its territories and dice, a placement its territory).
 */
import type { Command, Decision, GameEvent } from '../../core/engine/types';
import type { Content } from '../../core/content/validate';
import { conquestContent, type FactionId } from '../../../systems/conquest/content';
import { parseConquestMap, type ConquestMap } from '../../../systems/conquest/map';
import type { ConquestView } from '../../../systems/conquest/view';
import type { ConquestScenario } from '../../../systems/conquest/content';
import type { OnlineSeat } from '../../online/client';
import type { SeatRequest, StateMessage } from '../../online/protocol';
import type { ConquestSession, ConquestSetup, Step } from './session';

/** A game on this page (local), or on a game server (remote: this page holds one seat). */
export type AnySession = ConquestSession | RemoteConquestSession;

/** The seats of a game created on a server from a setup: each AI's on the server, each human's open, or kept for its person (`reserved`). */
export function seatRequests(setup: ConquestSetup, reserved: readonly FactionId[]): SeatRequest[] {
  return setup.seats.map((s) =>
    s.player !== 'human' ? { side: s.faction, kind: 'ai', agent: s.player } : { side: s.faction, kind: reserved.includes(s.faction) ? 'reserved' : 'open' },
  );
}

/** The view as it travels: the map as its file, the lookups rebuilt here. */
type ViewJson = Omit<ConquestView, 'map' | 'options'> & { map: unknown; options: ConquestView['options'] };

export class RemoteConquestSession {
  readonly remote = true;
  readonly humans: FactionId[];
  readonly setup: ConquestSetup;
  readonly scenario: ConquestScenario;
  /** Called with the steps a state from the server brought (the screen animates and renders them). */
  onSteps: (steps: Step[]) => void = () => {};
  private state: StateMessage<FactionId>;
  private readonly map: ConquestMap;
  private readonly allEvents: GameEvent<FactionId>[] = [];
  /** The step our last answer was sent at: until the server's next state, the decision is not ours to answer again. */
  private sentAt = -1;

  constructor(
    readonly content: Content,
    readonly seat: OnlineSeat,
    first: StateMessage<FactionId>,
  ) {
    const me = seat.side as FactionId;
    this.humans = [me];
    this.state = first;
    this.allEvents.push(...first.events);
    const v = first.view as unknown as ViewJson;
    const parsed = parseConquestMap(v.map, 'the server');
    if (!parsed.ok) throw new Error(`the server sent a map that is not valid: ${parsed.problems[0]?.message}`);
    this.map = parsed.map;
    const scenario = conquestContent(content).scenarios.get(seat.joined.scenario);
    if (!scenario) throw new Error(`this page does not know the conquest game type "${seat.joined.scenario}"`);
    this.scenario = scenario;
    const own = JSON.stringify(v.map) !== JSON.stringify(scenario.map.def);
    this.setup = {
      scenario: scenario.id,
      seed: '',
      seats: first.seats.map((s) => ({ faction: s.side as FactionId, player: s.kind === 'ai' ? (s.agent ?? 'normal') : 'human' })),
      cards: v.options.cards,
      deck: v.options.deck,
      autoPlace: v.options.autoPlace,
      recycle: v.options.recycle,
      autoDefend: v.options.autoDefend,
      ...(own ? { map: this.map.def } : {}),
    };
    seat.onState((state) => this.receive(state as StateMessage<FactionId>));
    // a refused answer (the game moved on meanwhile): the decision is ours to answer again
    seat.onRefused(() => {
      this.sentAt = -1;
      this.onSteps([]);
    });
  }

  /** A new state from the server: what changed since the last, as one step. */
  private receive(next: StateMessage<FactionId>): void {
    if (next === this.state) return; // the state the session was made from, given again on subscribing
    const before = this.view(null);
    const previous = this.state;
    this.state = next;
    this.allEvents.push(...next.events);
    for (const s of next.seats) {
      const seat = this.setup.seats.find((x) => x.faction === s.side);
      if (seat && s.side !== this.humans[0]) seat.player = s.kind === 'ai' ? (s.agent ?? 'normal') : 'human';
    }
    if (next.step === previous.step && !next.events.length) return this.onSteps([]);
    this.onSteps([stepFrom(previous, next.events, before)]);
  }

  get seed(): string {
    return '';
  }

  get round(): number {
    return this.state.turn;
  }

  get winner(): FactionId | 'draw' | null {
    return this.state.winner;
  }

  get over(): boolean {
    return this.state.winner !== null;
  }

  get events(): readonly GameEvent<FactionId>[] {
    return this.allEvents;
  }

  eventsFor(_viewer: FactionId | null, from = 0): GameEvent<FactionId>[] {
    return this.allEvents.slice(from);
  }

  nameOf(territory: string): string {
    return this.map.nameOf(territory);
  }

  /** The decision awaited: ours with its options; another's only by whose and what kind. */
  get decision(): Decision<FactionId> | null {
    if (this.state.winner) return null;
    if (this.state.decision && this.sentAt !== this.state.step) return this.state.decision;
    if (!this.state.waitingFor) return null;
    return { side: this.state.waitingFor, kind: this.state.waitingKind ?? '', prompt: '', rule: '', options: [] };
  }

  get humanToDecide(): boolean {
    return !!this.state.decision && !this.state.winner && this.sentAt !== this.state.step;
  }

  get turnOf(): FactionId | null {
    return (this.state.view as unknown as ViewJson).turnOf;
  }

  playerOf(faction: FactionId): string {
    return this.setup.seats.find((s) => s.faction === faction)?.player ?? '';
  }

  /** Our faction's view (the server never sends more, whoever asks). */
  view(_viewer: FactionId | null): ConquestView {
    const v = this.state.view as unknown as ViewJson;
    return { ...v, map: this.map, options: { ...v.options, ...(this.setup.map ? { map: this.setup.map } : {}) } } as ConquestView;
  }

  /** The AI plays on the server. */
  stepAi(): Step | null {
    return null;
  }

  /** Send our answer; what it did comes back with the server's next state. */
  answer(command: Command<FactionId>): Step {
    const decision = this.decision as Decision<FactionId>;
    this.sentAt = this.state.step;
    this.seat.send(command);
    const v = this.view(null);
    return { decision, command, armiesBefore: v.armies, ownerBefore: v.owner, events: [] };
  }

  /** An online game is kept by its server, not saved in the page. */
  saveText(): string {
    throw new Error('an online game is kept by its server');
  }
}

/** A step made from what the server told: the events say what happened, and where. */
function stepFrom(previous: StateMessage<FactionId>, events: GameEvent<FactionId>[], before: ConquestView): Step {
  const side = (previous.waitingFor ?? before.turnOf ?? before.order[0]) as FactionId;
  const roll = [...events].reverse().find((e) => e.kind === 'roll');
  const place = events.find((e) => e.kind === 'place');
  const from = roll?.data?.from;
  const to = roll?.data?.to;
  const command: Command<FactionId> = roll
    ? { type: 'roll', side }
    : place && typeof place.data?.territory === 'string'
      ? { type: 'place', side, territory: place.data.territory }
      : { type: 'remote', side };
  const decision: Decision<FactionId> = {
    side,
    kind: roll ? 'conquest-battle' : (previous.waitingKind ?? ''),
    prompt: '',
    rule: '',
    options: [],
    ...(typeof from === 'string' && typeof to === 'string' ? { context: { from, to } } : {}),
  };
  return { decision, command, armiesBefore: before.armies, ownerBefore: before.owner, events };
}
