/** @module `npm run bench [-- --before OLD_BINARY]`: builds dist/fbe when stale, then prints each benchmark's figures beside its reference. */
import { buildIfStale } from "./build";
import { benchFoundation } from "../bench/foundation";
import { benchArchive } from "../bench/archive";
import { benchSessionCheck } from "../bench/session-check";
import { benchFirstLoad } from "../bench/first-load";
import { benchShare } from "../bench/share";
import { benchTasks } from "../bench/tasks";
import { benchUnarchive } from "../bench/unarchive";

await buildIfStale();
console.log("== foundation ==");
for (const line of await benchFoundation()) console.log(line);
console.log("== archive ==");
for (const l of await benchArchive()) console.log(l);
console.log("== session check ==");
const before = process.argv.indexOf("--before");
for (const l of await benchSessionCheck(before > 0 ? process.argv[before + 1] : undefined)) console.log(l);
console.log("== first load ==");
for (const l of await benchFirstLoad()) console.log(l);
console.log("== share links ==");
for (const l of await benchShare()) console.log(l);
console.log("== background tasks ==");
for (const l of await benchTasks()) console.log(l);
console.log("== unarchive ==");
for (const l of await benchUnarchive()) console.log(l);
