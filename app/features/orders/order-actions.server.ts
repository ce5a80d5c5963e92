// What staff and interpreters do to an order (issue 13; docs/decisions/0018): every step is judged by the order's
// state machine (checkTransition) against the version the page showed, stored as a compare-and-set, logged, and
// e-mailed to the customer — the step and its e-mails in one write (issue 21). A step that is not allowed, comes from
// a stale page (409) or whose write fails (503) changes nothing; files uploaded with it are deleted again, and only
// then: once the step is stored, nothing can remove the files it refers to.
import { data } from "react-router";
import type { Backend } from "~/backend/port.server";
import { assignSchema, cancelSchema, messageSchema, noteSchema, quoteFormSchema, versionSchema } from "~/domain/order-forms";
import { orderNumber, type OrderDetail } from "~/domain/order-records";
import type { OrderActor, OrderTransition } from "~/domain/orders";
import { choosePerson, firstSuggestions, personFieldError } from "~/features/people/person-choice.server";
import { format } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { keptValues, parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { checkDocuments, chosenFiles, storeDocuments } from "~/features/orders/order-files.server";
import { orderMails, relayOrderMails, unlessWriteFails } from "~/features/orders/order-notices.server";
import { storeOrderStep, type StepChange } from "~/features/orders/order-step.server";
import { redirectWithToast } from "~/request/toast.server";

/** Who acted, as the history stores it: a person with a users row (an account without one is recorded as nobody). */
export const actorIdOf = (user: IntentInput["user"]) => (user.profile ? user.id : null);

/** The order a staff page is about, or a 404. */
export async function orderOr404(backend: Backend, id: string | undefined): Promise<OrderDetail> {
  const orderId = Number(id);
  const order = Number.isSafeInteger(orderId) && orderId > 0 ? await backend.orders.get(orderId) : null;
  if (!order) throw data(null, { status: 404 });
  return order;
}

/**
 * The languages someone must be linked to, to be assigned: the source and every target; null when one of them was
 * deleted since the request (then nobody can be).
 */
export function assignLanguagesOf(order: OrderDetail): number[] | null {
  const ids = [order.sourceLanguageId, ...order.targets.map((target) => target.languageId)];
  return ids.every((id): id is number => id !== null) ? ids : null;
}

/** The first of the people who may be assigned (the assign field's suggestions); none when no one can be. */
export async function eligibleFor(backend: Backend, order: OrderDetail) {
  const languages = assignLanguagesOf(order);
  return languages ? firstSuggestions(backend, languages) : [];
}

/**
 * Checks and stores one step with its e-mails (order-step.server.ts); answers the refusal, or `stored` (the files it
 * names are now referred to). Telling the page and relaying the e-mails come after (`announce`), outside any clean-up of files.
 */
const store = (input: IntentInput, order: OrderDetail, actor: OrderActor, transition: OrderTransition, basedOn: number, change: StepChange) =>
  storeOrderStep({
    app: input.app,
    messages: input.messages,
    order,
    actor,
    actorId: actorIdOf(input.user),
    transition,
    basedOn,
    change,
    origin: input.url.origin,
  });

/** The refusal, or — the step stored — its e-mails relayed after the response and the redirect back with its toast. */
async function announce({ app, request, url }: IntentInput, order: OrderDetail, result: Awaited<ReturnType<typeof store>>, success: string) {
  if ("refused" in result) return result.refused;
  relayOrderMails(app, order.id);
  return redirectWithToast(`${url.pathname}#actions`, { type: "success", message: success }, { request, config: app.config });
}

const step = async (
  input: IntentInput,
  order: OrderDetail,
  actor: OrderActor,
  transition: OrderTransition,
  basedOn: number,
  change: StepChange,
  success: string,
) => announce(input, order, await store(input, order, actor, transition, basedOn, change), success);

export function quoteOrder(order: OrderDetail) {
  return async (input: IntentInput) => {
    const form = parseFormData(input.formData, quoteFormSchema(input.messages, new Date()));
    if (!form.ok) return formFailure({ errors: form.errors, values: form.values, intent: "quote" });
    const { basedOn, quote } = form.data;
    const success = format(input.messages.orders.detail.quoted, { email: order.customer.email });
    return step(input, order, "staff", "quote", basedOn, { quote, detail: { quote } }, success);
  };
}

export function assignOrder(order: OrderDetail) {
  return async (input: IntentInput) => {
    const form = parseFormData(input.formData, assignSchema(input.messages));
    if (!form.ok) return formFailure({ errors: form.errors, values: form.values, intent: "assign" });
    // Only someone linked to the source and every target language, named by what was typed (or picked).
    const languages = assignLanguagesOf(order);
    const pick = languages ? await choosePerson(input.app.backend, form.data.interpreterId, languages) : ({ ok: false, reason: "none" } as const);
    if (!pick.ok) {
      const error = personFieldError(input.messages, form.data.interpreterId, pick, true);
      return formFailure({ errors: { interpreterId: error }, values: keptValues(input.formData), intent: "assign" });
    }
    const person = pick.person;
    const interpreter = { id: person.id, name: person.fullName };
    const success = format(input.messages.orders.detail.assigned, { name: person.fullName, number: orderNumber(order.id) });
    return step(input, order, "staff", "assign", form.data.basedOn, { interpreterId: person.id, detail: { interpreter } }, success);
  };
}

/** The delivery: the translated files checked by their bytes, stored, and recorded with the step (staff or the interpreter). */
export function deliverOrder(order: OrderDetail, actor: "staff" | "interpreter") {
  return async (input: IntentInput) => {
    const { messages: t, formData, app } = input;
    const form = parseFormData(formData, versionSchema);
    const files = chosenFiles(formData, "files");
    const checked = files.length === 0 ? { ok: false as const, error: t.orders.files.deliveryRequired } : await checkDocuments(files, t, input.user.locale);
    if (!form.ok || !checked.ok) {
      return formFailure({
        errors: { files: checked.ok ? undefined : checked.error },
        formError: files.length > 0 ? t.orders.files.chooseAgain : null,
        intent: "deliver",
      });
    }
    const success = format(t.orders.detail.delivered, { number: orderNumber(order.id) });
    // The files stay exactly when the step that names them is stored (issue 21).
    const result = await storeDocuments(app.backend.files, checked.documents, async (deliveryFiles) => {
      const stored = await store(input, order, actor, "deliver", form.data.basedOn, { deliveryFiles, detail: { files: deliveryFiles.length } });
      return { kept: "stored" in stored, value: stored };
    });
    return announce(input, order, result, success);
  };
}

export function completeOrder(order: OrderDetail) {
  return async (input: IntentInput) => {
    const form = parseFormData(input.formData, versionSchema);
    if (!form.ok) return formFailure({ formError: input.messages.orders.refusals.stale, intent: "complete" }, { status: 409 });
    return step(
      input,
      order,
      "staff",
      "complete",
      form.data.basedOn,
      { detail: {} },
      format(input.messages.orders.detail.completed, { number: orderNumber(order.id) }),
    );
  };
}

export function cancelOrder(order: OrderDetail) {
  return async (input: IntentInput) => {
    const form = parseFormData(input.formData, cancelSchema(input.messages));
    if (!form.ok) return formFailure({ errors: form.errors, values: form.values, intent: "cancel" });
    const { basedOn, reason } = form.data;
    const success = format(input.messages.orders.detail.cancelled, { number: orderNumber(order.id) });
    return step(input, order, "staff", "cancel", basedOn, { cancelReason: reason, detail: { reason } }, success);
  };
}

export function writeToCustomer(order: OrderDetail) {
  return async ({ app, request, url, formData, user, messages: t }: IntentInput) => {
    const form = parseFormData(formData, messageSchema(t));
    if (!form.ok) return formFailure({ errors: form.errors, values: form.values, intent: "message" });
    const mails = await orderMails(app, { order, origin: url.origin, event: { kind: "message", author: "staff", body: form.data.body } });
    const added = await unlessWriteFails(`Order ${order.id} message`, () =>
      app.backend.orders.addMessage(order.id, { author: "staff", authorId: actorIdOf(user), body: form.data.body }, Date.now(), mails(order.id)),
    );
    if (added === "unavailable")
      return formFailure({ values: { body: form.data.body }, formError: t.orders.refusals.unavailable, intent: "message" }, { status: 503 });
    if (!added) throw data(null, { status: 404 });
    relayOrderMails(app, order.id);
    return redirectWithToast(`${url.pathname}#thread`, { type: "success", message: t.orders.detail.messageSent }, { request, config: app.config });
  };
}

export function saveNote(order: OrderDetail) {
  return async ({ app, request, url, formData, user, messages: t }: IntentInput) => {
    const form = parseFormData(formData, noteSchema(t));
    if (!form.ok) return formFailure({ errors: form.errors, values: form.values, intent: "note" });
    await app.backend.orders.setNote(order.id, form.data.note, actorIdOf(user), Date.now());
    return redirectWithToast(`${url.pathname}#note`, { type: "success", message: t.orders.detail.noteSaved }, { request, config: app.config });
  };
}

/** Staff confirm by hand that a request is the customer on file with its e-mail address (issue 22). */
export function verifyIdentity(order: OrderDetail) {
  return async ({ app, request, url, messages: t }: IntentInput) => {
    await app.backend.orders.verifyIdentity(order.id, Date.now());
    return redirectWithToast(
      `${url.pathname}#customer-heading`,
      { type: "success", message: t.orders.detail.identityConfirmed },
      { request, config: app.config },
    );
  };
}

export function revokeLink(order: OrderDetail) {
  return async ({ app, request, url, user, messages: t }: IntentInput) => {
    await app.backend.orders.revokeLink(order.id, actorIdOf(user), Date.now());
    return redirectWithToast(`${url.pathname}#link`, { type: "success", message: t.orders.detail.revoked }, { request, config: app.config });
  };
}
