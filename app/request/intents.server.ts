// One route, several forms: each posts an `intent`. This runs the matching handler, and turns a failure
// of the backend into a logged error and a message on the page with its reference (never silent, never the
// backend's own text).
import type { RouterContextProvider } from "react-router";
import { BackendError } from "~/backend/port.server";
import type { SessionUser } from "~/domain/auth";
import { format, type Messages } from "~/i18n";
import { messagesFor } from "~/platform/page/locale";
import { formFailure } from "./action-result.server";
import { errorReference } from "./page-loads.server";
import { appContext, type RequestContext } from "./context.server";
import { readForm } from "./forms.server";
import { formText } from "~/platform/page/form-text";

/**
 * `user`: the signed-in user who posted, already checked by the route's guard (an admin on admin pages);
 * `messages`: the catalogue of their dashboard language, for every message the handler answers with.
 */
export type IntentInput = { request: Request; url: URL; app: RequestContext; formData: FormData; user: SessionUser; messages: Messages };
/** A handler redirects (with a toast) on success, or answers a FormFailure (or what the form made: a call link). */
type Handler<Result> = (input: IntentInput) => Promise<Result>;

export async function runIntent<Result = Response | ReturnType<typeof formFailure>>(
  { request, url, context, user }: { request: Request; url: URL; context: Readonly<RouterContextProvider>; user: SessionUser },
  handlers: Record<string, Handler<Result>>,
): Promise<Result | ReturnType<typeof formFailure>> {
  const messages = messagesFor(user.locale);
  const formData = await readForm(request);
  if (!formData) return formFailure({ formError: messages.errors.notAForm }, { status: 400 });
  const intent = formText(formData, "intent");
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) return formFailure({ formError: messages.people.unknownIntent }, { status: 400 });
  try {
    return await handler({ request, url, app: appContext(context), formData, user, messages });
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    // The backend's own words can name tables, queries or hosts: staff get a reference to the log line instead.
    const reference = errorReference();
    console.error(`${url.pathname} ${intent} failed (reference ${reference}):`, error);
    return formFailure({ formError: format(messages.people.failed, { reference }), intent }, { status: 500 });
  }
}
