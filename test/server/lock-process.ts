/**
 * Another program that holds the game database's write lock (a backup, an operator's sqlite3 shell) for
 * a while: it takes the lock, prints "locked", and lets go when it reads a line or after `seconds`.
 *
 *   node --import tsx test/server/lock-process.ts <database file> <seconds>
 */
import Database from 'better-sqlite3';

const [file, seconds] = process.argv.slice(2) as [string, string];
const db = new Database(file);
db.exec('begin exclusive');
console.log('locked');
const release = () => {
  db.exec('rollback');
  db.close();
  process.exit(0);
};
process.stdin.once('data', release);
setTimeout(release, Number(seconds) * 1000);
