/** @module The product mark: a folder in the accent colour. */
import { FolderOpen } from "lucide-react";

/** The logo, decorative (the instance name beside it is the text). */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <span className="logo" aria-hidden>
      <FolderOpen size={size} strokeWidth={2} />
    </span>
  );
}
