import { describe, expect, it } from "bun:test";
import { addSpeedSample, secondsLeft, speedOf, type SpeedSample } from "../../../src/ui/stores/upload-speed-rules";

function feed(points: Array<[number, number]>, windowMs = 3000): SpeedSample[] {
  return points.reduce<SpeedSample[]>((s, [t, b]) => addSpeedSample(s, t, b, windowMs), []);
}

describe("upload speed", () => {
  it("is unknown until the samples span half a second", () => {
    expect(speedOf(feed([[0, 0]]))).toBeNull();
    expect(
      speedOf(
        feed([
          [0, 0],
          [400, 4000],
        ]),
      ),
    ).toBeNull();
    expect(
      speedOf(
        feed([
          [0, 0],
          [500, 5000],
        ]),
      ),
    ).toBe(10_000);
  });

  it("averages over the last three seconds, so a burst is smoothed and an old rate is forgotten", () => {
    // 1 MB/s for 5 s, then 3 s at 4 MB/s: the window only sees the new rate.
    const points: Array<[number, number]> = [];
    for (let t = 0; t <= 5000; t += 250) points.push([t, t * 1000]);
    for (let t = 5250; t <= 8000; t += 250) points.push([t, 5_000_000 + (t - 5000) * 4000]);
    const samples = feed(points);
    expect(samples[0].t).toBe(5000);
    expect(speedOf(samples)).toBe(4_000_000);
    // A single burst within a steady second raises the average only a little.
    const burst = feed([
      [0, 0],
      [1000, 1_000_000],
      [1100, 1_500_000],
      [2000, 2_500_000],
      [3000, 3_500_000],
    ]);
    expect(speedOf(burst)).toBeCloseTo(1_166_667, -1);
  });

  it("falls as a stalled upload keeps getting samples without new bytes", () => {
    const samples = feed([
      [0, 0],
      [1000, 1_000_000],
      [2000, 1_000_000],
      [3000, 1_000_000],
    ]);
    expect(speedOf(samples)).toBeCloseTo(333_333, -1);
    expect(speedOf(addSpeedSample(samples, 4000, 1_000_000))).toBe(0);
  });

  it("starts afresh when an upload starts over (fewer bytes than before)", () => {
    const samples = feed([
      [0, 0],
      [1000, 1_000_000],
      [1500, 0],
    ]);
    expect(samples).toEqual([{ t: 1500, bytes: 0 }]);
  });

  it("gives the whole seconds left, or none without a speed", () => {
    expect(secondsLeft(10_000, 4000)).toBe(3);
    expect(secondsLeft(0, 4000)).toBe(0);
    expect(secondsLeft(10_000, 0)).toBeNull();
    expect(secondsLeft(10_000, null)).toBeNull();
  });
});
