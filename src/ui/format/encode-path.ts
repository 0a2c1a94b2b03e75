/** @module Resource paths: per-segment URL encoding (docs/product.md "Names") and path arithmetic. */

/** Encodes each segment of a path, keeping the slashes: "/a b/#1/" -> "/a%20b/%231/". */
export function encodePath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

/** Decodes each segment of an encoded path; a broken escape is kept as it is. */
export function decodePath(path: string): string {
  return path
    .split("/")
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .join("/");
}

/** The parent folder of a path, always ending with "/": "/a/b.txt" -> "/a/", "/a/b/" -> "/a/", "/" -> "/". */
export function parentPath(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  const cut = trimmed.lastIndexOf("/");
  return cut <= 0 ? "/" : `${trimmed.slice(0, cut)}/`;
}

/** Joins a folder path and a child name: ("/a/", "b c") -> "/a/b c". */
export function joinPath(dir: string, name: string): string {
  return `${dir.endsWith("/") ? dir : `${dir}/`}${name}`;
}

/** The UI route of a resource path: "/a b/" -> "/files/a%20b/". */
export function filesRoute(path: string): string {
  return `/files${encodePath(path.startsWith("/") ? path : `/${path}`)}`;
}

/**
 * The resource path (decoded) of a raw, still-encoded pathname below the base URL:
 * "/app/files/a%20b/" with base "/app" -> "/a b/". Anything outside /files gives "/".
 */
export function resourcePathOf(rawPathname: string, baseURL: string): string {
  let p = rawPathname;
  if (baseURL && p.startsWith(baseURL)) p = p.slice(baseURL.length);
  if (!p.startsWith("/files")) return "/";
  p = p.slice("/files".length);
  return decodePath(p.startsWith("/") ? p : `/${p}`);
}
