// The pay pages' server side (issue 26, build item 6; docs/decisions/0039): an interpreter's own statements, every
// interpreter's for admins (paged, by month), one statement with its lines, and "Mark paid" at the lines and amount the
// page showed. Callers have checked the guard: the interpreter's pages pass the signed-in user's own id.
import { data } from "react-router";
import { z } from "zod";
import type { Backend } from "~/backend/index.server";
import { isMonth } from "~/domain/pay-work";
import { pageParam } from "~/domain/paging";
import type { Messages } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { load } from "~/request/page-loads.server";
import { redirectWithToast } from "~/request/toast.server";

/** ?month=YYYY-MM: one month's statements; anything else (or nothing): every month. */
export const monthParam = (url: URL) => {
  const month = url.searchParams.get("month");
  return month !== null && isMonth(month) ? month : null;
};

export const loadStatements = (backend: Backend, url: URL, interpreterId: string | null) => {
  const month = interpreterId === null ? monthParam(url) : null;
  return load("the pay statements", () => backend.pay.statements({ interpreterId, month }, pageParam(url)));
};

/** The statement of `month` (from the address), or 404. */
export async function statementOr404(backend: Backend, interpreterId: string, month: string | undefined) {
  const statement = month !== undefined && isMonth(month) ? await backend.pay.statement(interpreterId, month) : null;
  if (!statement) throw data(null, { status: 404 });
  return statement;
}

const count = (error: string) =>
  z
    .string({ error })
    .regex(/^\d{1,9}$/, { error })
    .transform(Number);

/** What "Mark paid" sends: the statement's line count and amount still to pay as the page showed them. */
export const markPaidSchema = (t: Messages) => z.object({ itemCount: count(t.pay.markPaid.stale), toPayMinor: count(t.pay.markPaid.stale) });

/**
 * "Mark paid": back to the statement with "Statement marked paid."; 409 when it gained a line or was paid in the
 * meantime (the page shows it as it is now), 400 for a form that does not say what it saw.
 */
export function markPaidIntent(interpreterId: string, month: string) {
  return async ({ request, url, app, formData, user, messages }: IntentInput) => {
    const t = messages.pay.markPaid;
    const form = parseFormData(formData, markPaidSchema(messages));
    if (!form.ok) return formFailure({ formError: t.stale, intent: "mark-paid" });
    const marked = await app.backend.pay.markPaid(interpreterId, month, { ...form.data, by: user.id }, Date.now());
    if (!marked.ok) return formFailure({ formError: marked.reason === "stale" ? t.stale : t.nothing, intent: "mark-paid" }, { status: 409 });
    return redirectWithToast(url.pathname, { type: "success", message: t.done }, { request, config: app.config });
  };
}
