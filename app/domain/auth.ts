// Who is signed in, what they may do, and the sign-in forms' rules. Shared by routes, forms and adapters.
import { z } from "zod";
import { en, format } from "~/i18n";

const v = en.validation;

export const ROLES = ["admin", "interpreter"] as const;
export type Role = (typeof ROLES)[number];

/** The users row of a signed-in account (SPEC §3), in the app's names. */
export type UserProfile = {
  fullName: string;
  email: string;
  phone: string;
  gender: string;
  /** `account_type` in the data; the profile shows it as the department. */
  department: string | null;
};

export type SessionUser = {
  id: string;
  email: string;
  role: Role;
  /** Null when the account has no users row (the dashboard then says there is no user data). */
  profile: UserProfile | null;
};

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024; // PBKDF2 hashes any length; this only stops absurd inputs
export const EMAIL_MAX_LENGTH = 254;

const tooLong = (max: number) => format(v.tooLong, { max });

export const emailField = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, { error: v.emailRequired })
  .max(EMAIL_MAX_LENGTH, { error: tooLong(EMAIL_MAX_LENGTH) })
  .pipe(z.email({ error: v.emailInvalid }));

export const signInSchema = z.object({
  email: emailField,
  // Never trimmed: spaces are part of a password.
  password: z
    .string({ error: v.passwordRequired })
    .min(1, { error: v.passwordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: tooLong(PASSWORD_MAX_LENGTH) }),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email: emailField });

/** A new password: at least 8 characters, no composition rules (NIST SP 800-63B). */
export const newPasswordField = z
  .string({ error: v.newPasswordRequired })
  .min(1, { error: v.newPasswordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: format(v.passwordTooShort, { min: PASSWORD_MIN_LENGTH }) })
  .max(PASSWORD_MAX_LENGTH, { error: tooLong(PASSWORD_MAX_LENGTH) });

export const resetPasswordSchema = z.object({
  token: z.string({ error: v.resetLinkIncomplete }).min(1, { error: v.resetLinkIncomplete }),
  email: emailField,
  password: newPasswordField,
});

/** The first letter of a name, for the avatar. */
export function initialOf(name: string): string {
  return (name.trim()[0] ?? "?").toLocaleUpperCase();
}
