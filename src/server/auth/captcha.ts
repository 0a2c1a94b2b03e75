/**
 * @module Login captcha check against a reCAPTCHA-compatible verifier: the response token and the secret are
 * posted as form data to `verifyUrl`, which answers JSON `{success: true}` for a solved captcha.
 */
import type { StoredSettings } from "../settings/schema";

/** How long the login waits for the captcha verifier before treating the captcha as failed. */
const CAPTCHA_VERIFY_TIMEOUT_MS = 10_000;

type CaptchaSettings = StoredSettings["captcha"];

/** Whether login must carry a captcha: enabled, with both the site key and the secret set. */
export function isCaptchaActive(captcha: CaptchaSettings): boolean {
  return captcha.enabled && captcha.key !== "" && captcha.secret !== "";
}

/**
 * Asks the verifier whether `response` (the token the browser widget produced) is valid.
 * Returns false for an empty response, a network failure, a timeout or any answer other than `success: true`.
 */
export async function verifyCaptcha(captcha: CaptchaSettings, response: string, remoteIp?: string): Promise<boolean> {
  if (!response) return false;
  const form = new URLSearchParams({ secret: captcha.secret, response });
  if (remoteIp) form.set("remoteip", remoteIp);
  try {
    const res = await fetch(captcha.verifyUrl, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(CAPTCHA_VERIFY_TIMEOUT_MS),
      redirect: "error",
    });
    if (!res.ok) return false;
    const body = (await res.json()) as { success?: unknown };
    return body?.success === true;
  } catch {
    return false;
  }
}
