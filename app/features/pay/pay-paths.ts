// Where the pay pages live (issue 26, build item 6), as their components, their server side and their links name them.

/** The admins' list of every interpreter's statements. */
export const PAY_PATH = "/Dashboard/Pay";

/** Every statement as CSV, for the accountant (admins). */
export const PAY_CSV_PATH = `${PAY_PATH}/export`;

/** One interpreter's statement of a month, as admins see it (and mark it paid). */
export const adminStatementPath = (interpreterId: string, month: string) => `${PAY_PATH}/${encodeURIComponent(interpreterId)}/${month}`;

/** The signed-in interpreter's own statements, under My jobs. */
export const MY_PAY_PATH = "/Dashboard/Jobs/Pay";

/** The signed-in interpreter's statement of a month. */
export const myStatementPath = (month: string) => `${MY_PAY_PATH}/${month}`;
