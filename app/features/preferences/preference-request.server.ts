// An organisation admin asks for a preferred interpreter (issue 27, /Account/Preferences): one of the interpreters
// who worked for their organisation, with an optional note. Stored as a request staff accept or decline; the
// interpreter is not told. The route's guard admits customers who administer their organisation; the store checks the
// interpreter and the organisation again in the write.
import type { CustomerUser } from "~/domain/auth";
import { preferenceRequestSchema } from "~/domain/preferences";
import { format, type Messages } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { parseFormData } from "~/request/forms.server";
import type { RequestContext } from "~/request/context.server";
import { redirectWithToast } from "~/request/toast.server";

type Input = { request: Request; url: URL; app: RequestContext; formData: FormData; user: CustomerUser; messages: Messages };

export async function requestPreference({ request, url, app, formData, user, messages }: Input) {
  const t = messages.preferences.request;
  const form = parseFormData(formData, preferenceRequestSchema(messages));
  if (!form.ok) return formFailure({ ...form, intent: "request" });
  const { interpreter, note } = form.data;
  const values = { interpreter, note };
  const past = await app.backend.preferences.pastInterpreters(user.organisationId);
  const person = past.find((item) => item.id === interpreter);
  if (!person) return formFailure({ values, errors: { interpreter: t.refused["not-found"] }, intent: "request" });
  const made = await app.backend.preferences.request(user.organisationId, user.id, interpreter, note, Date.now());
  if (!made.ok) return formFailure({ values, formError: t.refused[made.reason], intent: "request" }, { status: 409 });
  return redirectWithToast(url.pathname, { type: "success", message: format(t.sent, { name: person.name }) }, { request, config: app.config });
}
