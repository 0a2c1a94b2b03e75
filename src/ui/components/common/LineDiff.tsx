/**
 * @module The rows of a line diff (docs/product.md "Versions", "Editor"): lines only in the older text struck out,
 * lines only in the newer one marked added, long unchanged runs folded.
 */
import { useTranslation } from "react-i18next";
import type { DiffRow } from "../../stores/version-rules";

/** Shows `rows`; the signs are for the eye, <del> and <ins> say the same to a screen reader. */
export function LineDiff({ rows }: { rows: readonly DiffRow[] }) {
  const { t } = useTranslation();
  return (
    <div className="version-diff" role="group" aria-label={t("versions.diffLabel")}>
      {rows.map((row, i) => {
        const key = `${i}`;
        if (row.kind === "folded") {
          return (
            <div key={key} className="diff-row diff-folded">
              {t("versions.folded", { count: row.count })}
            </div>
          );
        }
        const sign = row.kind === "added" ? "+" : row.kind === "removed" ? "−" : " ";
        const Line = row.kind === "added" ? "ins" : row.kind === "removed" ? "del" : "span";
        return (
          <div key={key} className={`diff-row diff-${row.kind}`}>
            <span className="diff-sign" aria-hidden>
              {sign}
            </span>
            <Line className="diff-text">{row.text || " "}</Line>
          </div>
        );
      })}
    </div>
  );
}
