// The run's pay statement (issue 26, build item 6), made before the fuzzing so requests can name a real one (params.ts
// `{payStatement}`, `{payMonth}`): the sample interpreter's month of two pay items, written straight into the server's
// database (db.ts insertPayItems) as invoices.ts writes its invoice: pay items come from work held and approved, which
// the campaign cannot wait for. The admins' "Mark paid" marks it once (the set-up's line count and amount), then finds
// nothing to pay; anything else is stale (409), writing nothing.
import type { Database } from "./db";

export async function paySetUp(
  db: Database,
  interpreterId: string,
): Promise<{ interpreterId: string; month: string; itemCount: number; toPayMinor: number }[]> {
  const month = "2026-11";
  await db.insertPayItems(interpreterId, month);
  const [statement] = await db.rows<{ items: number; amount: number }>(
    "select count(*) as items, sum(amount_minor) as amount from pay_items where interpreter_id = ? and month = ? and payout_id is null",
    interpreterId,
    month,
  );
  if (!statement || statement.items < 2) throw new Error(`the run's pay statement of ${month} is not in the database`);
  return [{ interpreterId, month, itemCount: statement.items, toPayMinor: statement.amount }];
}
