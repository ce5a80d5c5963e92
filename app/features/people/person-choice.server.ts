// The server's side of a person field (app/domain/person-choice.ts): who a typed value names, and the suggestions a
// field starts with, read a few at a time (issue 23, item 8).
import type { Backend } from "~/backend/port.server";
import type { Messages } from "~/i18n";
import { format } from "~/i18n";
import { PERSON_SUGGESTIONS, personSearchWords, pickPerson, type PersonChoice, type PersonPick } from "~/domain/person-choice";

/** Who a person field's value names; with `languageIds`, only among those linked to every one of them. */
export async function choosePerson(backend: Backend, value: string, languageIds: number[] = []): Promise<PersonPick> {
  const words = personSearchWords(value);
  if (!words) return { ok: false, reason: "none" };
  return pickPerson(value, await backend.interpreters.find({ text: words, languageIds, limit: PERSON_SUGGESTIONS }));
}

/** The first suggestions of a field (without JavaScript, all it offers besides a typed match). */
export const firstSuggestions = (backend: Backend, languageIds: number[] = []): Promise<PersonChoice[]> =>
  backend.interpreters.find({ text: "", languageIds, limit: PERSON_SUGGESTIONS });

/** The field message for a value that names nobody, or several people. */
export function personFieldError(t: Messages, value: string, pick: Extract<PersonPick, { ok: false }>, eligibleOnly = false): string {
  const messages = t.people.personField;
  const text = value.trim();
  if (pick.reason === "several") return format(messages.several, { text });
  return format(eligibleOnly ? messages.noneEligible : messages.none, { text });
}
