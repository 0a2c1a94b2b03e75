/** @module Free names for copies and moves that must not replace what is there: `name (1).ext`, `dir (1)`. */
import { numberedName } from "../../shared/wire/free-name";

export { numberedName, splitForNumbering } from "../../shared/wire/free-name";

/**
 * The first of `name`, `name (1).ext`, `name (2).ext`... for which `taken` is false. `taken` is asked
 * in that order, so a caller can check the disk lazily.
 */
export async function pickFreeName(
  name: string,
  isDir: boolean,
  taken: (candidate: string) => Promise<boolean>,
): Promise<string> {
  if (!(await taken(name))) return name;
  for (let n = 1; ; n++) {
    const candidate = numberedName(name, n, isDir);
    if (!(await taken(candidate))) return candidate;
  }
}
