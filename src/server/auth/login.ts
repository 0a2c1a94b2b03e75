/**
 * @module The login decision (docs/interfaces.md "Authentication"): ban check, attempt limits, captcha, credentials,
 * then the 2FA passcode; failures are recorded per IP for the ban and count against the attempt limits.
 */
import type { Database } from "bun:sqlite";
import { getSettings } from "../settings/settings-service";
import { checkCredentials } from "../users/user-service";
import { Forbidden } from "../errors";
import type { User } from "../users/types";
import { assertNotBanned, recordFailedLogin } from "./login-ban";
import { isCaptchaActive, verifyCaptcha } from "./captcha";
import { verifyOtpPasscode } from "./otp";
import { takeLoginAttempt } from "./attempt-limits";

/** One login attempt as read from the request. */
export interface LoginAttempt {
  username: string;
  password: string;
  otpPasscode: string;
  /** The captcha widget's response token ("" when none was sent). */
  captcha: string;
  /** Client address used for the failed-login log and ban. */
  ip: string;
}

/**
 * Returns the user when the attempt succeeds.
 * @throws TooManyRequests (429) while the IP is banned, or (with Retry-After) when the IP or the user name used
 * up its attempts of the rateLimit window (a successful login gives its attempt back); Forbidden (403) for a failed captcha, wrong credentials,
 * `OTP passcode required` (not counted as a failure) or `wrong OTP passcode`.
 */
export async function authenticate(
  db: Database,
  attempt: LoginAttempt,
  now = Math.floor(Date.now() / 1000),
): Promise<User> {
  const settings = getSettings(db);
  assertNotBanned(db, attempt.ip, settings.loginBan, now);
  const taken = takeLoginAttempt(db, "login", attempt.ip, attempt.username, settings.rateLimit);
  // docs/product.md "Login fields": with captcha on, a missing or rejected captcha is answered like wrong credentials.
  if (isCaptchaActive(settings.captcha) && !(await verifyCaptcha(settings.captcha, attempt.captcha, attempt.ip))) {
    throw new Forbidden();
  }
  const fail = (detail?: string): never => {
    recordFailedLogin(db, attempt.ip, attempt.username, settings.loginBan, now);
    throw new Forbidden(detail);
  };
  if (!attempt.username || !attempt.password) return fail();
  const user = await checkCredentials(db, attempt.username, attempt.password);
  if (!user) return fail();
  if (user.otpEnabled) {
    if (!attempt.otpPasscode) throw new Forbidden("OTP passcode required");
    if (!verifyOtpPasscode(user.otpKey, attempt.otpPasscode)) return fail("wrong OTP passcode");
  }
  taken.refund();
  return user;
}
