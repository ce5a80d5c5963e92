import { createCookie } from "react-router";
import { usesSecureCookies } from "~/lib/transport.server";

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The session cookie holds a random session id (signed as well, so a forged value is rejected before any
 * query). HttpOnly and SameSite=Lax always; also Secure with the __Host- prefix, which pins it to this host and
 * path /, on every host but a local plain-HTTP address (which cannot keep a Secure cookie).
 */
export function sessionCookie(request: Request, secret: string) {
  const secure = usesSecureCookies(request);
  return createCookie(secure ? "__Host-push-session" : "push-session", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: SESSION_TTL_MS / 1000,
    secrets: [secret],
  });
}
