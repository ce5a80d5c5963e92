// What a form's action answers when it does not redirect: 400 (or 429) with field messages, the values to
// refill the form (never a password), and a form-level message that is also shown as a toast.
import { data } from "react-router";
import type { FieldErrors, FormFailure } from "~/platform/page/form-failure";
import type { Toast } from "~/platform/page/toast";

export type { FormFailure };

type FailureInput = {
  errors?: FieldErrors;
  values?: Record<string, string>;
  formError?: string | null;
  intent?: string | null;
  id?: string | null;
  conflict?: FormFailure["conflict"];
};

export function formFailure(
  { errors = {}, values = {}, formError = null, intent = null, id = null, conflict = null }: FailureInput,
  init: { status: 400 | 403 | 404 | 409 | 429 | 500 | 503; headers?: HeadersInit } = { status: 400 },
) {
  const toast: Toast | null = formError ? { id: crypto.randomUUID(), type: "error", message: formError } : null;
  return data<FormFailure>({ errors, values, formError, toast, intent, id, conflict }, init);
}
