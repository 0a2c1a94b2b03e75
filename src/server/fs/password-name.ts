/**
 * @module The password-rename name codec (docs/product.md "Password-prefixed names"): `@` + password + `@#` + original
 * name, with ':' written as 'x!x' and '/' as 'x#x' in the password so the result is a valid file name.
 */
import { BadRequest } from "../errors";

const PREFIX = "@";
const SEPARATOR = "@#";

function escapePassword(password: string): string {
  return password.replaceAll(":", "x!x").replaceAll("/", "x#x");
}

function unescapePassword(escaped: string): string {
  return escaped.replaceAll("x!x", ":").replaceAll("x#x", "/");
}

/**
 * The file name that carries `password` for the file originally called `name`: ("s3:cr/t", "a.zip") gives
 * "@s3x!xcrx#xt@#a.zip". An empty password gives `name` itself (renaming back).
 * @throws BadRequest (400) when the password holds "@#", which would make the name ambiguous to decode.
 */
export function encode(password: string, name: string): string {
  if (password === "") return name;
  if (password.includes(SEPARATOR)) throw new BadRequest("the password must not contain @#");
  return `${PREFIX}${escapePassword(password)}${SEPARATOR}${name}`;
}

/**
 * Reads a name written by `encode`: "@s3x!xcrx#xt@#a.zip" gives {password: "s3:cr/t", name: "a.zip"}.
 * Returns null for a name that carries no password (it does not start with "@" or has no "@#" after it).
 */
export function decode(fileName: string): { password: string; name: string } | null {
  if (!fileName.startsWith(PREFIX)) return null;
  const end = fileName.indexOf(SEPARATOR, PREFIX.length + 1);
  if (end < 0 || end + SEPARATOR.length >= fileName.length) return null;
  return {
    password: unescapePassword(fileName.slice(PREFIX.length, end)),
    name: fileName.slice(end + SEPARATOR.length),
  };
}

/** The original name of a file, whether or not it carries a password. */
export function originalName(fileName: string): string {
  return decode(fileName)?.name ?? fileName;
}
