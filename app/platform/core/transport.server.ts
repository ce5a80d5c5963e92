import { createCookie } from "react-router";

// Which requests may travel or keep cookies without TLS: only those made to this machine (local development
// and the tests, on plain HTTP). Every other host is redirected to HTTPS by the worker, and its cookies are
// Secure — the session's also __Host- — even should a plain-HTTP request ever reach a route.

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

export function usesSecureCookies(request: Request): boolean {
  const url = new URL(request.url);
  return url.protocol === "https:" || !isLoopbackHost(url.hostname);
}

/**
 * Every cookie the site sets: HttpOnly, SameSite=Lax, path /, signed with `secret` (a forged or edited value reads as
 * no cookie), and — on every host but a local plain-HTTP address — Secure with the __Host- prefix, which pins it to
 * this host.
 */
export function siteCookie(request: Request, name: string, { maxAgeSeconds, secret }: { maxAgeSeconds: number; secret: string }) {
  const secure = usesSecureCookies(request);
  return createCookie(secure ? `__Host-${name}` : name, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: maxAgeSeconds,
    secrets: [secret],
  });
}
