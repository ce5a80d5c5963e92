// What account-portal.spec.ts arranges in the data (issue 27): a requester of an organisation and their work — a proven
// order, an upcoming appointment and an issued invoice — on the data of the server the test runs against. Helper A's
// invitations make requesters through the app; until they are merged the requester is written as the fixtures do:
// on D1 an account, its customer_people row and the customers row in the organisation (SQL beside the server, as
// invoices-support.ts opens it), on the Supabase double its people fixture (requesterOf).
import type { Backend } from "../../app/backend/index.server";
import { hashPassword } from "../../app/backend/d1/password.server";
import { blockedBy } from "../../app/domain/appointment-times";
import { PORT, SUPABASE_DOUBLE_URL } from "../../playwright.config";
import { storageProxy } from "../../scripts/lib/storage-proxy";
import { sampleComputation } from "../support/rate-line-samples";
import { serverOf } from "./fixtures";
import { retried, serversBackend } from "./invoices-support";

export const REQUESTER_PASSWORD = "Requester-Pass-1";
const DAY = 86_400_000;

/** A requester of `organisation` (made when missing) with this e-mail and name, and their customers row in it. */
async function addRequester(organisation: string, email: string, name: string): Promise<void> {
  if (serverOf() === "supabase") {
    const body = [{ full_name: name, email, password: REQUESTER_PASSWORD, requesterOf: { organisation } }];
    const answer = await fetch(`${SUPABASE_DOUBLE_URL}/__double/people`, { method: "POST", body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(`no requester: ${await answer.text()}`);
    return;
  }
  const proxy = await storageProxy(`.tmp/e2e-${PORT}`);
  try {
    const db = proxy.env.DB;
    const now = Date.now();
    await retried(() => db.prepare("INSERT INTO organisations (name, created_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING").bind(organisation, now).run());
    const { id } = (await db.prepare("SELECT id FROM organisations WHERE name = ?").bind(organisation).first<{ id: number }>())!;
    const accountId = crypto.randomUUID();
    const hash = await hashPassword(REQUESTER_PASSWORD);
    await retried(() =>
      db.batch([
        db.prepare("INSERT INTO accounts (id, email, password_hash) VALUES (?, ?, ?)").bind(accountId, email, hash),
        db
          .prepare("INSERT INTO customer_people (account_id, organisation_id, full_name, is_admin, created_at) VALUES (?, ?, ?, 0, ?)")
          .bind(accountId, id, name, now),
        db
          .prepare(
            "INSERT INTO customers (name, email, created_at, organisation_id) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO UPDATE SET organisation_id = excluded.organisation_id",
          )
          .bind(name, email, now, id),
      ]),
    );
  } finally {
    await proxy.dispose();
  }
}

/** The requester's work through the port: a proven order, an appointment in `days` days, an issued invoice of $120.00. */
async function workOf(backend: Backend, email: string, name: string, days: number) {
  const [service] = await retried(() => backend.content.services());
  const languages = await retried(() => backend.languages.list());
  const order = await retried(() =>
    backend.orders.create(
      {
        customer: { name, email, phone: "+1 307 555 0199", company: "" },
        ...{ serviceId: service!.id, sourceLanguageId: languages[0]!.id, targetLanguageIds: [languages[1]!.id], deadline: "2031-05-20" },
        ...{ details: "Discharge letters", locale: "en", tokenHash: crypto.randomUUID().replaceAll("-", "").padEnd(64, "a"), tokenSealed: "sealed", files: [] },
      },
      Date.now(),
    ),
  );
  if (!order.ok) throw new Error(order.reason);
  await retried(() => backend.orders.verifyIdentity(order.id, Date.now()));
  const startsAt = Date.now() + days * DAY;
  const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
  const booked = await retried(() =>
    backend.appointments.request(
      {
        contact: { name, email, phone: "+1 303 555 0100", organisation: "" },
        ...{ languageId: languages[0]!.id, mode: "video", setting: "medical", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
        ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en" },
        ...{ tokenHash: crypto.randomUUID().replaceAll("-", "").padEnd(64, "b"), tokenSealed: "sealed" },
      },
      Date.now(),
    ),
  );
  if (!booked.ok) throw new Error(booked.reason);
  const customerId = (await retried(() => backend.appointments.get(booked.id)))!.customerId;
  const item = {
    source: `appointment:${booked.id}`,
    customerId,
    workDay: "2026-11-02",
    currency: "USD",
    amountMinor: 12_000,
    rateLineId: null,
    languageId: null,
  };
  await retried(() => backend.invoices.addItems([{ ...item, computation: sampleComputation }], Date.now()));
  const draft = await retried(() =>
    backend.invoices.createDraft({ customerId, currency: "USD", from: "2026-11-01", to: "2026-11-30", by: "admin" }, Date.now()),
  );
  if (!draft.ok) throw new Error(draft.reason);
  const issued = await retried(() => backend.invoices.issue(draft.id, { basedOn: 1, taxBasisPoints: 0, year: 2026, by: "admin" }, Date.now()));
  if (!issued.ok) throw new Error(issued.reason);
  return { orderId: order.id, appointmentId: booked.id, invoiceId: draft.id, invoiceNumber: issued.number };
}

export async function requesterWithWork(organisation: string, email: string, name: string, days: number) {
  await addRequester(organisation, email, name);
  const { backend, dispose } = await serversBackend();
  try {
    return { email, name, ...(await workOf(backend, email, name, days)) };
  } finally {
    await dispose();
  }
}
