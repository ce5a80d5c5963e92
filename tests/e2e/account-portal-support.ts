// What account-portal.spec.ts (and the other portal specs) arrange in the data (issue 27): a requester of an
// organisation (requester-support.ts) and their work — a proven order, an upcoming appointment and an issued invoice —
// on the data of the server the test runs against, written through the port (invoices-support.ts opens it).
import type { Backend } from "../../app/backend/index.server";
import { blockedBy } from "../../app/domain/appointment-times";
import { sampleComputation } from "../support/rate-line-samples";
import { retried, serversBackend } from "./invoices-support";
import { ensureRequester } from "./requester-support";

export { REQUESTER_PASSWORD } from "../fixtures/requesters";

const DAY = 86_400_000;

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
  await ensureRequester({ organisation, email, name });
  const { backend, dispose } = await serversBackend();
  try {
    return { email, name, ...(await workOf(backend, email, name, days)) };
  } finally {
    await dispose();
  }
}

/** A customer's message on an order's thread, written through the port (as the order page's form would store it). */
export async function customerMessage(orderId: number, body: string) {
  const { backend, dispose } = await serversBackend();
  try {
    if (!(await retried(() => backend.orders.addMessage(orderId, { author: "customer", authorId: null, body }, Date.now()))))
      throw new Error(`no order ${orderId}`);
  } finally {
    await dispose();
  }
}
