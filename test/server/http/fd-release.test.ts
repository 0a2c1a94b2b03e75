import { describe, expect, it } from "bun:test";
import { closeSync, fstatSync, openSync } from "node:fs";
import { deferClose, deferredCount, unwatchListener, watchListener } from "../../../src/server/http/fd-release";

const isOpen = (fd: number) => {
  try {
    fstatSync(fd);
    return true;
  } catch {
    return false;
  }
};

describe("descriptors behind file answers", () => {
  it("are not taken while no listener is known: the caller streams and closes them itself", () => {
    const fd = openSync("/dev/null", "r");
    expect(deferClose(fd)).toBe(false);
    closeSync(fd);
  });

  it("stay open while any listener has a request in flight, and close once all are quiet", async () => {
    const a = { pendingRequests: 1 };
    const b = { pendingRequests: 0 };
    watchListener(a);
    watchListener(b);
    try {
      const fds = [openSync("/dev/null", "r"), openSync("/dev/null", "r")];
      for (const fd of fds) expect(deferClose(fd)).toBe(true);
      await Bun.sleep(500);
      expect(fds.map(isOpen)).toEqual([true, true]);
      a.pendingRequests = 0;
      await Bun.sleep(500);
      expect(fds.map(isOpen)).toEqual([false, false]);
      expect(deferredCount()).toBe(0);
    } finally {
      unwatchListener(a);
      unwatchListener(b);
    }
  });

  it("are refused past 256 waiting, so a burst streams instead of holding ever more", async () => {
    const busy = { pendingRequests: 1 };
    watchListener(busy);
    const fds: number[] = [];
    try {
      for (let i = 0; i < 256; i++) {
        fds.push(openSync("/dev/null", "r"));
        expect(deferClose(fds[i])).toBe(true);
      }
      const extra = openSync("/dev/null", "r");
      expect(deferClose(extra)).toBe(false);
      closeSync(extra);
    } finally {
      busy.pendingRequests = 0;
      await Bun.sleep(500);
      unwatchListener(busy);
    }
    expect(fds.filter(isOpen)).toEqual([]);
  });
});
