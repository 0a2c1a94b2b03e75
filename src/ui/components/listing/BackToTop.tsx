/** @module Back-to-top button of the files view, shown once the page is scrolled (docs/product.md "Files view"). */
import { useEffect, useState } from "react";
import { ArrowUp } from "lucide-react";
import { useTranslation } from "react-i18next";

/** The back-to-top button shows after this scroll offset (docs/product.md "Timings"). */
const BACK_TO_TOP_OFFSET = 10;

/** A floating button that scrolls the window back to the top. */
export function BackToTop() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > BACK_TO_TOP_OFFSET);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      aria-label={t("files.backToTop")}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
    >
      <ArrowUp aria-hidden />
    </button>
  );
}
