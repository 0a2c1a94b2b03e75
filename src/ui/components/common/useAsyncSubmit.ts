/** @module A dialog's submit that talks to the server: busy while it runs, a failure becomes the dialog's inline error. */
import { useRef, useState } from "react";
import { errorMessage } from "../../api/errors";

/** What a dialog gets: `run(action)`, whether it runs, the translated error of the last failure, and a reset. */
export interface AsyncSubmit {
  run: (action: () => Promise<void>) => Promise<void>;
  busy: boolean;
  error: string | null;
  clearError: () => void;
}

/**
 * Runs one action at a time (a second submit while one runs is ignored). A failure is kept as a translated
 * sentence (errorMessage) for the dialog to show under its field, and the dialog stays open for another try.
 */
export function useAsyncSubmit(): AsyncSubmit {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const run = async (action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { run, busy, error, clearError: () => setError(null) };
}
