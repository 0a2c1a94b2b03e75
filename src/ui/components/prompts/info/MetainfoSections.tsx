/**
 * @module The metadata part of File info and of the torrent/firmware previews: loading while the server probes, then
 * the section of the file's kind, or the failure's message in its place (the rest of the dialog stays).
 */
import { useTranslation } from "react-i18next";
import type { AudioMetainfo, FirmwareMetainfo, TorrentMetainfo, VideoMetainfo } from "../../../api/media";
import { MetaLoading, MetaSection } from "./InfoRows";
import { AudioSection, VideoSection } from "./MediaSections";
import { TorrentSection } from "./TorrentSection";
import { FirmwareSection } from "./FirmwareSection";
import { ImageSection } from "./ImageSection";
import type { MetainfoKind } from "./media-format";
import type { ProbeState } from "./useProbe";

/** The section of `kind` for the probe in `state`. */
export function MetainfoSections({ kind, state }: { kind: MetainfoKind; state: ProbeState }) {
  const { t } = useTranslation();
  if (kind === "image" && state.status === "done" && state.file.imageinfo)
    return <ImageSection info={state.file.imageinfo} />;
  if (state.status !== "done" || !state.file.metainfo) {
    return (
      <MetaSection title={t(`prompts.info.meta.${kind}`)}>
        {state.status === "failed" ? (
          <p className="field-error" role="alert">
            {state.message}
          </p>
        ) : state.status === "loading" ? (
          <MetaLoading />
        ) : (
          <p className="muted">{t("prompts.info.meta.noMetadata")}</p>
        )}
      </MetaSection>
    );
  }
  const { metainfo, subtitles } = state.file;
  if (kind === "video") return <VideoSection meta={metainfo as VideoMetainfo} subtitles={subtitles ?? []} />;
  if (kind === "audio") return <AudioSection meta={metainfo as AudioMetainfo} />;
  if (kind === "torrent") return <TorrentSection meta={metainfo as TorrentMetainfo} />;
  return <FirmwareSection meta={metainfo as FirmwareMetainfo} />;
}
