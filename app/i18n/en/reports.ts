// The Reports page (issue 26, build item 7; docs/decisions/0038): what each figure counts is said on the page, in the
// reader's language, beside the figure.
import type { Plural } from "~/i18n/plural";

export const reports = {
  heading: "Reports",
  intro: "Revenue, interpreter cost and margin, appointments filled and calls answered, over whole months of the company's calendar (Mountain Time).",
  period: {
    label: "Period",
    from: "From month",
    to: "To month",
    hint: "YYYY-MM",
    show: "Show",
    shown: "{from} to {to}",
    limit: { other: "At most {count} months; a longer period keeps its last months." } satisfies Plural,
  },
  revenue: {
    heading: "Revenue",
    definition:
      "Revenue is what issued invoices bill before tax: the amounts of their lines, each in the month its work was done. Drafts are not revenue. Each currency is shown on its own.",
    byMonth: "Revenue by month, {currency}",
    byCustomer: "Revenue by customer, {currency}",
    byLanguage: "Revenue by language, {currency}",
    month: "Month",
    customer: "Customer",
    language: "Language",
    amount: "Revenue",
    others: { one: "{count} other customer", other: "{count} other customers" } satisfies Plural,
    noLanguage: "Other/none",
    empty: "No issued invoice bills work done in this period.",
  },
  cost: {
    heading: "Interpreter cost and margin",
    definition:
      "Interpreter cost is what interpreters are paid for the work done in each month: their pay lines, paid or not yet. The margin is that month's revenue less that cost.",
    chart: "Interpreter cost by month, {currency}",
    month: "Month",
    figure: "Cost and margin",
    shown: "{cost} cost, {margin} margin ({share} of revenue)",
    shownNoRevenue: "{cost} cost, {margin} margin",
    empty: "No interpreter pay or revenue in this period.",
  },
  appointments: {
    heading: "Appointments filled",
    chart: "Share of appointments filled, by month",
    definition:
      "Of the appointments starting in each month, the share that has an interpreter. Appointments cancelled 24 hours or more before their start are left out: no interpreter was needed for them. Appointments still to come count as they stand today.",
    month: "Month",
    filled: "Filled",
    figure: "{filled} of {counted} ({share})",
    none: "None booked",
  },
  calls: {
    heading: "Calls answered",
    chart: "Call answer rate, by month",
    definition:
      "Of the calls requested in each month, the share an interpreter answered. A caller's wait runs from the request to the answer; the median is over the answered calls of the whole period.",
    month: "Month",
    answered: "Answered",
    figure: "{answered} of {calls} ({share})",
    none: "No calls",
    totals: "The whole period",
    calls: "Calls",
    answerRate: "Answer rate",
    medianWait: "Median wait",
    seconds: "{count} s",
    noFigure: "—",
  },
  failed: "The reports could not be read. Try again in a moment.",
};
