// The per-account guard of an email address (its AccountGuard Durable Object), and the trusted-device cookie
// that exempts browsers which have signed in to that account before from the account's lock.
import type { AppConfig } from "~/platform/core/config.server";
import type { RequestContext } from "~/request/context.server";
import { sha256Hex } from "~/platform/core/hash.server";
import { recordSecurityEvent } from "~/request/security-log.server";
import { siteCookie } from "~/platform/core/transport.server";

/** Email addresses compare case-insensitively and without surrounding spaces, everywhere limits count them. */
function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function accountGuard(env: Env, email: string) {
  return env.ACCOUNT_GUARD.get(env.ACCOUNT_GUARD.idFromName(normalizedEmail(email)));
}

/**
 * Before a password of `email` is checked (signing in, or the Profile's current password): the account's guard and
 * this browser's trusted-device id, to count the outcome with — and, while the account is throttled for this
 * browser, the seconds until it may try again (the refusal is recorded as a security event).
 */
export async function guardPasswordCheck(
  app: RequestContext,
  request: Request,
  email: string,
  event: { actor?: string; detail?: string } = {},
): Promise<{ guard: ReturnType<typeof accountGuard>; device: string | null; retryAfterSeconds: number | null }> {
  const guard = accountGuard(app.cloudflare.env, email);
  const device = await trustedDeviceFor(request, app.config, email);
  const check = await guard.checkSignIn(device);
  if (check.allowed) return { guard, device, retryAfterSeconds: null };
  await recordSecurityEvent(app, request, { kind: "sign-in-throttled", account: email, ...event });
  return { guard, device, retryAfterSeconds: check.retryAfterSeconds };
}

const DEVICE_COOKIE_DAYS = 365;
/** A browser remembers at most this many accounts it has signed in to. */
const MAX_ACCOUNTS_PER_DEVICE = 5;

type DeviceRecord = { id: string; accounts: string[] };

function deviceCookie(request: Request, config: AppConfig) {
  return siteCookie(request, "push-device", { maxAgeSeconds: DEVICE_COOKIE_DAYS * 24 * 60 * 60, secret: config.SESSION_SECRET });
}

/** What the device cookie keeps of an account: 96 bits of the address's SHA-256, not the address. */
async function accountTag(email: string): Promise<string> {
  return (await sha256Hex(normalizedEmail(email))).slice(0, 24);
}

async function readDevice(request: Request, config: AppConfig): Promise<DeviceRecord | null> {
  const value: unknown = await deviceCookie(request, config).parse(request.headers.get("Cookie"));
  const record = value as Partial<DeviceRecord> | null;
  if (typeof record?.id !== "string" || !Array.isArray(record.accounts)) return null;
  return { id: record.id, accounts: record.accounts.filter((tag): tag is string => typeof tag === "string") };
}

/** The id of this browser if it has signed in to `email` before, else null. */
export async function trustedDeviceFor(request: Request, config: AppConfig, email: string): Promise<string | null> {
  const device = await readDevice(request, config);
  return device?.accounts.includes(await accountTag(email)) ? device.id : null;
}

/** The Set-Cookie that makes this browser a trusted device of `email` (after a successful sign-in). */
export async function trustDevice(request: Request, config: AppConfig, email: string): Promise<string> {
  const device = (await readDevice(request, config)) ?? { id: crypto.randomUUID(), accounts: [] };
  const tag = await accountTag(email);
  const accounts = [tag, ...device.accounts.filter((other) => other !== tag)].slice(0, MAX_ACCOUNTS_PER_DEVICE);
  return deviceCookie(request, config).serialize({ id: device.id, accounts });
}
