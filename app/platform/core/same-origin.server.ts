/**
 * Same-origin: the browser's Origin header names this site; without one, Sec-Fetch-Site must say so. React Router's
 * own check covers its actions; the worker's routes (the contact relay, the call sockets) use this.
 */
export function isSameOrigin(request: Request, url: URL = new URL(request.url)): boolean {
  const origin = request.headers.get("Origin");
  if (origin) return origin === url.origin;
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}
