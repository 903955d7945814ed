/**
 * A seat held by a process of its own (test/server/one-room.test.ts freezes it with SIGSTOP, as a laptop
 * lid closed mid-game would): it joins a game by its link's token and prints "seated" and its side, and
 * "closed" and the code its connection closed with, once it has (as it reads it: after SIGCONT).
 *
 *   node --import tsx test/server/seat-process.ts <server url> <game id> <token>
 */
import { OnlineSeat } from '../../src/online/client';

const [url, gameId, token] = process.argv.slice(2) as [string, string, string];
const seat = await OnlineSeat.join(url, { gameId, token });
seat.room.onLeave((code: number) => console.log(`closed ${code}`));
console.log(`seated ${seat.side}`);
