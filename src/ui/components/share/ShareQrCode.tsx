/**
 * @module The QR code of a share's link (docs/product.md "Share page"); the qrcode library loads with it, outside the
 * first load.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { qrSvgDataUrl } from "./qr-svg";

/** The link as a QR code image (an SVG, sharp at any size); nothing while it is being drawn. */
export function ShareQrCode({ link }: { link: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    void qrSvgDataUrl(link).then(
      (url) => live && setSrc(url),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <div className="share-qr">
      {src ? (
        <img src={src} alt={t("sharePage.qrCode")} width={160} height={160} />
      ) : (
        <span className="share-qr-blank" aria-hidden />
      )}
    </div>
  );
}
