/**
 * @module Fuzzes whole tus uploads (creation, chunks at right and wrong offsets, too long, with a wrong content
 * type, HEAD between them, termination), modelling what the server accepted: never a 5xx, and a completed upload
 * holds exactly the bytes the answers acknowledged, in order, while a terminated one leaves no file.
 */
import fc from "fast-check";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import type { FuzzWorld } from "./fuzz-world";

/** One step after the creation. */
type Step =
  | { kind: "patch"; skew: number; share: number; over: number; contentType: string }
  | { kind: "head" }
  | { kind: "delete" };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant("patch" as const),
      // Mostly the agreed offset; sometimes one before or after it (409), or far off.
      skew: fc.oneof(
        { weight: 5, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.constantFrom(-1, 1, 1000, -1000) },
      ),
      // The chunk: a share of what remains (clients split uploads so), now and then `over` bytes more than remains.
      share: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
      over: fc.oneof(
        { weight: 6, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 100 }) },
      ),
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constant("application/offset+octet-stream") },
        { weight: 1, arbitrary: fc.constantFrom("text/plain", "") },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: "head" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "delete" as const }) },
);

let serial = 0;

/**
 * Runs `runs` fuzzed tus uploads as the admin under /uploads/ and checks every answer and the result on disk.
 * Returns the number of requests sent.
 */
export async function fuzzTusFlows(w: FuzzWorld, runs: number, seed: number, log = false): Promise<number> {
  const before = w.cases;
  const outcome = { completed: 0, terminated: 0, abandoned: 0, refusedChunks: 0 };
  const tus = async (method: string, path: string, headers: Record<string, string>, body?: Uint8Array) => {
    w.cases++;
    const res = await fetch(`${w.server.origin}/api/tus${path}`, {
      method,
      headers: { "X-Auth": w.admin, "Tus-Resumable": "1.0.0", ...headers },
      body: body as BodyInit | undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    if (res.status >= 500) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return res;
  };
  await fc
    .assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 0, max: 5000 })),
        fc.array(step, { maxLength: 12 }),
        async (length, steps) => {
          const path = `/uploads/tus-${++serial}.bin`;
          const created = await tus("POST", path, { "Upload-Length": String(length) });
          if (created.status !== 201) throw new Error(`creation of ${length} bytes answered ${created.status}`);
          let offset = 0;
          let data = new Uint8Array(0);
          let deleted = false;
          for (const s of steps) {
            if (deleted || offset >= length) break; // a zero-length upload is complete at creation
            if (s.kind === "head") {
              const res = await tus("HEAD", path, {});
              if (res.status !== 200 || res.headers.get("Upload-Offset") !== String(offset))
                throw new Error(
                  `HEAD answered ${res.status} offset ${res.headers.get("Upload-Offset")}, expected ${offset}`,
                );
              continue;
            }
            if (s.kind === "delete") {
              const res = await tus("DELETE", path, {});
              if (res.status !== 204) throw new Error(`DELETE answered ${res.status}`);
              if (existsSync(join(w.server.root, path))) throw new Error("a terminated upload left its file");
              deleted = true;
              continue;
            }
            const remaining = length - offset;
            const bytes = new Uint8Array(randomBytes(s.over ? remaining + s.over : Math.ceil(s.share * remaining)));
            const res = await tus(
              "PATCH",
              path,
              { "Upload-Offset": String(offset + s.skew), "Content-Type": s.contentType },
              bytes,
            );
            if (res.status === 204) {
              const next = Number(res.headers.get("Upload-Offset"));
              if (s.skew !== 0 || !(next >= offset && next <= offset + bytes.length))
                throw new Error(
                  `PATCH at ${offset + s.skew} (agreed ${offset}) of ${bytes.length} bytes answered 204 with offset ${next}`,
                );
              data = new Uint8Array([...data, ...bytes.slice(0, next - offset)]);
              offset = next;
            } else if (
              ++outcome.refusedChunks &&
              s.skew === 0 &&
              s.contentType === "application/offset+octet-stream" &&
              bytes.length <= length - offset
            ) {
              throw new Error(
                `a well-formed PATCH of ${bytes.length} bytes at ${offset} of ${length} answered ${res.status}`,
              );
            }
          }
          const file = join(w.server.root, path);
          outcome[deleted ? "terminated" : offset >= length ? "completed" : "abandoned"]++;
          if (!deleted && offset >= length) {
            const onDisk = existsSync(file) ? new Uint8Array(readFileSync(file)) : null;
            if (!onDisk || Buffer.compare(Buffer.from(onDisk), Buffer.from(data)) !== 0)
              throw new Error(
                `the completed upload of ${length} bytes holds ${onDisk?.length ?? "no"} bytes, not the ${data.length} acknowledged`,
              );
          } else if (!deleted) {
            if (existsSync(file)) throw new Error("an incomplete upload is visible under its name");
            await tus("DELETE", path, {});
          }
          return true;
        },
      ),
      { numRuns: runs, seed },
    )
    .catch((err: Error) => w.failures.push(`tus flow: ${err.message.split("\n").slice(0, 6).join("\n    ")}`));
  if (log) console.log(`fuzz: tus flows: ${runs} uploads ${JSON.stringify(outcome)}`);
  return w.cases - before;
}
