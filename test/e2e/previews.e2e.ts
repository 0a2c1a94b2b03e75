/**
 * @module Browser tests of the preview views (docs/product.md "Preview"): the audio playlist player, the embedded
 * pdf, .nfo text, the archive table and its encrypted-archive refusal, and the rendered markdown. Media is made
 * here with the real ffmpeg and 7-Zip (archives.ts runs 7-Zip through Bun, which the Playwright runner is not).
 */
import type { Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ffmpeg } from "../support/media";
import { expect, test, createUser, item, openFolder, screenshot, signInAs, writeTree, TOUCH_PHONE } from "./fixtures";

/** A 1 s sine tone with `tags` written by ffmpeg -metadata (ID3v2 for mp3, Vorbis comments for FLAC). */
function tone(path: string, tags: Record<string, string>, frequency = 440): Promise<void> {
  const codec = path.endsWith(".flac")
    ? ["-c:a", "flac"]
    : ["-c:a", "libmp3lame", "-b:a", "64k", "-id3v2_version", "3"];
  const meta = Object.entries(tags).flatMap(([k, v]) => ["-metadata", `${k}=${v}`]);
  return ffmpeg(["-f", "lavfi", "-i", `sine=frequency=${frequency}:duration=1`, "-ac", "1", ...codec, ...meta, path]);
}

/** A one-page PDF drawing "Hello PDF", written byte for byte (PDF 1.4, ISO 32000-1 §7.5: xref offsets computed). */
function minimalPdf(): Buffer {
  const stream = "BT /F1 36 Tf 72 700 Td (Hello PDF) Tj ET";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** An .nfo in CP437: a double-line box (0xC9 0xCD 0xBB 0xBA 0xC8 0xBC) around a title, then a row of full blocks (0xDB). */
const NFO_CP437 = Buffer.concat([
  Buffer.from([0xc9, ...Array(9).fill(0xcd), 0xbb, 0x0d, 0x0a]),
  Buffer.from([0xba]),
  Buffer.from(" RELEASE ", "latin1"),
  Buffer.from([0xba, 0x0d, 0x0a]),
  Buffer.from([0xc8, ...Array(9).fill(0xcd), 0xbc, 0x0d, 0x0a]),
  Buffer.from([...Array(11).fill(0xdb), 0x0d, 0x0a]),
  // An 80-column rule of shaded blocks (0xB0 0xB1 0xB2), as wide as nfo art usually is.
  Buffer.from([
    ...Array(80)
      .fill(0)
      .map((_, i) => 0xb0 + (i % 3)),
    0x0d,
    0x0a,
  ]),
]);

/** The name of track `i` of the long playlist. */
const longTrack = (i: number) => `track ${String(i).padStart(2, "0")} with a rather long name to cut.mp3`;

/** Runs 7-Zip in `cwd`. */
function sevenZip(cwd: string, args: string[]): void {
  execFileSync("7zz", ["a", "-bd", ...args], { cwd, stdio: "pipe" });
}

test.use({
  serverOptions: {
    prepare: async (server) => {
      const root = server.root;
      mkdirSync(join(root, "music"), { recursive: true });
      mkdirSync(join(root, "longlist"), { recursive: true });
      await tone(join(root, "music", "a-one.mp3"), {
        title: "First Tone",
        artist: "The Sine Waves",
        album: "Generated Album",
        date: "2021",
      });
      await tone(
        join(root, "music", "b-two.flac"),
        { TITLE: "Second Tone", ARTIST: "The Sine Waves", ALBUM: "Generated Album", DATE: "2022" },
        660,
      );
      await tone(join(root, "music", "c-three.mp3"), {}, 880);
      // A folder with more tracks than the screen holds: the playlist scrolls inside the preview.
      for (let i = 1; i <= 30; i++)
        copyFileSync(join(root, "music", "c-three.mp3"), join(root, "longlist", longTrack(i)));
      const src = join(server.home, "zip-src");
      writeTree(src, { "top.txt": "top", "dir/inner.txt": "inner text", "dir/sub/deep.txt": "deep ".repeat(200) });
      mkdirSync(join(root, "arch"), { recursive: true });
      sevenZip(src, ["-tzip", join(root, "arch", "tree.zip"), "top.txt", "dir"]);
      // -mhe=on encrypts the names too: nothing can be listed without the password.
      sevenZip(src, ["-psecret", "-mhe=on", join(root, "arch", "locked.7z"), "top.txt"]);
      rmSync(src, { recursive: true, force: true });
      // 1005 entries: more than the table renders at once.
      const many = join(server.home, "many-src");
      writeTree(
        many,
        Object.fromEntries(Array.from({ length: 1005 }, (_, i) => [`f${String(i).padStart(4, "0")}.txt`, String(i)])),
      );
      sevenZip(many, ["-tzip", join(root, "arch", "many.zip"), "."]);
      rmSync(many, { recursive: true, force: true });
      writeTree(root, {
        "music/notes.txt": "not audio",
        "docs/paper.pdf": minimalPdf(),
        "docs/art.nfo": NFO_CP437,
        "docs/readme.md": "# Hello Markdown\n\nSome *emphasis* here. See [the other page](other.md).\n",
        "docs/other.md": "# Other Page\n",
      });
      await createUser(server, "reader", "reader-password-1", { download: true });
      await createUser(server, "looker", "looker-password-1", {});
    },
  },
});

const preview = (page: Page) => page.getByRole("region", { name: "File preview" });
const playlist = (page: Page) => page.getByRole("list", { name: "Playlist" });
const track = (page: Page, name: string) => playlist(page).getByRole("button", { name, exact: true });

test.describe("as the admin", () => {
  test("the audio playlist plays through the folder, showing each track's tags, on one player", async ({
    signedIn: page,
    server,
  }) => {
    const playlistCalls: string[] = [];
    page.on("request", (r) => r.url().includes("playlist=audio") && playlistCalls.push(r.url()));
    await openFolder(page, server, "/music/");
    await item(page, "a-one.mp3").dblclick();
    await expect(page).toHaveURL(`${server.url}/files/music/a-one.mp3`);
    // The folder's audio files in listing order, not the text file; the opened one is current.
    await expect(playlist(page).locator(".audio-track-name")).toHaveText(["a-one.mp3", "b-two.flac", "c-three.mp3"]);
    await expect(track(page, "a-one.mp3")).toHaveAttribute("aria-current", "true");
    await expect(preview(page).getByRole("heading", { name: "First Tone" })).toBeVisible();
    await expect(preview(page).getByText("The Sine Waves")).toBeVisible();
    await expect(preview(page).getByText("2021")).toBeVisible();
    const audio = preview(page).locator("audio");
    // Marks the element: a new player for the next track would not carry the mark.
    await audio.evaluate((el) => (el.dataset.mark = "first"));
    await track(page, "a-one.mp3").click();
    // The 1 s tone ends and the next track plays, the route following it.
    await expect(page).toHaveURL(`${server.url}/files/music/b-two.flac`, { timeout: 8000 });
    await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText("b-two.flac");
    await expect(track(page, "b-two.flac")).toHaveAttribute("aria-current", "true");
    await expect(preview(page).getByRole("heading", { name: "Second Tone" })).toBeVisible();
    await expect(preview(page).getByText("2022")).toBeVisible();
    await expect(audio).toHaveAttribute("data-mark", "first");
    await expect(audio).toHaveAttribute("src", /b-two\.flac/);
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => !el.paused && el.currentTime > 0)).toBe(true);
    // The untagged last track shows its file name; playback stops at the end of the folder.
    await expect(page).toHaveURL(`${server.url}/files/music/c-three.mp3`, { timeout: 8000 });
    await expect(preview(page).getByRole("heading", { name: "c-three", exact: true })).toBeVisible();
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.ended), { timeout: 8000 }).toBe(true);
    await expect(page).toHaveURL(`${server.url}/files/music/c-three.mp3`);
    await expect(audio).toHaveAttribute("data-mark", "first");
    // One playlist for the whole folder: the previews of the next tracks did not start over.
    expect(playlistCalls).toHaveLength(1);
  });

  test("the track buttons and the bar's previous/next move along the playlist", async ({ signedIn: page, server }) => {
    await page.goto(`${server.url}/files/music/b-two.flac`);
    await expect(track(page, "b-two.flac")).toHaveAttribute("aria-current", "true");
    await preview(page).getByRole("button", { name: "Previous track", exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/files/music/a-one.mp3`);
    await expect(track(page, "a-one.mp3")).toHaveAttribute("aria-current", "true");
    await expect(preview(page).getByRole("button", { name: "Previous track", exact: true })).toBeDisabled();
    await preview(page).getByRole("button", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/files/music/b-two.flac`);
    await expect(track(page, "b-two.flac")).toHaveAttribute("aria-current", "true");
    await expect(preview(page).locator("audio")).toHaveAttribute("src", /b-two\.flac/);
    await track(page, "c-three.mp3").click();
    await expect(page).toHaveURL(`${server.url}/files/music/c-three.mp3`);
    await expect(preview(page).getByRole("button", { name: "Next track", exact: true })).toBeDisabled();
    // Closing the preview stops the music.
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(`${server.url}/files/music/`);
    await expect(page.locator("audio")).toHaveCount(0);
  });

  test("a track whose tags cannot be read still plays, titled by its file name", async ({ signedIn: page, server }) => {
    // The probe call fails (as when ffprobe cannot read a file); the file itself is served as usual.
    await page.route(/\?probe=yes/, (route) => route.fulfill({ status: 500, body: "500 Internal Server Error" }));
    await page.goto(`${server.url}/files/music/a-one.mp3`);
    await expect(preview(page).getByRole("heading", { name: "a-one", exact: true })).toBeVisible();
    await track(page, "a-one.mp3").click();
    await expect
      .poll(() =>
        preview(page)
          .locator("audio")
          .evaluate((el: HTMLAudioElement) => el.currentTime > 0),
      )
      .toBe(true);
  });

  test("a long playlist scrolls the current track into sight", async ({ signedIn: page, server }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    // The last track, so that playing on cannot move the mark before it is looked at.
    await page.goto(`${server.url}/files/longlist/${encodeURIComponent(longTrack(30))}`);
    await expect(track(page, longTrack(30))).toHaveAttribute("aria-current", "true");
    await expect(track(page, longTrack(30))).toBeInViewport();
    await expect(track(page, longTrack(1))).not.toBeInViewport();
  });

  test("a pdf is embedded and f shows it full screen", async ({ signedIn: page, server }) => {
    await page.goto(`${server.url}/files/docs/paper.pdf`);
    const pdf = preview(page).locator("object.preview-pdf");
    await expect(pdf).toBeVisible();
    await expect(pdf).toHaveAttribute("type", "application/pdf");
    const box = (await pdf.boundingBox())!;
    expect(box.width).toBeGreaterThan(600);
    expect(box.height).toBeGreaterThan(400);
    // The browser's PDF viewer took the object: it answered with the file, not a fallback.
    const res = await page.request.get(`${server.origin}${await pdf.getAttribute("data")}`);
    expect(res.headers()["content-type"]).toContain("application/pdf");
    await page.keyboard.press("f");
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.className ?? ""))
      .toContain("preview-stage");
  });

  test("an nfo shows its CP437 box and blocks in a monospace font, lines touching", async ({
    signedIn: page,
    server,
  }) => {
    await page.goto(`${server.url}/files/docs/art.nfo`);
    const text = preview(page).getByLabel("Content of art.nfo");
    await expect(text).toContainText("╔═════════╗");
    await expect(text).toContainText("║ RELEASE ║");
    await expect(text).toContainText("███████████");
    const style = await text.evaluate((el) => getComputedStyle(el));
    expect(style.fontFamily).toContain("DejaVu Sans Mono");
    expect(style.lineHeight).toBe(style.fontSize);
    expect(style.whiteSpace).toBe("pre");
    // On a phone the 80 columns do not wrap: the text scrolls sideways.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect.poll(() => text.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(text).toContainText("░▒▓░▒▓");
  });

  test("an archive lists its entries as a tree with folders first, and a summary", async ({
    signedIn: page,
    server,
  }) => {
    await page.goto(`${server.url}/files/arch/tree.zip`);
    const table = preview(page).getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Path", "Packed size", "Size", "Modified"]);
    const paths = table.locator("tbody td.archive-path");
    await expect(paths).toHaveText(["dir/", "dir/sub/", "dir/sub/deep.txt", "dir/inner.txt", "top.txt"]);
    const deep = table.getByRole("row", { name: /dir\/sub\/deep\.txt/ });
    await expect(deep.getByRole("cell").nth(2)).toHaveText("1000 B");
    await expect(deep.getByRole("cell").nth(3)).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    await expect(preview(page).getByText(/Files: 3 · Folders: 2 · Unpacked: 1013\sB · Archive: \d+\sB/)).toBeVisible();
    await expect(preview(page).getByRole("link", { name: "Download file" })).toBeVisible();
  });

  test("a large archive renders its first 1000 rows and shows the rest on demand", async ({
    signedIn: page,
    server,
  }) => {
    await page.goto(`${server.url}/files/arch/many.zip`);
    const rows = preview(page).locator("tbody tr");
    await expect(rows).toHaveCount(1000);
    await expect(preview(page).getByText(/Files: 1005 · Folders: 0/)).toBeVisible();
    await preview(page).getByRole("button", { name: "Show 5 more (5 not shown yet)" }).click();
    await expect(rows).toHaveCount(1005);
    await expect(rows.last()).toContainText("f1004.txt");
    await expect(preview(page).getByRole("button", { name: /Show \d+ more/ })).toHaveCount(0);
  });

  test("an encrypted archive says it cannot be listed and still offers the download", async ({
    signedIn: page,
    server,
  }) => {
    await page.goto(`${server.url}/files/arch/locked.7z`);
    await expect(preview(page).getByRole("alert")).toHaveText(
      "failed to get file list from archive, maybe encrypted archive. Wrong password?",
    );
    await expect(preview(page).getByRole("table")).toHaveCount(0);
    const downloading = page.waitForEvent("download");
    await preview(page).getByRole("link", { name: "Download file" }).click();
    expect((await downloading).suggestedFilename()).toBe("locked.7z");
  });

  test("a markdown file opens rendered in the app with Edit beside it, and the editor's Preview comes back", async ({
    signedIn: page,
    server,
  }) => {
    const windows: string[] = [];
    page.context().on("page", (p) => windows.push(p.url()));
    await page.goto(`${server.url}/files/docs/readme.md`);
    const rendered = preview(page).getByRole("article", { name: "Rendered readme.md" });
    await expect(rendered.getByRole("heading", { name: "Hello Markdown" })).toBeVisible();
    await expect(rendered.locator("em")).toHaveText("emphasis");
    // A link to another markdown file opens it rendered, in the app.
    await rendered.getByRole("link", { name: "the other page" }).click();
    await expect(page).toHaveURL(`${server.url}/files/docs/other.md`);
    await expect(
      preview(page).getByRole("article", { name: "Rendered other.md" }).getByRole("heading", { name: "Other Page" }),
    ).toBeVisible();
    await page.goBack();
    await preview(page).getByRole("button", { name: "Edit" }).click();
    await expect(page).toHaveURL(`${server.url}/files/docs/readme.md?edit`);
    const editor = page.getByRole("region", { name: "Editor" });
    await expect(editor.getByRole("textbox", { name: "Content of readme.md" })).toContainText("# Hello Markdown");
    await editor.getByRole("button", { name: "Preview markdown" }).click();
    await expect(page).toHaveURL(`${server.url}/files/docs/readme.md`);
    await expect(rendered.getByRole("heading", { name: "Hello Markdown" })).toBeVisible();
    // No window was opened, and the address bar never carried a token.
    expect(windows).toEqual([]);
    expect(page.url()).not.toContain("auth=");
  });
});

test("a reader's markdown opens rendered without Edit; without download it shows the text", async ({
  browser,
  server,
}) => {
  const reader = await browser.newPage();
  await signInAs(reader, server, "reader", "reader-password-1");
  await reader.goto(`${server.url}/files/docs/readme.md`);
  await expect(
    preview(reader)
      .getByRole("article", { name: "Rendered readme.md" })
      .getByRole("heading", { name: "Hello Markdown" }),
  ).toBeVisible();
  await expect(preview(reader).getByRole("button", { name: "Edit" })).toHaveCount(0);
  await reader.close();

  const looker = await browser.newPage();
  await signInAs(looker, server, "looker", "looker-password-1");
  await looker.goto(`${server.url}/files/docs/readme.md`);
  await expect(preview(looker).getByLabel("Content of readme.md")).toContainText("# Hello Markdown");
  await expect(preview(looker).getByRole("article")).toHaveCount(0);
  await looker.close();
});

test.describe("on a phone", () => {
  test.use(TOUCH_PHONE);

  test("the audio player takes the whole width of the screen, the track buttons below it", async ({
    signedIn: page,
    server,
  }) => {
    await page.goto(`${server.url}/files/music/a-one.mp3`);
    const audio = preview(page).locator("audio");
    await expect(audio).toBeVisible();
    const box = (await audio.boundingBox())!;
    // The screen less the stage's padding (8 px a side): the native seek bar grows with the element.
    expect(box.width).toBeGreaterThanOrEqual(375 - 2 * 8 - 2);
    const next = (await preview(page).getByRole("button", { name: "Next track" }).boundingBox())!;
    expect(next.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
  });
});

// In the full browser (tag @pdf-viewer): the headless shell has no PDF viewer and would show the PDF's frame blank.
test(
  "screenshots of every view at 1280 and 375 px",
  { tag: ["@screens", "@pdf-viewer"] },
  async ({ signedIn: page, server }, info) => {
    const views: [string, string, RegExp | string][] = [
      ["audio", "/music/b-two.flac", "Second Tone"],
      ["audio-long", "/longlist/track 05 with a rather long name to cut.mp3", "track 30 with"],
      ["pdf", "/docs/paper.pdf", "paper.pdf"],
      ["nfo", "/docs/art.nfo", "RELEASE"],
      ["archive", "/arch/tree.zip", "deep.txt"],
      ["archive-encrypted", "/arch/locked.7z", "Wrong password?"],
      ["markdown", "/docs/readme.md", "Hello Markdown"],
      ["markdown-editor", "/docs/readme.md?edit", "Hello Markdown"],
    ];
    for (const [width, height] of [
      [1280, 800],
      [375, 740],
    ]) {
      await page.setViewportSize({ width, height });
      for (const [name, path, text] of views) {
        await page.goto(`${server.url}/files${path}`);
        await expect(page.getByText(text).first()).toBeVisible();
        await expect(page.locator("#loading")).toHaveCount(0);
        // The PDF viewer draws the page a moment after it appears.
        await page.waitForTimeout(name === "pdf" ? 2000 : 300);
        await screenshot(page, info, `${name}-${width}`);
      }
    }
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(`${server.url}/files/docs/readme.md`);
    await expect(
      page.getByRole("article", { name: "Rendered readme.md" }).getByRole("heading", { name: "Hello Markdown" }),
    ).toBeVisible();
    await expect(page.locator("#loading")).toHaveCount(0);
    await screenshot(page, info, "markdown-375-dark");
    await page.goto(`${server.url}/files/docs/readme.md?edit`);
    await expect(page.getByRole("button", { name: "Preview markdown" })).toBeVisible();
    await expect(page.locator("#loading")).toHaveCount(0);
    await screenshot(page, info, "markdown-editor-375-dark");
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, info, "markdown-editor-1280-dark");
    await page.goto(`${server.url}/files/docs/readme.md`);
    await expect(
      page.getByRole("article", { name: "Rendered readme.md" }).getByRole("heading", { name: "Hello Markdown" }),
    ).toBeVisible();
    await expect(page.locator("#loading")).toHaveCount(0);
    await screenshot(page, info, "markdown-1280-dark");
  },
);

test("screenshot of the reader's markdown preview", { tag: "@screens" }, async ({ browser, server }, info) => {
  const page = await browser.newPage();
  await signInAs(page, server, "reader", "reader-password-1");
  for (const [width, height] of [
    [1280, 800],
    [375, 740],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(`${server.url}/files/docs/readme.md`);
    await expect(page.getByRole("heading", { name: "Hello Markdown" })).toBeVisible();
    await expect(page.locator("#loading")).toHaveCount(0);
    await screenshot(page, info, `markdown-preview-${width}`);
  }
  await page.close();
});
