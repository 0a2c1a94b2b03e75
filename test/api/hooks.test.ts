import { beforeAll, describe, expect, it } from "bun:test";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { call, putSettings } from "../support/factories";

const ctx = serverInProcess();
const out = mkdtempSync(join(tmpdir(), "fbe-hooks-"));
const EVENTS = ["upload", "save", "rename", "copy", "delete"].flatMap((a) => [`before_${a}`, `after_${a}`]);
let root = "";

/** The environment a hook wrote for `trigger` (KEY=value lines), or null when that hook did not run. */
function envOf(trigger: string): Record<string, string> | null {
  const file = join(out, `${trigger}.env`);
  if (!existsSync(file)) return null;
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
}

/** The URL path of a resource, each segment encoded. */
const url = (path: string) => `/resources${path.split("/").map(encodeURIComponent).join("/")}`;

/** Sets every hook of EVENTS to `line`, plus the given overrides, and clears the hook outputs. */
async function hooks(shell: string[], line: string, extra: Record<string, string[]> = {}): Promise<void> {
  await putSettings(ctx.server, ctx.admin, {
    shell,
    commands: { ...Object.fromEntries(EVENTS.map((e) => [e, [line]])), ...extra },
  });
  for (const f of readdirSync(out)) rmSync(join(out, f), { recursive: true });
}

/** pwned* files made anywhere a hook could have made them. */
const pwned = () => [root, join(root, "docs"), out].flatMap((d) => readdirSync(d).filter((n) => n.startsWith("pwned")));

beforeAll(() => {
  root = realpathSync(ctx.server.root);
  makeTree(root, { docs: { "a.txt": "a", "b.txt": "b", "c.txt": "c", "d.txt": "d" } });
});

describe("event hooks through the shell `bash -c`", () => {
  beforeAll(() => hooks(["bash", "-c"], `env > "${out}/$TRIGGER.env"`));

  it("see FILE, SCOPE, TRIGGER and USERNAME for an upload, before and after it", async () => {
    expect((await call(ctx.server, ctx.admin, "POST", `${url("/docs/up.txt")}?override=false`, "data")).status).toBe(
      200,
    );
    for (const trigger of ["before_upload", "after_upload"]) {
      expect(envOf(trigger)).toMatchObject({
        FILE: join(root, "docs/up.txt"),
        SCOPE: root,
        TRIGGER: trigger,
        USERNAME: "admin",
      });
      expect(envOf(trigger)?.DESTINATION).toBeUndefined();
    }
  });

  it("see the file for a save and a delete", async () => {
    expect((await call(ctx.server, ctx.admin, "PUT", url("/docs/a.txt"), "new text")).status).toBe(200);
    expect(envOf("after_save")).toMatchObject({ FILE: join(root, "docs/a.txt"), TRIGGER: "after_save" });
    expect((await call(ctx.server, ctx.admin, "DELETE", url("/docs/d.txt"))).status).toBe(200);
    expect(envOf("before_delete")).toMatchObject({
      FILE: join(root, "docs/d.txt"),
      SCOPE: root,
      TRIGGER: "before_delete",
    });
    expect(envOf("after_delete")).toMatchObject({ TRIGGER: "after_delete" });
  });

  it("see DESTINATION for a copy and a rename (a move is a rename)", async () => {
    const dest = encodeURIComponent("/docs/b%20copy.txt");
    expect(
      (await call(ctx.server, ctx.admin, "PATCH", `${url("/docs/b.txt")}?action=copy&destination=${dest}`)).status,
    ).toBe(200);
    expect(envOf("before_copy")).toMatchObject({
      FILE: join(root, "docs/b.txt"),
      DESTINATION: join(root, "docs/b copy.txt"),
      TRIGGER: "before_copy",
    });
    expect(envOf("after_copy")).toMatchObject({ DESTINATION: join(root, "docs/b copy.txt") });
    const moved = encodeURIComponent("/moved-c.txt");
    expect(
      (await call(ctx.server, ctx.admin, "PATCH", `${url("/docs/c.txt")}?action=rename&destination=${moved}`)).status,
    ).toBe(200);
    expect(envOf("after_rename")).toMatchObject({
      FILE: join(root, "docs/c.txt"),
      DESTINATION: join(root, "moved-c.txt"),
      TRIGGER: "after_rename",
    });
  });

  it("runs no shell code from file names: the values travel only in the environment", async () => {
    await hooks(["bash", "-c"], `echo $FILE $DESTINATION "$FILE" >> "${out}/names.log"`);
    const names = ["$(touch pwned1)", "a;touch pwned2", "`touch pwned3`", "x|touch pwned4"];
    for (const name of names) {
      expect((await call(ctx.server, ctx.admin, "POST", `${url(`/docs/${name}`)}?override=false`, "x")).status).toBe(
        200,
      );
      const dest = encodeURIComponent(`/docs/${encodeURIComponent(`${name} && touch pwned5`)}`);
      expect(
        (await call(ctx.server, ctx.admin, "PATCH", `${url(`/docs/${name}`)}?action=rename&destination=${dest}`))
          .status,
      ).toBe(200);
    }
    expect(readFileSync(join(out, "names.log"), "utf8")).toContain("$(touch pwned1)");
    expect(pwned()).toEqual([]);
  });
});

describe("a failing before-hook", () => {
  beforeAll(() =>
    hooks(
      ["bash", "-c"],
      "true",
      Object.fromEntries(
        ["upload", "delete", "rename", "copy", "save"].map((a) => [
          `before_${a}`,
          [`echo "no ${a} (policy)" >&2; exit 3`],
        ]),
      ),
    ),
  );

  it("blocks an upload and answers 400 with the hook's message", async () => {
    const res = await call(ctx.server, ctx.admin, "POST", `${url("/docs/blocked.txt")}?override=false`, "data");
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("400 Bad Request (before_upload hook: no upload [policy])");
    expect(existsSync(join(root, "docs/blocked.txt"))).toBe(false);
  });

  it("blocks a delete, a rename, a copy and a save", async () => {
    makeTree(root, { keep: { "k.txt": "keep" } });
    expect((await call(ctx.server, ctx.admin, "DELETE", url("/keep/k.txt"))).status).toBe(400);
    const dest = encodeURIComponent("/keep/other.txt");
    const rename = await call(
      ctx.server,
      ctx.admin,
      "PATCH",
      `${url("/keep/k.txt")}?action=rename&destination=${dest}`,
    );
    expect(await rename.text()).toContain("before_rename hook: no rename");
    expect(
      (await call(ctx.server, ctx.admin, "PATCH", `${url("/keep/k.txt")}?action=copy&destination=${dest}`)).status,
    ).toBe(400);
    expect((await call(ctx.server, ctx.admin, "PUT", url("/keep/k.txt"), "changed")).status).toBe(400);
    expect(readdirSync(join(root, "keep"))).toEqual(["k.txt"]);
    expect(readFileSync(join(root, "keep/k.txt"), "utf8")).toBe("keep");
  });

  it("lets the operation through once the hook is gone, and an after-hook failure only gets logged", async () => {
    await hooks(["bash", "-c"], "true", { after_delete: ["echo cleanup failed >&2; exit 1"] });
    expect((await call(ctx.server, ctx.admin, "DELETE", url("/keep/k.txt"))).status).toBe(200);
    expect(existsSync(join(root, "keep/k.txt"))).toBe(false);
    expect(ctx.server.output()).toContain("after_delete hook");
  });
});

describe("a visitor's upload through an upload-only share link", () => {
  it("runs the owner's upload hooks, and a failing before-hook keeps the file out", async () => {
    makeTree(root, { inbox: {} });
    const made = await call(ctx.server, ctx.admin, "POST", "/share/inbox/?expires=1&unit=hours", { uploadOnly: true });
    const { hash } = (await made.json()) as { hash: string };
    const upload = (name: string) =>
      fetch(`${ctx.server.url}/api/public/upload/${hash}/${name}`, { method: "POST", body: "from a visitor" });
    await hooks(["bash", "-c"], `env > "${out}/$TRIGGER.env"`);
    expect((await upload("visitor.txt")).status).toBe(200);
    expect(envOf("after_upload")).toMatchObject({
      FILE: join(root, "inbox/visitor.txt"),
      USERNAME: "admin",
      TRIGGER: "after_upload",
    });
    await hooks(["bash", "-c"], "true", { before_upload: ["echo closed for uploads >&2; exit 1"] });
    const refused = await upload("second.txt");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("closed for uploads");
    expect(existsSync(join(root, "inbox/second.txt"))).toBe(false);
  });
});

describe("event hooks without a shell", () => {
  it("run the line split into words, with the same environment", async () => {
    const script = join(out, "..", `fbe-hook-${process.pid}.sh`);
    writeFileSync(script, `#!/bin/sh\nenv > "${out}/$TRIGGER.env"\n`);
    chmodSync(script, 0o755);
    await hooks([], script);
    expect(
      (await call(ctx.server, ctx.admin, "POST", `${url("/docs/$(touch pwned6)")}?override=false`, "x")).status,
    ).toBe(200);
    expect(envOf("after_upload")).toMatchObject({
      FILE: join(root, "docs/$(touch pwned6)"),
      TRIGGER: "after_upload",
      USERNAME: "admin",
    });
    expect(pwned()).toEqual([]);
    rmSync(script);
  });

  it("cost nothing when none is configured: the operation runs as before", async () => {
    await hooks([], "true");
    await putSettings(ctx.server, ctx.admin, { commands: {} });
    expect((await call(ctx.server, ctx.admin, "POST", `${url("/docs/plain.txt")}?override=false`, "x")).status).toBe(
      200,
    );
    expect(readdirSync(out)).toEqual([]);
  });
});
