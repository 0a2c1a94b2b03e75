import { describe, expect, it } from "bun:test";
import { decode, encode, originalName } from "../../../src/server/fs/password-name";

describe('password-rename name codec (docs/product.md "Password-prefixed names")', () => {
  it("writes @ + password + @# + the original name", () => {
    expect(encode("secret", "movie.mkv")).toBe("@secret@#movie.mkv");
  });

  it("writes ':' as 'x!x' and '/' as 'x#x' in the password, and reads them back", () => {
    const name = encode("a:b/c", "notes.zip");
    expect(name).toBe("@ax!xbx#xc@#notes.zip");
    expect(decode(name)).toEqual({ password: "a:b/c", name: "notes.zip" });
  });

  it("gives the original name for an empty password", () => {
    expect(encode("", "notes.zip")).toBe("notes.zip");
  });

  it("round-trips passwords with @, # and spaces", () => {
    for (const pw of ["p@ss", "#1", "two words", "x", "@", "a@b#c"]) {
      expect(decode(encode(pw, "f.txt"))).toEqual({ password: pw, name: "f.txt" });
    }
  });

  it("finds no password in ordinary names, including ones that start with @", () => {
    expect(decode("movie.mkv")).toBeNull();
    expect(decode("@home.txt")).toBeNull();
    expect(decode("@@#x")).toBeNull();
    expect(decode("@pw@#")).toBeNull();
    expect(originalName("plain.txt")).toBe("plain.txt");
    expect(originalName("@pw@#plain.txt")).toBe("plain.txt");
  });

  it("refuses a password holding the @# separator", () => {
    expect(() => encode("a@#b", "f.txt")).toThrow("the password must not contain @#");
  });
});
