// supabase/migrations/20261205001500_push_appointment_preferred_interpreter.sql on real Postgres (issue 27): "the
// same interpreter as last time" on a booking. Clinic A's customer (Ana) had Daniel and Linh before; Firm B had
// nobody. push_request_appointment stores the choice only when it is one of the organisation's past interpreters AND
// the booking's customer is that organisation's; the offers' candidates mark that interpreter preferred for this
// appointment (joining the organisation's own), and leave them out when the organisation blocks them. Signed-in
// roles never read the column (like a stance, it is not told to interpreters); removing the interpreter clears it.
import { describe, expect, it } from "vitest";
import type { Transaction } from "@electric-sql/pglite";
import { asSuperuser, fileDatabase, run, serviceRole, within } from "./support/db";
import { CUSTOMER_SQL, insertSql, requestAppointment } from "./support/appointments";
import { admin, createWithFixtures, INTERPRETER_ID, interpreter, LANGUAGE, OTHER_INTERPRETER_ID } from "./support/fixtures";
import { call } from "./support/orders";

const NOW = 1_764_064_800_123;
const STARTS = Date.UTC(2034, 4, 9, 16);
const HOUR = 3_600_000;

async function organisations(db: Parameters<typeof asSuperuser>[0]) {
  await asSuperuser(db, "insert into public.organisations (id, name) overriding system value values (1, 'Clinic A'), (2, 'Firm B')");
}

/** Daniel and Linh did appointments of Clinic A's customer (Ana, customer 1, ana@customer.test). */
async function clinicHistory(tx: Transaction) {
  await tx.query(CUSTOMER_SQL);
  await tx.query("update public.customers set organisation_id = 1 where id = 1");
  for (const [who, day] of [
    [INTERPRETER_ID, 2],
    [OTHER_INTERPRETER_ID, 3],
  ] as const) {
    const [sql, params] = insertSql({ status: "completed", interpreter: who, from: `2034-04-0${day}T16:00:00Z`, to: `2034-04-0${day}T17:00:00Z` });
    await tx.query(sql, params);
  }
}

/** Ana (Clinic A) books in English, asking for `who` through `organisation`. */
const bookAsking = async (tx: Transaction, who: string, organisation: number, email = "ana@customer.test") => {
  const answer = await call<{ ok: boolean; id: number }>(
    tx,
    `public.push_request_appointment(p_name => 'Ana Ruiz', p_email => $1, p_phone => '', p_organisation => '', p_language_id => $2,
       p_mode => 'video', p_setting => 'business', p_starts_at => $3, p_minutes => 60, p_blocked_from => $3, p_blocked_to => $4,
       p_address => '', p_call_number => '', p_notes => '', p_gender_preference => null, p_locale => 'en',
       p_token_hash => md5(random()::text) || md5(random()::text), p_token_sealed => 'sealed', p_now => $5,
       p_preferred_interpreter_id => $6, p_preferred_organisation_id => $7)`,
    [email, LANGUAGE.english, STARTS, STARTS + HOUR, NOW, who, organisation],
  );
  expect(answer.ok).toBe(true);
  return Number(answer.id);
};
const choiceOf = async (tx: Transaction, id: number) =>
  call<{ preferred_interpreter_id: string | null; preferred_interpreter_name: string | null }>(tx, "public.push_get_appointment($1)", [id]);

describe("the booking's choice", () => {
  const db = fileDatabase(createWithFixtures, () => organisations(db));

  it("is stored only for one of the organisation's past interpreters, and only when the customer is that organisation's", async () => {
    await within(db, serviceRole, async (tx) => {
      await clinicHistory(tx);
      expect(await choiceOf(tx, await bookAsking(tx, OTHER_INTERPRETER_ID, 1))).toMatchObject({
        preferred_interpreter_id: OTHER_INTERPRETER_ID,
        preferred_interpreter_name: "Linh Interpreter",
      });
      // Firm B had nobody: Linh is not its past interpreter, and Ana is not Firm B's anyway.
      expect(await choiceOf(tx, await bookAsking(tx, OTHER_INTERPRETER_ID, 2))).toMatchObject({ preferred_interpreter_id: null });
      // Someone who never worked for Clinic A (the admin's users row).
      expect(await choiceOf(tx, await bookAsking(tx, "00000000-0000-4000-8000-00000000a001", 1))).toMatchObject({ preferred_interpreter_id: null });
      // A walk-in naming Clinic A: their customer is nobody's.
      expect(await choiceOf(tx, await bookAsking(tx, INTERPRETER_ID, 1, "walk.in@example.com"))).toMatchObject({ preferred_interpreter_id: null });
      // Without the arguments the booking is as it always was.
      const plain = await requestAppointment(tx, { email: "ana@customer.test" });
      expect(await choiceOf(tx, plain.id!)).toMatchObject({ preferred_interpreter_id: null, preferred_interpreter_name: null });
    });
  });

  it("makes that interpreter preferred in the offers' candidates for this appointment alone; a block still wins", async () => {
    await within(db, serviceRole, async (tx) => {
      await clinicHistory(tx);
      const asked = await bookAsking(tx, OTHER_INTERPRETER_ID, 1);
      const [sql, params] = insertSql({ from: "2034-05-09T16:00:00Z", to: "2034-05-09T17:00:00Z" });
      const other = Number((await tx.query<{ id: number }>(`${sql} returning id`, params)).rows[0]!.id);
      const candidates = async (except: number) =>
        (
          await call<{ linked: { id: string; preferred: boolean }[] }>(tx, "public.push_availability_candidates($1, $2, $3, $4)", [
            LANGUAGE.english,
            STARTS,
            STARTS + HOUR,
            except,
          ])
        ).linked.map(({ id, preferred }) => [id, preferred]);
      // English: Daniel and Linh. Ana asked for Linh on `asked`; not on the other appointment of the same customer.
      expect(await candidates(asked)).toEqual([
        [INTERPRETER_ID, false],
        [OTHER_INTERPRETER_ID, true],
      ]);
      expect(await candidates(other)).toEqual([
        [INTERPRETER_ID, false],
        [OTHER_INTERPRETER_ID, false],
      ]);
      // Joins the organisation's own preferred interpreters.
      await tx.query(`insert into public.interpreter_stances values (1, '${INTERPRETER_ID}', 'preferred', 'x', now())`);
      expect(await candidates(asked)).toEqual([
        [INTERPRETER_ID, true],
        [OTHER_INTERPRETER_ID, true],
      ]);
      // Clinic A blocks Linh: she is left out, asked for or not.
      await tx.query(`insert into public.interpreter_stances values (1, '${OTHER_INTERPRETER_ID}', 'blocked', 'x', now())`);
      expect(await candidates(asked)).toEqual([[INTERPRETER_ID, true]]);
    });
  });

  it("is cleared when the interpreter's users row goes", async () => {
    await within(db, serviceRole, async (tx) => {
      await clinicHistory(tx);
      const asked = await bookAsking(tx, OTHER_INTERPRETER_ID, 1);
      await tx.query(`delete from public.users where id = '${OTHER_INTERPRETER_ID}'`);
      expect(await choiceOf(tx, asked)).toMatchObject({ preferred_interpreter_id: null, preferred_interpreter_name: null });
    });
  });

  it.each([
    ["an admin", admin],
    ["an interpreter", interpreter],
  ])("%s cannot read the column through the API (the worker reads it)", async (_name, actor) => {
    expect(await run(db, actor, "select preferred_interpreter_id from public.appointments")).toMatchObject({ ok: false, code: "42501" });
  });
});
