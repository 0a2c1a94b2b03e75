/** @module File info dialog (SPEC §2 Overlay dialogs: File info): name, summed size, modified, folder counts, checksums. */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { currentListing } from "../../stores/request";
import { summarizeInfo, type InfoItem } from "../../stores/operation-rules";
import { fetchResource, type Resource } from "../../api/resources";
import { fetchChecksum } from "../../api/resource-actions";
import { formatSize } from "../../format/format-size";
import { formatFullDate } from "../../format/format-date";
import { CHECKSUM_ALGORITHMS, type ChecksumAlgorithm } from "../../constants";

function Checksums({ path }: { path: string }) {
  const { t } = useTranslation();
  const [sums, setSums] = useState<Partial<Record<ChecksumAlgorithm, string>>>({});
  const compute = async (algo: ChecksumAlgorithm) => {
    setSums((s) => ({ ...s, [algo]: "…" }));
    try {
      const hex = await fetchChecksum(path, algo);
      setSums((s) => ({ ...s, [algo]: hex }));
    } catch (err) {
      setSums((s) => ({ ...s, [algo]: (err as Error).message }));
    }
  };
  return (
    <>
      {CHECKSUM_ALGORITHMS.map((algo) => (
        <div className="info-row" key={algo}>
          <dt>{algo.toUpperCase()}</dt>
          <dd>
            {sums[algo] ? (
              <code className="checksum" aria-label={t("prompts.info.checksumOf", { algo: algo.toUpperCase() })}>
                {sums[algo]}
              </code>
            ) : (
              <button type="button" className="link-btn" aria-label={t("prompts.info.compute", { algo: algo.toUpperCase() })} onClick={() => void compute(algo)}>
                {t("prompts.info.show")}
              </button>
            )}
          </dd>
        </div>
      ))}
    </>
  );
}

/** Shows the details of `paths`, or of the folder on screen when none is given. */
export function InfoPrompt({ paths }: { paths: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const listing = currentListing();
  const fromListing = (listing?.items ?? []).filter((i) => paths.includes(i.path));
  const [single, setSingle] = useState<Resource | null>(paths.length === 0 ? listing : null);
  useEffect(() => {
    if (paths.length !== 1) return;
    fetchResource(paths[0]).then(setSingle, () => setSingle(fromListing[0] ?? null));
  }, [paths[0]]);
  const items: InfoItem[] = paths.length <= 1 ? (single ? [single] : []) : fromListing;
  const info = summarizeInfo(items);
  const file = paths.length === 1 && single && !single.isDir ? single : null;
  const row = (label: string, value: string | number) => (
    <div className="info-row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <Dialog
      label={t("prompts.info.title")}
      title={t("prompts.info.title")}
      onClose={closePrompt}
      actions={
        <button type="button" className="btn btn-primary" data-autofocus onClick={closePrompt}>
          {t("prompts.ok")}
        </button>
      }
    >
      <dl className="info-list">
        {info.name !== null && row(t("prompts.info.name"), info.name || "/")}
        {info.count > 1 && row(t("prompts.info.items"), info.count)}
        {row(t("prompts.info.size"), `${formatSize(info.size)} (${info.size.toLocaleString(i18n.language)} B)`)}
        {info.modified && row(t("prompts.info.modified"), formatFullDate(info.modified, i18n.language))}
        {info.numDirs !== null && row(t("prompts.info.folders"), info.numDirs)}
        {info.numFiles !== null && row(t("prompts.info.files"), info.numFiles)}
        {file && <Checksums path={file.path} />}
      </dl>
    </Dialog>
  );
}
