import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { DEFAULT_SETTINGS } from "../../src/shared/wire/settings";
import { login, type TestServer } from "../support/server";
import { orientedJpeg } from "../support/oriented-jpeg";
import { expect, test, item, openFolder, screenshot, settled, writeTree, TOUCH_PHONE } from "./fixtures";

/** A `width` x `height` PNG of one colour (red, green, blue 0-255). */
function png(width: number, height: number, [r, g, b]: number[]): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .png()
    .toBuffer();
}

/** Sets the global Slideshow settings through the settings API (the defaults, changed by `change`). */
async function setSlideshow(server: TestServer, change: Partial<typeof DEFAULT_SETTINGS.slideshow>): Promise<void> {
  const res = await fetch(`${server.url}/api/settings`, {
    method: "PUT",
    headers: { "X-Auth": await login(server), "Content-Type": "application/json" },
    body: JSON.stringify({ slideshow: { ...DEFAULT_SETTINGS.slideshow, ...change } }),
  });
  expect(res.status).toBe(200);
}

const preview = (page: Page) => page.getByRole("region", { name: "File preview" });
const heading = (page: Page) => preview(page).getByRole("heading", { level: 1 });

test.use({
  serverOptions: {
    prepare: async (server) => {
      const colours = [
        [220, 60, 60],
        [60, 160, 90],
        [60, 100, 220],
        [230, 180, 40],
        [150, 80, 200],
      ];
      const pics: Record<string, Buffer | string> = { "pics/notes.txt": "not an image" };
      for (const [i, c] of colours.entries()) pics[`pics/p${i + 1}.png`] = await png(640, 420, c);
      const many: Record<string, Buffer> = {};
      const small = await png(32, 24, [90, 90, 90]);
      for (let i = 0; i < 40; i++) many[`many/img-${String(i).padStart(3, "0")}.png`] = small;
      writeTree(server.root, {
        ...pics,
        ...many,
        // Stored 40 x 20 with EXIF orientation 6: upright it is 20 x 40.
        "turn/sideways.jpg": await orientedJpeg(40, 20, 6),
        "turn/other.png": small,
        "clips/clip.mp4": Buffer.from("not really a video"),
        "clips/clip.mp4._vthumb_.png": small,
        "clips/plain.png": small,
        "del/d1.png": small,
        "del/d2.png": small,
      });
    },
  },
});

test.beforeEach(async ({ server }) => {
  await setSlideshow(server, {});
});

test("opened by URL, the arrow keys move among the folder's images in listing order and the route follows", async ({
  signedIn: page,
  server,
}) => {
  await page.goto(`${server.url}/files/pics/p2.png`);
  await expect(heading(page)).toHaveText("p2.png");
  await expect(preview(page).getByRole("img", { name: "p2.png" })).toBeVisible();
  // The arrows move once the folder's images are known (its listing may still be on its way when the image shows).
  await expect(preview(page).getByText("2 of 5")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(`${server.url}/files/pics/p3.png`);
  await expect(heading(page)).toHaveText("p3.png");
  await expect(preview(page).getByRole("img", { name: "p3.png" })).toBeInViewport();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(`${server.url}/files/pics/p1.png`);
  await expect(heading(page)).toHaveText("p1.png");
  // Continuous (the default): before the first image comes the last one; the text file is never a slide.
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(`${server.url}/files/pics/p5.png`);
  await expect(preview(page).getByText("5 of 5")).toBeVisible();
  // Opened by URL: closing goes to the parent folder.
  await page.keyboard.press("q");
  await expect(page).toHaveURL(`${server.url}/files/pics/`);
  await expect(item(page, "p5.png")).toBeVisible();
});

test("without continuous, the gallery stops at the last image", async ({ signedIn: page, server }) => {
  await setSlideshow(server, { continuous: false });
  await page.goto(`${server.url}/files/pics/p4.png`);
  await expect(heading(page)).toHaveText("p4.png");
  await preview(page).getByRole("button", { name: "Next", exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/files/pics/p5.png`);
  await expect(preview(page).getByRole("button", { name: "Next", exact: true })).toBeDisabled();
  await page.keyboard.press("ArrowRight");
  await page.waitForTimeout(600);
  await expect(page).toHaveURL(`${server.url}/files/pics/p5.png`);
});

test("Space starts and stops the slideshow and says so", async ({ signedIn: page, server }) => {
  await page.goto(`${server.url}/files/pics/p1.png`);
  await expect(heading(page)).toHaveText("p1.png");
  await expect(preview(page).getByRole("button", { name: "Start slideshow" })).toBeVisible();
  await page.keyboard.press(" ");
  await expect(page.getByText("Photo Gallery Auto slideshow enabled")).toBeVisible();
  await expect(preview(page).getByRole("button", { name: "Stop slideshow" })).toBeVisible();
  await page.keyboard.press(" ");
  await expect(page.getByText("Photo Gallery Auto slideshow disabled")).toBeVisible();
  await expect(preview(page).getByRole("button", { name: "Start slideshow" })).toBeVisible();
});

test("the running slideshow moves to the next image after the interval, with a progress bar", async ({
  signedIn: page,
  server,
}, testInfo) => {
  await setSlideshow(server, { autoplayInterval: 700, transitionSpeed: 100 });
  await page.goto(`${server.url}/files/pics/p1.png`);
  await expect(heading(page)).toHaveText("p1.png");
  await expect(preview(page).getByRole("button", { name: "Start slideshow" })).toBeVisible();
  await page.waitForTimeout(1200);
  // Not started: autoplaySlide is off.
  await expect(page).toHaveURL(`${server.url}/files/pics/p1.png`);
  await page.keyboard.press(" ");
  await expect(preview(page).getByRole("progressbar", { name: "Time until the next image" })).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/files/pics/p2.png`, { timeout: 3000 });
  await expect(heading(page)).toHaveText("p2.png");
  await expect(page).toHaveURL(`${server.url}/files/pics/p3.png`, { timeout: 3000 });
  await screenshot(page, testInfo, "gallery-slideshow-progress-1280");
});

test("autoplaySlide starts the slideshow when the gallery opens", async ({ signedIn: page, server }) => {
  await setSlideshow(server, { autoplaySlide: true, autoplayInterval: 500, transitionSpeed: 50 });
  await page.goto(`${server.url}/files/pics/p4.png`);
  await expect(page).toHaveURL(`${server.url}/files/pics/p5.png`, { timeout: 3000 });
  await expect(preview(page).getByRole("button", { name: "Stop slideshow" })).toBeVisible();
});

test("a click on a thumbnail shows that image", async ({ signedIn: page, server }, testInfo) => {
  await openFolder(page, server, "/pics/");
  await item(page, "p1.png").dblclick();
  await expect(heading(page)).toHaveText("p1.png");
  const thumb = preview(page).getByRole("button", { name: "Show p4.png" });
  await expect(thumb.locator("img")).toHaveAttribute(
    "src",
    /\/api\/raw\/pics\/p4\.png\?thumb=true&w=100&inline=true&auth=/,
  );
  await screenshot(page, testInfo, "gallery-thumbs-1280");
  await thumb.click();
  await expect(page).toHaveURL(`${server.url}/files/pics/p4.png`);
  await expect(heading(page)).toHaveText("p4.png");
  await expect(thumb).toHaveAttribute("aria-current", "true");
  // Opened from the listing: closing goes back to it.
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(`${server.url}/files/pics/`);
  await expect(item(page, "p1.png")).toBeVisible();
});

test("closing after a delete in the gallery goes back to the listing, fetched again without the deleted image", async ({
  signedIn: page,
  server,
}) => {
  await openFolder(page, server, "/del/");
  await item(page, "d1.png").dblclick();
  await expect(heading(page)).toHaveText("d1.png");
  await preview(page).getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(`${server.url}/files/del/d2.png`);
  await expect(preview(page).getByRole("img", { name: "d2.png" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(`${server.url}/files/del/`);
  await expect(item(page, "d2.png")).toBeVisible();
  await expect(item(page, "d1.png")).toHaveCount(0);
});

test("with many images only those near the current one are in the page", async ({ signedIn: page, server }) => {
  await page.goto(`${server.url}/files/many/img-020.png`);
  await expect(heading(page)).toHaveText("img-020.png");
  await expect(preview(page).getByText("21 of 40")).toBeVisible();
  const slides = preview(page).locator(".gallery-main img");
  // preloadRange 2: the current image and two on each side.
  await expect
    .poll(() => slides.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("alt"))))
    .toEqual(["img-018.png", "img-019.png", "img-020.png", "img-021.png", "img-022.png"]);
  const thumbs = await preview(page)
    .getByRole("button", { name: /^Show img-/ })
    .count();
  expect(thumbs).toBeGreaterThan(0);
  expect(thumbs).toBeLessThan(40);
});

test("the transition effect and the dot indicator follow the settings", async ({
  signedIn: page,
  server,
}, testInfo) => {
  await setSlideshow(server, { transitionEffect: "lg-zoom-in", showDotIndicator: true, showThumbIndicator: false });
  await page.goto(`${server.url}/files/pics/p2.png`);
  await expect(heading(page)).toHaveText("p2.png");
  const main = preview(page).locator(".gallery-main");
  await expect(main).toHaveClass(/swiper-creative/);
  await expect(preview(page).locator(".swiper-pagination-bullet")).toHaveCount(5);
  await expect(preview(page).locator(".swiper-pagination-bullet-active")).toHaveCount(1);
  await expect(preview(page).getByRole("button", { name: /^Show / })).toHaveCount(0);
  await screenshot(page, testInfo, "gallery-dots-1280");
  await setSlideshow(server, { transitionEffect: "lg-fade" });
  await page.reload();
  await expect(main).toHaveClass(/swiper-fade/);
});

test("image-process turns the shown JPEG upright and the image refreshes", async ({ signedIn: page, server }) => {
  await page.goto(`${server.url}/files/turn/sideways.jpg`);
  await expect(heading(page)).toHaveText("sideways.jpg");
  const shown = preview(page).getByRole("img", { name: "sideways.jpg" });
  // The stored pixels of what is displayed (the EXIF orientation set aside), read from a copy of the shown image.
  const storedSize = () =>
    shown.evaluate(async (img: HTMLImageElement) => {
      const copy = new Image();
      copy.style.imageOrientation = "none";
      copy.src = img.src;
      document.body.append(copy);
      try {
        await copy.decode();
        return `${copy.width}x${copy.height}`;
      } catch {
        return "not loaded yet";
      } finally {
        copy.remove();
      }
    });
  await expect.poll(storedSize).toBe("40x20");
  await preview(page).getByRole("button", { name: "Turn upright (fix the orientation)" }).click();
  await expect(page.getByText("process successfully")).toBeVisible();
  await expect(shown).toHaveAttribute("src", /&v=1$/);
  await expect.poll(storedSize).toBe("20x40");
});

test("the thumbnail of a video plays that video", async ({ signedIn: page, server }) => {
  await page.goto(`${server.url}/files/clips/plain.png`);
  await expect(heading(page)).toHaveText("plain.png");
  await expect(preview(page).getByRole("button", { name: "Play related video" })).toHaveCount(0);
  await page.goto(`${server.url}/files/clips/clip.mp4._vthumb_.png`);
  await expect(heading(page)).toHaveText("clip.mp4._vthumb_.png");
  await preview(page).getByRole("button", { name: "Play related video" }).click();
  await expect(page).toHaveURL(`${server.url}/files/clips/clip.mp4`);
  await expect(heading(page)).toHaveText("clip.mp4");
});

test("on a phone the gallery fits the screen with thumbnails, dots or a running slideshow", async ({
  signedIn: page,
  server,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${server.url}/files/pics/p3.png`);
  await expect(heading(page)).toHaveText("p3.png");
  await expect(preview(page).getByRole("img", { name: "p3.png" })).toBeInViewport();
  // docs/product.md "Slideshow and video defaults": thumbnails 100 px wide.
  expect((await preview(page).getByRole("button", { name: "Show p3.png" }).boundingBox())?.width).toBe(100);
  await settled(page);
  await screenshot(page, testInfo, "gallery-thumbs-375");
  await setSlideshow(server, { showDotIndicator: true, showThumbIndicator: false });
  await page.reload();
  await expect(preview(page).locator(".swiper-pagination-bullet-active")).toBeInViewport();
  await settled(page);
  await screenshot(page, testInfo, "gallery-dots-375");
  await setSlideshow(server, { autoplaySlide: true, autoplayInterval: 4000 });
  await page.reload();
  await expect(preview(page).getByRole("progressbar", { name: "Time until the next image" })).toBeVisible();
  await settled(page);
  await screenshot(page, testInfo, "gallery-slideshow-375");
});

test("the gallery in the dark theme", async ({ signedIn: page, server }, testInfo) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await setSlideshow(server, { autoplaySlide: true, autoplayInterval: 6000 });
  await page.goto(`${server.url}/files/pics/p2.png`);
  await expect(preview(page).getByRole("progressbar", { name: "Time until the next image" })).toBeVisible();
  await settled(page);
  await screenshot(page, testInfo, "gallery-dark-slideshow-1280");
});

/**
 * The box of the preview's image `img` once it has loaded and been laid out: read as soon as "n of N" shows, it can
 * still be empty (width 0), which would make every zoom ratio Infinity.
 */
async function fittedBox(page: Page, img: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  await expect.poll(async () => (await img.boundingBox())?.width ?? 0).toBeGreaterThan(0);
  await settled(page);
  return (await img.boundingBox())!;
}

/** The shown width of `name` over its fitted width (1 when not zoomed), to two decimals. */
async function zoomOf(page: Page, name: string, fitted: number): Promise<number> {
  const box = await preview(page).getByRole("img", { name }).boundingBox();
  return box ? Math.round((box.width / fitted) * 100) / 100 : 0;
}

test("the image zooms with the buttons, the keys, the wheel and a double click, pans by dragging, and fits again on the next image; the slideshow runs full screen and Esc leaves it first", async ({
  signedIn: page,
  server,
}, testInfo) => {
  await page.goto(`${server.url}/files/pics/p2.png`);
  const img = preview(page).getByRole("img", { name: "p2.png" });
  await expect(preview(page).getByText("2 of 5")).toBeVisible();
  const fitted = (await fittedBox(page, img)).width;
  const zoom = () => zoomOf(page, "p2.png", fitted);
  await expect(preview(page).getByRole("button", { name: "Zoom out" })).toBeDisabled();
  await preview(page).getByRole("button", { name: "Zoom in" }).click();
  await expect.poll(zoom).toBe(1.5);
  await page.keyboard.press("-");
  await expect.poll(zoom).toBe(1);
  await page.keyboard.press("+");
  await page.keyboard.press("=");
  await expect.poll(zoom).toBe(2.25);
  await preview(page).getByRole("button", { name: "Zoom out" }).click();
  await preview(page).getByRole("button", { name: "Zoom out" }).click();
  await expect.poll(zoom).toBe(1);
  // The wheel zooms about the pointer.
  const box = (await img.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -200);
  await expect.poll(zoom).toBeGreaterThan(1.3);
  for (let i = 0; i < 4; i++) await page.keyboard.press("+");
  await expect.poll(zoom).toBe(4);
  await expect(preview(page).getByRole("button", { name: "Zoom in" })).toBeDisabled();
  await screenshot(page, testInfo, "gallery-zoomed-1280");
  // A drag pans the zoomed image instead of moving to another one.
  const before = (await img.boundingBox())!;
  await page.mouse.move(640, 400);
  await page.mouse.down();
  await page.mouse.move(580, 380, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await img.boundingBox())!.x - before.x)).toBe(-60);
  expect(Math.round((await img.boundingBox())!.y - before.y)).toBe(-20);
  await expect(page).toHaveURL(`${server.url}/files/pics/p2.png`);
  // A double click fits the zoomed image, another one zooms in again.
  await page.mouse.dblclick(640, 400);
  await expect.poll(zoom).toBe(1);
  await page.mouse.dblclick(640, 400);
  await expect.poll(zoom).toBe(2.5);
  // The next image comes fitted; coming back, this one is fitted too.
  await page.keyboard.press("ArrowRight");
  await expect(heading(page)).toHaveText("p3.png");
  await expect.poll(() => zoomOf(page, "p3.png", fitted)).toBe(1);
  await page.keyboard.press("ArrowLeft");
  await expect(heading(page)).toHaveText("p2.png");
  await expect.poll(zoom).toBe(1);

  await preview(page).getByRole("button", { name: "Start slideshow" }).click();
  await expect
    .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute("aria-roledescription") ?? null))
    .toBe("Image gallery");
  await page.keyboard.press("Escape");
  await expect(preview(page).getByRole("button", { name: "Start slideshow" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  await expect(preview(page)).toBeVisible();
  await settled(page);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(`${server.url}/files/pics/`);
});

test.describe("on a touch phone", () => {
  test.use(TOUCH_PHONE);

  test("a double tap zooms the image and another fits it; two fingers pinch it larger", async ({
    signedIn: page,
    server,
  }, testInfo) => {
    await page.goto(`${server.url}/files/pics/p2.png`);
    const img = preview(page).getByRole("img", { name: "p2.png" });
    await expect(preview(page).getByText("2 of 5")).toBeVisible();
    const box = await fittedBox(page, img);
    const zoom = () => zoomOf(page, "p2.png", box.width);
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const cdp = await page.context().newCDPSession(page);
    // Two taps at the centre, sent together so they reach the page well within the 300 ms of a double tap, as a
    // finger's do, however busy the machine (two awaited taps can be more than 300 ms apart there).
    const doubleTap = () =>
      Promise.all(
        (["touchStart", "touchEnd", "touchStart", "touchEnd"] as const).map((type) =>
          cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x: cx, y: cy }] }),
        ),
      );
    await doubleTap();
    await expect.poll(zoom).toBe(2.5);
    await screenshot(page, testInfo, "gallery-zoomed-375");
    await page.waitForTimeout(400);
    await doubleTap();
    await expect.poll(zoom).toBe(1);
    // Two fingers 40 px apart move to 120 px apart: three times larger.
    const fingers = (d: number) => [
      { x: cx - d / 2, y: cy, id: 1 },
      { x: cx + d / 2, y: cy, id: 2 },
    ];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(40) });
    for (const d of [60, 80, 100, 120])
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(d) });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(zoom).toBe(3);
    await expect(page).toHaveURL(`${server.url}/files/pics/p2.png`);
    // Fitted again, a swipe moves to the next image.
    await page.waitForTimeout(400);
    await doubleTap();
    await expect.poll(zoom).toBe(1);
    // Past the double-tap window of the last tap, as a finger lifting and coming back would be.
    await page.waitForTimeout(400);
    // Across most of the 375 px screen: Swiper counts from the first move, and a swipe slower than 300 ms (on a busy
    // machine) moves on only past half the width, as a slow finger that turns back would not.
    const swipe = [300, 260, 220, 180, 140, 100, 60, 20];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: swipe[0], y: cy, id: 3 }] });
    for (const x of swipe.slice(1))
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: cy, id: 3 }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(page).toHaveURL(`${server.url}/files/pics/p3.png`);
  });
});
