/** @module The product mark: the branding logo when one is configured, else a folder in the accent colour. */
import { FolderOpen } from "lucide-react";
import { config } from "../../stores/config";

/** The logo, decorative (the instance name beside it is the text). */
export function Logo({ size = 28 }: { size?: number }) {
  if (config.logoURL) {
    return (
      <span className="logo" aria-hidden>
        <img src={config.logoURL} alt="" width={size} height={size} />
      </span>
    );
  }
  return (
    <span className="logo" aria-hidden>
      <FolderOpen size={size} strokeWidth={2} />
    </span>
  );
}
