// What the scale benchmark generates, and the helpers its three generators share (people, orders, logs).
// Everything comes from one seeded PRNG (scripts/fuzz/prng.ts, mulberry32) and one fixed "now", so a seed and a now
// name exactly one data set: run.ts keeps the now in the state's manifest, and the CSV check compares the export
// with what was generated. Ids that must be unique (UUIDs, token hashes) are hashes of a label, not random draws.
import { createHash } from "node:crypto";
import type { Rng } from "../fuzz/prng";
import { LANGUAGE_WEIGHTS } from "./names";

export const DAY_MS = 86_400_000;
/** Orders, calls and messages spread over the last three years. */
export const HISTORY_DAYS = 3 * 365;
/** Security events: the cron deletes those older than 90 days (SECURITY_EVENT_RETENTION_MS), so a real log holds 90 days. */
export const SECURITY_LOG_DAYS = 90;

/** The volumes (scale 1). */
export const FULL_VOLUMES = {
  orders: 100_000,
  customers: 50_000,
  interpreters: 2_000,
  calls: 200_000,
  securityEvents: 300_000,
  contactMessages: 20_000,
  /** The biggest customer's orders; a few more big ones get up to ~80 % of it, most customers 1–3. */
  topCustomerOrders: 300,
  /** Orders assigned to interpreter@example.com, whose My jobs page is measured. */
  jobs: 150,
};
export type Volumes = typeof FULL_VOLUMES;

/** The volumes times `scale` (the sample-sized baseline uses 1/1000), never below what a measured page needs. */
export function scaledVolumes(scale: number): Volumes {
  const at = (count: number, least: number) => Math.max(least, Math.round(count * scale));
  return {
    orders: at(FULL_VOLUMES.orders, 40),
    customers: at(FULL_VOLUMES.customers, 20),
    interpreters: at(FULL_VOLUMES.interpreters, 2),
    calls: at(FULL_VOLUMES.calls, 40),
    securityEvents: at(FULL_VOLUMES.securityEvents, 40),
    contactMessages: at(FULL_VOLUMES.contactMessages, 60), // more than one inbox page (50), so page 2 exists
    topCustomerOrders: at(FULL_VOLUMES.topCustomerOrders, 3),
    jobs: at(FULL_VOLUMES.jobs, 1),
  };
}

/** What the sample state already holds and the generated rows refer to (read from the database before generating). */
export type Existing = {
  languages: { id: number; name: string }[];
  services: { id: number; title: string }[];
  /** The sample people, with their language links: calls and jobs may name them too. */
  people: { id: string; email: string; fullName: string; role: string; languageIds: number[] }[];
  /** The sample interpreter's stored hash: every generated account gets it (nobody signs in as them). */
  passwordHash: string;
  /** Highest ids in use: generated orders and customers get explicit ids after them (the logs' ids are left to SQLite). */
  maxIds: { orders: number; customers: number };
};

/** Rows for one table, each row an array in `columns` order (the loader sends them as JSON arrays). */
export type TableRows = { table: string; columns: string[]; rows: unknown[][] };

/** A UUID (version-4 layout) derived from a label: unique per label, the same for every run. */
export function uuidOf(label: string): string {
  const hex = createHash("sha256").update(`bench-scale:${label}`).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const sha256Hex = (label: string) => createHash("sha256").update(`bench-scale:${label}`).digest("hex");

/**
 * An instant in the last `days` days before `now`. The density rises linearly to twice the oldest day's (the business
 * grew), and the time of day follows office hours in Wyoming (UTC-7), with a thin night: lists sorted by time then
 * see the clustering real data has.
 */
export function pastInstant(rng: Rng, now: number, days: number): number {
  const x = -1 + Math.sqrt(1 + 3 * rng.float()); // inverse CDF of a density ∝ 1 + x on [0, 1]
  const day = Math.floor((now - days * DAY_MS + x * days * DAY_MS) / DAY_MS) * DAY_MS;
  const hour = rng.chance(0.85) ? rng.int(8, 17) : rng.int(0, 23); // company hours
  const at = day + (hour + 7) * 3_600_000 + rng.int(0, 3_599_999);
  return at <= now ? at : at - DAY_MS; // today's hours still to come belong to yesterday
}

/** Picks a language by LANGUAGE_WEIGHTS (the sample's languages; unknown ones weight 2). */
export function weightedLanguage(rng: Rng, languages: Existing["languages"], exclude: number[] = []): { id: number; name: string } {
  const choices = languages.filter((language) => !exclude.includes(language.id)).map((language) => [LANGUAGE_WEIGHTS[language.name] ?? 2, language] as const);
  return rng.weighted(choices);
}

/** YYYY-MM-DD of an instant on the company's calendar (UTC-7 is close enough for deadlines and quote dates). */
export const companyDay = (at: number) => new Date(at - 7 * 3_600_000).toISOString().slice(0, 10);

export const phoneNumber = (rng: Rng) => `+1 (${rng.pick(["307", "303", "720", "801", "406"])}) 555-${String(rng.int(0, 9999)).padStart(4, "0")}`;

/** A documentation-range address (RFC 5737): nothing real, but shaped like what the security log stores. */
export const clientAddress = (rng: Rng) => `${rng.pick(["192.0.2", "198.51.100", "203.0.113"])}.${rng.int(1, 254)}`;
