// Billing (issue 26): how each billed or paid line explains its amount, in the reader's language. A line reads
// "2 h 10 min on site → 2 h 15 min billed (2 h minimum, 15-min increments) × $65.00/h + 25 % weekend = $182.81".
import type { Plural } from "~/i18n/plural";

export const billing = {
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
