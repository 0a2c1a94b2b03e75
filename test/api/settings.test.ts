import { describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { call, makeUser, putSettings } from "../support/factories";

const ctx = serverInProcess();

const getSettings = async () =>
  (await (await call(ctx.server, ctx.admin, "GET", "/settings")).json()) as Record<string, any>;
const pageConfig = async (path = "/login") => {
  const html = await (await fetch(`${ctx.server.url}${path}`)).text();
  return JSON.parse(/<script id="fbe-config" type="application\/json">(.*?)<\/script>/s.exec(html)![1]) as Record<
    string,
    any
  >;
};

describe("GET /api/settings", () => {
  it("answers the global settings with the defaults for new users and the documented defaults", async () => {
    const s = await getSettings();
    expect(s).toMatchObject({
      signup: false,
      createUserDir: false,
      minimumPasswordLength: 12,
      trustProxy: false,
      shell: [],
      commands: {},
      rules: [],
      rmOldIndex: false,
      indexLocation: "",
      excludeIndexDirs: [],
      defaults: { scope: "/", viewMode: "list", perm: { admin: false, create: true } },
      branding: { name: "", files: "", description: "" },
      slideshow: { transitionSpeed: 400, preloadRange: 2, autoplayInterval: 5000 },
      video: { volume: 60, seekDelta: 5, seekDeltaLong: 60 },
      thumbnail: {
        cacheGcProbability: 10,
        cacheExpireTTL: 604800,
        thumbnailWidth: 128,
        thumbnailVideoWidth: 512,
        thumbnailVideoColumns: 4,
        thumbnailVideoNumcaps: 16,
      },
      loginBan: { enabled: true, maxAttempts: 5, windowSeconds: 600, banSeconds: 1800 },
      captcha: { enabled: false, key: "", secretSet: false },
    });
    expect(s.captcha.secret).toBeUndefined();
  });

  it("answers 403 to non-admins, for reading and for saving", async () => {
    const u = await makeUser(ctx.server, ctx.admin);
    expect((await call(ctx.server, u.token, "GET", "/settings")).status).toBe(403);
    expect((await call(ctx.server, u.token, "PUT", "/settings", { signup: true })).status).toBe(403);
    expect((await getSettings()).signup).toBe(false);
  });
});

describe("PUT /api/settings", () => {
  it("saves a partial object, keeping what it leaves out, and answers the result", async () => {
    const res = await call(ctx.server, ctx.admin, "PUT", "/settings", {
      video: { volume: 80 },
      branding: { name: "  Acme  " },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, any>;
    expect(body.video).toMatchObject({ volume: 80, seekDelta: 5 });
    expect(body.branding.name).toBe("Acme");
    expect((await getSettings()).video.volume).toBe(80);
  });

  it("normalizes shell words, command lines, numbers from strings and the thumbnail comment", async () => {
    await putSettings(ctx.server, ctx.admin, {
      shell: "bash  -c ",
      commands: { after_upload: ["  echo hi ", "", "  "] },
      slideshow: { preloadRange: "3" },
      thumbnail: { thumbnailVideoComment: "  made here  " },
      excludeIndexDirs: [" /tmp ", ""],
    });
    const s = await getSettings();
    expect(s.shell).toEqual(["bash", "-c"]);
    expect(s.commands).toEqual({ after_upload: ["echo hi"] });
    expect(s.slideshow.preloadRange).toBe(3);
    expect(s.thumbnail.thumbnailVideoComment).toBe("made here");
    expect(s.excludeIndexDirs).toEqual(["/tmp"]);
  });

  const OUT_OF_RANGE: [string, Record<string, unknown>, string][] = [
    ["video.volume", { video: { volume: 101 } }, "video.volume must be an integer from 0 to 100"],
    ["video.volume", { video: { volume: -1 } }, "video.volume must be an integer from 0 to 100"],
    ["video.seekDelta", { video: { seekDelta: 0 } }, "video.seekDelta must be an integer from 1 to 60"],
    ["video.seekDelta", { video: { seekDelta: 61 } }, "video.seekDelta must be an integer from 1 to 60"],
    ["video.seekDeltaLong", { video: { seekDeltaLong: 601 } }, "video.seekDeltaLong must be an integer from 1 to 600"],
    [
      "thumbnail.cacheGcProbability",
      { thumbnail: { cacheGcProbability: 1000001 } },
      "thumbnail.cacheGcProbability must be an integer from 0 to 1000000",
    ],
    [
      "thumbnail.cacheExpireTTL",
      { thumbnail: { cacheExpireTTL: 31536001 } },
      "thumbnail.cacheExpireTTL must be an integer from 0 to 31536000",
    ],
    [
      "thumbnail.cacheExpireTTL",
      { thumbnail: { cacheExpireTTL: 3601 } },
      "thumbnail.cacheExpireTTL must be a multiple of 3600",
    ],
    [
      "thumbnail.thumbnailVideoColumns",
      { thumbnail: { thumbnailVideoColumns: 0 } },
      "thumbnail.thumbnailVideoColumns must be an integer from 1 to 100",
    ],
    [
      "thumbnail.thumbnailVideoNumcaps",
      { thumbnail: { thumbnailVideoNumcaps: 0 } },
      "thumbnail.thumbnailVideoNumcaps must be an integer from 1 to 1000",
    ],
    [
      "slideshow.preloadRange",
      { slideshow: { preloadRange: -1 } },
      "slideshow.preloadRange must be an integer from 0 to 100",
    ],
    [
      "slideshow.transitionEffect",
      { slideshow: { transitionEffect: "explode" } },
      "slideshow.transitionEffect must be one of",
    ],
    ["video.quality", { video: { quality: 19 } }, "video.quality must be an integer from 0 to 18"],
    ["signup", { signup: "yes" }, "signup must be true or false"],
    ["minimumPasswordLength", { minimumPasswordLength: 0 }, "minimumPasswordLength must be an integer from 1 to 128"],
    ["captcha.verifyUrl", { captcha: { verifyUrl: "file:///etc/passwd" } }, "captcha.verifyUrl must be an http(s) URL"],
    ["defaults.viewMode", { defaults: { viewMode: "grid" } }, "defaults.viewMode must be list or mosaic"],
    ["defaults.theme", { defaults: { theme: "sepia" } }, "defaults.theme must be one of light, dark, system"],
    ["video", { video: 5 }, "video must be an object"],
  ];
  for (const [field, patch, message] of OUT_OF_RANGE) {
    it(`answers 400 naming ${field} for ${JSON.stringify(patch)} and saves nothing`, async () => {
      const before = await getSettings();
      const res = await call(ctx.server, ctx.admin, "PUT", "/settings", {
        ...patch,
        branding: { name: "should not be saved" },
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toStartWith(`400 Bad Request (${message}`);
      expect(await getSettings()).toEqual(before);
    });
  }

  it("gives new users the default theme of the user defaults", async () => {
    expect((await getSettings()).defaults.theme).toBe("system");
    await putSettings(ctx.server, ctx.admin, { defaults: { theme: "dark" } });
    try {
      const u = await makeUser(ctx.server, ctx.admin);
      expect(await (await call(ctx.server, ctx.admin, "GET", `/users/${u.id}`)).json()).toMatchObject({
        theme: "dark",
      });
    } finally {
      await putSettings(ctx.server, ctx.admin, { defaults: { theme: "system" } });
    }
  });

  it("applies the minimum password length to later password changes", async () => {
    await putSettings(ctx.server, ctx.admin, { minimumPasswordLength: 20 });
    try {
      const res = await call(ctx.server, ctx.admin, "POST", "/users", {
        what: "user",
        which: [],
        data: { username: "mid", password: "only-sixteen-chr" },
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe("400 Bad Request (password must be at least 20 characters)");
    } finally {
      await putSettings(ctx.server, ctx.admin, { minimumPasswordLength: 12 });
    }
  });
});

describe("the page config and branding", () => {
  it("carries the branding name, description and signup flag", async () => {
    await putSettings(ctx.server, ctx.admin, {
      signup: true,
      createUserDir: true,
      branding: { name: "Acme Drive", description: "Welcome <b>in</b>" },
    });
    const config = await pageConfig();
    expect(config).toMatchObject({
      name: "Acme Drive",
      description: "Welcome <b>in</b>",
      signup: true,
      captcha: false,
      customCSS: "",
      logoURL: "",
    });
    await putSettings(ctx.server, ctx.admin, {
      signup: false,
      createUserDir: false,
      branding: { name: "", description: "" },
    });
    expect(await pageConfig()).toMatchObject({ name: "File Browser Enhanced", signup: false });
  });

  it("serves custom.css and img/logo.svg from the branding folder once it is set", async () => {
    expect((await fetch(`${ctx.server.url}/branding/custom.css`)).status).toBe(404);
    makeTree(ctx.server.root, {
      brand: { "custom.css": "body { color: red }", img: { "logo.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>" } },
    });
    await putSettings(ctx.server, ctx.admin, { branding: { files: "brand" } });
    const css = await fetch(`${ctx.server.url}/branding/custom.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get("Content-Type")).toStartWith("text/css");
    expect(await css.text()).toBe("body { color: red }");
    const logo = await fetch(`${ctx.server.url}/branding/img/logo.svg`);
    expect(logo.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(logo.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(await pageConfig()).toMatchObject({ customCSS: "/branding/custom.css", logoURL: "/branding/img/logo.svg" });
    expect((await fetch(`${ctx.server.url}/branding/other.css`)).headers.get("Content-Type")).toStartWith("text/html");
  });
});
