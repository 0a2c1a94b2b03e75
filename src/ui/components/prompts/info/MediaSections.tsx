/**
 * @module The Video and Audio sections of File info (docs/product.md "File info"; docs/product.md "Video metadata").
 */
import { useTranslation } from "react-i18next";
import type { AudioMetainfo, SidecarSubtitle, VideoMetainfo } from "../../../api/media";
import type { ContainerAudioMetainfo } from "../../../../shared/wire/metainfo";
import { MetaSection, OptionalRow, Row } from "./InfoRows";
import {
  formatBitRate,
  formatChannels,
  formatFrameRate,
  formatMediaDuration,
  formatResolution,
  formatSamplingRate,
  subtitleLines,
  withLongName,
} from "./media-format";

/** Format, duration and overall bit rate: the container rows both sections start with. */
function ContainerRows({ meta }: { meta: ContainerAudioMetainfo }) {
  const { t } = useTranslation();
  return (
    <>
      <OptionalRow label={t("prompts.info.meta.format")} value={withLongName(meta.FormatName, meta.FormatLongName)} />
      <OptionalRow label={t("prompts.info.meta.duration")} value={formatMediaDuration(meta.Duration)} />
      <OptionalRow label={t("prompts.info.meta.overallBitRate")} value={formatBitRate(meta.OverallBitRate)} />
    </>
  );
}

/** The audio stream rows: codec, profile, bit rate, sampling rate, channels and layout. */
function AudioStreamRows({ meta, inVideo }: { meta: ContainerAudioMetainfo; inVideo: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <OptionalRow
        label={inVideo ? t("prompts.info.meta.audioCodec") : t("prompts.info.meta.codec")}
        value={withLongName(meta.ACodecName, meta.ACodecLongName)}
      />
      <OptionalRow
        label={inVideo ? t("prompts.info.meta.audioProfile") : t("prompts.info.meta.profile")}
        value={meta.AProfile}
      />
      <OptionalRow
        label={inVideo ? t("prompts.info.meta.audioBitRate") : t("prompts.info.meta.bitRate")}
        value={formatBitRate(meta.ABitRate)}
      />
      <OptionalRow label={t("prompts.info.meta.samplingRate")} value={formatSamplingRate(meta.ASamplingRate)} />
      <OptionalRow label={t("prompts.info.meta.channels")} value={formatChannels(meta.AChannels, "")} />
      <OptionalRow label={t("prompts.info.meta.layout")} value={meta.AChannelLayout} />
    </>
  );
}

/** A video's container, picture, subtitle and sound details. */
export function VideoSection({ meta, subtitles }: { meta: VideoMetainfo; subtitles: readonly SidecarSubtitle[] }) {
  const { t } = useTranslation();
  const subs = subtitleLines(subtitles, meta.SubtitleEmbedded ?? []);
  return (
    <MetaSection title={t("prompts.info.meta.video")}>
      <dl className="info-list">
        <ContainerRows meta={meta} />
        <OptionalRow label={t("prompts.info.meta.videoBitRate")} value={formatBitRate(meta.VBitRate)} />
        <Row label={t("prompts.info.meta.subtitles")}>
          {subs.length === 0 ? (
            t("prompts.info.meta.none")
          ) : (
            <ul className="meta-subtitles">
              {subs.map((s, i) => (
                <li key={i}>{s}</li>
              ))}
            </ul>
          )}
        </Row>
        <OptionalRow label={t("prompts.info.meta.codec")} value={withLongName(meta.VCodecName, meta.VCodecLongName)} />
        <OptionalRow label={t("prompts.info.meta.profile")} value={meta.VProfile} />
        <OptionalRow label={t("prompts.info.meta.resolution")} value={formatResolution(meta.VWidth, meta.VHeight)} />
        <OptionalRow label={t("prompts.info.meta.aspectRatio")} value={meta.VDisplayAspectRatio} />
        <OptionalRow label={t("prompts.info.meta.frameRate")} value={formatFrameRate(meta.VFrameRate)} />
        <AudioStreamRows meta={meta} inVideo />
      </dl>
    </MetaSection>
  );
}

/** An audio file's codec details and its tags (album, artist, genre, title, track, year). */
export function AudioSection({ meta }: { meta: AudioMetainfo }) {
  const { t } = useTranslation();
  return (
    <MetaSection title={t("prompts.info.meta.audio")}>
      <dl className="info-list">
        <OptionalRow label={t("prompts.info.meta.title")} value={meta.Title} />
        <OptionalRow label={t("prompts.info.meta.artist")} value={meta.Artist} />
        <OptionalRow label={t("prompts.info.meta.album")} value={meta.Album} />
        <OptionalRow label={t("prompts.info.meta.genre")} value={meta.Genre} />
        <OptionalRow label={t("prompts.info.meta.track")} value={meta.Track} />
        <OptionalRow label={t("prompts.info.meta.year")} value={meta.Year} />
        <ContainerRows meta={meta} />
        <AudioStreamRows meta={meta} inVideo={false} />
      </dl>
    </MetaSection>
  );
}
