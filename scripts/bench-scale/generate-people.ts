// Generated interpreters: sign-in accounts (accounts + users, role interpreter) with 2–4 language links each, as
// the Interpreters, Users and Interpreter-languages pages, the call log and the order page's assign form read them.
import type { Rng } from "../fuzz/prng";
import { DAY_MS, HISTORY_DAYS, pastInstant, phoneNumber, uuidOf, weightedLanguage, type Existing, type TableRows } from "./generate";
import { FIRST_NAMES, SURNAMES } from "./names";

export type Person = { id: string; fullName: string; email: string; languageIds: number[] };

export type People = {
  tables: TableRows[];
  /** Every interpreter (the sample's, but the reserved one, and the generated) who speaks a language, by language id. */
  byLanguage: Map<number, Person[]>;
  interpreters: Person[];
};

const DEPARTMENTS = ["Medical Interpreting", "Legal Interpreting", "Community Interpreting", "Document Translation", "Video Remote", "Over-the-Phone"];

/** `reserved`: the sample account whose jobs are counted exactly (generateOrders gives it its own), left out of byLanguage. */
export function generatePeople(rng: Rng, now: number, count: number, existing: Existing, reserved: string): People {
  const english = existing.languages.find((language) => language.name === "English");
  const accounts: unknown[][] = [];
  const users: unknown[][] = [];
  const links: unknown[][] = [];
  const interpreters: Person[] = [];

  for (let i = 0; i < count; i++) {
    const id = uuidOf(`interpreter ${i}`);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(SURNAMES);
    // The index keeps the address unique; the domain keeps it apart from the sample's example.com accounts.
    const email = `${first}.${last}.${i}@interpreters.example`.toLowerCase();
    const createdAt = pastInstant(rng, now, HISTORY_DAYS);
    // Most interpreters signed in lately; some never did (invited, not started), a few were locked by an admin.
    const lastSignIn = rng.chance(0.8) ? Math.max(createdAt, now - rng.int(0, 30) * DAY_MS - rng.int(0, DAY_MS)) : null;
    const locked = rng.chance(0.01) ? now - rng.int(1, 200) * DAY_MS : null;
    accounts.push([id, email, existing.passwordHash, new Date(createdAt).toISOString(), lastSignIn, locked, rng.chance(0.85) ? "en" : "ar"]);
    users.push([
      id,
      `${first} ${last}`,
      email,
      phoneNumber(rng),
      rng.pick(["Female", "Male"]),
      rng.pick(DEPARTMENTS),
      "interpreter",
      new Date(createdAt).toISOString(),
    ]);

    // 2–4 languages: their main language, English for most (agencies pair with English), then others.
    const languageIds: number[] = [weightedLanguage(rng, existing.languages, english ? [english.id] : []).id];
    if (english && rng.chance(0.8)) languageIds.push(english.id);
    const wanted = rng.int(2, 4);
    while (languageIds.length < wanted) languageIds.push(weightedLanguage(rng, existing.languages, languageIds).id);
    for (const languageId of languageIds) links.push([id, languageId]);
    interpreters.push({ id, fullName: `${first} ${last}`, email, languageIds });
  }

  const byLanguage = new Map<number, Person[]>();
  const sampleInterpreters = existing.people.filter((person) => person.role === "interpreter" && person.email !== reserved);
  for (const person of [...sampleInterpreters, ...interpreters]) {
    for (const languageId of person.languageIds) byLanguage.set(languageId, [...(byLanguage.get(languageId) ?? []), person]);
  }

  return {
    tables: [
      { table: "accounts", columns: ["id", "email", "password_hash", "created_at", "last_sign_in_at", "locked_at", "locale"], rows: accounts },
      { table: "users", columns: ["id", "full_name", "email", "phone", '"Gender"', "account_type", "role", "created_at"], rows: users },
      { table: "user_languages", columns: ["user_id", "language_id"], rows: links },
    ],
    byLanguage,
    interpreters,
  };
}

/** Someone who speaks `languageId` (and, when possible, every one of `also`), or anyone at all when nobody does. */
export function speakerOf(rng: Rng, people: People, languageId: number, also: number[] = []): Person {
  const speakers = people.byLanguage.get(languageId) ?? [];
  if (speakers.length === 0) return rng.pick(people.interpreters);
  // A few tries for someone with the whole pair; a real agency would also settle for a near match.
  for (let attempt = 0; attempt < 4; attempt++) {
    const candidate = rng.pick(speakers);
    if (also.every((id) => candidate.languageIds.includes(id))) return candidate;
  }
  return rng.pick(speakers);
}
