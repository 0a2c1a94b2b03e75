/**
 * @module First-load figures: the bytes a fresh Chromium profile transfers on the wire to open `/files/` of a
 * small folder while logged in (HTML, scripts, styles, fonts, the listing JSON), beside the 200 KB goal of
 * the issue "A light first load", then the bytes of a second, warm load of the same page.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { BINARY } from "../scripts/build";
import { benchLogin, startBinary } from "./bench-server";
import { CHROMIUM, CHROMIUM_ARGS } from "../test/support/chromium";

/** The issue's goal for the first load of /files/, in bytes (200 KB). */
const GOAL_BYTES = 200 * 1000;
const BIGGEST_SHOWN = 5;

/** One finished request: its URL and the bytes it took on the wire (headers and body, as Chromium counts). */
interface Transfer {
  url: string;
  bytes: number;
  encoding: string;
}

/** Loads `url` in `page` and returns every request that finished, with CDP's encodedDataLength. */
async function measureLoad(page: Page, url: string): Promise<Transfer[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const urls = new Map<string, { url: string; encoding: string }>();
  const done: Transfer[] = [];
  cdp.on("Network.requestWillBeSent", (e) => urls.set(e.requestId, { url: e.request.url, encoding: "" }));
  cdp.on("Network.responseReceived", (e) => {
    const r = urls.get(e.requestId);
    if (r) r.encoding = e.response.headers["content-encoding"] ?? e.response.headers["Content-Encoding"] ?? "";
  });
  cdp.on("Network.loadingFinished", (e) => {
    const r = urls.get(e.requestId);
    if (r) done.push({ ...r, bytes: e.encodedDataLength });
  });
  await page.goto(url);
  await page.getByRole("region", { name: "Folder contents" }).waitFor();
  await page.waitForLoadState("networkidle");
  await cdp.detach();
  return done;
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

function shortName(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

function summary(label: string, transfers: Transfer[]): { total: number; lines: string[] } {
  const total = transfers.reduce((s, t) => s + t.bytes, 0);
  const onWire = transfers.filter((t) => t.bytes > 0);
  const lines = [
    `${label.padEnd(32)}${kb(total).padStart(10)} in ${onWire.length} requests on the wire (${transfers.length} in all)`,
  ];
  for (const t of [...onWire].sort((a, b) => b.bytes - a.bytes).slice(0, BIGGEST_SHOWN)) {
    lines.push(`    ${kb(t.bytes).padStart(10)}  ${shortName(t.url)}${t.encoding ? ` (${t.encoding})` : ""}`);
  }
  return { total, lines };
}

/** Runs the benchmark against `binary` (default dist/fbe) and returns printable rows. */
export async function benchFirstLoad(binary = BINARY): Promise<string[]> {
  const home = mkdtempSync(join(tmpdir(), "fbe-bench-load-"));
  const root = join(home, "files");
  mkdirSync(join(root, "photos"), { recursive: true });
  for (let i = 0; i < 10; i++) writeFileSync(join(root, `note-${i}.txt`), `note ${i}\n`);
  const { proc, url } = await startBinary(binary, root, home);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const token = await benchLogin(url);
    // A fresh profile (new context) with the session already stored, as after a login in an earlier visit.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((t) => localStorage.getItem("jwt") || localStorage.setItem("jwt", t), token);
    const page = await context.newPage();
    const cold = summary("first load of /files/ (cold)", await measureLoad(page, `${url}/files/`));
    await page.goto("about:blank");
    const warm = summary("second load of /files/ (warm)", await measureLoad(page, `${url}/files/`));
    await context.close();
    return [
      ...cold.lines,
      `  goal                          ${kb(GOAL_BYTES).padStart(10)}`,
      `  ratio first load / goal       ${(cold.total / GOAL_BYTES).toFixed(2).padStart(9)}x (lower is better, <= 1 meets the goal)`,
      ...warm.lines,
      `  ratio warm / first load       ${(warm.total / cold.total).toFixed(2).padStart(9)}x (lower is better)`,
    ];
  } finally {
    await browser.close();
    proc.kill("SIGTERM");
    await proc.exited;
    rmSync(home, { recursive: true, force: true });
  }
}

// `bun bench/first-load.ts [binary]` measures another build, e.g. a copy of an earlier dist/fbe.
if (import.meta.main) for (const line of await benchFirstLoad(process.argv[2])) console.log(line);
