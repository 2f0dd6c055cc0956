// How the account pages read a failed call: by its `code` only, never by its Italian text.
import { ApiError, errorCode, messageOf } from "../../lib/api";

/** What the resend dialog shows after a refused resend. */
export type ResendFailure = { kind: "wait"; seconds: number } | { kind: "message"; text: string };

/** A cooldown (`resend_cooldown`, or the client's `rate_limited`) waits `remainingTime`
 * seconds (default 60, docs/product/limits.md); anything else shows the server's text, or `fallback`. (The
 * server answers every address alike: an unknown one is no failure.) */
export function resendFailure(error: unknown, fallback: string): ResendFailure {
  const code = errorCode(error);
  if (code === "resend_cooldown" || code === "rate_limited") {
    const seconds = error instanceof ApiError ? error.remainingTime : null;
    return { kind: "wait", seconds: seconds ?? 60 };
  }
  return { kind: "message", text: messageOf(error, fallback) };
}

/** The e-mail link is dead (unknown, used or expired): the page offers a new one. */
export function isDeadLink(error: unknown): boolean {
  const code = errorCode(error);
  return code === "token_invalid" || code === "token_expired";
}

/** Login refused because the address is not verified yet: the form offers to resend. */
export const isUnverified = (error: unknown) => errorCode(error) === "email_not_verified";

/** Registration failures whose server text tells the owner what to fix; the others get the
 * generic "try later" text. */
export function isRegistrationProblem(error: unknown): boolean {
  const code = errorCode(error);
  return code === "validation" || code === "email_taken" || code === "payload_too_large" || code === "unsupported_media_type";
}
