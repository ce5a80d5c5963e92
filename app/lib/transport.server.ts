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
