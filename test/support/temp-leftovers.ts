/** @module The temp files a write leaves beside its target, as the tests look for them. */
import { readdirSync } from "node:fs";
import { isKeptDirName, isTempName } from "../../src/server/fs/temp-name";

/** Names in `dir` of the temp family (src/server/fs/temp-name.ts), but the kept trash and versions folders. */
export function tempLeftovers(dir: string): string[] {
  return readdirSync(dir).filter((n) => isTempName(n) && !isKeptDirName(n));
}
