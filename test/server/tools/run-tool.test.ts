import { describe, expect, it } from "bun:test";
import { runTool } from "../../../src/server/tools/run-tool";

/** Runs bash with `script` (a fixed test script, never user input) and collects stdout both ways. */
async function lines(script: string) {
  const text: string[] = [];
  const raw: string[] = [];
  await runTool({
    cmd: "bash", args: ["-c", script], signal: new AbortController().signal,
    onStdoutLine: (l) => text.push(l), onStdoutRawLine: (l) => raw.push(Buffer.from(l).toString("hex")),
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
    const { text, raw } = await lines(String.raw`printf 'ab\xe4'; sleep 0.1; printf '\xb8\xadcd\nnext'; sleep 0.1; printf '\n'`);
    expect(raw).toEqual(["6162e4b8ad6364", "6e657874"]);
    expect(text).toEqual(["ab中cd", "next"]);
  });

  it("keeps the text lines alone when no raw callback is given", async () => {
    const text: string[] = [];
    await runTool({ cmd: "printf", args: ["one\\ntwo\\n"], signal: new AbortController().signal, onStdoutLine: (l) => text.push(l) });
    expect(text).toEqual(["one", "two"]);
  });

  it("hands stdout over unchanged, blank lines and line ends kept, to a chunk callback", async () => {
    const chunks: Uint8Array[] = [];
    const text: string[] = [];
    await runTool({
      cmd: "bash", args: ["-c", String.raw`printf 'General\n\nAudio\r\n'; sleep 0.1; printf '\n  end'`], signal: new AbortController().signal,
      onStdoutChunk: (c) => chunks.push(c), onStdoutLine: (l) => text.push(l),
    });
    expect(Buffer.concat(chunks).toString()).toBe("General\n\nAudio\r\n\n  end");
    expect(text).toEqual(["General", "Audio", "  end"]);
  });
});
