// Staff's actions on an organisation's interpreters (issue 27, /Dashboard/Organisations/:id/Interpreters): make one
// preferred or blocked (a person field, as the other staff forms), remove the stance, and accept or decline the
// organisation admin's requests. Admins only (the route's guard); every write names the organisation.
import { data } from "react-router";
import { answerRequestSchema, removeStanceSchema, stanceSchema } from "~/domain/preferences";
import { format } from "~/i18n";
import { formFailure } from "~/request/action-result.server";
import { parseFormData } from "~/request/forms.server";
import type { IntentInput } from "~/request/intents.server";
import { redirectWithToast } from "~/request/toast.server";
import { choosePerson, personFieldError } from "~/features/people/person-choice.server";

/** The organisation id of the page's URL, or a 404 (an id no organisation could have). */
export function organisationIdOf(param: string | undefined): number {
  const id = Number(param);
  if (!/^[1-9]\d{0,15}$/.test(param ?? "") || !Number.isSafeInteger(id)) throw data(null, { status: 404 });
  return id;
}

const done = (input: IntentInput, hash: string, message: string) =>
  redirectWithToast(`${input.url.pathname}#${hash}`, { type: "success", message }, { request: input.request, config: input.app.config });

export async function setStance(input: IntentInput, organisationId: number) {
  const { app, formData, messages, user } = input;
  const t = messages.preferences.staff;
  const form = parseFormData(formData, stanceSchema(messages));
  if (!form.ok) return formFailure({ ...form, intent: "set" });
  const values = { interpreter: form.data.interpreter, stance: form.data.stance };
  const pick = await choosePerson(app.backend, form.data.interpreter);
  if (!pick.ok) return formFailure({ values, errors: { interpreter: personFieldError(messages, form.data.interpreter, pick) }, intent: "set" });
  const saved = await app.backend.preferences.set(organisationId, pick.person.id, form.data.stance, user.id, Date.now());
  if (!saved.ok) return formFailure({ values, formError: t.notFound, intent: "set" }, { status: 404 });
  return done(input, "stances", format(t.saved[form.data.stance], { name: pick.person.fullName }));
}

export async function removeStance(input: IntentInput, organisationId: number) {
  const { app, formData, messages } = input;
  const t = messages.preferences.staff;
  const form = parseFormData(formData, removeStanceSchema(messages));
  const stances = form.ok ? ((await app.backend.preferences.list(organisationId))?.stances ?? []) : [];
  const stance = form.ok ? stances.find((item) => item.interpreter.id === form.data.interpreter) : undefined;
  if (!form.ok || !stance || !(await app.backend.preferences.clear(organisationId, stance.interpreter.id))) {
    return formFailure({ formError: t.notFound, intent: "remove" }, { status: 404 });
  }
  return done(input, "stances", format(t.removed, { name: stance.interpreter.name }));
}

export async function answerRequest(input: IntentInput, organisationId: number) {
  const { app, formData, messages, user } = input;
  const t = messages.preferences.staff;
  const form = parseFormData(formData, answerRequestSchema);
  const waiting = form.ok ? (await app.backend.preferences.requests(organisationId)).find((item) => item.id === form.data.request) : undefined;
  if (!form.ok || !waiting) return formFailure({ formError: t.answered, intent: "answer" }, { status: 409 });
  const accept = form.data.answer === "accept";
  if (!(await app.backend.preferences.answer(organisationId, waiting.id, accept, user.id, Date.now()))) {
    return formFailure({ formError: t.answered, intent: "answer" }, { status: 409 });
  }
  return done(input, accept ? "stances" : "requests", format(accept ? t.accepted : t.declined, { name: waiting.interpreter.name }));
}
