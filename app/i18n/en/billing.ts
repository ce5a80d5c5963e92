// Billing (issue 26): how each billed or paid line explains its amount, in the reader's language. A line reads
// "2 h 10 min on site → 2 h 15 min billed (2 h minimum, 15-min increments) × $65.00/h + 25 % weekend = $182.81".
import type { Plural } from "~/i18n/plural";

export const billing = {
  rates: {
    validation: {
      side: "Choose whether this is a customer's price or an interpreter's pay.",
      service: "Choose the kind of work.",
      unit: "Choose a unit this kind of work is priced in.",
      language: "Choose a language from the list, or any language.",
      customer: "Enter the customer's e-mail for a contract price, or leave it empty for the list price.",
      interpreter: "Enter the interpreter's e-mail for their own rate, or leave it empty for the default pay.",
      customerUnknown: "No customer has this e-mail. Customers are added when they ask for a quote or book.",
      interpreterUnknown: "No interpreter has this e-mail.",
      currency: "Choose a currency from the list.",
      price: "Enter a price above zero, with at most {digits} digits after the point.",
      quantity: "Enter a whole number.",
      quantityRange: "Enter a whole number from 0 to {max} (at least 1 for an increment).",
      percent: "Enter a percentage from 0 to {max}, with at most two decimals, or leave it empty.",
      lateCancellation: "Enter an amount above zero, with at most {digits} digits after the point, or leave it empty.",
      effectiveFrom: "Enter a date from today on, as YYYY-MM-DD: a new price never changes work already done.",
    },
  },
  line: {
    measured: "{actual} {what} → {billed} billed ({rules}) × {price}/{unit}{surcharges} = {amount}",
    flat: "{what} at a flat rate{surcharges} = {amount}",
    what: { onsite: "on site", video: "by video", phone: "by phone", call: "call", translation: "translated" },
    flatWhat: "Document translation",
    minimum: "{quantity} minimum",
    increments: "{quantity} increments",
    rulesJoiner: ", ",
    unit: { hour: "h", minute: "min", word: "word", page: "page", flat: "job" },
    surcharge: " + {percent} {name}",
    percent: "{number} %",
    surcharges: { rush: "rush", afterHours: "after hours", weekend: "weekend", holiday: "public holiday ({name})" },
    lateCancellation: "Cancelled {hours} before the start (under {window}) → late-cancellation charge {amount}",
    customerNoShow: "The customer did not come → late-cancellation charge {amount}",
    interpreterNoShow: "The interpreter did not come → nothing billed",
    duration: { hours: "{count} h", minutes: "{count} min", seconds: "{count} s", joiner: " ", compactJoiner: "-" },
    words: { one: "{count} word", other: "{count} words" } satisfies Plural,
    pages: { one: "{count} page", other: "{count} pages" } satisfies Plural,
    hoursBefore: { one: "{count} hour", other: "{count} hours" } satisfies Plural,
  },
};
