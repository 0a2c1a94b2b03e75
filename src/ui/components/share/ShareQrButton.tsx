/**
 * @module The QR code of the share's link behind a small button on the public page: it is for the sharer to show,
 * so a visitor sees it only when asking. The button toggles it; Esc or a click elsewhere hides it again.
 */
import { useEffect, useRef, useState } from "react";
import { QrCode } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ShareQrCode } from "./ShareQrCode";

/** The button, and under it while open the QR code of `link`. */
export function ShareQrButton({ link }: { link: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onDown = (e: PointerEvent) => box.current?.contains(e.target as Node) || setOpen(false);
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onDown);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onDown);
    };
  }, [open]);
  return (
    <div className="share-qr-toggle" ref={box}>
      <button
        type="button"
        className="btn share-qr-button"
        aria-expanded={open}
        aria-label={t("sharePage.showQr")}
        title={t("sharePage.showQr")}
        onClick={() => setOpen((o) => !o)}
      >
        <QrCode size={18} aria-hidden />
      </button>
      {open && (
        <div className="share-qr-pop">
          <ShareQrCode link={link} />
        </div>
      )}
    </div>
  );
}
