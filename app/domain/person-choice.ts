// Choosing one person among thousands (issue 23, item 8): a text field with suggestions instead of a 2,000-option
// select. The field's value is what was typed — a name, an e-mail, or a picked suggestion "Name <e-mail>" — or, from
// older forms and scripts, a person's id; the server finds who it names. Works without JavaScript as a plain text match.
import type { Interpreter } from "./people";

export type PersonChoice = Pick<Interpreter, "id" | "fullName" | "email">;

/**
 * People whose name or e-mail contains `text` (any case), or whose id is `text`; with `languageIds`, only those linked
 * to every one of them. By name; at most `limit`.
 */
export type PersonSearch = { text: string; languageIds: number[]; limit: number };

/** How many suggestions a field shows, and how many people a typed text is matched against. */
export const PERSON_SUGGESTIONS = 10;

/** A suggestion as the field shows it, and as it comes back when picked. */
export const personLabel = (person: PersonChoice) => `${person.fullName} <${person.email}>`;

/** The words to search for: the e-mail of a picked suggestion ("Name <e-mail>"), else what was typed. */
export function personSearchWords(value: string): string {
  const picked = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value);
  return (picked ? picked[1]! : value).trim();
}

export type PersonPick = { ok: true; person: PersonChoice } | { ok: false; reason: "none" | "several" };

/**
 * Who the value names among the people found for its words: the one whose id, e-mail or whole name it is; else the
 * only one found. Two people with the same name, or a part that fits several, name nobody: the form says so.
 */
export function pickPerson(value: string, found: readonly PersonChoice[]): PersonPick {
  const typed = personSearchWords(value);
  const words = typed.toLowerCase();
  const exact = found.filter((person) => person.id === typed || person.email.toLowerCase() === words || person.fullName.trim().toLowerCase() === words);
  if (exact.length === 1) return { ok: true, person: exact[0]! };
  if (exact.length === 0 && found.length === 1) return { ok: true, person: found[0]! };
  return { ok: false, reason: found.length === 0 ? "none" : "several" };
}
