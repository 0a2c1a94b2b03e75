/** @module A hook that runs one fetch per key for a preview view and tells loading, the value or the failure. */
import { useEffect, useState } from "react";

/** What a view shows while its call runs, after it answers and after it fails. */
export type Fetched<T> = { status: "loading" } | { status: "ready"; value: T } | { status: "failed"; error: unknown };

/**
 * Runs `load` for `key` (again when the key changes), aborting the call when the view goes away or the key changes.
 * An answer that arrives after that is dropped.
 */
export function useFetched<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Fetched<T> {
  const [result, setResult] = useState<Fetched<T>>({ status: "loading" });
  useEffect(() => {
    const ctl = new AbortController();
    setResult({ status: "loading" });
    load(ctl.signal).then(
      (value) => !ctl.signal.aborted && setResult({ status: "ready", value }),
      (error: unknown) => !ctl.signal.aborted && setResult({ status: "failed", error }),
    );
    return () => ctl.abort();
  }, [key]);
  return result;
}
