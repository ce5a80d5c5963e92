// Call-log lines whose language or interpreter is gone (issue 21, Build: "the call log keeps the language and
// interpreter names even when the rows are deleted, with no foreign key that can refuse a log line"). A call is
// logged when it ends; by then an admin may have deleted its language or its interpreter. Before
// migrations/0011, the foreign keys of call_log refused that line (FOREIGN KEY constraint failed), and the
// switchboard, which retries the write, stopped.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { CallLogEntry, CallLogFilter } from "~/domain/call-log";
import { backendFor, seed } from "./helpers";

const T0 = Date.UTC(2026, 10, 26, 10, 0, 0);
const ALL: CallLogFilter = { from: null, to: null, languageId: null, interpreterId: null };
const calls = () => backendFor().calls;
const logged = async (id: string) => (await calls().page(ALL, null, 500)).find((entry) => entry.id === id);

const call = (id: string, overrides: Partial<CallLogEntry> = {}): CallLogEntry => ({
  id,
  languageId: null,
  language: "Pashto",
  type: "audio",
  callerName: "Caller",
  customerId: null,
  interpreterId: null,
  interpreterName: "Gone Interpreter",
  outcome: "answered",
  requestedAt: T0,
  answeredAt: T0 + 5_000,
  endedAt: T0 + 65_000,
  ...overrides,
});

let serial = 0;
async function languageAndInterpreter() {
  serial += 1;
  const language = await backendFor().languages.create(`Orphan language ${serial}`);
  const person = await backendFor().interpreters.create({
    fullName: `Orphan Interpreter ${serial}`,
    gender: "Woman",
    email: `orphan-${serial}@example.com`,
    phone: "+1 307 555 0178",
    password: "orphan-password-1",
  });
  if (!language.ok || !person.ok) throw new Error("could not create the language or the interpreter");
  return { languageId: language.language.id, language: language.language.name, interpreterId: person.id, interpreterName: `Orphan Interpreter ${serial}` };
}

beforeAll(() => seed());

describe("a call whose language and interpreter were deleted before it was logged", () => {
  it("is stored and listed with the names it was written with", async () => {
    const { languageId, language, interpreterId, interpreterName } = await languageAndInterpreter();
    expect((await backendFor().languages.remove(languageId)).ok).toBe(true);
    expect((await backendFor().interpreters.remove(interpreterId)).ok).toBe(true);

    const entry = call("orphan-deleted", { languageId, language, interpreterId, interpreterName });
    await calls().record(entry);
    // The names stay; the ids, which name nothing any more, are not kept (as for a line written before the delete).
    expect(await logged(entry.id)).toEqual({ ...entry, languageId: null, interpreterId: null });
  });

  it("ids that never existed do not refuse the line either", async () => {
    const entry = call("orphan-unknown", { languageId: 987_654, interpreterId: crypto.randomUUID() });
    await calls().record(entry);
    expect(await logged(entry.id)).toEqual({ ...entry, languageId: null, interpreterId: null });
  });

  it("a line whose language and interpreter still exist keeps their ids", async () => {
    const { languageId, language, interpreterId, interpreterName } = await languageAndInterpreter();
    const entry = call("orphan-kept", { languageId, language, interpreterId, interpreterName });
    await calls().record(entry);
    expect(await logged(entry.id)).toEqual(entry);
    expect((await calls().page({ ...ALL, languageId }, null, 50)).map((line) => line.id)).toEqual([entry.id]);
    expect((await calls().page({ ...ALL, interpreterId }, null, 50)).map((line) => line.id)).toEqual([entry.id]);
  });

  it("a language added after the newest one was deleted (SQLite gives it the same id) does not inherit its calls", async () => {
    const { languageId, language } = await languageAndInterpreter();
    const entry = call("orphan-reused-id", { languageId, language });
    await calls().record(entry);
    expect((await backendFor().languages.remove(languageId)).ok).toBe(true);
    const next = await backendFor().languages.create(`Orphan successor ${serial}`);
    if (!next.ok) throw new Error("could not create the next language");
    expect(next.language.id).toBe(languageId); // the premise: SQLite reuses the largest rowid
    expect(await calls().page({ ...ALL, languageId: next.language.id }, null, 50)).toEqual([]);
    expect(await logged(entry.id)).toEqual({ ...entry, languageId: null });
  });
});

describe("the table after migrations/0011", () => {
  it("has no foreign key, keeps its two indexes (and 0015's two for the totals, 0029's for billing), and its CHECKs still refuse a bad line", async () => {
    expect((await env.DB.prepare("PRAGMA foreign_key_list(call_log)").all()).results).toEqual([]);
    const indexes = (await env.DB.prepare("PRAGMA index_list(call_log)").all<{ name: string }>()).results.map((index) => index.name).sort();
    expect(indexes.filter((name) => !name.startsWith("sqlite_autoindex"))).toEqual([
      "call_log_billable",
      "call_log_interpreter",
      "call_log_requested",
      "call_log_totals",
      "call_log_waits",
    ]);
    await expect(calls().record(call("orphan-bad-type", { type: "fax" as never }))).rejects.toThrow(/CHECK constraint failed/);
    await expect(calls().record(call("orphan-bad-end", { endedAt: T0 - 1 }))).rejects.toThrow(/CHECK constraint failed/);
  });
});
