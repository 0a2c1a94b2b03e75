import { describe, expect, it } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { nodeVersionProblem } = require("../../scripts/bootstrap.cjs") as {
  nodeVersionProblem: (version: string, range: string) => string | null;
};
const ROOT = join(import.meta.dir, "..", "..");

describe("the Node.js version check of scripts/bootstrap.cjs", () => {
  it("accepts the minimum and anything newer", () => {
    for (const v of ["20.19.0", "20.19.5", "20.20.2", "21.0.0", "22.12.0", "v24.1.0"])
      expect(nodeVersionProblem(v, ">=20.19.0")).toBeNull();
  });

  it("refuses older versions with a message naming the Node.js to install", () => {
    for (const v of ["18.19.0", "20.0.0", "20.18.3", "19.9.9"]) {
      const problem = nodeVersionProblem(v, ">=20.19.0");
      expect(problem).toContain(`this is Node.js ${v}`);
      expect(problem).toContain("Install Node.js 20 (20.19.0 or later)");
      expect(problem).toContain("nvm install 20");
    }
  });

  it("refuses an engines range it cannot read instead of letting any version through", () => {
    expect(() => nodeVersionProblem("20.19.0", "^20")).toThrow('must read ">=X.Y.Z"');
  });

  it("is given a range it can read by package.json, which every dependency in the lockfile accepts", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(() => nodeVersionProblem("99.0.0", pkg.engines.node)).not.toThrow();
    const min = /^>=\s*(\S+)$/.exec(pkg.engines.node)![1];
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
    const refusing = Object.entries(lock.packages as Record<string, { engines?: { node?: string } }>)
      .filter(([, p]) => typeof p.engines?.node === "string")
      .filter(([, p]) => !Bun.semver.satisfies(min, p.engines!.node!))
      .map(([name, p]) => `${name} wants node ${p.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
