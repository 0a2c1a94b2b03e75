import { describe, expect, it } from "bun:test";
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runTool } from "../../../src/server/tools/run-tool";
import { pinDir } from "../../../src/server/fs/beneath";

/** Runs bash with `script` (a fixed test script, never user input) and collects stdout both ways. */
async function lines(script: string) {
  const text: string[] = [];
  const raw: string[] = [];
  await runTool({
    cmd: "bash",
    args: ["-c", script],
    signal: new AbortController().signal,
    onStdoutLine: (l) => text.push(l),
    onStdoutRawLine: (l) => raw.push(Buffer.from(l).toString("hex")),
  });
  return { text, raw };
}

describe("runTool's stdout lines", () => {
  it("gives raw lines byte for byte beside the UTF-8 text lines, split and skipped alike", async () => {
    // GBK "中文", a UTF-8 "é", 7-Zip's backspaces, \r, a blank line, and a last line without its end.
    const { text, raw } = await lines(String.raw`printf 'a\xd6\xd0\xce\xc4\n\xc3\xa9\b\b42%%\r\n  \nlast'`);
    expect(raw).toEqual(["61d6d0cec4", "c3a9", "343225", "6c617374"]);
    expect(text).toEqual(["a\uFFFD\uFFFD\uFFFD\uFFFD", "é", "42%", "last"]);
  });

  it("joins a line the tool wrote in several pieces, also inside a multi-byte character", async () => {
    const { text, raw } = await lines(
      String.raw`printf 'ab\xe4'; sleep 0.1; printf '\xb8\xadcd\nnext'; sleep 0.1; printf '\n'`,
    );
    expect(raw).toEqual(["6162e4b8ad6364", "6e657874"]);
    expect(text).toEqual(["ab中cd", "next"]);
  });

  it("keeps the text lines alone when no raw callback is given", async () => {
    const text: string[] = [];
    await runTool({
      cmd: "printf",
      args: ["one\\ntwo\\n"],
      signal: new AbortController().signal,
      onStdoutLine: (l) => text.push(l),
    });
    expect(text).toEqual(["one", "two"]);
  });

  it("hands stdout over unchanged, blank lines and line ends kept, to a chunk callback", async () => {
    const chunks: Uint8Array[] = [];
    const text: string[] = [];
    await runTool({
      cmd: "bash",
      args: ["-c", String.raw`printf 'General\n\nAudio\r\n'; sleep 0.1; printf '\n  end'`],
      signal: new AbortController().signal,
      onStdoutChunk: (c) => chunks.push(c),
      onStdoutLine: (l) => text.push(l),
    });
    expect(Buffer.concat(chunks).toString()).toBe("General\n\nAudio\r\n\n  end");
    expect(text).toEqual(["General", "Audio", "  end"]);
  });
});

describe("runTool's inherited descriptors", () => {
  it("gives the output folder as descriptor 4, whose path writes into that very folder after its name became a link elsewhere", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fbe-run-tool-"));
    try {
      mkdirSync(join(dir, "scope", "out"), { recursive: true });
      mkdirSync(join(dir, "elsewhere"));
      writeFileSync(join(dir, "in.txt"), "input");
      const out = pinDir(join(dir, "scope"), "/out");
      const input = openSync(join(dir, "in.txt"), "r");
      try {
        // The folder checked is renamed and its old name now leads out, as a swap would make it.
        renameSync(join(dir, "scope", "out"), join(dir, "scope", "moved"));
        symlinkSync(join(dir, "elsewhere"), join(dir, "scope", "out"));
        const signal = new AbortController().signal;
        await runTool({
          cmd: "bash",
          args: ["-c", "cat /proc/self/fd/3 > /proc/self/fd/4/copy.txt"],
          inputFd: input,
          outputDirFd: out.fd,
          signal,
        });
        // Without an input, descriptor 3 stays closed and the folder is still descriptor 4.
        await runTool({
          cmd: "bash",
          args: ["-c", "[ ! -e /proc/self/fd/3 ] && echo alone > /proc/self/fd/4/alone.txt"],
          outputDirFd: out.fd,
          signal,
        });
      } finally {
        closeSync(input);
        out.close();
      }
      expect(readFileSync(join(dir, "scope", "moved", "copy.txt"), "utf8")).toBe("input");
      expect(readFileSync(join(dir, "scope", "moved", "alone.txt"), "utf8")).toBe("alone\n");
      expect(readdirSync(join(dir, "elsewhere"))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
