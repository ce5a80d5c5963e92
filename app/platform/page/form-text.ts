// One field of a posted form read as text, where the form's zod schema does not read it (an intent, a row's id, a bot
// check's field). Shared by the server's actions and the client's own forms.

/**
 * An entry's text. A file sent where text belongs reads as "[object File]", what String() always made of it: not empty
 * (so a honeypot still trips and a required field is still there), and no check takes it for a real value.
 */
export function entryText(value: FormDataEntryValue): string {
  return typeof value === "string" ? value : "[object File]";
}

/** The field's text, or "" when the form does not have the field. */
export function formText(formData: FormData, name: string): string {
  const value = formData.get(name);
  return value === null ? "" : entryText(value);
}
