// A statement's state as the pages and the CSV say it (issue 26, build item 6): shared by the server and the browser.
import type { PayStatementSummary } from "~/backend/port-pay.server";

/** Paid: nothing left to pay; partly: some of it paid; unpaid: none of it. */
export const statusOf = (statement: Pick<PayStatementSummary, "totalMinor" | "paidMinor">) =>
  statement.paidMinor >= statement.totalMinor ? "paid" : statement.paidMinor > 0 ? "partly" : "unpaid";
