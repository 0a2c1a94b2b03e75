/** @module The /403, /404 and /500 pages. */
import type { ErrorKind } from "../api/errors";
import { ErrorView } from "../components/common/ErrorView";

/** An error page for its kind. */
export function ErrorPage({ kind }: { kind: ErrorKind }) {
  return <ErrorView kind={kind} />;
}
