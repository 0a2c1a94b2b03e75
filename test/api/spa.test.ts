import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { login, startServer, type TestServer } from "../support/server";

describe("the UI at the root", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it("serves index.html with the injected config for every UI route, uncached", async () => {
    for (const path of ["/", "/login", "/files/", "/files/a/b.txt", "/settings/profile", "/some/unknown/page"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toStartWith("text/html");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      const html = await res.text();
      const json = /<script id="fbe-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
      const config = JSON.parse(json!);
      expect(config).toMatchObject({ name: "File Browser Enhanced", baseURL: "", signup: false, noAuth: false });
      expect(config.version.Version).toBeTruthy();
    }
  });

  it("serves the hashed assets with a long cache lifetime", async () => {
    const html = await (await fetch(`${server.url}/files/`)).text();
    const src = /src="(\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(src).toBeTruthy();
    const res = await fetch(`${server.url}${src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${server.url}/static/missing.js`)).status).toBe(404);
  });

  it("answers 404 as text for unknown API paths instead of the UI", async () => {
    const res = await fetch(`${server.url}/api/nothing`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("404 Not Found");
  });
});

describe("the UI and API under a base URL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ args: ["--baseurl", "/app"] });
  });
  afterAll(() => server.stop());

  it("mounts the API, the UI and the assets under the base, and announces it in the config", async () => {
    const token = await login(server);
    expect((await fetch(`${server.url}/api/resources/`, { headers: { "X-Auth": token } })).status).toBe(200);
    expect((await fetch(`${server.origin}/api/resources/`, { headers: { "X-Auth": token } })).status).toBe(404);
    const html = await (await fetch(`${server.url}/files/deep/path/`)).text();
    expect(html).toContain('src="/app/static/');
    expect(JSON.parse(/<script id="fbe-config" type="application\/json">(.*?)<\/script>/.exec(html)![1]).baseURL).toBe(
      "/app",
    );
    const src = /src="(\/app\/static\/[^"]+\.js)"/.exec(html)![1];
    expect((await fetch(`${server.origin}${src}`)).status).toBe(200);
    expect(server.output()).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/m);
  });
});
