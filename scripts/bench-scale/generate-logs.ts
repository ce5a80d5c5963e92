// Generated logs: calls (call_log), the security log (security_events) and the contact inbox (contact_messages).
// Rows go in oldest first, so autoincremented ids follow time as they do in a real database.
import { nextDay, startOfCompanyDay } from "../../app/domain/orders";
import type { Rng } from "../fuzz/prng";
import {
  clientAddress,
  DAY_MS,
  HISTORY_DAYS,
  pastInstant,
  SECURITY_LOG_DAYS,
  uuidOf,
  weightedLanguage,
  type Existing,
  type TableRows,
  type Volumes,
} from "./generate";
import { speakerOf, type People } from "./generate-people";
import { EMAIL_DOMAINS, FIRST_NAMES, SURNAMES } from "./names";
import { CONTACT_SUBJECTS, DETAIL_PHRASES, USER_AGENTS } from "./texts";

export type LogsResult = {
  tables: TableRows[];
  /** Generated calls per calendar year of the company (the CSV export's year filter counts the same way). */
  callsByYear: Record<string, number>;
};

const sorted = (times: number[]) => times.sort((a, b) => a - b);
const personName = (rng: Rng) => `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`;

export function generateLogs(rng: Rng, now: number, volumes: Volumes, existing: Existing, people: People): LogsResult {
  const calls = generateCalls(rng, now, volumes.calls, existing, people);
  return {
    tables: [
      calls.table,
      generateSecurityEvents(rng, now, volumes.securityEvents, existing, people),
      generateContactMessages(rng, now, volumes.contactMessages),
    ],
    callsByYear: calls.byYear,
  };
}

function generateCalls(rng: Rng, now: number, count: number, existing: Existing, people: People) {
  const callable = existing.languages.filter((language) => language.name !== "English"); // the caller's language
  const rows = sorted(Array.from({ length: count }, () => pastInstant(rng, now, HISTORY_DAYS))).map((requestedAt, index) => {
    const language = weightedLanguage(rng, callable);
    const outcome = rng.weighted([
      [78, "answered"],
      [10, "missed"],
      [8, "cancelled"],
      [4, "callback"],
    ] as const);
    let answeredAt: number | null = null;
    let endedAt: number;
    let interpreter = null;
    if (outcome === "answered") {
      interpreter = speakerOf(rng, people, language.id);
      answeredAt = requestedAt + (rng.chance(0.8) ? rng.int(5_000, 30_000) : rng.int(30_000, 180_000));
      endedAt = answeredAt + Math.round(Math.exp(Math.log(60_000) + rng.float() * Math.log(60))); // 1 to 60 minutes, mostly short
    } else {
      // Missed: rang until the switchboard gave up; cancelled: the caller hung up; callback: asked to be called back.
      endedAt = requestedAt + (outcome === "missed" ? rng.int(60_000, 120_000) : rng.int(3_000, 90_000));
    }
    endedAt = Math.min(endedAt, Math.max(now, answeredAt ?? requestedAt)); // a call logged is over
    return [
      uuidOf(`call ${index}`),
      language.id,
      language.name,
      rng.chance(0.45) ? "video" : "audio",
      personName(rng),
      interpreter?.id ?? null,
      interpreter?.fullName ?? null,
      outcome,
      requestedAt,
      answeredAt,
      endedAt,
    ];
  });

  // What a year's export must hold: requested on or after its first day and before the next year's, company time.
  const byYear: Record<string, number> = {};
  const first = new Date(now - HISTORY_DAYS * DAY_MS).getUTCFullYear() - 1;
  for (let year = first; year <= new Date(now).getUTCFullYear() + 1; year++) {
    const from = startOfCompanyDay(`${year}-01-01`);
    const to = startOfCompanyDay(nextDay(`${year}-12-31`));
    byYear[year] = rows.filter((row) => (row[8] as number) >= from && (row[8] as number) < to).length;
  }
  return {
    table: {
      table: "call_log",
      columns: [
        "id",
        "language_id",
        "language",
        "type",
        "caller_name",
        "interpreter_id",
        "interpreter_name",
        "outcome",
        "requested_at",
        "answered_at",
        "ended_at",
      ],
      rows,
    },
    byYear,
  };
}

/** The kinds the app records (app/domain/accounts.ts SECURITY_EVENT_KINDS), about as often as a staff of 2,000 causes them. */
const EVENT_KINDS: [number, string][] = [
  [60, "sign-in"],
  [15, "sign-in-failed"],
  [2, "sign-in-throttled"],
  [0.5, "sign-in-refused-locked"],
  [3, "rate-limited"],
  [5, "forbidden"],
  [0.3, "role-changed"],
  [0.3, "account-locked"],
  [0.3, "account-unlocked"],
  [1, "password-changed"],
  [0.5, "password-change-failed"],
  [1, "password-reset"],
  [2, "reset-link-sent"],
  [0.5, "other-sessions-ended"],
  [0.1, "account-deleted"],
];
const ADMIN_ACTIONS = new Set(["role-changed", "account-locked", "account-unlocked", "account-deleted"]);
const VISITOR_EVENTS = new Set(["sign-in-failed", "sign-in-throttled", "sign-in-refused-locked", "rate-limited", "password-reset"]);

function generateSecurityEvents(rng: Rng, now: number, count: number, existing: Existing, people: People): TableRows {
  const admin = existing.people.find((person) => person.role === "admin")?.email ?? null;
  const everyone = [...existing.people.map((person) => person.email), ...people.interpreters.map((person) => person.email)];
  const rows = sorted(Array.from({ length: count }, () => pastInstant(rng, now, SECURITY_LOG_DAYS))).map((at) => {
    const kind = rng.weighted(EVENT_KINDS);
    // A failed sign-in is often for an address that has no account (a typo, or someone trying addresses).
    const account =
      kind === "sign-in-failed" && rng.chance(0.3) ? `${personName(rng).replace(" ", ".")}@${rng.pick(EMAIL_DOMAINS)}`.toLowerCase() : rng.pick(everyone);
    const actor = ADMIN_ACTIONS.has(kind) || (kind === "reset-link-sent" && rng.chance(0.5)) ? admin : VISITOR_EVENTS.has(kind) ? null : account;
    const detail =
      kind === "forbidden"
        ? rng.pick(["/Dashboard/Orders", "/Dashboard/Dashboardusers", "/Dashboard/Inbox"])
        : kind === "role-changed"
          ? rng.pick(["admin", "interpreter"])
          : kind === "rate-limited"
            ? "sign-in"
            : "";
    return [at, kind, account, actor, clientAddress(rng), rng.pick(USER_AGENTS), detail];
  });
  return { table: "security_events", columns: ["at", "kind", "account", "actor", "address", "user_agent", "detail"], rows };
}

function generateContactMessages(rng: Rng, now: number, count: number): TableRows {
  const rows = sorted(Array.from({ length: count }, () => pastInstant(rng, now, HISTORY_DAYS))).map((receivedAt, index) => {
    const age = (now - receivedAt) / DAY_MS;
    // Nearly all went out to the mail provider; a few failed for good; the newest may still wait for the cron.
    const status = age < 1 && rng.chance(0.2) ? "pending" : rng.chance(0.02) ? "failed" : "sent";
    const attempts =
      status === "sent"
        ? rng.weighted([
            [95, 1],
            [5, 2],
          ])
        : status === "failed"
          ? 5
          : rng.int(0, 2);
    const sentAt = status === "sent" ? receivedAt + rng.int(1_000, 30_000) : null;
    const nextAttemptAt = status === "pending" ? now + 10 * 60_000 : receivedAt + (attempts - 1) * 60_000;
    // Staff read almost everything older than two weeks; recent messages are often still unread.
    const read = age > 14 ? rng.chance(0.98) : rng.chance(0.6);
    const readAt = read ? Math.min(now, receivedAt + rng.int(3_600_000, 3 * DAY_MS)) : null;
    const name = personName(rng);
    const email = `${name.replace(" ", ".")}.${index}@${rng.pick(EMAIL_DOMAINS)}`.toLowerCase();
    const message = `Hello, ${rng.sample(DETAIL_PHRASES, rng.int(1, 3)).join(" ")} Could you tell me the price and how soon? Thank you, ${name}`;
    return [
      name,
      email,
      rng.pick(CONTACT_SUBJECTS),
      message,
      receivedAt,
      status,
      attempts,
      status === "failed" ? "The mail provider answered 503." : null,
      nextAttemptAt,
      sentAt,
      readAt,
      rng.chance(0.85) ? "en" : "ar",
    ];
  });
  return {
    table: "contact_messages",
    columns: ["name", "email", "subject", "message", "received_at", "status", "attempts", "last_error", "next_attempt_at", "sent_at", "read_at", "locale"],
    rows,
  };
}
