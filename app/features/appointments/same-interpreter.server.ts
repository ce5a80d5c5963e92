// "The same interpreter as last time" on /Book (issue 27, docs/decisions/0041 "As built"): a signed-in requester may
// ask for one of their ORGANISATION's past interpreters (confirmed or completed appointments), and the booking keeps
// the choice, so the offers' window gives that interpreter the booking first. The list and the check both read the
// organisation's past interpreters (PreferenceStore.pastInterpreters, scoped in its SQL): a posted id of anyone else —
// another organisation's interpreter included — is a field message, and nothing is stored. A visitor's post of the
// field is ignored: they are never offered it.
import type { Backend } from "~/backend/port.server";
import type { CustomerUser } from "~/domain/auth";
import { sameInterpreterSchema, type PersonRef } from "~/domain/preferences";
import type { Messages } from "~/i18n";

export const SAME_INTERPRETER_FIELD = "sameInterpreter";

/** Whom the requester can ask for, by name; none when the list cannot be read (the form still books without it). */
export async function sameInterpreterChoices(backend: Backend, requester: CustomerUser | null): Promise<PersonRef[]> {
  if (!requester) return [];
  try {
    return await backend.preferences.pastInterpreters(requester.organisationId);
  } catch (error) {
    console.error("Could not read the organisation's past interpreters for /Book:", error);
    return [];
  }
}

export type SameInterpreterCheck = { ok: true; preferred: { organisationId: number; interpreterId: string } | null } | { ok: false; error: string };

/** The posted choice, checked: null when none was made (or a visitor posted one). */
export async function checkSameInterpreter(backend: Backend, requester: CustomerUser | null, form: FormData, t: Messages): Promise<SameInterpreterCheck> {
  if (!requester) return { ok: true, preferred: null };
  const posted = form.get(SAME_INTERPRETER_FIELD);
  const parsed = sameInterpreterSchema(t).safeParse({ [SAME_INTERPRETER_FIELD]: typeof posted === "string" ? posted.trim() : "" });
  if (!parsed.success) return { ok: false, error: t.book.validation.sameInterpreterUnknown };
  const id = parsed.data.sameInterpreter;
  if (id === "") return { ok: true, preferred: null };
  const past = await backend.preferences.pastInterpreters(requester.organisationId);
  if (!past.some((person) => person.id === id)) return { ok: false, error: t.book.validation.sameInterpreterUnknown };
  return { ok: true, preferred: { organisationId: requester.organisationId, interpreterId: id } };
}
