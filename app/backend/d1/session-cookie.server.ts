import { createCookie } from "react-router";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The session cookie holds a random session id (signed as well, so a forged value is rejected before any
 * query). HttpOnly and SameSite=Lax always; on HTTPS also Secure with the __Host- prefix, which pins it to
 * this host and path /. Plain-HTTP local development cannot keep a Secure cookie, so it goes without.
 */
export function sessionCookie(request: Request, secret: string) {
  const secure = new URL(request.url).protocol === "https:";
  return createCookie(secure ? "__Host-push-session" : "push-session", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: SESSION_TTL_MS / 1000,
    secrets: [secret],
  });
}
