// The call link form of /Dashboard/Dashboardcall (administrators): a link for a named customer that opens /Call with
// their name, language and call type chosen (app/features/calls/call-link.server.ts). The link is shown, not sent: staff pass it
// on the way they already talk to that customer.
import { data } from "react-router";
import { callableLanguages, callLinkSchema } from "~/domain/call-forms";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { format, formatDate } from "~/i18n";
import { isolate } from "~/i18n/isolate";
import { formFailure } from "~/request/action-result.server";
import { callLinkPath, callLinkToken } from "~/features/calls/call-link.server";
import { customerIdByEmail } from "~/features/orders/customer-lookup.server";
import { keptValues, parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";

const HOUR_MS = 3_600_000;

export async function createCallLink({ url, app, formData, messages, user }: IntentInput) {
  const m = messages.dashboard.call.link;
  const form = parseFormData(formData, callLinkSchema(messages));
  if (!form.ok) return formFailure({ errors: form.errors, values: form.values, intent: "call-link" });
  const language = callableLanguages(await app.backend.links.languages()).find((item) => item.id === form.data.language);
  if (!language) return formFailure({ errors: { language: m.languageGone }, values: keptValues(formData), intent: "call-link" });
  const customerId = form.data.customer === null ? null : await customerIdByEmail(app.backend, form.data.customer);
  if (customerId === undefined) return formFailure({ errors: { customer: m.customerUnknown }, values: keptValues(formData), intent: "call-link" });
  const expiresAt = Date.now() + Number(form.data.validFor) * HOUR_MS;
  const terms = { name: form.data.name, languageId: language.id, type: form.data.type, expiresAt, customerId };
  const token = await callLinkToken(app.config.SESSION_SECRET, terms);
  const expires = formatDate(user.locale, expiresAt, {
    ...{ year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
    ...{ timeZone: COMPANY_TIME_ZONE, timeZoneName: "short" },
  });
  const created = {
    url: new URL(callLinkPath(token, form.data.locale), url.origin).href,
    message: format(m.created, { name: isolate(form.data.name), expires }),
  };
  // A private address: never kept by a cache.
  return data({ created }, { headers: { "Cache-Control": "private, no-store" } });
}
