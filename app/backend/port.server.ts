// The backend port: the one object route code talks to. It is shaped by what the product does,
// not by tables, so the D1 adapter (default) and the Supabase adapter can both stand behind it.
import type { SessionUser } from "~/domain/auth";
import type { About, Company, MediaFolder, Service } from "~/domain/content";
import type { Language } from "~/domain/people";

export interface ContentStore {
  /** The first company row, or null when the table is empty. */
  company(): Promise<Company | null>;
  services(): Promise<Service[]>;
  /** The first about row, or null when the table is empty. */
  about(): Promise<About | null>;
}

export interface MediaStore {
  /** Public URL of an image of one of the four content folders. */
  url(folder: MediaFolder, fileName: string): string;
}

/**
 * Sign-in for the request the backend was built for: it reads that request's session cookie, and
 * operations that change the session return the Set-Cookie headers the route must forward.
 */
export interface AuthStore {
  /** The signed-in user, or null (no cookie, unknown or expired session). */
  currentUser(): Promise<SessionUser | null>;
  signIn(credentials: { email: string; password: string }): Promise<SignInResult>;
  /** Ends this request's session; the headers clear the cookie. */
  signOut(): Promise<{ headers: Headers }>;
  /**
   * Creates a single-use reset token (valid 30 minutes) for the account with this email. Null when
   * there is no such account: the route answers the same either way (no account enumeration).
   */
  requestPasswordReset(email: string): Promise<{ email: string; token: string } | null>;
  /** Sets a new password with a reset token and ends all of that account's sessions. */
  resetPassword(input: { token: string; email: string; password: string }): Promise<ResetPasswordResult>;
}

export type SignInResult =
  | { ok: true; user: SessionUser; headers: Headers }
  | { ok: false; reason: "invalid-credentials" | "no-session" };

export type ResetPasswordResult = { ok: true } | { ok: false; reason: "invalid-token" | "email-not-found" };

export interface LinkStore {
  /** The languages an interpreter speaks (SPEC §7: user_languages with languages(name)). */
  forUser(userId: string): Promise<Language[]>;
}

export interface Backend {
  readonly name: "d1" | "supabase";
  readonly content: ContentStore;
  readonly media: MediaStore;
  readonly auth: AuthStore;
  readonly links: LinkStore;
}

/** A failure of the backend itself (database unreachable, query failed), as opposed to bad user input. */
export class BackendError extends Error {
  override name = "BackendError";
}
