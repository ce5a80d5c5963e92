// Request headers a hostile client controls: client address (the rate-limit key), Origin and
// Sec-Fetch-Site (the CSRF checks), Accept, conditional and range headers (the media route hands them to
// R2), and assorted headers apps sometimes trust (X-Forwarded-*, Referer, Accept-Language).
import type { Payloads, Value } from "./payloads";
import { valueBytes } from "./payloads";
import type { Rng } from "./prng";

/** Longest hostile header value (Cloudflare refuses request headers over 32 KB in all). */
const HEADER_MAX = 1_001;

/**
 * A header value Node can send: the value's bytes as Latin-1 (so UTF-8 and invalid UTF-8 go out as raw
 * bytes), minus the control characters Node refuses in a header (CR, LF, NUL, …).
 */
export function headerSafe(value: Value | string): string {
  const raw = typeof value === "string" ? Buffer.from(value, "utf8") : valueBytes(value);
  return raw.toString("latin1").replace(/[\x00-\x08\x0a-\x1f\x7f]/g, "?");
}

/**
 * CF-Connecting-IP. Sign-in, reset and contact allow 5 requests a minute per value, so most requests
 * get an address of their own (private ranges: traffic never leaves loopback). Some come without the
 * header (miniflare then uses the socket's address: those share one bucket and meet 429s, a normal
 * rejection), some with IPv6 or nonsense.
 */
export function clientIp(rng: Rng, payloads: Payloads): { value?: string; label?: string } {
  const kind = rng.weighted<string>([
    [70, "v4"],
    [10, "v6"],
    [10, "none"],
    [3, "loopback"],
    [7, "hostile"],
  ]);
  switch (kind) {
    case "v4":
      return {
        value: rng.pick([
          () => `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
          () => `172.${rng.int(16, 31)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
          () => `192.168.${rng.int(0, 255)}.${rng.int(1, 254)}`,
        ])(),
      };
    case "v6":
      return {
        value: rng.pick([
          `fd00::${rng.hex(4)}:${rng.hex(4)}`,
          `2001:db8::${rng.hex(4)}`,
          `fe80::${rng.hex(4)}%eth0`,
          `::ffff:10.0.${rng.int(0, 255)}.${rng.int(1, 254)}`,
        ]),
        label: "ipv6",
      };
    case "none":
      return { label: "no CF-Connecting-IP" };
    case "loopback":
      return { value: rng.pick(["127.0.0.1", "::1", "0.0.0.0"]), label: "loopback ip" };
    default: {
      const value = rng.chance(0.5)
        ? rng.pick(["999.1.1.1", "1.1.1.1, 2.2.2.2", "unknown", "", "x".repeat(2000), "10.0.0.1\t"])
        : headerSafe(payloads.hostile(HEADER_MAX).value);
      return { value, label: "hostile CF-Connecting-IP" };
    }
  }
}

/** Origin / Sec-Fetch-Site for a POST: mostly this site's (so the request gets past the CSRF checks). */
export function originHeaders(rng: Rng, origin: string): { headers: Record<string, string>; label?: string } {
  if (rng.chance(0.8)) return { headers: { Origin: origin } };
  const port = Number(new URL(origin).port);
  const kind = rng.weighted<string>([
    [5, "cross-origin"],
    [3, "no-origin"],
    [1, "odd-origin"],
  ]);
  if (kind === "cross-origin") {
    const value = rng.pick([
      "https://evil.example",
      "null",
      `http://127.0.0.1:${port}.evil.example`,
      `http://localhost:${port}`,
      `http://127.0.0.1:${port + 1}`,
      `https://127.0.0.1:${port}`,
      `http://[::1]:${port}`,
    ]);
    const site = rng.pick([undefined, "cross-site", "same-site", "same-origin"]);
    return { headers: { Origin: value, ...(site ? { "Sec-Fetch-Site": site } : {}) }, label: `Origin ${value}${site ? ` Sec-Fetch-Site ${site}` : ""}` };
  }
  if (kind === "no-origin") {
    const site = rng.pick([undefined, "same-origin", "cross-site", "same-site", "none", "SAME-ORIGIN", "same-origin, cross-site"]);
    return { headers: site ? { "Sec-Fetch-Site": site } : {}, label: `no Origin${site ? `, Sec-Fetch-Site ${site}` : ""}` };
  }
  const value = rng.pick([":::", `${origin}/`, origin.toUpperCase(), `${origin}/<fz>`, "", `${origin}, https://evil.example`, "http://", "\u00ff"]);
  return { headers: { Origin: value }, label: `Origin ${JSON.stringify(value)}` };
}

export function acceptHeader(rng: Rng, json: boolean): string | undefined {
  if (json && rng.chance(0.3)) return "application/json";
  return rng.weighted<string | undefined>([
    [70, "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"],
    [10, undefined],
    [8, "*/*"],
    [6, "application/json"],
    [6, "text/x-script"],
  ]);
}

/** Headers some apps trust or parse; occasionally added to any request. */
export function miscHeaders(rng: Rng, payloads: Payloads): { headers: Record<string, string>; label: string; marker?: number } {
  const hostile = payloads.hostile(HEADER_MAX);
  const name = rng.pick([
    "Accept-Language",
    "User-Agent",
    "Referer",
    "X-Forwarded-For",
    "X-Forwarded-Host",
    "X-Forwarded-Proto",
    "Forwarded",
    "X-Original-URL",
    "X-HTTP-Method-Override",
    "Accept-Encoding",
  ]);
  return { headers: { [name]: headerSafe(hostile.value) }, label: `${name} ${hostile.label}`, marker: hostile.marker };
}

/** Conditional and range headers: the media route passes request.headers to R2 as `onlyIf`. */
export function mediaHeaders(rng: Rng, payloads: Payloads): { headers: Record<string, string>; label: string } {
  const name = rng.pick(["If-None-Match", "If-Match", "If-Modified-Since", "If-Unmodified-Since", "Range"]);
  const value = rng.chance(0.5)
    ? rng.pick([
        '"abc"',
        "*",
        'W/"x", "y"',
        "Thu, 01 Jan 1970 00:00:00 GMT",
        "Sun, 06 Nov 2094 08:49:37 GMT",
        "yesterday",
        "0",
        "bytes=0-0",
        "bytes=999999999-",
        "bytes=5-1",
        "bytes=-0",
        "bytes=0-1,2-3,4-5",
        "items=0-1",
        "",
      ])
    : headerSafe(payloads.hostile(HEADER_MAX).value);
  return { headers: { [name]: value }, label: `${name} ${JSON.stringify(value.slice(0, 40))}` };
}
