/**
 * @module Upload figures: 1 GiB sent as one plain POST (/api/resources) and resumably through tus (/api/tus: a
 * creation, then PATCH chunks of the UI's default size and of the largest the server takes), the same client
 * (Bun's fetch streaming a file slice) for both; median of RUNS, alternating, with the load average.
 */
import { mkdtempSync, rmSync, openSync, writeSync, closeSync, unlinkSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { BINARY } from "../scripts/build";
import { benchLogin, startBinary } from "./bench-server";
import { TUS_MAX_CHUNK_BYTES } from "../src/server/constants";
import { TUS_CHUNK_BYTES } from "../src/shared/wire/upload";

const SIZE = 1024 * 1024 * 1024;
const RUNS = 3;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Writes `bytes` of incompressible data (one random MiB repeated) to `path`. */
function makeFile(path: string, bytes: number): void {
  const block = randomBytes(1024 * 1024);
  const fd = openSync(path, "w");
  for (let done = 0; done < bytes; done += block.length) writeSync(fd, block, 0, Math.min(block.length, bytes - done));
  closeSync(fd);
}

/** Sends the file in one POST; returns seconds. */
async function plainPost(url: string, token: string, file: string, name: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${url}/api/resources/${name}?override=true`, {
    method: "POST",
    headers: { "X-Auth": token },
    body: Bun.file(file),
  });
  if (res.status !== 200) throw new Error(`plain upload: ${res.status} ${await res.text()}`);
  return (performance.now() - t) / 1000;
}

/** Sends the file through tus in chunks of `chunk` bytes; returns seconds (creation included). */
async function tusUpload(url: string, token: string, file: string, name: string, chunk: number): Promise<number> {
  const headers = { "X-Auth": token, "Tus-Resumable": "1.0.0" };
  const t = performance.now();
  const created = await fetch(`${url}/api/tus/${name}?override=true`, {
    method: "POST",
    headers: { ...headers, "Upload-Length": String(SIZE) },
  });
  if (created.status !== 201) throw new Error(`tus creation: ${created.status} ${await created.text()}`);
  for (let offset = 0; offset < SIZE; offset += chunk) {
    const body = Bun.file(file).slice(offset, Math.min(SIZE, offset + chunk));
    const res = await fetch(`${url}/api/tus/${name}`, {
      method: "PATCH",
      headers: { ...headers, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
      body,
    });
    if (res.status !== 204) throw new Error(`tus PATCH at ${offset}: ${res.status} ${await res.text()}`);
  }
  return (performance.now() - t) / 1000;
}

/** Runs the benchmark and returns printable rows. */
export async function benchUpload(): Promise<string[]> {
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-upload-"));
  const root = join(home, "files");
  const source = join(home, "source.bin");
  makeFile(source, SIZE);
  const { proc, url } = await startBinary(BINARY, root, home);
  const token = await benchLogin(url);
  const kinds = {
    plain: (n: string) => plainPost(url, token, source, n),
    tusDefault: (n: string) => tusUpload(url, token, source, n, TUS_CHUNK_BYTES),
    tusMax: (n: string) => tusUpload(url, token, source, n, TUS_MAX_CHUNK_BYTES),
  };
  const times: Record<keyof typeof kinds, number[]> = { plain: [], tusDefault: [], tusMax: [] };
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const kind of Object.keys(kinds) as Array<keyof typeof kinds>) {
        const name = `${kind}-${i}.bin`;
        times[kind].push(await kinds[kind](name));
        unlinkSync(join(root, name));
      }
    }
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
    rmSync(home, { recursive: true, force: true });
  }
  const mbps = (s: number) => SIZE / 1e6 / s;
  const plain = mbps(median(times.plain));
  const row = (label: string, v: number) =>
    `  ${label.padEnd(34)}${v.toFixed(0).padStart(6)} MB/s  (${(v / plain).toFixed(2)}x plain)`;
  return [
    `upload 1 GiB, median of ${RUNS} (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")})`,
    row("plain POST /api/resources", plain),
    row(`tus, ${TUS_CHUNK_BYTES / 1048576} MiB chunks (UI default)`, mbps(median(times.tusDefault))),
    row(`tus, ${TUS_MAX_CHUNK_BYTES / 1048576} MiB chunks (largest)`, mbps(median(times.tusMax))),
    `  goal: tus >= 0.9x plain`,
  ];
}

if (import.meta.main) for (const line of await benchUpload()) console.log(line);
