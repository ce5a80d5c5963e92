// Sign-in accounts as staff administer them, the sessions of one account, and the security log.
// Shared by the routes, the forms and both adapters.
import { z } from "zod";
import { LOCALES, localized } from "~/i18n";
import { newPasswordField, PASSWORD_MAX_LENGTH, ROLES, type Role } from "./auth";
import { keysetFrom, pageParam, searchParam, type Keyset } from "./paging";

/** One row of the Users page: a sign-in account, with its users row's name when it has one. */
export type Account = {
  id: string;
  fullName: string | null;
  email: string;
  role: Role;
  /** Epoch ms of the last successful sign-in, or null if there never was one. */
  lastSignInAt: number | null;
  locked: boolean;
};

/** The Users page's list: a search in names and e-mails, and pages in e-mail order. */
export type AccountQuery = { search: string; page: number };
export const ACCOUNTS_PAGE_SIZE = 25;

/** ?q=&page= → the Users page's query. */
export const accountQueryFrom = (url: URL): AccountQuery => ({ search: searchParam(url), page: pageParam(url) });

/** One live session of the signed-in account, as "Your sessions" lists it (no token or id of the session). */
export type DeviceSession = {
  /** An opaque handle for the list's keys; not usable to sign in. */
  key: string;
  current: boolean;
  userAgent: string | null;
  address: string | null;
  signedInAt: number;
  lastUsedAt: number;
};

/** "Your sessions" lists this request's session first, the others in the order given (last used first). */
export function currentSessionFirst(sessions: DeviceSession[]): DeviceSession[] {
  return [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
}

export const SECURITY_EVENT_KINDS = [
  "sign-in",
  "sign-in-failed",
  "sign-in-throttled",
  "sign-in-refused-locked",
  "rate-limited",
  "forbidden",
  "role-changed",
  "account-locked",
  "account-unlocked",
  "password-changed",
  "password-change-failed",
  "password-reset",
  "reset-link-sent",
  "other-sessions-ended",
  "account-deleted",
  // Customer accounts (issue 27): an invitation sent, an account made (by an invitation or a status link), a
  // requester removed from their organisation.
  "invitation-sent",
  "account-created",
  "requester-removed",
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/**
 * Who did what, when, from where. `account` is the email the event is about (the one tried at sign-in, the one
 * whose role changed); `actor` the signed-in user who acted, null for a visitor. Never a password, token or cookie.
 */
export type SecurityEvent = {
  id: number;
  at: number;
  kind: SecurityEventKind;
  account: string | null;
  actor: string | null;
  address: string | null;
  userAgent: string | null;
  /** A short, fixed-vocabulary note (a path, a role): never user-typed secrets. */
  detail: string;
};
export type NewSecurityEvent = Omit<SecurityEvent, "id">;

/** Events are kept this long; the cron deletes older ones. */
export const SECURITY_EVENT_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
/** How many events the Users page shows at once (newest first). */
export const SECURITY_EVENTS_SHOWN = 100;
/** Where a page of the security log starts: after this event (?events_before=<ms>.<id>). */
export type EventCursor = Keyset;
export const eventCursorFrom = (url: URL): EventCursor | null => keysetFrom(url, "events_before");
/** Longer user agents are cut to this length before they are stored. */
export const USER_AGENT_MAX_LENGTH = 300;

export const changePasswordSchema = localized((t) =>
  z
    .object({
      currentPassword: z
        .string({ error: t.validation.currentPasswordRequired })
        .min(1, { error: t.validation.currentPasswordRequired })
        .max(PASSWORD_MAX_LENGTH, { error: t.validation.currentPasswordRequired }),
      newPassword: newPasswordField(t),
    })
    .refine((form) => form.newPassword !== form.currentPassword, { path: ["newPassword"], error: t.validation.samePassword }),
);

const accountIdField = z.string().trim().min(1).max(64);

export const roleChangeSchema = localized((t) => z.object({ id: accountIdField, role: z.enum(ROLES, { error: t.validation.roleInvalid }) }));
export const accountIdSchema = z.object({ id: accountIdField });

/** The Profile page's dashboard language (the form's intent, and its one field). */
export const SET_LOCALE_INTENT = "set-locale";
export const uiLocaleSchema = localized((t) => z.object({ locale: z.enum(LOCALES, { error: t.dashboard.uiLanguage.invalid }) }));

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrom(e|ium)\//, "Chrome"],
  [/Safari\//, "Safari"],
  [/curl\//, "curl"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/**
 * "Chrome on Windows": enough to recognise one's own devices, from the user agent a browser sent. The browser and the
 * system are brand names, the same in every language; `template` joins them in the page's ("{browser} on {system}").
 */
export function describeUserAgent(userAgent: string | null, template: string): string | null {
  if (!userAgent) return null;
  const first = (table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(userAgent))?.[1];
  const browser = first(BROWSERS);
  const system = first(SYSTEMS);
  if (browser && system) return template.replace("{browser}", browser).replace("{system}", system);
  return browser ?? system ?? null;
}
