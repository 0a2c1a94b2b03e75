/**
 * Every published File Browser security advisory found, replayed as the attacker's request against this server.
 * Advisory → describe:
 * - GHSA-239w-m3h6-ch8v (CVE-2026-54094) → "symlink escape", and the same class found here: "symlink escape by
 *   relocation"
 * - GHSA-9f3r-2vgw-m8xp → "rules checked before path cleaning", and the same class found here: "rules after a copy,
 *   a move, a rename, a delete or a chmod"
 * - GHSA-4mh3-h929-w968 → "`//` and trailing-slash rule bypass"
 * - GHSA-5q48-q4fm-g3m6 → "prefix rules without a separator"
 * - GHSA-j9jx-hp4c-ghhh (CVE-2026-54091) → "public directory shares and the owner's rules"
 * - GHSA-mr74-928f-rw69 → "a directory share rooted at its parent"
 * - (unarchive, this product's own surface; the zip-slip class) → "zip-slip on unarchive"
 * - GHSA-3q2w-42mv-cph4 (CVE-2025-52903), GHSA-w7qc-6grj-w7r8, GHSA-8c9q-7855-wfxq, GHSA-hc8f-m8g5-8362
 *   (CVE-2025-52904), and GHSA-ffx7-75gc-jg7c (listed with them in File Browser's command-execution issue #5199)
 *   → "command runner injection and the shell setting"
 * - GHSA-jvpw-637p-h3pw (CVE-2026-35585) → "hook injection through file names"
 * - GHSA-5gg9-5g7w-hm73, GHSA-x8jc-jvqm-pm3f (CVE-2026-34528), GHSA-7526-j432-6ppp (CVE-2026-35607) →
 *   "signup inheriting execute or admin"
 * - GHSA-6cqf-cfhv-659g (CVE-2025-64523), CVE-2026-54097, CVE-2026-35604, CVE-2026-32761, GHSA-833g-cqhp-h72j,
 *   GHSA-3v48-283x-f2w4 → "shares reaching outside their path or outliving their owner"
 * - GHSA-72wf-hwcq-65h9 (CVE-2021-46398) → "CSRF: a cookie alone never authorizes a write"
 * - GHSA-4wx8-5gm2-2j97 (CVE-2025-52902), CVE-2023-39612 (/api/raw HTML), GHSA-5vpr-4fgw-f69h (CVE-2026-34529, EPUB),
 *   GHSA-xfqj-3vmx-63wv (CVE-2026-34530, branding) → "stored XSS through file names, share titles and uploaded HTML/SVG"
 * - GHSA-rmwh-g367-mj4x → "tokens in URLs leaking through Referer and logs"
 * The same classes published for the FileBrowser Quantum fork are covered by the same tests: GHSA-mmpx-jh39-wrv6
 * (SVG in a public share without CSP) and GHSA-r633-fcgp-m532 (share page escaping) by "stored XSS …",
 * GHSA-525j-95gf-766f and GHSA-8vrh-3pm2-v4v6 (a password share answering without the password) by "shares …",
 * GHSA-fwj3-42wh-8673 (traversal in a public share call) by "a directory share rooted at its parent" and the
 * traversal corpus (test/api/traversal-corpus.test.ts) on every public call.
 * - GHSA-jj2r-455p-5gvf (CVE-2025-52900) → "files and the store readable by every account of the machine"
 */
import { beforeAll, describe, expect, it } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { serverPerFile } from "../support/server-per-file";
import { call, makeUser, putSettings, putUser, type TestUser } from "../support/factories";
import { login } from "../support/server";
import { makeTree } from "../support/tree";
import { rawRequest } from "../support/raw-request";
import { hardLinkTar, slipZip, symlinkArchive } from "../support/archives";
import { openTaskSocket } from "../support/task-socket";
import { queued, waitStatus } from "../support/task-helpers";
import { linesOf, openCommandSocket } from "../support/command-socket";

const ctx = serverPerFile();
const SECRET = "ADVISORY-SECRET-CONTENT";
const PRIVATE = "PRIVATE-UNDER-A-DENY-RULE";
const ALL = { create: true, rename: true, modify: true, delete: true, share: true, download: true, execute: true };

/** GET/any request sent byte for byte (no client-side path cleaning), with the token in X-Auth. */
const raw = (
  token: string | null,
  target: string,
  method = "GET",
  body?: string,
  headers: Record<string, string> = {},
) =>
  rawRequest(ctx.server.origin, target, {
    method,
    body,
    headers: { ...(token ? { "X-Auth": token } : {}), ...headers },
  });

async function shareOf(token: string, path: string, body?: unknown): Promise<string> {
  const res = await call(ctx.server, token, "POST", `/share${path}`, body);
  if (res.status !== 200) throw new Error(`share of ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { hash: string }).hash;
}

beforeAll(() => {
  makeTree(ctx.server.root, {
    "secret.txt": SECRET,
    secret: { "s.txt": SECRET },
    secret2: { "s2.txt": "visible next door" },
    projects: { "x.txt": "sibling of the shared folder", public: { "a.txt": "shared", private: { "p.txt": PRIVATE } } },
    alice: { "own.txt": "alice's" },
  });
  symlinkSync(join(ctx.server.root, "secret.txt"), join(ctx.server.root, "alice", "link.txt"));
  symlinkSync(join(ctx.server.root, "secret"), join(ctx.server.root, "alice", "linkdir"));
});

describe("symlink escape (GHSA-239w-m3h6-ch8v, CVE-2026-54094)", () => {
  it("refuses reads, writes, tus uploads and shares through a link leading out of the scope", async () => {
    const alice = await makeUser(ctx.server, ctx.admin, { scope: "/alice", perm: ALL });
    for (const [method, target, headers] of [
      ["GET", "/api/raw/link.txt", {}],
      ["GET", "/api/resources/link.txt", {}],
      ["GET", "/api/raw/linkdir/s.txt", {}],
      ["POST", "/api/resources/link.txt?override=true", {}],
      ["POST", "/api/resources/linkdir/s.txt?override=true", {}],
      [
        "POST",
        "/api/tus/link.txt?override=true",
        { "Tus-Resumable": "1.0.0", "Upload-Length": "5", "Content-Type": "application/offset+octet-stream" },
      ],
      ["POST", "/api/share/link.txt", {}],
      ["POST", "/api/share/linkdir/", {}],
    ] as const) {
      const res = await raw(alice.token, target, method, method === "POST" ? "PWNED" : undefined, headers);
      expect(`${method} ${target} ${res.status}`).toBe(`${method} ${target} 403`);
      expect(res.body).not.toContain(SECRET);
    }
    expect(readFileSync(join(ctx.server.root, "secret.txt"), "utf8")).toBe(SECRET);
    expect(readFileSync(join(ctx.server.root, "secret", "s.txt"), "utf8")).toBe(SECRET);
  });
});

describe("symlink escape by relocation: a relative link copied or moved to another depth", () => {
  it("may point outside once moved, and then nothing reads through it: raw, archives, shares, copies", async () => {
    makeTree(join(ctx.server.root, "bob"), { deep: {}, "mine.txt": "bob's" });
    makeTree(ctx.server.root, { "mine.txt": SECRET });
    // Inside the scope as it stands: /bob/deep/l -> ../mine.txt is /bob/mine.txt.
    symlinkSync("../mine.txt", join(ctx.server.root, "bob", "deep", "l"));
    const bob = await makeUser(ctx.server, ctx.admin, { scope: "/bob", perm: ALL });
    expect((await raw(bob.token, "/api/raw/deep/l")).body).toBe("bob's");
    // Copied or moved one level up, the same link text would point at <root>/mine.txt, outside the scope: refused.
    for (const action of ["copy", "rename"]) {
      expect(
        (
          await raw(
            bob.token,
            `/api/resources/deep/l?action=${action}&destination=${encodeURIComponent("/l")}`,
            "PATCH",
          )
        ).status,
      ).toBe(403);
    }
    expect(existsSync(join(ctx.server.root, "bob", "l"))).toBe(false);
    // Such a link put there by other means (a shell, a sync tool) reads nothing either.
    symlinkSync("../mine.txt", join(ctx.server.root, "bob", "l"));
    const hash = await shareOf(bob.token, "/");
    for (const target of [
      "/api/raw/l",
      "/api/raw/?algo=tar",
      "/api/raw/?algo=zip",
      `/api/raw/?algo=tar&files=${encodeURIComponent("/l,/deep")}`,
      "/api/resources/l?checksum=md5",
    ]) {
      const res = await raw(bob.token, target);
      expect(res.body).not.toContain(SECRET);
      expect(res.status).toBeLessThan(500);
    }
    for (const target of [
      `/api/public/dl/${hash}/l`,
      `/api/public/dl/${hash}?algo=tar`,
      `/api/public/share/${hash}/l`,
    ]) {
      const res = await raw(null, target);
      expect(res.body).not.toContain(SECRET);
    }
    expect((await raw(bob.token, "/api/share/l", "POST")).status).toBe(403);
    expect((await raw(bob.token, "/api/resources/l?override=true", "POST", "PWNED")).status).toBe(403);
    expect((await raw(bob.token, "/api/resources/l", "PUT", "PWNED")).status).toBe(403);
    expect(readFileSync(join(ctx.server.root, "mine.txt"), "utf8")).toBe(SECRET);
  });
});

describe("rules checked before path cleaning (GHSA-9f3r-2vgw-m8xp)", () => {
  it("judges a copy or move destination after `.`, `..` and `//` are resolved", async () => {
    const user = await makeUser(ctx.server, ctx.admin, {
      perm: ALL,
      rules: [{ allow: false, path: "/secret", regex: false, regexp: { raw: "" } }],
    });
    for (const dest of [
      "/secret2/../secret/new.txt",
      "/./secret/new.txt",
      "//secret/new.txt",
      "/secret2/%2e%2e/secret/new.txt",
      "/projects/../secret/new.txt",
    ]) {
      for (const action of ["copy", "rename"]) {
        const res = await raw(
          user.token,
          `/api/resources/projects/x.txt?action=${action}&destination=${encodeURIComponent(dest)}`,
          "PATCH",
        );
        expect(`${action} ${dest} ${res.status}`).toBe(`${action} ${dest} 403`);
      }
    }
    expect(readdirSync(join(ctx.server.root, "secret"))).toEqual(["s.txt"]);
    expect(existsSync(join(ctx.server.root, "projects", "x.txt"))).toBe(true);
  });
});

describe("rules after a copy, a move, a rename, a delete or a chmod: a free name, a password name, a folder holding denied items", () => {
  it("never creates a path the rules deny, nor carries a denied item out from under its rule", async () => {
    const fenced = await makeUser(ctx.server, ctx.admin, {
      perm: ALL,
      rules: [
        { allow: false, path: "/", regex: false, regexp: { raw: "" } },
        { allow: true, path: "/alice", regex: false, regexp: { raw: "" } },
        { allow: false, path: "", regex: true, regexp: { raw: "@#" } },
        { allow: false, path: "/alice/folder/private", regex: false, regexp: { raw: "" } },
      ],
    });
    makeTree(join(ctx.server.root, "alice"), {
      "free.txt": "f",
      folder: { "ok.txt": "ok", private: { "p.txt": PRIVATE } },
    });
    // "/alice" exists: a free name for it would be "/alice (1)", which the rules deny.
    const free = await raw(
      fenced.token,
      `/api/resources/alice/free.txt?action=copy&rename=true&destination=${encodeURIComponent("/alice")}`,
      "PATCH",
    );
    expect(free.status).toBe(403);
    expect(readdirSync(ctx.server.root).filter((n) => n.startsWith("alice ("))).toEqual([]);
    const pw = await raw(fenced.token, "/api/resources/alice/free.txt?action=passwdrename&password=x", "PATCH");
    expect(pw.status).toBe(403);
    expect(existsSync(join(ctx.server.root, "alice", "free.txt"))).toBe(true);
    // A copy leaves the denied folder behind (as archives do); a move, which would carry it, is refused.
    for (const [action, status] of [
      ["copy", 200],
      ["rename", 403],
    ] as const) {
      const res = await raw(
        fenced.token,
        `/api/resources/alice/folder?action=${action}&destination=${encodeURIComponent(`/alice/${action}-of-folder`)}`,
        "PATCH",
      );
      const read = await raw(fenced.token, `/api/raw/alice/${action}-of-folder/private/p.txt`);
      expect(`${action} ${res.status} then read ${read.status}`).toBe(`${action} ${status} then read 404`);
      expect(read.body).not.toContain(PRIVATE);
      // The refusal says why, without naming what is hidden (the UI tells it in the user's language).
      if (status === 403) expect(res.body).toBe("403 Forbidden (cannot move a folder holding items the rules hide)");
    }
    expect(readFileSync(join(ctx.server.root, "alice", "copy-of-folder", "ok.txt"), "utf8")).toBe("ok");
    expect(existsSync(join(ctx.server.root, "alice", "copy-of-folder", "private"))).toBe(false);
    expect(readFileSync(join(ctx.server.root, "alice", "folder", "private", "p.txt"), "utf8")).toBe(PRIVATE);
    // Neither a delete nor a recursive chmod reaches what the rules hide.
    const chmod = await raw(fenced.token, "/api/resources/alice/folder/?action=chmod&mode=700&recursive=true", "PATCH");
    expect(`${chmod.status} ${chmod.body}`).toBe(
      "403 403 Forbidden (cannot change the mode of a folder holding items the rules hide)",
    );
    const del = await raw(fenced.token, "/api/resources/alice/folder/", "DELETE");
    expect(`${del.status} ${del.body}`).toBe("403 403 Forbidden (cannot delete a folder holding items the rules hide)");
    expect(readFileSync(join(ctx.server.root, "alice", "folder", "private", "p.txt"), "utf8")).toBe(PRIVATE);
    expect((await raw(fenced.token, "/api/resources/alice/copy-of-folder/", "DELETE")).status).toBe(200);
  });
});

describe("`//` and trailing-slash rule bypass (GHSA-4mh3-h929-w968)", () => {
  it("keeps a denied folder denied however the path is written", async () => {
    const user = await makeUser(ctx.server, ctx.admin, {
      perm: ALL,
      rules: [{ allow: false, path: "/secret", regex: false, regexp: { raw: "" } }],
    });
    for (const path of [
      "/secret/s.txt",
      "//secret/s.txt",
      "/secret//s.txt",
      "///secret///s.txt",
      "/secret/./s.txt",
      "/./secret/s.txt",
      "/secret/",
      "/secret//",
      "/%73ecret/s.txt",
    ]) {
      for (const route of ["raw", "resources"]) {
        const res = await raw(user.token, `/api/${route}${path}`);
        expect(`${route}${path} ${res.status}`).toBe(`${route}${path} 403`);
        expect(res.body).not.toContain(SECRET);
      }
    }
    const listing = await raw(user.token, "/api/resources//");
    expect(listing.body).not.toContain('"secret"');
  });
});

describe("prefix rules without a separator: /secret must not hide /secret2, and /secret/ must hide /secret itself (GHSA-5q48-q4fm-g3m6)", () => {
  it("matches a path rule segment by segment", async () => {
    const noSep = await makeUser(ctx.server, ctx.admin, {
      perm: ALL,
      rules: [{ allow: false, path: "/secret", regex: false, regexp: { raw: "" } }],
    });
    expect((await raw(noSep.token, "/api/raw/secret2/s2.txt")).status).toBe(200);
    expect((await raw(noSep.token, "/api/raw/secret/s.txt")).status).toBe(403);
    const withSep = await makeUser(ctx.server, ctx.admin, {
      perm: ALL,
      rules: [{ allow: false, path: "/secret/", regex: false, regexp: { raw: "" } }],
    });
    expect((await raw(withSep.token, "/api/resources/secret")).status).toBe(403);
    expect((await raw(withSep.token, "/api/resources/secret/")).status).toBe(403);
    expect((await raw(withSep.token, "/api/raw/secret/s.txt")).status).toBe(403);
    expect((await raw(withSep.token, "/api/raw/secret2/s2.txt")).status).toBe(200);
  });
});

describe("public directory shares and the owner's rules (GHSA-j9jx-hp4c-ghhh, CVE-2026-54091)", () => {
  it("judge a path below a shared folder by where it lies in the owner's scope", async () => {
    const owner = await makeUser(ctx.server, ctx.admin, {
      perm: ALL,
      rules: [{ allow: false, path: "/projects/public/private", regex: false, regexp: { raw: "" } }],
    });
    const hash = await shareOf(owner.token, "/projects/public/");
    for (const target of [
      `/api/public/dl/${hash}/private/p.txt`,
      `/api/public/share/${hash}/private/`,
      `/api/public/dl/${hash}/private/?algo=tar`,
    ]) {
      const res = await raw(null, target);
      expect(`${target} ${res.status}`).toBe(`${target} 404`);
    }
    const listing = await raw(null, `/api/public/share/${hash}`);
    expect(listing.status).toBe(200);
    expect(listing.body).not.toContain("private");
    const archive = await raw(null, `/api/public/dl/${hash}?algo=tar`);
    expect(archive.body).toContain("shared");
    expect(archive.body).not.toContain(PRIVATE);
  });
});

describe("a directory share rooted at its parent (GHSA-mr74-928f-rw69)", () => {
  it("shows and serves only the shared folder, never its siblings", async () => {
    const hash = await shareOf(ctx.admin, "/projects/public/");
    const listing = await raw(null, `/api/public/share/${hash}`);
    expect(listing.body).not.toContain("x.txt");
    for (const target of [
      `/api/public/dl/${hash}/x.txt`,
      `/api/public/dl/${hash}/..%2fx.txt`,
      `/api/public/dl/${hash}/%2e%2e/x.txt`,
      `/api/public/share/${hash}/..%2f`,
    ]) {
      const res = await raw(null, target);
      expect(`${target} ${res.status}`).toBe(`${target} 404`);
      expect(res.body).not.toContain("sibling of the shared folder");
    }
  });
});

describe("zip-slip on unarchive", () => {
  it("extracts nothing outside the output folder: `../` and absolute names, links and hard links leading out", async () => {
    const dir = join(ctx.server.root, "alice", "arch");
    makeTree(dir, {});
    slipZip(join(dir, "slip.zip"), [
      "../../evil-up.txt",
      "/tmp/evil-abs.txt",
      "..\\..\\evil-back.txt",
      "ok/../../../evil-mid.txt",
    ]);
    symlinkArchive(join(dir, "links.tar"));
    symlinkArchive(join(dir, "links.zip"));
    hardLinkTar(join(dir, "hard.tar"));
    const alice = await makeUser(ctx.server, ctx.admin, { scope: "/alice", perm: ALL });
    const ws = await openTaskSocket(ctx.server, alice.token);
    for (const name of ["slip.zip", "links.tar", "links.zip", "hard.tar"]) {
      const task = await queued(ws, {
        Task: "unarchive",
        TargetPath: `/arch/${name}`,
        Params: { archiveOneTopLevel: false, archiveOutput: `out-${name}` },
      });
      const done = await waitStatus(ws, task.TaskID, [3, 4, 5]);
      expect([4, 5]).toContain(done.Status);
    }
    await ws.close();
    // Nothing landed beside the scope, in the root or in /tmp; no extracted link reads outside.
    expect(readdirSync(ctx.server.root).filter((n) => n.startsWith("evil") || n === "outside.txt")).toEqual([]);
    expect(readdirSync(join(ctx.server.root, "alice")).filter((n) => n.startsWith("evil"))).toEqual([]);
    expect(existsSync("/tmp/evil-abs.txt")).toBe(false);
    for (const out of ["out-links.tar", "out-links.zip", "out-hard.tar"]) {
      for (const link of ["d/up", "d/abs"]) {
        const res = await raw(alice.token, `/api/raw/arch/${out}/${link}`);
        expect(res.status === 403 || res.status === 404).toBe(true);
        expect(res.body).not.toContain(readFileSync("/etc/hostname", "utf8").trim() || "no-hostname");
      }
    }
  }, 60_000);
});

describe("command runner injection and the shell setting (GHSA-3q2w-42mv-cph4 CVE-2025-52903, GHSA-w7qc-6grj-w7r8, GHSA-8c9q-7855-wfxq, GHSA-hc8f-m8g5-8362 CVE-2025-52904)", () => {
  const pwned = () => readdirSync(join(ctx.server.root, "alice")).filter((n) => n.startsWith("pwned"));
  for (const shell of [["bash", "-c"], []]) {
    it(`runs only listed command names, never a chained one (shell ${JSON.stringify(shell)})`, async () => {
      await putSettings(ctx.server, ctx.admin, { shell });
      const runner = await makeUser(ctx.server, ctx.admin, { scope: "/alice", perm: { execute: true } });
      expect((await putUser(ctx.server, ctx.admin, runner.id, ["commands"], { commands: ["echo", "ls"] })).status).toBe(
        200,
      );
      const token = await login(ctx.server, runner.username, runner.password);
      const ws = await openCommandSocket(ctx.server, token, "/");
      // An allowlist by prefix would let these through (GHSA-w7qc-6grj-w7r8).
      for (const line of ["lsof", "ls2", "echoo a", "/bin/sh -c 'touch pwned1'", "touch pwned2"]) {
        expect((await ws.run(line)).map((m) => m.type)).toEqual(["refused"]);
      }
      for (const line of [
        "echo a; touch pwned3",
        "echo $(touch pwned4)",
        "echo `touch pwned5`",
        "echo a && touch pwned6",
        "echo a\ntouch pwned7",
      ]) {
        const out = await ws.run(line);
        if (shell.length) expect(out.map((m) => m.type)).toEqual(["refused"]);
      }
      // The runner starts in the user's folder (GHSA-hc8f-m8g5-8362) and cannot be opened outside it.
      expect(linesOf(await ws.run("ls"))).toContain("own.txt");
      await ws.close();
      expect(pwned()).toEqual([]);
      const outside = await raw(null, `/api/command/..%2f?auth=${token}`, "GET", undefined, {
        Upgrade: "websocket",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version": "13",
      });
      expect(outside.status).toBe(403);
    });
  }
});

describe("hook injection through file names (GHSA-jvpw-637p-h3pw, CVE-2026-35585)", () => {
  it("runs no shell code from an uploaded file's name", async () => {
    await putSettings(ctx.server, ctx.admin, {
      shell: ["bash", "-c"],
      commands: { before_upload: ["echo $FILE"], after_upload: ['echo "$FILE"'] },
    });
    for (const name of ["$(touch pwned-hook1)", "a;touch pwned-hook2", "`touch pwned-hook3`"]) {
      expect(
        (await call(ctx.server, ctx.admin, "POST", `/resources/alice/${encodeURIComponent(name)}?override=true`, "x"))
          .status,
      ).toBe(200);
    }
    await putSettings(ctx.server, ctx.admin, { shell: [], commands: {} });
    expect(readdirSync(join(ctx.server.root, "alice")).filter((n) => n.startsWith("pwned"))).toEqual([]);
    expect(readdirSync(ctx.server.root).filter((n) => n.startsWith("pwned"))).toEqual([]);
  });
});

describe("signup inheriting execute or admin (GHSA-5gg9-5g7w-hm73, GHSA-x8jc-jvqm-pm3f CVE-2026-34528, GHSA-7526-j432-6ppp CVE-2026-35607)", () => {
  it("gives a self-registered user neither admin, nor execute, nor commands, whatever the defaults say", async () => {
    await putSettings(ctx.server, ctx.admin, {
      signup: true,
      createUserDir: true,
      defaults: { perm: { admin: true, execute: true, create: true }, commands: ["ls", "echo"] },
    });
    try {
      const res = await fetch(`${ctx.server.url}/api/signup`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: "newcomer", password: "a-long-password-123" }),
      });
      expect(res.status).toBe(200);
    } finally {
      await putSettings(ctx.server, ctx.admin, {
        signup: false,
        createUserDir: false,
        defaults: { perm: { admin: false, execute: false, create: true }, commands: [] },
      });
    }
    const token = await login(ctx.server, "newcomer", "a-long-password-123");
    const { user } = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as {
      user: { perm: Record<string, boolean>; commands: string[] };
    };
    expect(user.perm.admin).toBe(false);
    expect(user.perm.execute).toBe(false);
    expect(user.commands ?? []).toEqual([]);
    expect((await call(ctx.server, token, "GET", "/users")).status).toBe(403);
    const ws = await raw(null, `/api/command/?auth=${token}`, "GET", undefined, {
      Upgrade: "websocket",
      "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
      "Sec-WebSocket-Version": "13",
    });
    expect(ws.status).toBe(403);
  });

  it("creates or authenticates nobody from proxy identity headers", async () => {
    for (const h of ["X-Forwarded-User", "Remote-User", "X-Remote-User", "X-Auth-Request-User"]) {
      expect((await raw(null, "/api/resources/", "GET", undefined, { [h]: "admin" })).status).toBe(401);
    }
  });
});

describe("shares reaching outside their path or outliving their owner (GHSA-6cqf-cfhv-659g CVE-2025-64523, CVE-2026-54097, CVE-2026-35604, CVE-2026-32761, GHSA-833g-cqhp-h72j, GHSA-3v48-283x-f2w4)", () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await makeUser(ctx.server, ctx.admin, { perm: ALL });
  });

  it("lets nobody but the owner or an admin delete a link, and a file delete elsewhere removes no one's link", async () => {
    const hash = await shareOf(owner.token, "/projects/public/a.txt");
    const other = await makeUser(ctx.server, ctx.admin, { perm: ALL, scope: "/alice" });
    expect((await call(ctx.server, other.token, "DELETE", `/share/${hash}`)).status).toBeGreaterThanOrEqual(400);
    // CVE-2026-54097: deleting "/projects" in another scope wiped links by path prefix.
    makeTree(join(ctx.server.root, "alice"), { projects: { "a.txt": "x" } });
    expect((await call(ctx.server, other.token, "DELETE", "/resources/projects/")).status).toBe(200);
    expect((await raw(null, `/api/public/dl/${hash}`)).status).toBe(200);
  });

  it("never lists a password hash or bypass token, and a password link needs the password for downloads too", async () => {
    const hash = await shareOf(owner.token, "/projects/public/a.txt", { password: "share-pass-1" });
    for (const body of [
      await (await call(ctx.server, owner.token, "GET", "/share/projects/public/a.txt")).text(),
      await (await call(ctx.server, ctx.admin, "GET", "/shared")).text(),
    ]) {
      expect(body).not.toMatch(/password_?hash|"token"|\$argon|\$2[aby]\$/i);
    }
    expect((await raw(null, `/api/public/dl/${hash}`)).status).toBe(401);
    expect((await raw(null, `/api/public/share/${hash}`)).status).toBe(401);
  });

  it("refuses a link from a user without the download permission, and stops links when share or download is revoked", async () => {
    const noDownload = await makeUser(ctx.server, ctx.admin, { perm: { share: true } });
    expect((await call(ctx.server, noDownload.token, "POST", "/share/projects/public/a.txt")).status).toBe(403);
    const revoked = await makeUser(ctx.server, ctx.admin, { perm: ALL });
    const hash = await shareOf(revoked.token, "/projects/public/a.txt");
    expect((await raw(null, `/api/public/dl/${hash}`)).status).toBe(200);
    expect(
      (
        await putUser(ctx.server, ctx.admin, revoked.id, ["perm"], {
          perm: { ...ALL, share: false, download: false, admin: false },
        })
      ).status,
    ).toBe(200);
    expect((await raw(null, `/api/public/dl/${hash}`)).status).toBe(404);
  });

  it("stops every link of a deleted user", async () => {
    const gone = await makeUser(ctx.server, ctx.admin, { perm: ALL });
    const hash = await shareOf(gone.token, "/projects/public/");
    expect((await raw(null, `/api/public/share/${hash}`)).status).toBe(200);
    expect((await call(ctx.server, ctx.admin, "DELETE", `/users/${gone.id}`)).status).toBe(200);
    expect((await raw(null, `/api/public/share/${hash}`)).status).toBe(404);
    expect((await raw(null, `/api/public/dl/${hash}/a.txt`)).status).toBe(404);
  });
});

describe("CSRF: a cookie alone never authorizes a write (GHSA-72wf-hwcq-65h9, CVE-2021-46398)", () => {
  it("refuses a cross-site form creating an admin, and the user does not appear", async () => {
    const data = { username: "backdoor", password: "a-long-password-123", perm: { admin: true } };
    const attempts: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      {},
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of attempts) {
      const res = await raw(null, "/api/users", "POST", JSON.stringify({ what: "user", which: [], data }), {
        Cookie: `auth=${ctx.admin}`,
        "Content-Type": "text/plain",
        ...headers,
      });
      expect(res.status).toBe(403);
    }
    const users = (await (await call(ctx.server, ctx.admin, "GET", "/users")).json()) as { username: string }[];
    expect(users.map((u) => u.username)).not.toContain("backdoor");
  });
});

describe("stored XSS through file names, share titles and uploaded HTML/SVG (GHSA-4wx8-5gm2-2j97 CVE-2025-52902, CVE-2023-39612, GHSA-5vpr-4fgw-f69h CVE-2026-34529, GHSA-xfqj-3vmx-63wv CVE-2026-34530)", () => {
  const evil = "<script>alert(1)</script>";
  it("serves uploaded HTML, SVG, EPUB and markdown previews under the sandbox CSP", async () => {
    makeTree(join(ctx.server.root, "xss"), {
      "a.html": `<html>${evil}</html>`,
      "b.svg": `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
      "c.epub": `PK${evil}`,
      "d.md": `# hi\n\n${evil}\n<img src=x onerror=alert(1)>`,
    });
    for (const target of [
      "/api/raw/xss/a.html?inline=true",
      "/api/raw/xss/b.svg?inline=true",
      "/api/raw/xss/c.epub?inline=true",
      "/api/raw/xss/a.html",
    ]) {
      const res = await raw(ctx.admin, target);
      expect(res.headers["content-security-policy"]).toMatch(/^sandbox/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
    const hash = await shareOf(ctx.admin, "/xss/");
    const pub = await raw(null, `/api/public/dl/${hash}/b.svg?inline=true`);
    expect(pub.headers["content-security-policy"]).toMatch(/^sandbox/);
    const md = await raw(ctx.admin, "/api/resources/xss/d.md?preview=markdown");
    expect(md.headers["content-security-policy"]).toMatch(/^sandbox/);
    expect(md.headers["content-security-policy"]).toContain("script-src 'none'");
    expect(md.body).not.toContain(evil);
  });

  it("keeps hostile file names and branding as data: JSON listings, share pages and the app page escape them", async () => {
    // A name cannot hold "/", so no closing tag: an opening one and an event handler are the payload.
    const name = `"><img src=x onerror=alert(1)><script>alert(3).txt`;
    expect((await call(ctx.server, ctx.admin, "POST", `/resources/xss/${encodeURIComponent(name)}`, "x")).status).toBe(
      200,
    );
    const listing = await raw(ctx.admin, "/api/resources/xss/");
    expect(listing.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(listing.body).items.map((i: { name: string }) => i.name)).toContain(name);
    const hash = await shareOf(ctx.admin, `/xss/${encodeURIComponent(name)}`);
    await putSettings(ctx.server, ctx.admin, {
      branding: { name: `</title>${evil}`, description: `"><script>alert(2)</script>` },
    });
    for (const page of [`/share/${hash}`, "/files/", "/login"]) {
      const html = await raw(null, page);
      expect(html.body).not.toContain(evil);
      expect(html.body).not.toContain("<script>alert(2)</script>");
      expect(html.body).not.toContain("<img src=x onerror");
      expect(html.body).not.toContain("<script>alert(3)");
      // The branding did reach the page, as escaped data.
      expect(html.body).toContain("\\u003c/title>");
    }
    await putSettings(ctx.server, ctx.admin, { branding: { name: "", description: "" } });
  });
});

describe("tokens in URLs leaking through Referer and logs (GHSA-rmwh-g367-mj4x)", () => {
  it("sends Referrer-Policy: no-referrer, hands out media tokens that are not the session token and cannot write, and never logs a token", async () => {
    for (const page of ["/files/", "/login", "/api/raw/projects/x.txt", `/api/raw/projects/x.txt?auth=${ctx.admin}`]) {
      expect((await raw(null, page)).headers["referrer-policy"]).toBe("no-referrer");
    }
    const res = await call(ctx.server, ctx.admin, "GET", "/media-token/projects/");
    const media = ((await res.json()) as { token: string }).token;
    expect(media).not.toBe(ctx.admin);
    expect((await raw(null, `/api/raw/projects/x.txt?auth=${media}`)).status).toBe(200);
    expect((await raw(null, `/api/raw/secret/s.txt?auth=${media}`)).status).toBe(403);
    expect(
      (await raw(null, `/api/resources/projects/new.txt?auth=${media}`, "POST", "x")).status,
    ).toBeGreaterThanOrEqual(401);
    expect(existsSync(join(ctx.server.root, "projects", "new.txt"))).toBe(false);
    expect(ctx.server.output()).not.toContain(ctx.admin);
    expect(ctx.server.output()).not.toContain(media);
  });
});

describe("files and the store readable by every account of the machine (GHSA-jj2r-455p-5gvf, CVE-2025-52900)", () => {
  it("creates uploads, saves, tus uploads and new files 0640, new folders 0750, and keeps the store 0600", async () => {
    const mode = (...p: string[]) => statSync(join(ctx.server.root, ...p)).mode & 0o777;
    expect((await call(ctx.server, ctx.admin, "POST", "/resources/umask/")).status).toBe(200);
    expect((await call(ctx.server, ctx.admin, "POST", "/resources/umask/up.txt", "uploaded")).status).toBe(200);
    expect((await call(ctx.server, ctx.admin, "POST", "/resources/umask/deep/er/new.txt")).status).toBe(200);
    const tus = await fetch(`${ctx.server.url}/api/tus/umask/tus.bin`, {
      method: "POST",
      headers: {
        "X-Auth": ctx.admin,
        "Tus-Resumable": "1.0.0",
        "Upload-Length": "5",
        "Content-Type": "application/offset+octet-stream",
      },
      body: "hello",
    });
    expect(tus.status).toBe(201);
    expect(mode("umask")).toBe(0o750);
    expect(mode("umask", "deep", "er")).toBe(0o750);
    expect(mode("umask", "up.txt")).toBe(0o640);
    expect(mode("umask", "deep", "er", "new.txt")).toBe(0o640);
    expect(mode("umask", "tus.bin")).toBe(0o640);
    // A save keeps the mode the file had.
    expect((await call(ctx.server, ctx.admin, "PUT", "/resources/umask/up.txt", "saved")).status).toBe(200);
    expect(mode("umask", "up.txt")).toBe(0o640);
    expect(statSync(join(ctx.server.home, "fbe.db")).mode & 0o777).toBe(0o600);
  });
});
