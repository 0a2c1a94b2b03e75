/** @module `npm run bench`: builds dist/fbe when stale, then prints each benchmark's figures beside its reference. */
import { buildIfStale } from "./build";
import { benchFoundation } from "../bench/foundation";

await buildIfStale();
console.log("== foundation ==");
for (const line of await benchFoundation()) console.log(line);
