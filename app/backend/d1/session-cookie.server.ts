import { siteCookie } from "~/platform/core/transport.server";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A session not used for this long has ended, whatever its absolute expiry (docs/decisions/0012). */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** How stale `last_seen_at` may get before a request writes it again (one write per 5 minutes of use, at most). */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

/**
 * The session cookie holds a random session id, signed as well, so a forged value is rejected before any query
 * (flags: siteCookie).
 */
export function sessionCookie(request: Request, secret: string) {
  return siteCookie(request, "push-session", { maxAgeSeconds: SESSION_TTL_MS / 1000, secret });
}
