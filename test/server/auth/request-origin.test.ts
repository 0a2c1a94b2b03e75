import { describe, expect, it } from "bun:test";
import { isSameOrigin, transportRefusal, type TransportFacts } from "../../../src/server/auth/request-origin";

const HOST = "files.example:8080";
const facts = (f: Partial<TransportFacts>): TransportFacts => ({
  method: "GET",
  upgrade: false,
  source: "cookie",
  host: HOST,
  ...f,
});

describe("transportRefusal", () => {
  const table: Array<[string, Partial<TransportFacts>, boolean]> = [
    ["X-Auth on a write from anywhere", { method: "POST", source: "header", origin: "https://evil.example" }, true],
    ["cookie on a read from anywhere", { method: "GET", origin: "https://evil.example" }, true],
    ["query on a read", { method: "HEAD", source: "query" }, true],
    ["cookie on a write from our origin", { method: "PUT", origin: `http://${HOST}` }, true],
    ["cookie on a write with Sec-Fetch-Site same-origin", { method: "PATCH", secFetchSite: "same-origin" }, true],
    ["cookie on a write from a foreign origin", { method: "POST", origin: "https://evil.example" }, false],
    ["cookie on a write with Origin null", { method: "DELETE", origin: "null" }, false],
    ["cookie on a write without Origin", { method: "POST" }, false],
    [
      "cookie on a write, same-site but another origin",
      { method: "POST", secFetchSite: "same-site", origin: "http://other.example:8080" },
      false,
    ],
    [
      "cookie on a write with Sec-Fetch-Site same-origin but a foreign Origin",
      { method: "POST", secFetchSite: "same-origin", origin: "https://evil.example" },
      false,
    ],
    [
      "cookie on a WebSocket upgrade with Sec-Fetch-Site same-origin but Origin null",
      { upgrade: true, secFetchSite: "same-origin", origin: "null" },
      false,
    ],
    ["query on a write", { method: "POST", source: "query", origin: `http://${HOST}` }, false],
    ["query on a WebSocket upgrade", { upgrade: true, source: "query", origin: "https://evil.example" }, true],
    ["cookie on a WebSocket upgrade from our origin", { upgrade: true, origin: `http://${HOST}` }, true],
    ["cookie on a WebSocket upgrade from a foreign origin", { upgrade: true, origin: "https://evil.example" }, false],
  ];
  for (const [name, f, allowed] of table) {
    it(`${allowed ? "allows" : "refuses"} ${name}`, () => {
      expect(transportRefusal(facts(f)) === null).toBe(allowed);
    });
  }
});

describe("isSameOrigin", () => {
  it("compares hosts case-insensitively and refuses malformed origins", () => {
    expect(isSameOrigin({ origin: "HTTPS://Files.Example:8080", host: HOST })).toBe(true);
    expect(isSameOrigin({ origin: "not a url", host: HOST })).toBe(false);
    expect(isSameOrigin({ origin: `http://${HOST}` })).toBe(false);
  });
});
