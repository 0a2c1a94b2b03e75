import { mkdtempSync, writeFileSync, unlinkSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchLogin, curlDownload, startBinary } from "./bench-server";
const root = "/work/bench-data/listing";
const home = mkdtempSync(join(tmpdir(), "fbe-cold-"));
const { proc, url } = await startBinary(process.argv[2] ?? "dist/fbe", root, home);
const token = await benchLogin(url);
const h = { "X-Auth": token };
const u = `${url}/api/resources/flat-100000/`;
for (let i = 0; i < 3; i++) console.log("warm", ((await curlDownload(u, h)).s * 1000).toFixed(0));
for (let i = 0; i < 6; i++) {
  const f = join(root, "flat-100000", "stir.tmp");
  if (existsSync(f)) unlinkSync(f); else writeFileSync(f, "x");
  await Bun.sleep(300);
  console.log("cold", ((await curlDownload(u, h)).s * 1000).toFixed(0), "cached", ((await curlDownload(u, h)).s * 1000).toFixed(0));
}
proc.kill("SIGTERM"); await proc.exited;
