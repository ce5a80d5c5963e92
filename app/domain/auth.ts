// Who is signed in, what they may do, and the sign-in forms' rules. Shared by routes, forms and adapters.
import { z } from "zod";
import { format, localized, type Locale, type Messages } from "~/i18n";

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

/** A signed-in member of staff (an admin or an interpreter): an account with a users row. */
export type SessionUser = {
  kind: "staff";
  id: string;
  email: string;
  role: Role;
  /** The dashboard's language, chosen on Profile (English until they choose). */
  locale: Locale;
  /** Null when the account has no users row (the dashboard then says there is no user data). */
  profile: UserProfile | null;
};

/**
 * A signed-in requester of a customer organisation (issue 27, docs/decisions/0040): an account with a customer_people
 * row and no users row. A kind apart from staff, so no `role !== "admin"` check can take them for an interpreter.
 */
export type CustomerUser = {
  kind: "customer";
  id: string;
  email: string;
  locale: Locale;
  fullName: string;
  organisationId: number;
  organisationName: string;
  /** The organisation's admin invites and removes colleagues. */
  isOrganisationAdmin: boolean;
};

/** Whoever is signed in: staff land on /Dashboard, customers on /Account. */
export type SignedInUser = SessionUser | CustomerUser;

/** Where someone lands after signing in, when nothing else was asked for: a customer's home is in their language. */
export const homeOf = (user: SignedInUser): string => (user.kind === "staff" ? "/Dashboard" : user.locale === "ar" ? "/ar/Account" : "/Account");

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024; // PBKDF2 hashes any length; this only stops absurd inputs
export const EMAIL_MAX_LENGTH = 254;

const tooLong = (t: Messages, max: number) => format(t.validation.tooLong, { max });

export const emailField = localized((t) =>
  z
    .string({ error: t.validation.emailRequired })
    .trim()
    .min(1, { error: t.validation.emailRequired })
    .max(EMAIL_MAX_LENGTH, { error: tooLong(t, EMAIL_MAX_LENGTH) })
    .pipe(z.email({ error: t.validation.emailInvalid })),
);

export const signInSchema = localized((t) =>
  z.object({
    email: emailField(t),
    // Never trimmed: spaces are part of a password.
    password: z
      .string({ error: t.validation.passwordRequired })
      .min(1, { error: t.validation.passwordRequired })
      .max(PASSWORD_MAX_LENGTH, { error: tooLong(t, PASSWORD_MAX_LENGTH) }),
    redirectTo: z.string().optional(),
  }),
);

export const forgotPasswordSchema = localized((t) => z.object({ email: emailField(t) }));

/** A new password: at least 8 characters, no composition rules (NIST SP 800-63B). */
export const newPasswordField = localized((t) =>
  z
    .string({ error: t.validation.newPasswordRequired })
    .min(1, { error: t.validation.newPasswordRequired })
    .min(PASSWORD_MIN_LENGTH, { error: format(t.validation.passwordTooShort, { min: PASSWORD_MIN_LENGTH }) })
    .max(PASSWORD_MAX_LENGTH, { error: tooLong(t, PASSWORD_MAX_LENGTH) }),
);

export const resetPasswordSchema = localized((t) =>
  z.object({
    token: z.string({ error: t.validation.resetLinkIncomplete }).min(1, { error: t.validation.resetLinkIncomplete }),
    email: emailField(t),
    password: newPasswordField(t),
  }),
);

/** The first letter of a name, for the avatar. */
export function initialOf(name: string): string {
  return (name.trim()[0] ?? "?").toLocaleUpperCase();
}
