// The run's sent invoice (issue 26), made before the fuzzing so requests can name a real private link (params.ts
// `{invoiceLink}`): the customer's page /Invoice/<token> and its PDF, and the staff's "Send" on an issued invoice.
// Written straight into the server's database (db.ts insertSentInvoice): billing work through the product takes an
// appointment held and approved, which the campaign cannot wait for. Its customer is one the orders' set-up made.
import { randomBytes } from "node:crypto";
import type { Database } from "./db";

export async function invoiceSetUp(db: Database): Promise<{ id: number; token: string }[]> {
  const [customer] = await db.rows<{ id: number }>("select id from customers order by id limit 1");
  if (!customer) throw new Error("the run's set-up made no customer (orders.ts) to send an invoice to");
  const token = randomBytes(32).toString("base64url");
  const id = await db.insertSentInvoice(customer.id, token);
  const [linked] = await db.rows<{ number: string }>(
    "select i.number from invoices i join invoice_links l on l.invoice_id = i.id where i.id = ? and i.status = 'issued'",
    id,
  );
  if (!linked) throw new Error(`the sent invoice ${id} is not issued with its link`);
  return [{ id, token }];
}
