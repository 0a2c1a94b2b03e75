/**
 * @module A stand-in server node for the multi-node queue test: opens the database given as argv[2], claims pending
 * tasks as node argv[3] until none is left, and prints the claimed ids as JSON.
 */
import { openDatabase } from "../../src/server/db/open";
import { claimOldestPending } from "../../src/server/db/tasks-table";

const db = openDatabase(process.argv[2]);
const ids: number[] = [];
for (;;) {
  const t = claimOldestPending(db, process.argv[3], Math.floor(Date.now() / 1000));
  if (!t) break;
  ids.push(t.id);
}
db.close();
console.log(JSON.stringify(ids));
