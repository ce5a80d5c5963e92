// A customer by the e-mail they are known by (customers are found or created by e-mail when they ask for a quote or
// book). Used where staff name a customer to bill: a new invoice draft (in the customer's billing currency), a call link.
import type { Backend } from "~/backend/index.server";
import type { CustomerSummary } from "~/domain/order-records";

/** The customer whose e-mail (lower-cased) is exactly this one — the search also matches names and parts of addresses. */
export async function customerByEmail(backend: Backend, email: string): Promise<CustomerSummary | undefined> {
  const page = await backend.orders.customers({ search: email, page: 1 });
  return page.items.find((customer) => customer.email.toLowerCase() === email);
}

export async function customerIdByEmail(backend: Backend, email: string): Promise<number | undefined> {
  return (await customerByEmail(backend, email))?.id;
}
