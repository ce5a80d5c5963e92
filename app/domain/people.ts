// Interpreters (users with sign-in accounts), languages, and which interpreter speaks which language
// (SPEC §3), in the app's names, with the shared schemas of their forms.
import { z } from "zod";
import { format, localized, type Messages } from "~/i18n";
import { emailField, newPasswordField, type Role } from "./auth";

/** The longest value a person field accepts: a name (100) and an e-mail (254) as a suggestion writes them. */
export const PERSON_FIELD_MAX_LENGTH = 400;

export type Language = { id: number; name: string };

export type Interpreter = {
  id: string;
  fullName: string;
  email: string;
  phone: string;
  gender: string;
  department: string | null;
  role: Role;
  languages: Language[];
};

/** One row of the interpreter ↔ language list. */
export type LanguageLink = { id: number; userId: string; userName: string; languageId: number; languageName: string };

/** The link screen's list, a page at a time (issue 23): by interpreter, then language. */
export const LINKS_PAGE_SIZE = 50;

export const INTERPRETER_SORTS = ["name", "email"] as const;
export type InterpreterSort = (typeof INTERPRETER_SORTS)[number];
export const PAGE_SIZE = 20;

export type InterpreterQuery = { search: string; sort: InterpreterSort; direction: "asc" | "desc"; page: number };
export type InterpreterPage = { items: Interpreter[]; total: number; page: number; pageCount: number };

export const NAME_MAX_LENGTH = 100;
export const GENDER_MAX_LENGTH = 50;
export const PHONE_MAX_LENGTH = 32;

const requiredText = (t: Messages, message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: format(t.validation.tooLong, { max }) });

/** A plausible phone number: digits with the usual separators, 7 to 15 digits (E.164 allows 15). */
const phoneField = (t: Messages) =>
  requiredText(t, t.people.validation.phoneRequired, PHONE_MAX_LENGTH).refine(
    (phone) => /^\+?[\d\s().-]+$/.test(phone) && (phone.match(/\d/g)?.length ?? 0) >= 7 && (phone.match(/\d/g)?.length ?? 0) <= 15,
    { error: t.people.validation.phoneInvalid },
  );

// The form fields keep the spec's column names: full_name, Gender, email, phone.
const interpreterFields = (t: Messages) => ({
  full_name: requiredText(t, t.people.validation.fullNameRequired, NAME_MAX_LENGTH),
  Gender: requiredText(t, t.people.validation.genderRequired, GENDER_MAX_LENGTH),
  email: emailField(t),
  phone: phoneField(t),
});

export const newInterpreterSchema = localized((t) => z.object({ ...interpreterFields(t), password: newPasswordField(t) }));
export const interpreterUpdateSchema = localized((t) => z.object({ id: z.string().min(1), ...interpreterFields(t) }));

export type NewInterpreter = { fullName: string; gender: string; email: string; phone: string; password: string };
export type InterpreterUpdate = Omit<NewInterpreter, "password">;

const languageNameField = (t: Messages) => requiredText(t, t.people.validation.languageRequired, NAME_MAX_LENGTH);
export const newLanguageSchema = localized((t) => z.object({ name: languageNameField(t) }));
export const languageRenameSchema = localized((t) => z.object({ id: z.coerce.number().int().positive(), name: languageNameField(t) }));

export const newLinkSchema = localized((t) => {
  const p = t.people.validation;
  return z.object({
    // What was typed or picked in the person field (or an id); the action finds who it names.
    userId: z
      .string({ error: p.interpreterRequired })
      .trim()
      .min(1, { error: p.interpreterRequired })
      .max(PERSON_FIELD_MAX_LENGTH, { error: p.interpreterRequired }),
    languageId: z.coerce.number({ error: p.languageChoiceRequired }).int({ error: p.languageChoiceRequired }).positive({ error: p.languageChoiceRequired }),
  });
});

export const idSchema = z.object({ id: z.string().min(1) });
export const numericIdSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * A search that is a phone number (at least 3 digits, and nothing but digits and phone punctuation) also
 * matches phones by their digits alone, so "3075550103" finds "+1 (307) 555-0103". Only then: an email
 * with digits in it must not match every phone that shares them.
 */
export function looksLikePhone(search: string): boolean {
  return /^[\d\s()+.-]+$/.test(search) && search.replace(/\D/g, "").length >= 3;
}

/** The list's query from the URL: ?q=&sort=name|email&dir=asc|desc&page=N. */
export function interpreterQueryFrom(url: URL): InterpreterQuery {
  const params = url.searchParams;
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  return {
    search: (params.get("q") ?? "").trim().slice(0, NAME_MAX_LENGTH),
    sort: INTERPRETER_SORTS.includes(sort as InterpreterSort) ? (sort as InterpreterSort) : "name",
    direction: params.get("dir") === "desc" ? "desc" : "asc",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}
