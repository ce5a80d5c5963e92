// Server-side form parsing with the form's shared zod schema: the authoritative check of every action.
import { z } from "zod";
import type { FieldErrors } from "~/platform/page/form-failure";

export type ParsedForm<T> = { ok: true; data: T; formData: FormData } | { ok: false; errors: FieldErrors; values: Record<string, string>; formData: FormData };

/** Fields whose values are never sent back to the browser, even to refill a form. */
const SECRET_FIELDS = /password/i;

export function parseFormData<Schema extends z.ZodType>(formData: FormData, schema: Schema): ParsedForm<z.output<Schema>> {
  const raw = Object.fromEntries([...formData.keys()].map((key) => [key, formData.get(key)]));
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, data: result.data, formData };

  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, values: keptValues(formData), formData };
}

/** The submitted text values, minus secrets: what a form shows again after a failed submit. */
export function keptValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && !SECRET_FIELDS.test(key)) values[key] = value;
  }
  return values;
}

/**
 * The posted form, or null when it cannot be read: a body the worker streams to the route (uploads: workers/
 * request-admission.ts) is parsed here for the first time, and may turn out cut short, too long or not a form.
 */
export async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
