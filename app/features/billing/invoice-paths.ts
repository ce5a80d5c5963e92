// Where the Invoices pages live, as their components, their server side and their links name them.

export const INVOICES_PATH = "/Dashboard/Invoices";

/** An invoice's page. */
export const invoicePath = (id: number) => `${INVOICES_PATH}/${id}`;

/** Every invoice as CSV, for the accountant. */
export const INVOICES_CSV_PATH = `${INVOICES_PATH}/export`;

/** Every payment as CSV, for the accountant. */
export const PAYMENTS_CSV_PATH = `${INVOICES_PATH}/payments.csv`;
