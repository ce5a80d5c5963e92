// What a form's action answers when it does not redirect (app/request/action-result.server.ts makes it). A plain type
// module, so client components can name it without importing a server module.
import type { Toast } from "./toast";

/** Field name → the message shown under that field. */
export type FieldErrors = Partial<Record<string, string>>;

export type FormFailure = {
  errors: FieldErrors;
  values: Record<string, string>;
  formError: string | null;
  toast: Toast | null;
  /** Which of a page's forms failed (its `intent`), and for which row. */
  intent: string | null;
  id: string | null;
  /** A save refused because someone saved first: what the record holds now, to show beside what was typed. */
  conflict: { version: number; values: Record<string, string> } | null;
};
