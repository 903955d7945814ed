/**
 * One live room per game, across every server process [issue 46, 55]. A room claims its game through the
 * matchmaker's presence (in memory for one process, Redis for several): the first to claim it makes it,
 * any other is refused and its client's join finds the first room when it tries again.
 *
 * A process that dies (SIGKILL, a lost machine) holds its claims until they expire. A room refused by a
 * claim looks whether the claiming process still listens on its Redis channel, and if it does, asks it
 * whether it lives (Colyseus' own health check, which also takes a dead process's rooms off the
 * matchmaker's listing); a claim whose process is gone or does not answer is taken over, by one room only:
 * the takeover is itself a claim, on the dead room's id.
 *
 * Redis restarted empty (its data is not kept) forgets every claim and listing: each live room's renewal
 * finds its claim gone and makes it again, and lists its room again, so a join after it still finds the
 * one room. A room whose claim another has taken meanwhile (its process was thought dead) closes.
 */
import { matchMaker } from '@colyseus/core';

/** For how long a claim lasts unrenewed (a claim held by a dead process that nobody asks for goes then). */
export const CLAIM_SECONDS = 60;

const counterKey = (gameId: string) => `gu:game-room:${gameId}`;
const ownerKey = (gameId: string) => `gu:game-room-owner:${gameId}`;
const takeoverKey = (gameId: string, deadRoomId: string) => `gu:game-room-takeover:${gameId}:${deadRoomId}`;

/** What the room does when its renewal finds Redis forgot it (`relist`), or another room holds its game (`lost`). */
export interface ClaimHolder {
  relist(): Promise<void>;
  lost(): void;
}

/**
 * Whether process `processId` still listens on its channel, by which every process is asked to make a room
 * or to say it lives (Colyseus' `p:<processId>`, MatchMaker's getProcessChannel). Its connection to Redis
 * goes with the process, and Redis drops its subscriptions then: a process that does not listen can answer
 * nothing, so a health check of it would only wait its 2 s to find so. (A Redis restarted empty has lost
 * every subscription for the moment its clients take to subscribe again; a health check then fails too.)
 */
async function processListens(processId: string): Promise<boolean> {
  return (await matchMaker.presence.channels(`p:${processId}`)).length > 0;
}

export class RoomClaim {
  private renewal: ReturnType<typeof setInterval> | null = null;

  private constructor(
    readonly gameId: string,
    /** `process/room`: who holds the claim. */
    private readonly owner: string,
    private readonly holder: ClaimHolder,
  ) {}

  /** Claim `gameId` for the room `roomId`; null when another room holds it (alive, or being made). */
  static async take(gameId: string, roomId: string, holder: ClaimHolder): Promise<RoomClaim | null> {
    const presence = matchMaker.presence;
    if ((await presence.incr(counterKey(gameId))) !== 1) {
      const owner = (await presence.get(ownerKey(gameId))) as string | null;
      // no owner yet: the claim is being made by another room (a race of joins); or it is this process's
      if (!owner) return null;
      const ownerProcess = owner.split('/')[0] as string;
      if (ownerProcess === matchMaker.processId) return null;
      // a process that no longer listens on its channel is gone (its connection to Redis closed with it); one
      // that listens is asked whether it answers (Colyseus' health check, 2 s when it does not)
      const listens = await processListens(ownerProcess);
      if (listens && (await matchMaker.healthCheckProcessId(ownerProcess))) return null;
      // the owner's process is gone or does not answer: it died holding the game; one room takes over
      if ((await presence.incr(takeoverKey(gameId, owner))) !== 1) return null;
      await presence.expire(takeoverKey(gameId, owner), CLAIM_SECONDS);
      console.log(`game ${gameId}: its room ${owner} was lost with its process (${listens ? 'it did not answer' : 'it no longer listens'}); taken over by room ${roomId}`);
    }
    const claim = new RoomClaim(gameId, `${matchMaker.processId}/${roomId}`, holder);
    await presence.setex(ownerKey(gameId), claim.owner, CLAIM_SECONDS);
    await presence.expire(counterKey(gameId), CLAIM_SECONDS);
    claim.renewal = setInterval(() => void claim.renew(), (CLAIM_SECONDS * 1000) / 3);
    claim.renewal.unref();
    return claim;
  }

  private async renew(): Promise<void> {
    const presence = matchMaker.presence;
    try {
      const owner = (await presence.get(ownerKey(this.gameId))) as string | null;
      if (owner !== null && owner !== this.owner) {
        console.error(`game ${this.gameId}: another room (${owner}) holds it now; this one (${this.owner}) closes`);
        if (this.renewal) clearInterval(this.renewal);
        return this.holder.lost();
      }
      if (owner === null) {
        // Redis forgot the claim (restarted empty): made again, and the room listed again
        console.log(`game ${this.gameId}: its room's claim was lost by the matchmaking store; claimed again`);
        await presence.incr(counterKey(this.gameId));
        await this.holder.relist();
      }
      await presence.expire(counterKey(this.gameId), CLAIM_SECONDS);
      await presence.setex(ownerKey(this.gameId), this.owner, CLAIM_SECONDS);
    } catch (e) {
      // Redis away for a moment: the claim is renewed at the next turn, well before it expires
      console.error(`game ${this.gameId}: its room's claim could not be renewed: ${(e as Error).message}`);
    }
  }

  /** The room goes: its game may be claimed again (unless another room has taken it over meanwhile). */
  async release(): Promise<void> {
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
    try {
      if ((await matchMaker.presence.get(ownerKey(this.gameId))) !== this.owner) return;
      await matchMaker.presence.del(ownerKey(this.gameId));
      await matchMaker.presence.del(counterKey(this.gameId));
    } catch (e) {
      console.error(`game ${this.gameId}: its room's claim could not be let go (it expires by itself): ${(e as Error).message}`);
    }
  }
}
