// Sending an issued invoice to its customer (issue 26, build item 3): the e-mail with a private link to the invoice's
// page and PDF (/Invoice/<token>), stored in the outbox with the sending and relayed right after the response (the
// cron retries what fails). As for orders and appointments, a stored mail never holds a working link: the relay fills
// the token in from its sealed copy as the mail leaves (docs/decisions/0020). Callers have checked the admin guard.
import type { Backend } from "~/backend/index.server";
import type { Invoice, InvoiceStore } from "~/backend/port-invoices.server";
import { sendSchema } from "~/domain/invoice-forms";
import type { NewMail } from "~/domain/mail";
import { formatAmount } from "~/domain/orders";
import { format, type Locale } from "~/i18n";
import { localizedPath, messagesFor } from "~/platform/page/locale";
import { formFailure } from "~/request/action-result.server";
import type { RequestContext } from "~/request/context.server";
import { parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { redirectWithToast } from "~/request/toast.server";
import { newStatusToken, sealStatusToken, unsealStatusToken } from "~/features/orders/status-token.server";
import { relayAfterResponse, type LinkFiller } from "~/features/orders/order-mail-relay.server";
import { periodWords } from "./invoice-words";

/** Where a stored invoice mail's link goes: filled in by the relay as the mail leaves (never stored working). */
export const INVOICE_TOKEN_SLOT = "{invoice-link-token}";

/** The customer's page of an invoice, in their language: /Invoice/<token> or /ar/Invoice/<token>. */
export const invoiceLinkPath = (locale: Locale, token: string) => `${localizedPath(locale, "/Invoice/")}${token}`;

/** The customer an invoice is addressed to, or null when their row is gone (customers are never deleted). */
export async function invoiceCustomer(backend: Backend, invoice: Pick<Invoice, "customerId">) {
  const found = await backend.orders.customer(invoice.customerId, 1);
  return found && { name: found.customer.name, email: found.customer.email };
}

/** The e-mail to the customer, in their language, its link a slot the relay fills. */
function invoiceMail(invoice: Invoice & { number: string }, customer: { name: string; email: string }, locale: Locale, origin: string): NewMail {
  const m = messagesFor(locale);
  const t = m.billing.invoices.mail;
  const values = {
    name: customer.name,
    number: invoice.number,
    period: periodWords(m, locale, invoice),
    total: formatAmount(invoice.totalMinor ?? 0, invoice.currency, locale),
    link: `${origin}${invoiceLinkPath(locale, INVOICE_TOKEN_SLOT)}`,
  };
  return { kind: "invoice", to: customer.email, subject: format(t.subject, values), body: format(t.body, values), orderId: null };
}

/**
 * "Send the invoice" in the language chosen: 400 with a field message (nothing stored) for a language that is not one;
 * 409 for a draft; back to the invoice with "The invoice was sent to …" otherwise. Sent again, the link stays the same.
 */
export function sendIntent(invoiceId: number) {
  return async ({ request, url, app, formData, user, messages }: IntentInput) => {
    const t = messages.billing.invoices.send;
    const form = parseFormData(formData, sendSchema(messages));
    if (!form.ok) return formFailure({ errors: form.errors, values: form.values, intent: "send" });
    const invoice = await app.backend.invoices.get(invoiceId);
    if (!invoice) return formFailure({ formError: messages.errors.notFound, intent: "send" }, { status: 404 });
    const customer = await invoiceCustomer(app.backend, invoice);
    if (invoice.status !== "issued" || invoice.number === null || !customer) return formFailure({ formError: t.notIssued, intent: "send" }, { status: 409 });

    const { locale } = form.data;
    // A new token each time; the store keeps the first sending's, so a later one's is never used.
    const token = await newStatusToken();
    const link = { hash: token.hash, sealed: await sealStatusToken(token.token, app.config.SESSION_SECRET) };
    const mail = invoiceMail({ ...invoice, number: invoice.number }, customer, locale, url.origin);
    const sent = await app.backend.invoices.send(invoiceId, { link, locale, mail, by: user.id }, Date.now());
    if (!sent.ok) return formFailure({ formError: sent.reason === "not-found" ? messages.errors.notFound : t.notIssued, intent: "send" }, { status: 409 });
    relayInvoiceMails(app, invoiceId);
    return redirectWithToast(url.pathname, { type: "success", message: format(t.sent, { email: customer.email }) }, { request, config: app.config });
  };
}

/** The body an invoice's mail goes out with: its link filled in now, or the sentence that points to the first e-mail. */
async function withInvoiceLink(mail: Pick<NewMail, "kind" | "body" | "invoiceId">, invoices: Pick<InvoiceStore, "get">, secret: string): Promise<string> {
  if (!mail.invoiceId || mail.kind !== "invoice" || !mail.body.includes(INVOICE_TOKEN_SLOT)) return mail.body;
  const invoice = await invoices.get(mail.invoiceId);
  const token = invoice?.link ? await unsealStatusToken(invoice.link.sealed, secret) : null;
  if (token) return mail.body.replaceAll(INVOICE_TOKEN_SLOT, token);
  return mail.body.replace(/\S*\{invoice-link-token\}/g, messagesFor(invoice?.link?.locale ?? "en").billing.invoices.mail.noLink);
}

/** Every link the outbox holds: an invoice's mail gets its invoice's, any other what `others` gives it. */
export const withInvoiceLinks =
  (invoices: Pick<InvoiceStore, "get">, secret: string, others: LinkFiller): LinkFiller =>
  (mail) =>
    mail.invoiceId ? withInvoiceLink(mail, invoices, secret) : others(mail);

/** After the response that stored a sending: that invoice's due e-mails. */
function relayInvoiceMails(app: RequestContext, invoiceId: number) {
  const { backend, config } = app;
  relayAfterResponse(app.cloudflare.ctx, backend.mail, config, {
    mailsOf: () => backend.mail.forInvoice(invoiceId),
    fill: (mail) => withInvoiceLink(mail, backend.invoices, config.SESSION_SECRET),
    what: `invoice ${invoiceId}`,
  });
}
