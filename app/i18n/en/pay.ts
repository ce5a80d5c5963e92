// Interpreters' pay (issue 26, build item 6): the monthly statements an interpreter reads under My jobs, and the
// admins' list where each is marked paid.
import type { Plural } from "~/i18n/plural";

export const pay = {
  jobs: {
    heading: "Pay",
    intro: "Your monthly pay statements: each piece of work, its amount, and whether it was paid.",
    link: "My pay statements",
  },
  mine: {
    metaTitle: "My pay",
    heading: "My pay",
    intro: "One statement a month, from your approved appointments, answered calls and delivered orders, at your pay rates.",
    empty: "No pay statements yet. Work appears here once staff have approved it and priced it.",
    back: "My jobs",
  },
  admin: {
    metaTitle: "Interpreter pay",
    heading: "Interpreter pay",
    intro: "Every interpreter's monthly statement. Mark one paid once the money is sent: work added afterwards shows as still to pay.",
    empty: "No pay statements for this choice.",
    filterHeading: "Choose a month",
    month: "Month",
    monthHint: "YYYY-MM, for example 2026-11",
    monthInvalid: "Enter a month as YYYY-MM, for example 2026-11.",
    show: "Show",
    everyMonth: "Every month",
    export: "Download the statements as CSV",
    back: "Interpreter pay",
  },
  pageLabel: "Pages of pay statements",
  statements: { one: "{count} statement", other: "{count} statements" } satisfies Plural,
  columns: { month: "Month", interpreter: "Interpreter", lines: "Lines", total: "Total", toPay: "To pay", status: "Status" },
  status: { paid: "Paid", unpaid: "To pay", partly: "Partly paid" },
  statement: {
    metaTitle: "Pay statement",
    heading: "Pay statement, {month}",
    columns: { day: "Day", work: "Work", amount: "Amount", paid: "Paid" },
    total: "Total",
    paid: "Paid so far",
    toPay: "Still to pay",
    paidOn: "Paid on {date}",
    notPaid: "To pay",
    notFound: "There is no pay statement for that month.",
  },
  markPaid: {
    heading: "Mark paid",
    intro: "Marks the {amount} still to pay on this statement as paid today. Only for the lines shown here.",
    submit: "Mark paid",
    pending: "Marking paid…",
    done: "Statement marked paid.",
    stale: "This statement changed since you opened it. Check its lines and total, then mark it paid again.",
    nothing: "Nothing is left to pay on this statement.",
  },
};
