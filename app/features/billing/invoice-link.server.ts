// An invoice as its customer reaches it (issue 26, build items 4-5): by the private link it was e-mailed with
// (/Invoice/<token>), in the language of the path, as the page and the PDF print it; and "Pay now", a Stripe Checkout
// session for what is open. Anything that is not a link of a sent invoice is a 404, the database unread for what cannot
// be a token.
import { data, redirect } from "react-router";
import type { Invoice } from "~/backend/port-invoices.server";
import { companyIn } from "~/domain/content";
import type { InvoiceDocument } from "~/domain/invoice-document";
import { format, type Locale } from "~/i18n";
import { messagesFor } from "~/platform/page/locale";
import { formFailure } from "~/request/action-result.server";
import type { RequestContext } from "~/request/context.server";
import { formText } from "~/platform/page/form-text";
import { readForm } from "~/request/forms.server";
import { refuseOverLimit } from "~/request/public-form.server";
import { statusTokenHash } from "~/features/orders/status-token.server";
import { invoiceDocument, openOf } from "./invoice-document";
import { invoiceCustomer } from "./invoice-sending.server";
import { checkoutUrl } from "./stripe.server";

/** The name printed at the top of every invoice. */
export const COMPANY_NAME = "PUSH";

type Linked = { invoice: Invoice & { number: string; issuedAt: number }; customer: { name: string; email: string } };

/** The sent invoice whose link this is, with its customer; a 404 for anything else. */
async function linkedInvoice(app: RequestContext, token: string | undefined): Promise<Linked> {
  const hash = await statusTokenHash(token ?? "");
  const invoice = hash ? await app.backend.invoices.byLink(hash) : null;
  if (!invoice) throw data(null, { status: 404 });
  return withCustomer(app, invoice);
}

/** The customer of the sent invoice whose link this is (for "Create an account", docs/decisions/0042); a 404 for anything else. */
export async function customerIdOfLink(app: RequestContext, token: string | undefined): Promise<number> {
  return (await linkedInvoice(app, token)).invoice.customerId;
}

/** An issued invoice with its customer, or a 404 (the portal's reads answer issued invoices only). */
export async function withCustomer(app: RequestContext, invoice: Invoice): Promise<Linked> {
  if (invoice.number === null || invoice.issuedAt === null) throw data(null, { status: 404 });
  const customer = await invoiceCustomer(app.backend, invoice);
  if (!customer) throw data(null, { status: 404 });
  return { invoice: { ...invoice, number: invoice.number, issuedAt: invoice.issuedAt }, customer };
}

/**
 * The document of the invoice whose link this is, in `locale`, its number, and what it is still owed; a 404 for
 * anything else. Bank-transfer details are printed when there is no online payment.
 */
export async function invoiceDocumentOfLink(app: RequestContext, token: string | undefined, locale: Locale) {
  return invoiceDocumentOf(app, await linkedInvoice(app, token), locale);
}

/** The document of an issued invoice found for its customer (by its link, or on /Account through their organisation). */
export async function invoiceDocumentOf(
  app: RequestContext,
  { invoice, customer }: Linked,
  locale: Locale,
): Promise<{ document: InvoiceDocument; number: string; openMinor: number; currency: string }> {
  const company = await app.backend.content.company();
  const shown = company && companyIn(locale, company);
  const document = invoiceDocument(
    {
      invoice,
      customer,
      company: { name: COMPANY_NAME, address: shown?.address ?? "", email: shown?.email ?? "" },
      bankTransfer: app.config.stripe ? null : app.config.bankTransferDetails,
    },
    locale,
    messagesFor(locale),
  );
  return { document, number: invoice.number, openMinor: openOf(invoice), currency: invoice.currency };
}

/**
 * "Pay now" (intent "pay"): a Checkout session for what is open, and the customer sent to Stripe's page (303). Over the
 * page's rate limit 429; no Stripe or nothing open 409; Stripe not answering 503 — each said on the page.
 */
export async function payInvoiceAction({
  request,
  app,
  locale,
  token,
  pageUrl,
}: {
  request: Request;
  app: RequestContext;
  locale: Locale;
  token: string;
  pageUrl: string;
}) {
  const t = messagesFor(locale);
  const overLimit = await refuseOverLimit(app.cloudflare.env.STATUS_PAGE_LIMITER, request, app, t);
  if (overLimit) return overLimit;
  const { invoice } = await linkedInvoice(app, token);
  return payInvoice({ request, app, locale, invoice, pageUrl });
}

/** "Pay now" of an issued invoice already found for its customer (by its link, or on /Account). */
export async function payInvoice({
  request,
  app,
  locale,
  invoice,
  pageUrl,
}: {
  request: Request;
  app: RequestContext;
  locale: Locale;
  invoice: Linked["invoice"];
  pageUrl: string;
}) {
  const t = messagesFor(locale);
  const formData = await readForm(request);
  if (!formData || formText(formData, "intent") !== "pay") return formFailure({ formError: t.errors.notAForm }, { status: 400 });
  const d = t.billing.document;
  if (!app.config.stripe) return formFailure({ formError: d.payUnavailable, intent: "pay" }, { status: 409 });
  const open = openOf(invoice);
  if (open <= 0) return formFailure({ formError: d.nothingOpen, intent: "pay" }, { status: 409 });
  let url: string;
  try {
    url = await checkoutUrl(app.config.stripe, {
      ...{ invoiceId: invoice.id, number: invoice.number, openMinor: open, currency: invoice.currency, locale, pageUrl },
      description: format(d.title, { number: invoice.number }),
    });
  } catch (error) {
    console.error(`[stripe] No Checkout session for invoice ${invoice.id}:`, error);
    return formFailure({ formError: d.payUnavailable, intent: "pay" }, { status: 503 });
  }
  return redirect(url, 303);
}
