import { describe, expect, it } from "bun:test";
import { parseConfig } from "../../../src/ui/stores/config";

describe("parseConfig", () => {
  it("gives the defaults without the injected tag (dev build)", () => {
    const c = parseConfig(null);
    expect(c.name).toBe("File Browser Enhanced");
    expect(c.baseURL).toBe("");
    expect(c.noAuth).toBe(false);
  });

  it("merges the injected fields and the version", () => {
    const c = parseConfig(
      JSON.stringify({ name: "Home", baseURL: "/app/", signup: true, version: { Version: "1.2.3" } }),
    );
    expect(c.name).toBe("Home");
    expect(c.baseURL).toBe("/app");
    expect(c.signup).toBe(true);
    expect(c.version.Version).toBe("1.2.3");
    expect(c.version.OS).toBe("");
  });

  it("falls back to the default name when the configured one is empty, and survives broken JSON", () => {
    expect(parseConfig(JSON.stringify({ name: "" })).name).toBe("File Browser Enhanced");
    expect(parseConfig("{oops").name).toBe("File Browser Enhanced");
  });
});
