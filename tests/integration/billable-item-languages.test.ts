// migrations/0030_billable_item_languages.sql on D1 (issue 26, build item 7; docs/decisions/0038): the items made
// before it get their work's language from their source — an appointment's, a call's; an order none — even on an issued
// invoice, whose items are guarded again afterwards. Its fill-in statements are run again here over items stored
// without a language (the column itself exists already: the test database is migrated).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Backend } from "~/backend/d1/index.server";
import { blockedBy } from "~/domain/appointment-times";
import { sampleComputation } from "../support/rate-line-samples";
import { languageId, seed } from "./helpers";

const backend = () => createD1Backend({ env, request: new Request("http://127.0.0.1/"), sessionSecret: "s".repeat(32) });
const START = Date.UTC(2033, 5, 7, 16);
const CALL = "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
let appointment = 0;

beforeAll(async () => {
  await seed();
  const { from, to } = blockedBy({ start: START, minutes: 60, mode: "video" });
  const made = await backend().appointments.request(
    {
      contact: { name: "Pine Clinic", email: "pine.languages@example.com", phone: "+1 303 555 0100", organisation: "" },
      ...{ languageId: await languageId("Spanish"), mode: "video", setting: "medical", startsAt: START, minutes: 60, blockedFrom: from, blockedTo: to },
      ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
      ...{ tokenHash: "c".repeat(64), tokenSealed: "sealed" },
    },
    START - 14 * 24 * 3_600_000,
  );
  if (!made.ok) throw new Error(made.reason);
  appointment = made.id;
  const arabic = await languageId("Arabic");
  await backend().calls.record({
    ...{ id: CALL, languageId: arabic, language: "Arabic", type: "audio", callerName: "Nour", customerId: null, interpreterId: null, interpreterName: null },
    ...{ outcome: "answered", requestedAt: START, answeredAt: START + 10_000, endedAt: START + 70_000 },
  });
  const customerId = (await backend().appointments.get(made.id))!.customerId;
  const item = (source: string) => ({
    ...{ source, customerId, workDay: "2033-06-07", currency: "USD", amountMinor: 100, rateLineId: null, languageId: null },
    computation: sampleComputation,
  });
  await backend().invoices.addItems([item(`appointment:${made.id}`), item(`call:${CALL}`), item("order:424242")], START);
  const draft = await backend().invoices.createDraft({ customerId, currency: "USD", from: "2033-06-01", to: "2033-06-30", by: "admin" }, START);
  if (!draft.ok) throw new Error(draft.reason);
  expect(await backend().invoices.issue(draft.id, { basedOn: 1, taxBasisPoints: 0, year: 2033, by: "admin" }, START)).toMatchObject({ ok: true });
});

describe("0030's fill-in of the items' languages", () => {
  it("an appointment's and a call's language, an order none; the issued invoice's items guarded again", async () => {
    const migration = env.TEST_MIGRATIONS.find((each) => each.name.startsWith("0030_"))!;
    const fillIn = migration.queries.filter((query) => !/^\s*(ALTER TABLE|CREATE INDEX)/i.test(query));
    expect(fillIn).toHaveLength(4); // the guard dropped, two fill-ins, the guard back
    await env.DB.batch(fillIn.map((query) => env.DB.prepare(query)));
    const rows = await env.DB.prepare("SELECT source, language_id FROM billable_items WHERE work_day = '2033-06-07' ORDER BY id").all();
    expect(rows.results).toEqual([
      { source: `appointment:${appointment}`, language_id: await languageId("Spanish") },
      { source: `call:${CALL}`, language_id: await languageId("Arabic") },
      { source: "order:424242", language_id: null },
    ]);
    await expect(env.DB.prepare("UPDATE billable_items SET amount_minor = 1 WHERE source = 'order:424242'").run()).rejects.toThrow(
      "an issued invoice never changes",
    );
  });
});
