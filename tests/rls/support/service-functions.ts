// What every service-role SQL function of the worker is held to (orders, appointments, availability, offers, reminders,
// calendar feeds): no public actor may execute it, its helpers in schema `private` are out of their reach too, the
// service role calls each, and each is SECURITY INVOKER with an empty search_path (it can do nothing its caller could
// not, and no object it names can be swapped under it).
import { expect, it } from "vitest";
import { admin, interpreter } from "./fixtures";
import { anon, asSuperuser, run, serviceRole, type Db } from "./db";
import { itRefusesToExecute, permissionDenied } from "./expect";

/** `calls` and `helpers`: a function's name and a call of it, in schema public and schema private. */
export function itIsTheServiceRolesAlone(db: () => Db, calls: Record<string, string>, helpers: Record<string, string> = {}): void {
  itRefusesToExecute(db, calls);

  if (Object.keys(helpers).length > 0) {
    it("the helpers in schema private: anon cannot reach the schema, a signed-in user has no EXECUTE", async () => {
      for (const [fn, sql] of Object.entries(helpers)) {
        expect(await run(db(), anon, `select ${sql}`)).toEqual(permissionDenied("schema private"));
        for (const actor of [interpreter, admin]) expect(await run(db(), actor, `select ${sql}`)).toEqual(permissionDenied(`function ${fn}`));
      }
    });
  }

  it("service_role calls each of them", async () => {
    for (const sql of [...Object.values(calls), ...Object.values(helpers)]) {
      const outcome = await run(db(), serviceRole, `select ${sql} as value`);
      expect(outcome.ok, `${sql}: ${JSON.stringify(outcome)}`).toBe(true);
    }
  });

  it("are SECURITY INVOKER with an empty search_path", async () => {
    const names = [...Object.keys(calls), ...Object.keys(helpers)];
    const rows = await asSuperuser(
      db(),
      `select p.proname as name, p.prosecdef as security_definer, p.proconfig as config
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private') and p.proname = any($1) order by 1`,
      [names],
    );
    expect(rows.map((row) => row.name)).toEqual([...names].sort());
    for (const row of rows) expect(row, String(row.name)).toMatchObject({ security_definer: false, config: ['search_path=""'] });
  });
}
