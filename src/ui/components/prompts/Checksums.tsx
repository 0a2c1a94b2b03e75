/**
 * @module The on-demand checksums of the info dialog (docs/product.md "File info"): MD5, SHA1, SHA256, SHA512, each
 * with a copy button.
 */
import { useEffect, useState } from "react";
import { Check, Copy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { fetchChecksum } from "../../api/resource-actions";
import { errorMessage } from "../../api/errors";
import { copyText } from "../../stores/menu-actions";
import { notifyError } from "../../notify";
import { CHECKSUM_ALGORITHMS, type ChecksumAlgorithm } from "../../../shared/wire/checksum";

/**
 * How long a checksum's copy button says "Copied" (UI choice, as long as a success popup: docs/product.md "Timings").
 */
const COPIED_FEEDBACK_MS = 1000;

type Sum = { state: "busy" } | { state: "done"; hex: string } | { state: "failed"; message: string };

/** Copies `hex` and says "Copied" on the button for a moment. */
function CopyButton({ algo, hex }: { algo: string; hex: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () =>
    copyText(hex).then(
      () => setCopied(true),
      (err) => notifyError(errorMessage(err)),
    );
  return (
    <button
      type="button"
      className="btn btn-small checksum-copy"
      aria-label={copied ? t("prompts.info.copied") : t("prompts.info.copy", { algo })}
      onClick={() => void copy()}
    >
      {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
      <span aria-live="polite">{copied ? t("prompts.info.copied") : t("prompts.info.copyShort")}</span>
    </button>
  );
}

/** One row per algorithm: a Compute button, then the digest and its copy button. */
export function Checksums({ path }: { path: string }) {
  const { t } = useTranslation();
  const [sums, setSums] = useState<Partial<Record<ChecksumAlgorithm, Sum>>>({});
  const compute = async (algo: ChecksumAlgorithm) => {
    setSums((s) => ({ ...s, [algo]: { state: "busy" } }));
    try {
      const hex = await fetchChecksum(path, algo);
      setSums((s) => ({ ...s, [algo]: { state: "done", hex } }));
    } catch (err) {
      setSums((s) => ({ ...s, [algo]: { state: "failed", message: errorMessage(err) } }));
    }
  };
  return (
    <>
      {CHECKSUM_ALGORITHMS.map((algo) => {
        const name = algo.toUpperCase();
        const sum = sums[algo];
        return (
          <div className="info-row" key={algo}>
            <dt>{name}</dt>
            <dd>
              {!sum && (
                <button
                  type="button"
                  className="link-btn"
                  aria-label={t("prompts.info.compute", { algo: name })}
                  onClick={() => void compute(algo)}
                >
                  {t("prompts.info.show")}
                </button>
              )}
              {sum?.state === "busy" && (
                <span className="spinner spinner-small" role="status" aria-label={t("prompts.info.calculating")} />
              )}
              {sum?.state === "failed" && <span className="field-error">{sum.message}</span>}
              {sum?.state === "done" && (
                <span className="checksum-line">
                  <code className="checksum" aria-label={t("prompts.info.checksumOf", { algo: name })}>
                    {sum.hex}
                  </code>
                  <CopyButton algo={name} hex={sum.hex} />
                </span>
              )}
            </dd>
          </div>
        );
      })}
    </>
  );
}
