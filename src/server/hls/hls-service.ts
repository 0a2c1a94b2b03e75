/**
 * @module On-demand HLS of one server: probes sources (media/probe-cache.ts), writes their media and
 * master playlists, and hands segment requests to the encoder pool. Built once at boot (serve.ts), stopped at
 * shutdown so no ffmpeg outlives the server.
 */
import { stat } from "node:fs/promises";
import { inheritedInput, type MediaInput } from "../tools/ffmpeg";
import type { ScopedFile } from "../tools/tool-input";
import { MediaContentRefused } from "../tools/media-input";
import { isToolAvailable } from "../tools/available";
import {
  clampQuality,
  encodedHeight,
  offeredQualities,
  resValue,
  VIDEO_QUALITIES,
  type HlsQuality,
} from "../../shared/wire/video";
import { EncoderPool } from "./encoder-pool";
import { buildMasterPlaylist, buildMediaPlaylist, outputSize, segmentCount } from "./playlist-writer";
import { qualityDir, sourceKey } from "./segment-cache";
import { HLS_DEBUG_HEADER, type HlsOptions } from "./hls-options";
import { collectHlsCache, touchQualityDir } from "./hls-cache-gc";
import { shouldCollect } from "../media/thumb-cache";
import { videoEncoder } from "../media/video-encoder";
import { probeFile } from "../media/probe-cache";
import { BadRequest, NotFound, ServiceUnavailable, UnsupportedMediaType } from "../errors";

/** What a source's playlists and segments need from its probe. */
export interface HlsSource {
  abs: string;
  /** The file as every encoder opens it, beneath the scope of the user who asked (tool-input.ts). */
  file: ScopedFile;
  /** The input as every encoder names it (`/proc/self/fd/3`) with the demuxer its probe found. */
  input: MediaInput;
  /** The cache key of the file as it is now (segment-cache.ts sourceKey). */
  key: string;
  durationS: number;
  width: number;
  height: number;
  videoStream: number;
  segmentCount: number;
}

export class HlsService {
  readonly encoders: EncoderPool;

  constructor(
    readonly options: HlsOptions,
    private readonly cacheDir: string,
    logError: (line: string) => void,
  ) {
    this.encoders = new EncoderPool({ ...options, logError });
  }

  /**
   * The probed source `file`, whose encoders open it beneath the scope of this request (the probe itself runs once
   * per scope, path, size and mtime: media/probe-cache.ts probeFile).
   * @throws ServiceUnavailable (503) without ffmpeg/ffprobe; UnsupportedMediaType (415) for text content (a
   * playlist, a concat script); BadRequest (400) for a file without a video stream or that ffprobe cannot read.
   */
  async source(file: ScopedFile): Promise<HlsSource> {
    if (!isToolAvailable("ffmpeg") || !isToolAvailable("ffprobe"))
      throw new ServiceUnavailable("ffmpeg is not installed");
    const st = await stat(file.abs);
    const p = await probeFile(file, st).catch((err) => {
      if (err instanceof MediaContentRefused) throw new UnsupportedMediaType(err.message);
      return null;
    });
    if (!p || !p.videoCodec || !(p.height > 0)) throw new BadRequest("not a video ffmpeg can read");
    // The container's duration: segments run to the end of the file (audio may outlast the picture by a little).
    const durationS = p.durationS || p.videoDurationS;
    if (!(durationS > 0)) throw new BadRequest("the video has no duration");
    return {
      abs: file.abs,
      file,
      input: inheritedInput(p.demuxer),
      key: sourceKey(file.abs, st),
      durationS,
      width: p.width,
      height: p.height,
      videoStream: p.videoStreamIndex,
      segmentCount: segmentCount(durationS, this.options.segmentS),
    };
  }

  /** The qualities offered for `source`: every HLS quality no taller than the video. */
  qualities(source: HlsSource): HlsQuality[] {
    return offeredQualities(source.height).flatMap((i) => VIDEO_QUALITIES[i] ?? []);
  }

  /**
   * The offered quality of `source` nearest to `q` (docs/video.md "Quality"): `q` itself when offered, else the next
   * offered one below it in the quality list (a lower height or bit rate), so a quality taller than the video gives
   * the tallest offered one; a source shorter than every quality is offered the smallest one.
   */
  nearestQuality(source: HlsSource, q: HlsQuality): HlsQuality {
    const offered = offeredQualities(source.height).filter((i) => VIDEO_QUALITIES[i] !== null);
    return VIDEO_QUALITIES[clampQuality(VIDEO_QUALITIES.indexOf(q), offered)] ?? q;
  }

  /** The media playlist of `source`; `segmentUri(n)` names segment n. */
  mediaPlaylist(source: HlsSource, segmentUri: (n: number) => string): string {
    return buildMediaPlaylist({ durationS: source.durationS, segmentS: this.options.segmentS, segmentUri });
  }

  /**
   * The master playlist of `source`: one variant per offered quality, `uriOf(res)` naming its media playlist.
   * @throws NotFound (404) when the video is shorter than every quality (nothing is offered).
   */
  masterPlaylist(source: HlsSource, uriOf: (res: string) => string): string {
    const offered = this.qualities(source);
    if (offered.length === 0) throw new NotFound(`the video is ${source.height} px tall; no quality is offered`);
    return buildMasterPlaylist(
      offered.map((q) => ({
        ...outputSize(source.width, source.height, q.height),
        mbps: q.mbps,
        uri: uriOf(resValue(q)),
      })),
    );
  }

  /**
   * The cached file of segment `n` of `source` at quality `q`, encoded when missing.
   * @throws NotFound (404) for a segment past the end; the encoder pool's errors (503, ffmpeg failures).
   */
  async segment(source: HlsSource, q: HlsQuality, n: number): Promise<string> {
    if (n >= source.segmentCount) throw new NotFound(`the video has ${source.segmentCount} segments`);
    const res = resValue(q);
    const dir = qualityDir(this.cacheDir, source.key, res);
    const path = await this.encoders.segment(
      {
        key: `${source.key}/${res}`,
        dir,
        file: source.file,
        input: source.input,
        videoStream: source.videoStream,
        encoder: await videoEncoder(),
        height: encodedHeight(q, source.height),
        mbps: q.mbps,
        segmentCount: source.segmentCount,
      },
      n,
    );
    // The cache's garbage collection keeps what is watched (hls-cache-gc.ts).
    await touchQualityDir(dir);
    return path;
  }

  /**
   * Now and then (`perMillion` requests in a million, the global cacheGcProbability) removes the cached segments of
   * sources unused for `ttlS` seconds (cacheExpireTTL), after the answer and without delaying it.
   */
  maybeCollect(perMillion: number, ttlS: number, log: (line: string) => void): void {
    if (!shouldCollect(perMillion)) return;
    void collectHlsCache(this.cacheDir, ttlS, this.encoders.busySources()).then(
      (n) => n > 0 && log(`HLS cache: ${n} videos unused for ${ttlS} s removed`),
      (err: Error) => log(`HLS cache collection failed: ${err.message}`),
    );
  }

  /** The debug header (name and value) with the encoder counts, or null when debugging is off. */
  debugHeader(): [string, string] | null {
    if (!this.options.debugHeader) return null;
    const s = this.encoders.stats();
    return [HLS_DEBUG_HEADER, `running=${s.running}; peak=${s.peak}; started=${s.started}; max=${s.max}`];
  }

  /** Stops every encoder (shutdown). */
  stop(): Promise<void> {
    return this.encoders.stopAll();
  }
}
