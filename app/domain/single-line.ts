// Names, subjects, companies and phone numbers end up in the mail provider's template fields, some of them headers
// (a subject, a reply-to name). A line break there can add headers, and in a greeting it writes the rest of the mail:
// such a field has none (issue 22). Any line break counts, not only CR and LF: NEL and the Unicode line and paragraph
// separators too.
const LINE_BREAK = /[\r\n\u000b\u000c\u0085\u2028\u2029]/;

/** True when `value` fits on one line. */
export function isSingleLine(value: string): boolean {
  return !LINE_BREAK.test(value);
}
