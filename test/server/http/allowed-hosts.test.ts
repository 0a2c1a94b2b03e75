import { describe, expect, it } from "bun:test";
import { hostMatcher, hostName, isLoopbackAddress, parseAllowedHosts } from "../../../src/server/http/allowed-hosts";

describe("hostName", () => {
  it("drops the port and a trailing dot and lowers the case", () => {
    expect(hostName("Files.Example.:8443")).toBe("files.example");
    expect(hostName("[::1]:80")).toBe("[::1]");
    expect(hostName("127.0.0.1")).toBe("127.0.0.1");
  });

  it("refuses what is not a host name", () => {
    for (const bad of [
      "",
      "a b",
      "localhost@evil.example",
      "files.example/path",
      "::1",
      "host:port",
      "[::1",
      "h:123456",
    ]) {
      expect({ bad, name: hostName(bad) }).toEqual({ bad, name: null });
    }
  });
});

describe("isLoopbackAddress", () => {
  it("knows 127.0.0.0/8, ::1 and localhost, and nothing else", () => {
    for (const a of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "::ffff:127.0.0.1"])
      expect({ a, loop: isLoopbackAddress(a) }).toEqual({ a, loop: true });
    for (const a of ["0.0.0.0", "::", "192.168.1.2", "128.0.0.1", "localhost.example"])
      expect({ a, loop: isLoopbackAddress(a) }).toEqual({ a, loop: false });
  });
});

describe("parseAllowedHosts", () => {
  it("splits on commas, keeps * and takes IPv6 literals with or without brackets", () => {
    expect(parseAllowedHosts(" a.example , B.example:80,,*, ::1, [fe80::2]")).toEqual([
      "a.example",
      "b.example",
      "*",
      "[::1]",
      "[fe80::2]",
    ]);
    expect(parseAllowedHosts("")).toEqual([]);
  });

  it("names the entry that is not a host name", () => {
    expect(() => parseAllowedHosts("ok.example, bad/path")).toThrow('--allowed-hosts: "bad/path" is not a host name');
  });
});

describe("hostMatcher", () => {
  it("on a loopback address with no list answers the loopback names and the address itself", () => {
    const allowed = hostMatcher("127.0.0.2", "");
    for (const h of ["localhost:1", "127.0.0.1", "[::1]:8080", "127.0.0.2:80"])
      expect({ h, ok: allowed(h) }).toEqual({ h, ok: true });
    for (const h of ["evil.example", "127.0.0.3", undefined, ""])
      expect({ h, ok: allowed(h) }).toEqual({ h, ok: false });
  });

  it("on another address with no list answers any host", () => {
    expect(hostMatcher("0.0.0.0", "")("anything.example")).toBe(true);
    expect(hostMatcher("::", "")(undefined)).toBe(true);
  });

  it("with a list answers only its names, on any address; * answers all", () => {
    const allowed = hostMatcher("0.0.0.0", "files.example");
    expect(allowed("files.example:443")).toBe(true);
    expect(allowed("other.example")).toBe(false);
    expect(hostMatcher("127.0.0.1", "files.example")("localhost")).toBe(false);
    expect(hostMatcher("127.0.0.1", "*")("anything.example")).toBe(true);
  });
});
