// A customer organisation and a requester who signs in for it, written straight into D1: the fixture for tests of what
// requesters may and may not do before (and apart from) the invitation flow that makes them.
import { env } from "cloudflare:test";
import { hashPassword } from "~/backend/d1/password.server";

export type Requester = { accountId: string; email: string; password: string; organisationId: number; customerId: number };

/**
 * An organisation named `organisation` (made when missing) and a requester of it with this e-mail: an account, its
 * customer_people row (no users row) and their customers row joined to the organisation.
 */
export async function addRequester(input: { organisation: string; email: string; name?: string; admin?: boolean; password?: string }): Promise<Requester> {
  const now = Date.now();
  const password = input.password ?? "Requester-Pass-1";
  const email = input.email.toLowerCase();
  await env.DB.prepare("INSERT INTO organisations (name, created_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING").bind(input.organisation, now).run();
  const { id: organisationId } = (await env.DB.prepare("SELECT id FROM organisations WHERE name = ?").bind(input.organisation).first<{ id: number }>())!;
  const accountId = crypto.randomUUID();
  const name = input.name ?? email.split("@")[0]!;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO accounts (id, email, password_hash) VALUES (?, ?, ?)").bind(accountId, email, await hashPassword(password)),
    env.DB.prepare("INSERT INTO customer_people (account_id, organisation_id, full_name, is_admin, created_at) VALUES (?, ?, ?, ?, ?)").bind(
      accountId,
      organisationId,
      name,
      input.admin ? 1 : 0,
      now,
    ),
    env.DB.prepare(
      `INSERT INTO customers (name, email, created_at, organisation_id) VALUES (?, ?, ?, ?)
       ON CONFLICT (email) DO UPDATE SET organisation_id = excluded.organisation_id`,
    ).bind(name, email, now, organisationId),
  ]);
  const { id: customerId } = (await env.DB.prepare("SELECT id FROM customers WHERE email = ?").bind(email).first<{ id: number }>())!;
  return { accountId, email, password, organisationId, customerId };
}
