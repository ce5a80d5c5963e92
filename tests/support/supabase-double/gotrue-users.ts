// Supabase Auth's users as its admin API and /user show them (GoTrue's models.User JSON), its admin user list
// with offset pagination, and the ban durations of the admin update.
import { createHash } from "node:crypto";
import type { AuthUser } from "./state";

/** A key only when the value is set: GoTrue's `json:"…,omitempty"` on its *time.Time fields (models/user.go). */
const omitEmpty = <K extends string>(key: K, value: string | null) => (value === null ? {} : ({ [key]: value } as Record<K, string>));

export function userJson(user: AuthUser) {
  const identity = { email: user.email, email_verified: user.emailConfirmedAt !== null, phone_verified: false, sub: user.id };
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    ...omitEmpty("email_confirmed_at", user.emailConfirmedAt),
    phone: "",
    ...omitEmpty("confirmed_at", user.emailConfirmedAt),
    ...omitEmpty("last_sign_in_at", user.lastSignInAt),
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: { ...identity, ...user.metadata },
    identities: [
      {
        identity_id: createHash("md5")
          .update(user.id)
          .digest("hex")
          .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5"),
        id: user.id,
        user_id: user.id,
        identity_data: identity,
        provider: "email",
        ...omitEmpty("last_sign_in_at", user.lastSignInAt),
        created_at: user.createdAt,
        updated_at: user.updatedAt,
        email: user.email,
      },
    ],
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    ...omitEmpty("banned_until", user.bannedUntil),
    is_anonymous: false,
  };
}

/**
 * A Go duration as GoTrue's ban_duration takes it (time.ParseDuration: "876000h", "1h30m", "1.5h", "-2s"), in ms;
 * null when Go would refuse it.
 */
export function parseGoDuration(text: string): number | null {
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, μs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const match = /^([+-]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/.exec(text);
  if (text === "0") return 0;
  if (!match) return null;
  let total = 0;
  for (const [, number, unit] of text.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) total += Number(number) * units[unit!]!;
  return match[1] === "-" ? -total : total;
}
