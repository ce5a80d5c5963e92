// HS256 JWTs, as Supabase signs its access tokens and API keys (base64url header.payload.signature), so
// supabase-js can decode them and the double can tell a genuine token from a tampered or expired one.
import { createHmac, timingSafeEqual } from "node:crypto";

export type Claims = {
  sub?: string;
  role?: string;
  exp?: number;
  iat?: number;
  email?: string;
  session_id?: string;
  [claim: string]: unknown;
};

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const sign = (data: string, secret: string) => createHmac("sha256", secret).update(data).digest("base64url");

export function signJwt(claims: Claims, secret: string): string {
  const data = `${encode({ alg: "HS256", typ: "JWT" })}.${encode(claims)}`;
  return `${data}.${sign(data, secret)}`;
}

/** Failure texts as golang-jwt words them (GoTrue prefixes "invalid JWT: unable to parse or verify signature, "). */
export type JwtCheck = { ok: true; claims: Claims } | { ok: false; reason: "malformed" | "signature" | "expired"; message: string };

export function verifyJwt(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): JwtCheck {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "malformed", message: "token is malformed: token contains an invalid number of segments" };
  const [header, payload, signature] = parts as [string, string, string];
  let claims: Claims;
  try {
    const head = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg?: string };
    if (head.alg !== "HS256") return { ok: false, reason: "signature", message: "token is unverifiable: signing method is invalid" };
    claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Claims;
  } catch {
    return { ok: false, reason: "malformed", message: "token is malformed: could not JSON decode header or claims" };
  }
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "signature", message: "token signature is invalid: signature is invalid" };
  }
  if (typeof claims.exp === "number" && claims.exp <= nowSeconds) {
    return { ok: false, reason: "expired", message: "token has invalid claims: token is expired" };
  }
  return { ok: true, claims };
}

/** The claims of a JWT-shaped string, unverified (for telling key kinds apart in the request log). */
export function peekClaims(token: string): Claims | null {
  try {
    return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Claims;
  } catch {
    return null;
  }
}
