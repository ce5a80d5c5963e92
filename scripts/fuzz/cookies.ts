// Forged, expired, revoked and tampered cookies. The server runs with serve-build's fixed test-only
// SESSION_SECRET (--test-secret), so the campaign can also sign cookies the way React Router does
// (createCookie: base64 of the JSON, "." HMAC-SHA256, unpadded base64) — what an attacker who learnt the
// secret, or a stale cookie of a deleted session, would send. Values are URI-encoded as the cookie package does.
import { createHash, createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Payloads } from "./payloads";
import type { Rng } from "./prng";

export const SESSION_COOKIE = "push-session"; // app/backend/d1/session-cookie.server.ts (plain HTTP name)
export const TOAST_COOKIE = "push-toast"; // app/request/toast.server.ts
export const DEVICE_COOKIE = "push-device"; // app/features/accounts/account-guard.server.ts (exempts a browser from an account lock)

/** The secret serve-build passes with --test-secret, read from the script so both never disagree. */
export const TEST_SECRET = (() => {
  const match = /SESSION_SECRET: "([^"]+)"/.exec(readFileSync("scripts/serve-build.ts", "utf8"));
  if (!match) throw new Error('scripts/serve-build.ts no longer passes SESSION_SECRET: "…" for --test-secret');
  return match[1]!;
})();

/** A cookie value as React Router's createCookie writes it (before URI encoding). */
export function signCookieValue(value: unknown, secret = TEST_SECRET): string {
  const data = Buffer.from(JSON.stringify(value), "utf8").toString("base64");
  const signature = createHmac("sha256", secret).update(data).digest("base64").replace(/=+$/, "");
  return `${data}.${signature}`;
}

/** How app/backend/d1/tokens.server.ts stores a session id. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** How app/features/accounts/account-guard.server.ts names an account inside a device cookie. */
function accountTag(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest().subarray(0, 12).toString("base64");
}

/** The session id inside a real cookie header value ("push-session=…"), or null. */
export function sessionValue(cookieHeader: string | undefined): string | null {
  const raw = cookieHeader?.split(/;\s*/).find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  return raw ? decodeURIComponent(raw.slice(SESSION_COOKIE.length + 1)) : null;
}

const pair = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;

/** Changes one character of a string (never to itself). */
function flip(rng: Rng, value: string, from = 0): string {
  const at = rng.int(from, Math.max(from, value.length - 1));
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=.";
  let replacement = rng.pick([...alphabet]);
  if (replacement === value[at]) replacement = replacement === "A" ? "B" : "A";
  return value.slice(0, at) + replacement + value.slice(at + 1);
}

export type CookieJar = {
  /** The real session cookie header of the request's role (undefined for anonymous). */
  real?: string;
  /** A validly signed cookie whose session was signed out. */
  revoked: string;
  /** A validly signed cookie whose session row is past its expiry. */
  expired: string;
};

export type CookieChoice = { header?: string; label: string; marker?: number };

/** A hostile Cookie header (or the real one, tampered with). */
export function hostileCookie(rng: Rng, payloads: Payloads, jar: CookieJar): CookieChoice {
  const real = sessionValue(jar.real);
  const kind = rng.weighted<string>([
    [2, "forged"],
    [2, "unsigned"],
    [2, "bad-signature"],
    [real ? 3 : 0, "tampered"],
    [real ? 2 : 0, "tampered-signature"],
    [3, "signed-unknown"],
    [2, "revoked"],
    [2, "expired"],
    [3, "signed-odd-value"],
    [real ? 2 : 0, "duplicate"],
    [3, "toast-forged"],
    [1, "toast-garbage"],
    [3, "malformed"],
    [1, "oversized"],
    [1, "many"],
    [real ? 1 : 0, "secure-prefix"],
    [2, "device-forged"],
    [2, "device-signed-odd"],
  ]);
  switch (kind) {
    case "forged":
      return { header: pair(SESSION_COOKIE, `${rng.hex(40)}.${rng.hex(43)}`), label: kind };
    case "unsigned":
      return { header: pair(SESSION_COOKIE, Buffer.from(JSON.stringify(rng.hex(43))).toString("base64")), label: kind };
    case "bad-signature":
      return { header: pair(SESSION_COOKIE, `${Buffer.from(JSON.stringify(rng.hex(43))).toString("base64")}.${rng.hex(43)}`), label: kind };
    case "tampered": {
      const dot = real!.lastIndexOf(".");
      return { header: pair(SESSION_COOKIE, flip(rng, real!.slice(0, dot)) + real!.slice(dot)), label: kind };
    }
    case "tampered-signature":
      return { header: pair(SESSION_COOKIE, flip(rng, real!, real!.lastIndexOf(".") + 1)), label: kind };
    case "signed-unknown":
      return { header: pair(SESSION_COOKIE, signCookieValue(rng.hex(43))), label: kind };
    case "revoked":
      return { header: jar.revoked, label: kind };
    case "expired":
      return { header: jar.expired, label: kind };
    case "signed-odd-value": {
      const n = rng.int(1, 1e6);
      const odd = rng.pick<unknown>([12345, { id: "x" }, ["x"], null, "", true, "x".repeat(3000), "' OR 1=1 --", "\u0000", "__proto__", n]);
      return { header: pair(SESSION_COOKIE, signCookieValue(odd)), label: `${kind} ${JSON.stringify(odd).slice(0, 20)}` };
    }
    case "duplicate": {
      const forged = pair(SESSION_COOKIE, signCookieValue(rng.hex(43)));
      return { header: rng.chance(0.5) ? `${forged}; ${jar.real}` : `${jar.real}; ${forged}`, label: kind };
    }
    case "toast-forged": {
      // A flash toast the server will show: its message must come out escaped.
      const hostile = payloads.hostile(1_001); // cookies over 4 KB never come from a browser
      const message = hostile.value.kind === "bytes" ? Buffer.from(hostile.value.bytes).toString("latin1") : hostile.value.text;
      const type = rng.pick(["error", "success", "blank", "loading", "<fz>", ""]);
      const value = signCookieValue({ __flash_toast__: { id: rng.chance(0.8) ? rng.hex(8) : message, type, message } });
      const header = [pair(TOAST_COOKIE, value), jar.real].filter(Boolean).join("; ");
      return { header, label: `${kind} ${hostile.label}`, marker: hostile.marker };
    }
    case "device-forged": {
      // A trusted-device cookie naming the sample accounts, without the secret: must read as no cookie.
      const record = { id: rng.hex(32), accounts: [accountTag("admin@example.com"), accountTag("interpreter@example.com")] };
      const data = Buffer.from(JSON.stringify(record)).toString("base64");
      const value = rng.chance(0.5) ? `${data}.${rng.hex(43)}` : data;
      return { header: [pair(DEVICE_COOKIE, value), jar.real].filter(Boolean).join("; "), label: kind };
    }
    case "device-signed-odd": {
      // Validly signed (the test secret) but of an odd shape: the reader must not trust its structure.
      const tag = accountTag("admin@example.com");
      const odd = rng.pick<unknown>([
        { id: "x".repeat(3000), accounts: [tag] },
        { id: 1, accounts: tag },
        { id: "d", accounts: Array(500).fill(tag) },
        null,
        [],
        { id: "d", accounts: [{ toString: tag }] },
        { id: "<fz-0>", accounts: [tag, 7, null] },
        JSON.parse(`{"__proto__":{"accounts":["${tag}"]},"id":"p"}`),
        "device",
      ]);
      return {
        header: [pair(DEVICE_COOKIE, signCookieValue(odd)), jar.real].filter(Boolean).join("; "),
        label: `${kind} ${JSON.stringify(odd)?.slice(0, 30)}`,
      };
    }
    case "toast-garbage":
      return { header: [pair(TOAST_COOKIE, `${rng.hex(30)}.${rng.hex(43)}`), jar.real].filter(Boolean).join("; "), label: kind };
    case "malformed":
      return {
        header: rng.pick([
          `${SESSION_COOKIE}`,
          "=;;;",
          `${SESSION_COOKIE}="unterminated`,
          `${SESSION_COOKIE}=%`,
          `${SESSION_COOKIE}=%E0%A4%A`,
          `;${SESSION_COOKIE}=;`,
          " ",
          `${SESSION_COOKIE}=a=b=c.d`,
        ]),
        label: kind,
      };
    case "oversized":
      return { header: pair(SESSION_COOKIE, `${"A".repeat(rng.pick([4_096, 8_000, 15_000]))}.x`), label: kind };
    case "many":
      return { header: Array.from({ length: 300 }, (_, i) => `c${i}=${rng.hex(8)}`).join("; ") + (jar.real ? `; ${jar.real}` : ""), label: kind };
    default:
      return { header: `__Host-${jar.real}`, label: kind };
  }
}
