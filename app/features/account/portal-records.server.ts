// One record of a requester's organisation for the /Account pages (issue 27): read through the portal store with the
// organisation requireCustomer gave, so another organisation's id is a plain 404 — the same answer as an id that does
// not exist, and the database is not asked for what cannot be an id.
import { data } from "react-router";
import type { CustomerUser } from "~/domain/auth";
import { positiveInt } from "~/domain/paging";
import type { RequestContext } from "~/request/context.server";

const notFound = () => data(null, { status: 404 });

async function found<T>(id: string | undefined, read: (id: number) => Promise<T | null>): Promise<T> {
  const number = positiveInt(id ?? null);
  const record = number === null ? null : await read(number);
  if (!record) throw notFound();
  return record;
}

export const portalOrderOf = (app: RequestContext, user: CustomerUser, id: string | undefined) =>
  found(id, (number) => app.backend.portal.order(user.organisationId, number));

export const portalAppointmentOf = (app: RequestContext, user: CustomerUser, id: string | undefined) =>
  found(id, (number) => app.backend.portal.appointment(user.organisationId, number));

export const portalInvoiceOf = (app: RequestContext, user: CustomerUser, id: string | undefined) =>
  found(id, (number) => app.backend.portal.invoice(user.organisationId, number));
