import { describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";

const ctx = serverInProcess();

/** The server-injected config of a page, as the UI reads it. */
async function pageConfig(): Promise<Record<string, any>> {
  const html = await (await fetch(`${ctx.server.url}/login`)).text();
  const json = /<script id="fbe-config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error("the page carries no config: build the UI first (scripts/build.ts)");
  return JSON.parse(json);
}

describe("About data in the server-injected config", () => {
  it("names the video encoder: libx264 on a machine without a working hardware encoder", async () => {
    // This test machine has no GPU: nvenc cannot load libcuda, there is no /dev/dri, Quick Sync has no session.
    const config = await pageConfig();
    expect(config.videoEncoder).toBe("libx264");
    expect(config.version).toMatchObject({ OS: process.platform, Arch: process.arch });
    expect((await pageConfig()).videoEncoder).toBe("libx264");
  });
});
