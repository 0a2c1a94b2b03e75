import type { TestServer } from "../support/server";
/**
 * File info of a video, an audio file, a torrent and a .trx firmware image; the torrent and firmware previews; Media
 * info copy; About's video encoder; video posters in the mosaic; the Thumbnail and Slideshow settings saved and
 * reloaded. Media made by ffmpeg, torrents by mktorrent, the TRX image from its documented layout.
 */
import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { makeMp4WithMovText, makeVideo } from "../support/media";
import { AUDIO_TAGS, makeTaggedMp3 } from "../support/audio";
import { inspectTorrent } from "../support/torrent";
import { buildTrx } from "../support/trx";
import { expect, test, item, openFolder, PNG_RED, saveGlobalSettings, screenshot, signIn, writeTree } from "./fixtures";

let torrentHash = "";
const ANNOUNCE = "http://tracker.example.org:6969/announce";
const SIZES = [
  { name: "1280", viewport: { width: 1280, height: 800 } },
  { name: "375", viewport: { width: 375, height: 740 } },
];

test.use({
  serverOptions: {
    prepare: async (server) => {
      const media = join(server.root, "media");
      mkdirSync(media, { recursive: true });
      await makeMp4WithMovText(media, "clip.mp4");
      writeFileSync(join(media, "clip.srt"), "1\n00:00:00,200 --> 00:00:00,900\nhi\n");
      await makeTaggedMp3(media, "tone.mp3");
      const shows = join(server.root, "shows");
      mkdirSync(shows, { recursive: true });
      await makeVideo(shows, "beach.mp4", 2, "640x360");
      await makeVideo(shows, "forest.mkv", 2, "480x360");
      writeTree(server.root, { "shows/red.png": PNG_RED, "shows/notes.txt": "x" });
      writeTree(server.root, { "dist/album/a.txt": "hello torrent\n", "dist/album/disc 2/b.bin": randomBytes(70_000) });
      execFileSync(
        "mktorrent",
        ["-a", ANNOUNCE, "-p", "-l", "15", "-c", "made in a test", "-s", "FBE", "-o", "album.torrent", "album"],
        { cwd: join(server.root, "dist") },
      );
      torrentHash = inspectTorrent(join(server.root, "dist/album.torrent"), join(server.root, "dist/album")).infoHash;
      writeFileSync(join(server.root, "dist/broken.torrent"), "this is no torrent");
      const trx = buildTrx({
        version: 1,
        flags: 0,
        createdS: 1_600_000_000,
        asus: { productId: "RT-AC68U", versions: [3, 0, 0, 4] },
        payloadBytes: 2048,
      });
      writeFileSync(join(server.root, "dist/RT-AC68U.trx"), trx.bytes);
      // A camera photo: sharp writes its EXIF block (camera, lens, exposure, date and a GPS position in Tokyo).
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3080c0" } })
        .jpeg()
        .withExif({
          IFD0: { Make: "Canon", Model: "Canon EOS R6" },
          IFD2: {
            DateTimeOriginal: "2023:08:15 14:30:00",
            ExposureTime: "1/250",
            FNumber: "28/10",
            ISOSpeedRatings: "400",
            FocalLength: "50/1",
            LensModel: "RF50mm F1.8 STM",
          },
          IFD3: {
            GPSLatitudeRef: "N",
            GPSLatitude: "35/1 39/1 2952/100",
            GPSLongitudeRef: "E",
            GPSLongitude: "139/1 42/1 1260/100",
          },
        })
        .toBuffer();
      writeTree(server.root, { "photos/camera.jpg": photo });
    },
  },
});

/** The value cell of the row labelled `label` inside `scope`. */
function value(scope: Locator, label: string): Locator {
  return scope
    .locator(".info-row")
    .filter({ has: scope.page().locator("dt").getByText(label, { exact: true }) })
    .locator("dd");
}

/** A signed-in page of its own context at `viewport` (clipboard allowed). */
async function newPage(
  browser: Browser,
  server: TestServer,
  viewport = SIZES[0].viewport,
  colorScheme: "light" | "dark" = "light",
): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  await signIn(page, server);
  return page;
}

/** Opens File info of `name` in `folder` from the listing's Info button. */
async function openInfo(page: Page, server: TestServer, folder: string, name: string): Promise<Locator> {
  await openFolder(page, server, folder);
  await item(page, name).click();
  await page.getByRole("button", { name: "Info", exact: true }).click();
  return page.getByRole("dialog", { name: "File information" });
}

/** ffprobe's own reading of a stream of `file` (the values the dialog must show). */
function probeByHand(file: string, kind: "video" | "audio"): Record<string, string> {
  const out = execFileSync("ffprobe", [
    "-v",
    "error",
    "-print_format",
    "json",
    "-show_streams",
    "-show_format",
    file,
  ]).toString();
  const json = JSON.parse(out) as { streams: { codec_type: string }[] };
  return json.streams.find((s) => s.codec_type === kind) as unknown as Record<string, string>;
}

const kbps = (bits: string | number) => `${(Number(bits) / 1024).toFixed(2)} kb/s`;

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await screenshot(page, testInfo, name);
}

test("File info of a video shows its codec, resolution, duration, bit rates and subtitles as the file was made", async ({
  browser,
  server,
}, testInfo) => {
  for (const size of SIZES) {
    const page = await newPage(browser, server, size.viewport);
    const dialog = await openInfo(page, server, "/media/", "clip.mp4");
    const video = dialog.getByRole("region", { name: "Video" });
    await expect(value(video, "Resolution")).toHaveText("320 × 240");
    const stream = probeByHand(join(server.root, "media/clip.mp4"), "video");
    const sound = probeByHand(join(server.root, "media/clip.mp4"), "audio");
    await expect(value(video, "Codec")).toHaveText("h264 (H.264 / AVC / MPEG-4 AVC / MPEG-4 part 10)");
    await expect(value(video, "Profile")).toHaveText(stream.profile);
    await expect(value(video, "Duration")).toHaveText("0:02");
    await expect(value(video, "Frame rate")).toHaveText("25 fps");
    await expect(value(video, "Aspect ratio")).toHaveText("4:3");
    await expect(value(video, "Video bit rate")).toHaveText(kbps(stream.bit_rate));
    await expect(value(video, "Audio bit rate")).toHaveText(kbps(sound.bit_rate));
    await expect(value(video, "Overall bit rate")).toHaveText(/^\d+\.\d{2} kb\/s$/);
    await expect(value(video, "Subtitles").getByRole("listitem")).toHaveText(["clip.srt", "mov_text - eng"]);
    await expect(value(video, "Audio codec")).toHaveText("aac (AAC (Advanced Audio Coding))");
    await expect(value(video, "Sampling rate")).toHaveText("44100 Hz");
    await expect(value(video, "Channels")).toHaveText("1");
    await expect(value(video, "Channel layout")).toHaveText("mono");
    // The rest of the dialog stays: name and checksums.
    await expect(value(dialog, "Name")).toHaveText("clip.mp4");
    await expect(dialog.getByRole("button", { name: "Compute SHA256" })).toBeVisible();
    await shoot(page, testInfo, `info-video-${size.name}`);
    if (size.name === "1280") {
      await page.emulateMedia({ colorScheme: "dark" });
      await shoot(page, testInfo, "info-video-1280-dark");
    }
    await page.context().close();
  }
});

test("File info of an mp3 shows its codec details and tags", async ({ browser, server }, testInfo) => {
  for (const size of SIZES) {
    const page = await newPage(browser, server, size.viewport);
    const dialog = await openInfo(page, server, "/media/", "tone.mp3");
    const audio = dialog.getByRole("region", { name: "Audio" });
    await expect(value(audio, "Title")).toHaveText(AUDIO_TAGS.title);
    await expect(value(audio, "Artist")).toHaveText(AUDIO_TAGS.artist);
    await expect(value(audio, "Album")).toHaveText(AUDIO_TAGS.album);
    await expect(value(audio, "Genre")).toHaveText(AUDIO_TAGS.genre);
    await expect(value(audio, "Track")).toHaveText(AUDIO_TAGS.track);
    await expect(value(audio, "Year")).toHaveText(AUDIO_TAGS.date);
    await expect(value(audio, "Bit rate")).toHaveText(kbps(64_000));
    await expect(value(audio, "Sampling rate")).toHaveText("44100 Hz");
    await shoot(page, testInfo, `info-audio-${size.name}`);
    await page.context().close();
  }
});

test("File info of a private torrent shows its info hash, file table and the private notice", async ({
  browser,
  server,
}, testInfo) => {
  for (const size of SIZES) {
    const page = await newPage(browser, server, size.viewport);
    const dialog = await openInfo(page, server, "/dist/", "album.torrent");
    const torrent = dialog.getByRole("region", { name: "Torrent", exact: true });
    await expect(value(torrent, "Info hash")).toHaveText(torrentHash);
    await expect(torrent.getByRole("note")).toContainText("private torrent");
    await expect(value(torrent, "Private")).toHaveText("Yes");
    await expect(value(torrent, "Announce")).toHaveText(ANNOUNCE);
    await expect(value(torrent, "Files")).toHaveText("2");
    await expect(value(torrent, "Comment")).toHaveText("made in a test");
    await expect(value(torrent, "Source")).toHaveText("FBE");
    await expect(value(torrent, "Created by")).toHaveText(/^mktorrent \d/);
    const rows = torrent.getByRole("table", { name: "Files in the torrent" }).getByRole("row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1).getByRole("cell")).toHaveText(["1", "a.txt", "14 B"]);
    await expect(rows.nth(2).getByRole("cell")).toHaveText(["2", "disc 2/b.bin", /^68\.4 KiB|^70\.0 kB|^68 KiB/]);
    await shoot(page, testInfo, `info-torrent-${size.name}`);
    await page.context().close();
  }
});

test("A file that cannot be read says so in its section, and the rest of File info stays", async ({
  browser,
  server,
}) => {
  const page = await newPage(browser, server);
  const dialog = await openInfo(page, server, "/dist/", "broken.torrent");
  await expect(dialog.getByRole("region", { name: "Torrent", exact: true }).getByRole("alert")).toContainText(
    "not a torrent file",
  );
  await expect(value(dialog, "Name")).toHaveText("broken.torrent");
  await page.context().close();
});

test("File info of a .trx firmware image shows its product id, versions and a valid CRC", async ({
  browser,
  server,
}, testInfo) => {
  for (const size of SIZES) {
    const page = await newPage(browser, server, size.viewport);
    const dialog = await openInfo(page, server, "/dist/", "RT-AC68U.trx");
    const firmware = dialog.getByRole("region", { name: "Firmware" });
    await expect(value(firmware, "Product ID")).toHaveText("RT-AC68U");
    await expect(value(firmware, "Kernel version")).toHaveText("3.0");
    await expect(value(firmware, "File system version")).toHaveText("0.4");
    await expect(value(firmware, "CRC-32")).toContainText("(matches the data)");
    await shoot(page, testInfo, `info-firmware-${size.name}`);
    await page.context().close();
  }
});

test("The preview of a torrent shows the private notice and its files above the download link; a .trx its product", async ({
  browser,
  server,
}, testInfo) => {
  for (const size of SIZES) {
    const page = await newPage(browser, server, size.viewport);
    await page.goto(`${server.url}/files/dist/album.torrent`);
    await expect(page.locator("#loading")).toHaveCount(0);
    const preview = page.getByRole("region", { name: "Torrent", exact: true });
    await expect(preview.getByRole("note")).toContainText("private torrent");
    await expect(value(preview, "Info hash")).toHaveText(torrentHash);
    await expect(preview.getByRole("table").getByRole("row")).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Download file" })).toBeVisible();
    await shoot(page, testInfo, `preview-torrent-${size.name}`);
    if (size.name === "375") {
      await page.emulateMedia({ colorScheme: "dark" });
      await shoot(page, testInfo, "preview-torrent-375-dark");
    }
    await page.goto(`${server.url}/files/dist/RT-AC68U.trx`);
    await expect(page.locator("#loading")).toHaveCount(0);
    await expect(value(page.getByRole("region", { name: "Firmware" }), "Product ID")).toHaveText("RT-AC68U");
    await shoot(page, testInfo, `preview-firmware-${size.name}`);
    await page.context().close();
  }
});

test("Media info loads, shows the raw text, and Copy puts it on the clipboard with 'mediaInfo copied'", async ({
  browser,
  server,
}, testInfo) => {
  for (const size of SIZES) {
    const page = await newPage(browser, server, size.viewport);
    await openFolder(page, server, "/media/");
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/resources/media/clip.mp4?mediaInfo=yes", async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await item(page, "clip.mp4").click({ button: "right" });
    await page.getByRole("menuitem", { name: "View MediaInfo" }).click();
    const dialog = page.getByRole("dialog", { name: "Media information" });
    await expect(dialog.getByRole("status")).toHaveText("Loading media information...");
    await expect(dialog.getByRole("button", { name: "Copy" })).toBeDisabled();
    release();
    const text = dialog.locator("pre");
    await expect(text).toContainText("Complete name");
    await expect(text).toContainText("clip.mp4");
    await expect(text).toContainText("AVC");
    await shoot(page, testInfo, `mediainfo-${size.name}`);
    await dialog.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByText("mediaInfo copied")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await text.textContent());
    expect(copied).toContain("Complete name");
    await page.context().close();
  }
});

test("About shows the video encoder the server would use as the hardware-acceleration status", async ({
  browser,
  server,
}, testInfo) => {
  for (const size of SIZES) {
    const page = await newPage(browser, server, size.viewport);
    await openFolder(page, server, "/");
    const encoder = await page.evaluate(
      () => (JSON.parse(document.getElementById("fbe-config")!.textContent!) as { videoEncoder: string }).videoEncoder,
    );
    // ffmpeg lists the encoder the server picked.
    expect(execFileSync("ffmpeg", ["-hide_banner", "-encoders"]).toString()).toContain(` ${encoder} `);
    if (size.name === "375") await page.getByRole("button", { name: "Toggle menu" }).click();
    await page.getByRole("button", { name: "About" }).click();
    const dialog = page.getByRole("dialog", { name: "About" });
    const kind = ["libx264", "libx264rgb", "libopenh264"].includes(encoder) ? "software" : "hardware";
    await expect(value(dialog, "Video hardware acceleration")).toHaveText(`${encoder} (${kind})`);
    await shoot(page, testInfo, `about-${size.name}`);
    await page.context().close();
  }
});

test("The mosaic shows video posters that loaded, with a play badge, next to image thumbnails", async ({
  browser,
  server,
}, testInfo) => {
  for (const size of SIZES) {
    const page = await newPage(browser, server, size.viewport);
    await openFolder(page, server, "/shows/");
    const mosaic = page.getByRole("button", { name: "Mosaic view" });
    if (await mosaic.isVisible()) await mosaic.click();
    await expect(page.locator(".items.mosaic")).toBeVisible();
    for (const name of ["beach.mp4", "forest.mkv", "red.png"]) {
      const img = item(page, name).locator("img.thumb");
      await expect
        .poll(() => img.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
    }
    const poster = await item(page, "beach.mp4")
      .locator("img.thumb")
      .evaluate((i) => ({ w: (i as HTMLImageElement).naturalWidth, h: (i as HTMLImageElement).naturalHeight }));
    expect(poster.w / poster.h).toBeCloseTo(640 / 360, 1);
    await expect(item(page, "beach.mp4").locator(".thumb-play")).toBeVisible();
    await expect(item(page, "red.png").locator(".thumb-play")).toHaveCount(0);
    await expect(item(page, "notes.txt").locator("img")).toHaveCount(0);
    await shoot(page, testInfo, `mosaic-video-${size.name}`);
    if (size.name === "1280") {
      await page.emulateMedia({ colorScheme: "dark" });
      await shoot(page, testInfo, "mosaic-video-1280-dark");
    }
    await page.context().close();
  }
});

/** Opens the global settings and waits for the form. */
async function openGlobalSettings(page: Page, server: TestServer): Promise<Locator> {
  await page.goto(`${server.url}/settings/global`);
  const form = page.getByRole("form", { name: "Global settings" });
  await expect(form).toBeVisible();
  return form;
}

/** Presses Save and waits for the reload that follows a save. */
async function saveAndReload(page: Page, form: Locator): Promise<Locator> {
  await saveGlobalSettings(page, form.getByRole("button", { name: "Save" }));
  const again = page.getByRole("form", { name: "Global settings" });
  await expect(again).toBeVisible();
  return again;
}

test("Slideshow settings survive a save and a reload, and reach the page's config", async ({ browser, server }) => {
  const page = await newPage(browser, server);
  let form = await openGlobalSettings(page, server);
  const slideshow = form.getByRole("group", { name: "Photo Gallery Slideshow" });
  await slideshow.getByRole("spinbutton", { name: "Transition speed (ms)" }).fill("800");
  await slideshow.getByRole("spinbutton", { name: "Autoplay interval (ms)" }).fill("7000");
  await slideshow.getByRole("spinbutton", { name: "Preload range (photos)" }).fill("3");
  await slideshow.getByRole("combobox", { name: "Transition effect" }).selectOption("lg-tube");
  const progress = slideshow.getByRole("checkbox", { name: "Autoplay progress bar" });
  const wasChecked = await progress.isChecked();
  await progress.setChecked(!wasChecked);
  form = await saveAndReload(page, form);
  const after = form.getByRole("group", { name: "Photo Gallery Slideshow" });
  await expect(after.getByRole("spinbutton", { name: "Transition speed (ms)" })).toHaveValue("800");
  await expect(after.getByRole("spinbutton", { name: "Autoplay interval (ms)" })).toHaveValue("7000");
  await expect(after.getByRole("spinbutton", { name: "Preload range (photos)" })).toHaveValue("3");
  await expect(after.getByRole("combobox", { name: "Transition effect" })).toHaveValue("lg-tube");
  await expect(after.getByRole("checkbox", { name: "Autoplay progress bar" })).toBeChecked({ checked: !wasChecked });
  const injected = await page.evaluate(
    () =>
      (JSON.parse(document.getElementById("fbe-config")!.textContent!) as { slideshow: Record<string, unknown> })
        .slideshow,
  );
  expect(injected).toMatchObject({
    transitionSpeed: 800,
    autoplayInterval: 7000,
    preloadRange: 3,
    transitionEffect: "lg-tube",
    autoplayProgressBar: !wasChecked,
  });
  await page.context().close();
});

test("With thumbnails switched off in the settings, the listing asks for no thumbnail and shows icons", async ({
  browser,
  server,
}) => {
  const page = await newPage(browser, server);
  let form = await openGlobalSettings(page, server);
  const thumbs = form.getByRole("group", { name: "Thumbnail" });
  await thumbs.getByRole("checkbox", { name: "Enable image thumbnails" }).uncheck();
  form = await saveAndReload(page, form);
  await expect(
    form.getByRole("group", { name: "Thumbnail" }).getByRole("checkbox", { name: "Enable image thumbnails" }),
  ).not.toBeChecked();
  const thumbRequests: string[] = [];
  page.on("request", (r) => r.url().includes("thumb=true") && thumbRequests.push(r.url()));
  await openFolder(page, server, "/shows/");
  const mosaic = page.getByRole("button", { name: "Mosaic view" });
  if (await mosaic.isVisible()) await mosaic.click();
  await expect(page.locator(".items.mosaic")).toBeVisible();
  await expect(item(page, "beach.mp4").locator("svg").first()).toBeVisible();
  await expect(page.locator(".items img")).toHaveCount(0);
  expect(thumbRequests).toEqual([]);
  // Switched back on, the posters return.
  form = await openGlobalSettings(page, server);
  await form
    .getByRole("group", { name: "Thumbnail" })
    .getByRole("checkbox", { name: "Enable image thumbnails" })
    .check();
  await saveAndReload(page, form);
  await openFolder(page, server, "/shows/");
  await expect(item(page, "beach.mp4").locator("img.thumb")).toHaveCount(1);
  await page.context().close();
});

test("File info of a photo shows its dimensions, type, EXIF fields and location", async ({
  browser,
  server,
}, testInfo) => {
  for (const size of SIZES) {
    for (const scheme of ["light", "dark"] as const) {
      const page = await newPage(browser, server, size.viewport, scheme);
      const dialog = await openInfo(page, server, "/photos/", "camera.jpg");
      const image = dialog.getByRole("region", { name: "Image" });
      await expect(value(image, "Dimensions")).toHaveText("64 × 48 px");
      await expect(value(image, "Type")).toHaveText("JPEG");
      await expect(value(image, "Taken")).toHaveText("2023-08-15 14:30:00");
      await expect(value(image, "Camera")).toHaveText("Canon EOS R6");
      await expect(value(image, "Lens")).toHaveText("RF50mm F1.8 STM");
      await expect(value(image, "Exposure")).toHaveText("1/250 s");
      await expect(value(image, "Aperture")).toHaveText("f/2.8");
      await expect(value(image, "ISO")).toHaveText("400");
      await expect(value(image, "Focal length")).toHaveText("50 mm");
      const place = value(image, "Location").getByRole("link");
      await expect(place).toHaveText("35.65820° N, 139.70350° E");
      await expect(place).toHaveAttribute(
        "href",
        "https://www.openstreetmap.org/?mlat=35.65820&mlon=139.70350#map=16/35.65820/139.70350",
      );
      await shoot(page, testInfo, `info-photo-${size.name}-${scheme}`);
      await page.context().close();
    }
  }
});
