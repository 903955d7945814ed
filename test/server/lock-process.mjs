/**
 * Another program that holds the game database's write lock (a backup, an operator's sqlite3 shell) for
 * a while: it takes the lock, prints "locked", and lets go when it reads a line or after `seconds`.
 *
 *   node test/server/lock-process.mjs <database file> <seconds>   (plain JavaScript: it starts at once)
 */
import Database from 'better-sqlite3';

const [file, seconds] = process.argv.slice(2);
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
