// What the sign-in, guard and password-reset route tests share: the sample accounts they sign in as, the
// messages they expect, and a browser of each file's own (its own range of client addresses).
import { addressesIn, browser } from "./requests";

export const ADMIN = "admin@example.com";
export const INTERPRETER = "interpreter@example.com";
export const INVALID_CREDENTIALS = "Invalid email or password or user is not Authenticated";
export const TOO_MANY = "Too many attempts from your network. Please wait a minute and try again.";

/**
 * One test file's browser: form POSTs as a browser without JavaScript sends them and GETs, optionally signed in,
 * each from a fresh client address (`freshIp`), so the rate limits (5 per 60 s per address) never leak between
 * tests. Each file passes a /16 of its own (`10.<block>.x.x`): the limiters' buckets are shared with other files.
 */
export function authBrowser(block: number) {
  const freshIp = addressesIn(block);
  return { freshIp, ...browser({ addresses: freshIp }) };
}

/** The names of the cookies a response sets. */
export const cookieNames = (response: Response) => response.headers.getSetCookie().map((c) => c.split("=")[0]);
