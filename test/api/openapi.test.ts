/**
 * The HTTP API document (docs/ARCHITECTURE.md "The HTTP API document"): it lists every route the app registers, is a
 * valid OpenAPI 3.1 document, its examples match their schemas, and the server answers it at {baseurl}/api/openapi.json.
 */
import { afterAll, describe, expect, it } from "bun:test";
import { validate } from "@readme/openapi-parser";
import Ajv2020 from "ajv/dist/2020";
import { createApp } from "../../src/server/app";
import type { Deps } from "../../src/server/deps";
import { buildOpenApiDocument, OPERATIONS } from "../../src/server/openapi/document";
import { startServer, type TestServer } from "../support/server";

type Doc = {
  paths: Record<string, Record<string, { "x-undocumented"?: boolean }>>;
  components: object;
  servers: { url: string }[];
};

/** The app's routes for `baseurl`; building the app registers routes and runs no handler. */
function appRoutes(baseurl: string) {
  const app = createApp({ config: { baseurl } } as unknown as Deps);
  return app.routes.filter((r) => r.method !== "ALL");
}

function documentFor(baseurl: string): Doc {
  return buildOpenApiDocument({
    routes: createApp({ config: { baseurl } } as unknown as Deps).routes,
    baseurl,
    version: "test",
  }) as unknown as Doc;
}

/** A URL path the route pattern matches: each parameter and the trailing `*` filled with sample segments. */
function sampleUrl(pattern: string): string {
  return pattern
    .replace(/:(\w+)(\{[^}]*\})?/g, "x1")
    .replace(/\/\*$/, "/a/b.txt")
    .replace(/^\*$/, "/a");
}

/** Segments of a path or pattern that are literal text (no parameter, no wildcard). */
function literalSegments(path: string): number {
  return path
    .replace(/:(\w+)\{[^}]*\}/g, ":$1")
    .split("/")
    .filter((s) => s && !/[:*{]/.test(s)).length;
}

/**
 * The document's path templates that `url` (a sample of `pattern`, relative to the base) matches with as many literal
 * segments as the pattern has, so a catch-all (`/api/{path}`) never stands in for a route.
 */
function templatesOf(doc: Doc, url: string, pattern: string): string[] {
  return Object.keys(doc.paths).filter((t) => {
    const re = t
      .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
      .replace(/\{path\}$/, ".+")
      .replace(/\{\w+\}/g, "[^/]+");
    return literalSegments(t) === literalSegments(pattern) && new RegExp(`^${re}$`).test(url);
  });
}

/** Every `example` of a media type in the document with the schema beside it, and where it is. */
function examplesOf(doc: Doc): { where: string; schema: object; example: unknown }[] {
  const found: { where: string; schema: object; example: unknown }[] = [];
  const walk = (node: unknown, where: string) => {
    if (!node || typeof node !== "object") return;
    const o = node as Record<string, unknown>;
    if ("example" in o && o.schema && typeof o.schema === "object")
      found.push({ where, schema: o.schema, example: o.example });
    for (const [k, v] of Object.entries(o)) walk(v, `${where}/${k}`);
  };
  walk(doc.paths, "#/paths");
  return found;
}

describe("the HTTP API document", () => {
  for (const baseurl of ["", "/fb"]) {
    it(`lists every METHOD and path the app registers${baseurl ? " under a base URL" : ""}`, () => {
      const doc = documentFor(baseurl);
      const missing: string[] = [];
      for (const r of appRoutes(baseurl)) {
        const pattern = baseurl && r.path.startsWith(`${baseurl}/`) ? r.path.slice(baseurl.length) : r.path;
        const found = templatesOf(doc, sampleUrl(pattern), pattern).some((t) => {
          const op = doc.paths[t]![r.method.toLowerCase()];
          return op && !op["x-undocumented"];
        });
        if (!found) missing.push(`${r.method} ${r.path}`);
      }
      expect(missing).toEqual([]);
      expect(doc.servers[0]!.url).toBe(baseurl || "/");
    });

    it(`validates as OpenAPI 3.1${baseurl ? " under a base URL" : ""}`, async () => {
      const result = await validate(structuredClone(documentFor(baseurl)) as never);
      expect(result.valid ? [] : result.errors).toEqual([]);
      expect(result.specification).toBe("OpenAPI");
    });
  }

  it("describes no route the app does not register", () => {
    const registered = new Set(
      appRoutes("/fb")
        .concat(appRoutes(""))
        .map((r) => `${r.method} ${r.path.replace(/^\/fb(?=\/)/, "")}`),
    );
    expect(Object.keys(OPERATIONS).filter((k) => !registered.has(k))).toEqual([]);
  });

  it("gives examples of the main answers, each valid against its schema", () => {
    const doc = documentFor("");
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const examples = examplesOf(doc);
    const wrong = examples.flatMap(({ where, schema, example }) => {
      const check = ajv.compile({ ...schema, components: doc.components });
      return check(example) ? [] : [`${where}: ${ajv.errorsText(check.errors)}`];
    });
    expect(wrong).toEqual([]);
    expect(examples.length).toBeGreaterThanOrEqual(25);
  });

  it("rejects an example that does not match its schema, so the check above can fail", () => {
    const doc = documentFor("");
    const ajv = new Ajv2020({ strict: false });
    const check = ajv.compile({ $ref: "#/components/schemas/Resource", components: doc.components });
    expect(check({ name: "a", isDir: "no" })).toBe(false);
  });
});

describe("GET {baseurl}/api/openapi.json", () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  for (const args of [[], ["--baseurl", "/fb"]]) {
    it(`answers the document without auth, with an ETag and 304 on If-None-Match${args.length ? " under --baseurl" : ""}`, async () => {
      const server = await startServer({ args });
      servers.push(server);
      const res = await fetch(`${server.url}/api/openapi.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/json");
      const text = await res.text();
      const doc = JSON.parse(text) as Doc;
      expect(doc.servers[0]!.url).toBe(args.length ? "/fb" : "/");
      expect(Object.keys(doc.paths)).toContain("/api/resources/{path}");
      expect(text).not.toContain(server.root);
      expect(text).not.toContain(server.home);
      const etag = res.headers.get("etag");
      expect(etag).toBeTruthy();
      const again = await fetch(`${server.url}/api/openapi.json`, { headers: { "If-None-Match": etag! } });
      expect(again.status).toBe(304);
    }, 30_000);
  }
});
