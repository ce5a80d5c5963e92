// The backend port: the one object route code talks to. It is shaped by what the product does,
// not by tables, so the D1 adapter (default) and the Supabase adapter can both stand behind it.
import type { Account, AccountQuery, DeviceSession, EventCursor, NewSecurityEvent, SecurityEvent } from "~/domain/accounts";
import type { Paged } from "~/domain/paging";
import type { Role, SignedInUser } from "~/domain/auth";
import type { Locale } from "~/i18n";
import type { ContactMessage, ContactSubmission, InboxCursor, InboxView } from "~/domain/contact";
import type { About, Company, MediaFolder, Service } from "~/domain/content";
import type { CallLogCursor, CallLogEntry, CallLogFilter, CallTotals } from "~/domain/call-log";
import type { PersonChoice, PersonSearch } from "~/domain/person-choice";
import type { AboutFields, CompanyFields, ContentVersion, FieldsOf, FileRef, SaveOutcome, ServiceFields, StudioRecord, Versioned } from "~/domain/studio";
import type { InterpreterPage, InterpreterQuery, InterpreterUpdate, Language, LanguageLink, NewInterpreter } from "~/domain/people";
import type { RelayQueue } from "~/platform/mail/relay.server";

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
  /** Stores a new file; names are never reused (an image URL is cached for a year). */
  put(folder: MediaFolder, fileName: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Deletes files; a file that is already gone is no error. */
  remove(files: FileRef[]): Promise<void>;
}

/**
 * The content studio's side of the content (docs/decisions/0015). Every save names the version it was based on and
 * is refused with `conflict` when the record has moved on; every saved state is kept (the newest VERSIONS_KEPT per
 * record). Callers have checked the admin guard; `by` is the email of the admin who saves.
 */
export interface StudioStore {
  company(): Promise<Versioned<CompanyFields> | null>;
  about(): Promise<Versioned<AboutFields> | null>;
  /** In the order the public grid shows them. */
  services(): Promise<Versioned<ServiceFields>[]>;
  save<R extends StudioRecord>(record: R, id: number, fields: FieldsOf<R>, basedOn: number, by: string): Promise<SaveOutcome<FieldsOf<R>>>;
  /** A new service, last in the order. */
  createService(fields: ServiceFields, by: string): Promise<{ id: number }>;
  /** The service and its kept versions; answers the files nothing refers to any more. */
  removeService(id: number): Promise<{ ok: true; title: string; orphans: FileRef[] } | { ok: false; reason: "not-found" }>;
  /** Swaps the service with its neighbour above or below; false when it is already first/last or gone. */
  moveService(id: number, direction: "up" | "down"): Promise<boolean>;
  /** Newest first, at most VERSIONS_KEPT. */
  history<R extends StudioRecord>(record: R, id: number): Promise<ContentVersion<FieldsOf<R>>[]>;
}

/**
 * Sign-in for the request the backend was built for: it reads that request's session cookie. Operations that
 * change the session put their Set-Cookie headers in `Backend.responseHeaders` — one channel for both adapters,
 * which the worker adds to the response, whatever the route answers.
 */
export interface AuthStore {
  /** The signed-in user (staff or a customer's requester), or null (no cookie, unknown or expired session). */
  currentUser(): Promise<SignedInUser | null>;
  signIn(credentials: { email: string; password: string }): Promise<SignInResult>;
  /** Ends this request's session and clears its cookie (through `responseHeaders`). */
  signOut(): Promise<void>;
  /**
   * Creates a single-use reset token (valid 30 minutes) for the account with this email. Null when
   * there is no such account: the route answers the same either way (no account enumeration).
   */
  requestPasswordReset(email: string): Promise<{ email: string; token: string } | null>;
  /** Sets a new password with a reset token and ends all of that account's sessions. */
  resetPassword(input: { token: string; email: string; password: string }): Promise<ResetPasswordResult>;
  /**
   * The signed-in account's own password change: the current password is checked first; afterwards every other
   * session of the account has ended (this one stays signed in).
   */
  changePassword(input: { currentPassword: string; newPassword: string }): Promise<ChangePasswordResult>;
  /** The signed-in account's live sessions, this request's first. Empty when nobody is signed in. */
  sessions(): Promise<DeviceSession[]>;
  /** Ends every session of the signed-in account except this request's; answers how many ended. */
  signOutOthers(): Promise<number>;
  /** Keeps the signed-in account's dashboard language; false when nobody is signed in. */
  setLocale(locale: Locale): Promise<boolean>;
}

/**
 * `locked`: the password was right, but an administrator has locked the account. `no-users-row`: the password was
 * right, but the account has no users row and so no role (on Supabase, where accounts live apart from the rows).
 */
export type SignInResult = { ok: true; user: SignedInUser } | { ok: false; reason: "invalid-credentials" | "no-session" | "locked" | "no-users-row" };

export type ChangePasswordResult = { ok: true } | { ok: false; reason: "wrong-password" | "signed-out" };

export type ResetPasswordResult = { ok: true } | { ok: false; reason: "invalid-token" | "email-not-found" };

/** Interpreters are users with sign-in accounts; every change keeps the two together. */
export interface InterpreterStore {
  /** Search (name, email, phone), sort and one page of the list, each with their languages. */
  list(query: InterpreterQuery): Promise<InterpreterPage>;
  /**
   * id, name and email of the people a typed text names, for choosing one (SPEC §7, the link screen; issue 23: a
   * search with suggestions, never everyone): see PersonSearch.
   */
  find(search: PersonSearch): Promise<PersonChoice[]>;
  /** The sign-in account and the users row, all or nothing. */
  create(input: NewInterpreter): Promise<CreateInterpreterResult>;
  /** The users row; a changed email changes the sign-in email too. */
  update(id: string, input: InterpreterUpdate): Promise<{ ok: true } | { ok: false; reason: "not-found" | "email-taken" }>;
  /**
   * The person, their sign-in account, sessions and language links, in one step; answers their name and email.
   * Refused `has-pay` (nothing removed) for someone with pay items: money owed or paid is kept (docs/decisions/0039).
   */
  remove(id: string): Promise<{ ok: true; name: string; email: string } | { ok: false; reason: "not-found" | "has-pay" }>;
}

/** The failures SPEC §8 names for adding an interpreter; anything else is thrown as a BackendError. */
export type CreateInterpreterResult =
  | { ok: true; id: string }
  /** The address already has a sign-in account, or a users row: the route says so in the page's language. */
  | { ok: false; reason: "email-taken" | "users-row-taken" }
  /** Any other refusal, in the backend's own words. */
  | { ok: false; reason: "sign-up" | "users-table"; message: string }
  | { ok: false; reason: "missing-user-id" };

export interface LanguageStore {
  list(): Promise<Language[]>;
  /** Names are unique, ignoring case. */
  create(name: string): Promise<{ ok: true; language: Language } | { ok: false; reason: "duplicate" }>;
  rename(id: number, name: string): Promise<{ ok: true } | { ok: false; reason: "duplicate" | "not-found" }>;
  /** The language and every link to it. */
  remove(id: number): Promise<{ ok: true; name: string } | { ok: false; reason: "not-found" }>;
}

export interface LinkStore {
  /** The languages an interpreter speaks (SPEC §7: user_languages with languages(name)). */
  forUser(userId: string): Promise<Language[]>;
  /** Every link, by person then language. */
  list(): Promise<LanguageLink[]>;
  /** The languages someone is linked to — those a call can be made in — each once (issue 23: never every link). */
  languages(): Promise<Language[]>;
  /** One page (LINKS_PAGE_SIZE) of the link screen's list, by interpreter then language, with the total. */
  page(page: number): Promise<Paged<LanguageLink>>;
  /** One link per (interpreter, language). */
  link(userId: string, languageId: number): Promise<{ ok: true; link: LanguageLink } | { ok: false; reason: "duplicate" | "not-found" }>;
  unlink(id: number): Promise<{ ok: true; link: LanguageLink } | { ok: false; reason: "not-found" }>;
  /**
   * What the call switchboard checks when a call rings and when one is accepted (issue 22): for each of these people
   * who can still be signed in, the keys of their live sessions (as `AuthStore.sessions` keys them) and the ids of the
   * languages they are linked to now. A locked or deleted account has no sessions, so it is not listed.
   */
  callReadiness(userIds: string[]): Promise<CallReadiness[]>;
}

export type CallReadiness = { id: string; sessions: string[]; languages: number[] };

/** The contact form's outbox: a message is stored first and relayed after (it is also the staff inbox). */
export type { RelayQueue };

export interface OutboxStore extends RelayQueue<ContactMessage> {
  save(message: ContactSubmission, now: number): Promise<ContactMessage>;
  /** One page of the inbox, newest first (received_at, then id), after `before`; at most `limit` (issue 23). */
  page(view: InboxView, before: InboxCursor | null, limit: number): Promise<ContactMessage[]>;
  setRead(id: number, read: boolean, now: number): Promise<boolean>;
  /** Pending again, due now (staff's "Retry now"); false for a message already sent or gone. */
  retryNow(id: number, now: number): Promise<boolean>;
  remove(id: number): Promise<boolean>;
  unreadCount(): Promise<number>;
}

import type { FileStore, MailOutboxStore, OrderStore } from "./port-orders.server";
export type { FileStore, MailOutboxStore, OrderStore };
import type { AppointmentStore } from "./port-appointments.server";
export type { AppointmentStore };
import type { AvailabilityStore } from "./port-availability.server";
export type { AvailabilityStore };
import type { OfferStore } from "./port-offers.server";
export type { OfferStore };
import type { ReminderStore } from "./port-reminders.server";
export type { ReminderStore };
import type { CalendarFeedStore } from "./port-calendar-feeds.server";
export type { CalendarFeedStore };
import type { RecordStore } from "./port-records.server";
export type { RecordStore };
import type { RateStore } from "./port-rates.server";
export type { RateStore };
import type { InvoiceStore } from "./port-invoices.server";
export type { InvoiceStore };
import type { ReportStore } from "./port-reports.server";
export type { ReportStore };
import type { PayStore } from "./port-pay.server";
export type { PayStore };
import type { RatingStore } from "./port-ratings.server";
export type { RatingStore };
import type { CustomerPortalStore } from "./port-portal.server";
export type { CustomerPortalStore };
import type { OrganisationStore } from "./port-organisations.server";
export type { OrganisationStore };
import type { PreferenceStore } from "./port-preferences.server";
export type { PreferenceStore };
import type { CustomerClaimStore } from "./port-claims.server";
export type { CustomerClaimStore };

/** The log of live calls (issue 14): written by the switchboard when a call is over, read by staff. */
export interface CallLogStore {
  /** Stores a finished call; a call already logged (the same id) is left as it is. */
  record(entry: CallLogEntry): Promise<void>;
  /**
   * One page, newest first (requested_at, then id): the calls after `after` (the last entry of the page before; null
   * for the first page), at most `limit`. Keyset paging: a deep page costs what the first does (issue 23).
   */
  page(filter: CallLogFilter, after: CallLogCursor | null, limit: number): Promise<CallLogEntry[]>;
  /** Calls, answered calls, talk time and the median wait of the answered ones, over every call the filter matches. */
  totals(filter: CallLogFilter): Promise<CallTotals>;
}

/** Sign-in accounts as administrators manage them (the Users page). Callers have checked the admin guard. */
export interface AccountStore {
  /**
   * One page (ACCOUNTS_PAGE_SIZE) of the sign-in accounts, with or without a users row, ordered by email; the search
   * reads the email and the name (any part, any case).
   */
  list(query: AccountQuery): Promise<Paged<Account>>;
  /** The sign-in email of an account, or null when there is none. */
  emailOf(id: string): Promise<string | null>;
  /**
   * Refused with `last-admin` when the change would leave no administrator who can sign in (unlocked); the check
   * and the change are one step, so two administrators demoting each other at once cannot both succeed.
   */
  setRole(id: string, role: Role): Promise<{ ok: true; email: string } | { ok: false; reason: "not-found" | "last-admin" }>;
  /** Locking ends every session of the account at once; a locked account cannot sign in until it is unlocked. */
  setLocked(id: string, locked: boolean): Promise<{ ok: true; email: string } | { ok: false; reason: "not-found" }>;
}

/** The security log (docs/decisions/0013). */
export interface SecurityEventStore {
  record(event: NewSecurityEvent): Promise<void>;
  /**
   * Newest first (at, then id), at most `limit`; `account` keeps only the events about that email; `before`: the last
   * event of the page before (keyset paging: a deep page costs what the first does).
   */
  list(filter: { account?: string; before?: EventCursor | null; limit: number }): Promise<SecurityEvent[]>;
  /** Deletes events older than `before` (epoch ms); answers how many. */
  prune(before: number): Promise<number>;
}

export interface Backend {
  readonly name: "d1" | "supabase";
  /**
   * Headers the backend needs on this request's response, whatever the route answers: the session cookie set or
   * cleared by signIn/signOut, Supabase's refreshed session cookies (and the no-cache headers that go with them).
   * The worker adds them to every response.
   */
  readonly responseHeaders: Headers;
  readonly content: ContentStore;
  readonly media: MediaStore;
  readonly studio: StudioStore;
  readonly auth: AuthStore;
  readonly interpreters: InterpreterStore;
  readonly languages: LanguageStore;
  readonly links: LinkStore;
  readonly outbox: OutboxStore;
  readonly mail: MailOutboxStore;
  readonly files: FileStore;
  readonly orders: OrderStore;
  readonly appointments: AppointmentStore;
  readonly availability: AvailabilityStore;
  readonly offers: OfferStore;
  readonly reminders: ReminderStore;
  readonly calendarFeeds: CalendarFeedStore;
  readonly records: RecordStore;
  readonly rates: RateStore;
  readonly invoices: InvoiceStore;
  readonly reports: ReportStore;
  readonly pay: PayStore;
  readonly ratings: RatingStore;
  /** A requester's reads of their organisation's work (/Account): each takes the organisation id. */
  readonly portal: CustomerPortalStore;
  readonly organisations: OrganisationStore;
  /** Accounts asked for from a status link (docs/decisions/0042): claims sent to the customer's e-mail, then used. */
  readonly claims: CustomerClaimStore;
  readonly preferences: PreferenceStore;
  readonly calls: CallLogStore;
  readonly accounts: AccountStore;
  readonly events: SecurityEventStore;
}

/** A failure of the backend itself (database unreachable, query failed), as opposed to bad user input. */
export class BackendError extends Error {
  override name = "BackendError";
}
