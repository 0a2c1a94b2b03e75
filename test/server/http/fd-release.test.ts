import { describe, expect, it } from "bun:test";
import { fstatSync, openSync } from "node:fs";
import {
  canCloseAfterBody,
  closeAfterBody,
  unwatchListener,
  waitingCount,
  watchListener,
} from "../../../src/server/http/fd-release";

const isOpen = (fd: number) => {
  try {
    fstatSync(fd);
    return true;
  } catch {
    return false;
  }
};

/** The module under a query of its own: Bun loads it as a separate instance with its own listeners. */
const FRESH_MODULE = "../../../src/server/http/fd-release.ts?no-listener";

describe("descriptors behind file answers", () => {
  it("are not taken while no listener is known: the caller streams and closes them itself", async () => {
    // A fresh instance of the module: servers of other test files in this process may be known to the shared one.
    const fresh: typeof import("../../../src/server/http/fd-release") = await import(FRESH_MODULE);
    expect(fresh.canCloseAfterBody()).toBe(false);
  });

  it("close once their answer's body was taken, while other requests are still in flight", async () => {
    const busy = { pendingRequests: 3 };
    watchListener(busy);
    try {
      const taken = { bodyUsed: false };
      const untaken = { bodyUsed: false };
      const [a, b] = [openSync("/dev/null", "r"), openSync("/dev/null", "r")];
      closeAfterBody(a, taken);
      closeAfterBody(b, untaken);
      await Bun.sleep(200);
      expect([isOpen(a), isOpen(b)]).toEqual([true, true]);
      taken.bodyUsed = true;
      await Bun.sleep(200);
      expect([isOpen(a), isOpen(b)]).toEqual([false, true]);
      // An answer whose client left before its body was taken: closed once every listener is quiet.
      busy.pendingRequests = 0;
      await Bun.sleep(200);
      expect(isOpen(b)).toBe(false);
      expect(waitingCount()).toBe(0);
    } finally {
      unwatchListener(busy);
    }
  });

  it("wait at most 1024 at once, so a burst streams instead of holding ever more; taken ones make room at once", async () => {
    const busy = { pendingRequests: 1 };
    watchListener(busy);
    const fds: number[] = [];
    const answers: { bodyUsed: boolean }[] = [];
    try {
      for (let i = 0; i < 1024; i++) {
        expect(canCloseAfterBody()).toBe(true);
        fds.push(openSync("/dev/null", "r"));
        answers.push({ bodyUsed: false });
        closeAfterBody(fds[i], answers[i]);
      }
      expect(canCloseAfterBody()).toBe(false);
      answers[0].bodyUsed = true;
      expect(canCloseAfterBody()).toBe(true);
      expect(isOpen(fds[0])).toBe(false);
    } finally {
      busy.pendingRequests = 0;
      await Bun.sleep(200);
      unwatchListener(busy);
    }
    expect(fds.filter(isOpen)).toEqual([]);
  });
});
