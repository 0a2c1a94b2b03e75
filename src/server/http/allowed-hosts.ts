/**
 * @module Which `Host` names the server answers for (`--allowed-hosts`, docs/interfaces.md "Allowed hosts";
 * docs/security.md "Host names"): a page of another site that re-points its own name at this server (DNS rebinding) is
 * answered 421 instead of reading or writing files. Pure: the app's common middleware feeds it.
 */

/**
 * The loopback names a server on a loopback address answers for when no list is set (docs/interfaces.md "Allowed
 * hosts").
 */
export const LOOPBACK_HOST_NAMES: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

/** `*` in the list answers every host name. */
const ANY_HOST = "*";

/** A host name with an optional port: a bracketed IPv6 literal or a name without spaces, `:`, `/`, `@` or brackets. */
const HOST_WITH_PORT = /^(\[[0-9a-f:.]+\]|[^\s:/@[\]\\?#]+)(?::(\d{1,5}))?$/i;

/**
 * The host name of a `Host` value or list entry, lower case, without its port and trailing dot
 * (`Files.Example.:8443` -> `files.example`, `[::1]:80` -> `[::1]`); null when it is not a host name.
 */
export function hostName(value: string): string | null {
  const m = HOST_WITH_PORT.exec(value.trim());
  if (!m) return null;
  const name = m[1]!.toLowerCase().replace(/\.$/, "");
  return name || null;
}

/** True for an address only this machine reaches: 127.0.0.0/8, ::1 (bracketed or not, also IPv4-mapped) and localhost. */
export function isLoopbackAddress(address: string): boolean {
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  return a === "localhost" || a === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/**
 * Parses the comma-separated `--allowed-hosts` value into host names (ports dropped, an IPv6 literal with or
 * without brackets; `*` kept as is).
 * @throws Error naming the first entry that is not a host name.
 */
export function parseAllowedHosts(list: string): string[] {
  const names: string[] = [];
  for (const entry of list
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const bare = (entry.match(/:/g) ?? []).length > 1 && !entry.startsWith("[") ? `[${entry}]` : entry;
    const name = entry === ANY_HOST ? ANY_HOST : hostName(bare);
    if (!name) throw new Error(`--allowed-hosts: ${JSON.stringify(entry)} is not a host name`);
    names.push(name);
  }
  return names;
}

/**
 * The host check of a server listening on `address` with the `--allowed-hosts` value `list`: a predicate over
 * the request's `Host` value (undefined when absent). An empty list means the loopback names (and the listen
 * address itself) on a loopback address and any host elsewhere; `*` in the list means any host.
 * @throws Error for a malformed list (see parseAllowedHosts).
 */
export function hostMatcher(address: string, list: string): (host: string | undefined) => boolean {
  const names = parseAllowedHosts(list);
  if (names.length === 0 && !isLoopbackAddress(address)) return () => true;
  if (names.includes(ANY_HOST)) return () => true;
  const allowed = new Set(names.length > 0 ? names : [...LOOPBACK_HOST_NAMES, ...parseAllowedHosts(address)]);
  return (host) => {
    const name = host === undefined ? null : hostName(host);
    return name !== null && allowed.has(name);
  };
}
