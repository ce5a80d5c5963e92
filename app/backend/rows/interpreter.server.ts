// An interpreter's row (users, with the spec's column names), mapped to the app's type once for both adapters; each
// adapter reads the person's languages its own way (D1: a JSON array; Supabase: the nested user_languages).
import type { Interpreter, Language } from "~/domain/people";

export type InterpreterColumns = {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  /** The spec's "Gender" column. */
  gender: string;
  account_type: string | null;
  role: Interpreter["role"];
};

/** The person with their languages (in the order given: each adapter reads them alphabetical). */
export const toInterpreter = (row: InterpreterColumns, languages: Language[]): Interpreter => ({
  id: row.id,
  fullName: row.full_name,
  email: row.email,
  phone: row.phone,
  gender: row.gender,
  department: row.account_type,
  role: row.role,
  languages,
});
