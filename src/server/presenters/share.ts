/** @module Maps stored share links to the wire's link objects (docs/product.md "Share link"). */
import type { ShareRow } from "../db/shares-table";
import type { ShareLink } from "../../shared/wire/share";

/** One link; `username` is added for the admin list, `outOfScope` there when the owner's scope no longer holds it. */
export function presentShare(share: ShareRow & { outOfScope?: boolean }, username?: string): ShareLink {
  return {
    hash: share.hash,
    path: share.path,
    expire: share.expire,
    userId: share.userId,
    hasPassword: share.passwordHash !== "",
    uploadOnly: share.uploadOnly,
    downloadLimit: share.downloadLimit,
    downloads: share.downloads,
    downloadRate: share.downloadRate,
    ...(username !== undefined ? { username } : {}),
    ...(share.outOfScope ? { outOfScope: true } : {}),
  };
}
