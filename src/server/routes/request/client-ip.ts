/** @module The client address of a request: the socket peer, or the proxy's X-Forwarded-For entry when trusted. */
import type { Context } from "hono";
import type { AppEnv } from "../../app-env";

type RequestIpServer = { requestIP?: (req: Request) => { address: string } | null };

const IP_LIKE = /^[0-9a-fA-F:.]{2,45}$/;

/**
 * The client IP. Bun's server (passed to app.fetch as env) knows the socket peer. With `trustProxy`, the last
 * X-Forwarded-For entry wins: it is the one our own reverse proxy appended, whereas earlier entries come from
 * the client and can be forged. Returns "unknown" when neither is available (in-process tests).
 */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const last = c.req
      .header("X-Forwarded-For")
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (last && IP_LIKE.test(last)) return last;
  }
  return (c.env as RequestIpServer | undefined)?.requestIP?.(c.req.raw)?.address ?? "unknown";
}
