/** A visitor's upload into an upload-only link goes by tus, so a dropped connection resumes instead of starting over. */
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, writeTree } from "./fixtures";
import { createLink, openShare, visitorPage } from "./share-fixtures";

const CHUNK = 256 * 1024;
let dropHash: string;

test.use({
  serverOptions: {
    // Small chunks: each is its own request, so a failed one is retried from the server's offset.
    env: { FBE_TUS_CHUNK_BYTES: String(CHUNK) },
    prepare: async (server) => {
      writeTree(server.root, { "inbox/": "" });
      dropHash = await createLink(server, "/inbox/", "?expires=1&unit=hours", { uploadOnly: true });
    },
  },
});

test("a visitor's big upload into an upload-only link resumes from the server's offset after the connection drops", async ({
  browser,
  server,
}) => {
  const page = await visitorPage(browser);
  const data = randomBytes(6 * CHUNK);
  const seen: string[] = [];
  let dropped = false;
  await page.route("**/api/public/**", async (route) => {
    const req = route.request();
    if (req.method() !== "GET") seen.push(`${req.method()} ${req.headers()["upload-offset"] ?? "-"}`);
    // The third chunk never arrives: the connection drops under it.
    if (!dropped && req.method() === "PATCH" && req.headers()["upload-offset"] === String(2 * CHUNK)) {
      dropped = true;
      return route.abort("connectionreset");
    }
    return route.continue();
  });
  await openShare(page, server, dropHash);
  await page
    .getByLabel("Choose files")
    .setInputFiles({ name: "holiday.bin", mimeType: "application/octet-stream", buffer: data });
  await expect(page.getByRole("listitem").filter({ hasText: "holiday.bin" })).toContainText("Uploaded", {
    timeout: 30_000,
  });
  const stored = readFileSync(join(server.root, "inbox", "holiday.bin"));
  expect(createHash("sha256").update(stored).digest("hex")).toBe(createHash("sha256").update(data).digest("hex"));
  expect(dropped).toBe(true);
  // One creation; after the drop the client asked where the upload stood and sent the rest from there.
  expect(seen.filter((r) => r.startsWith("POST"))).toHaveLength(1);
  const after = seen.slice(seen.lastIndexOf(`PATCH ${2 * CHUNK}`) - 1);
  expect(after).toContain("HEAD -");
  expect(seen.filter((r) => r === "PATCH 0")).toHaveLength(1);
  await page.context().close();
});
