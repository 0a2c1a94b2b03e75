/** @module `npm run bench`: builds dist/fbe when stale, then prints each benchmark's figures beside its reference. */
import { buildIfStale } from "./build";
import { benchFoundation } from "../bench/foundation";
import { benchArchive } from "../bench/archive";
import { benchFirstLoad } from "../bench/first-load";

await buildIfStale();
console.log("== foundation ==");
for (const line of await benchFoundation()) console.log(line);
console.log("== archive ==");
for (const l of await benchArchive()) console.log(l);
console.log("== first load ==");
for (const l of await benchFirstLoad()) console.log(l);
