/**
 * @module Fuzzes the command runner's line checker through the real socket (`/api/command/`): the admin may run
 * only `echo` and the server has no shell (the settings of a fresh install), so a hostile line either runs
 * /bin/echo with harmless arguments or is refused. Each line must get its answer (refused, or start ... end),
 * never a leak, and the socket must stay open.
 */
import fc from "fast-check";
import { anyText } from "./fuzz-arbitraries";
import { adminSocket, leakIn, stillServing, type FuzzWorld } from "./fuzz-world";
import { call } from "./factories";

/** Lines that try every trick of the checker: operators, substitutions, globs, quotes, control bytes, sizes. */
const TRICKS = [
  "echo a | rm x",
  "echo $(id)",
  "echo `id`",
  "echo 'unclosed",
  'echo "unclosed',
  "echo a; ls",
  "echo a && ls",
  "echo a || ls",
  "echo a > /tmp/x",
  "echo a < /etc/passwd",
  "echo a &",
  "rm -rf /",
  "ls *",
  "*",
  "",
  "   ",
  "echo \u0000",
  "echo \u001b[31m",
  "echo ${HOME}",
  "echo ~root",
  "echo \\",
  "ECHO a",
  "/bin/echo a",
  "./echo",
  "echo\ta",
  "echo a\nls",
  `echo ${"a".repeat(70000)}`,
  "echo 'a' \"b\" c\\ d",
];

const line: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKS) },
  { weight: 2, arbitrary: anyText.map((t) => `echo ${t}`) },
  { weight: 1, arbitrary: anyText },
);

/** Sends `runs` lines one at a time, each after the answer to the one before. Returns the number of lines. */
export async function fuzzCommandSocket(w: FuzzWorld, runs: number, seed: number, log = false): Promise<number> {
  const started = performance.now();
  const allow = await call(w.server, w.admin, "PUT", "/users/1", {
    what: "user",
    which: ["commands"],
    data: { commands: ["echo"] },
  });
  if (allow.status !== 200) throw new Error(`allowing echo failed: ${allow.status}`);
  const { ws, messages, closed: closedNow } = await adminSocket(w, "/api/command/");
  const lines = fc.sample(line, { numRuns: runs, seed });
  for (const l of lines) {
    const from = messages.length;
    ws.send(l);
    const deadline = Date.now() + 10_000;
    const answered = () => messages.slice(from).some((m) => /"type":"(refused|end)"/.test(m));
    while (!answered() && !closedNow() && Date.now() < deadline) await Bun.sleep(5);
    if (closedNow() || !answered()) {
      w.failures.push(
        `command connection ${closedNow() ?? "gave no answer within 10 s"} after the line ${JSON.stringify(l.slice(0, 200))}`,
      );
      break;
    }
  }
  ws.close();
  w.cases += lines.length;
  if (log) {
    const kinds: Record<string, number> = {};
    for (const m of messages) {
      const k = /"type":"(\w+)"/.exec(m)?.[1] ?? "?";
      kinds[k] = (kinds[k] ?? 0) + 1;
    }
    console.log(
      `fuzz: command lines: ${lines.length} in ${Math.round(performance.now() - started)} ms ${JSON.stringify(kinds)}`,
    );
  }
  for (const m of messages) {
    const leak = leakIn(m);
    if (leak) w.failures.push(`command connection answered ${m.slice(0, 300)}`);
  }
  const dead = await stillServing(w);
  if (dead) w.failures.push(`after the command lines: ${dead}`);
  return lines.length;
}
