// An organisation's requester and their work, made through the D1 adapter for the customer portal's tests (issue 27):
// a proven order with a status link, an upcoming appointment and an issued invoice (tests/integration/issued-invoice.ts),
// all of the requester's customers row, which is the organisation's.
import { createD1Backend } from "~/backend/d1/index.server";
import { env } from "cloudflare:test";
import { newStatusToken, sealStatusToken } from "~/features/orders/status-token.server";
import { issuedInvoice, NOW } from "./issued-invoice";
import { addRequester, type Requester } from "./requester-fixture";
import { ORIGIN } from "./requests";

export type OrganisationWork = { requester: Requester; orderId: number; orderToken: string; appointmentId: number; invoiceId: number };

const backend = () => createD1Backend({ env, request: new Request(`${ORIGIN}/`), sessionSecret: env.SESSION_SECRET });

/** A quote request of this e-mail, its address proven; answers its id and its status link's token. */
export async function provenOrder(email: string, name: string): Promise<{ id: number; token: string }> {
  const store = backend();
  const [service] = await store.content.services();
  const [source, target] = await store.languages.list();
  const link = await newStatusToken();
  const objectKey = `orders/${crypto.randomUUID()}`;
  await env.FILES.put(objectKey, `letters of ${email}`);
  const created = await store.orders.create(
    {
      customer: { name, email, phone: "+1 307 555 0199", company: "" },
      ...{ serviceId: service!.id, sourceLanguageId: source!.id, targetLanguageIds: [target!.id], deadline: "2031-05-20" },
      ...{ details: "Discharge letters, 4 pages.", locale: "en", tokenHash: link.hash, tokenSealed: await sealStatusToken(link.token, env.SESSION_SECRET) },
      files: [{ objectKey, fileName: "letters.pdf", contentType: "application/pdf", size: 1234 }],
    },
    NOW,
  );
  if (!created.ok) throw new Error(created.reason);
  await store.orders.verifyIdentity(created.id, NOW);
  return { id: created.id, token: link.token };
}

export async function organisationWithWork(organisation: string, email: string, name: string): Promise<OrganisationWork> {
  const requester = await addRequester({ organisation, email, name });
  const order = await provenOrder(email, name);
  const invoiceId = await issuedInvoice(email);
  const appointment = (await backend().portal.appointments(requester.organisationId, { search: "", page: 1, when: "upcoming", now: NOW })).items[0]!;
  return { requester, orderId: order.id, orderToken: order.token, appointmentId: appointment.id, invoiceId };
}
