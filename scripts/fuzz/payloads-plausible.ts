// Plausible values: what the app's own forms and links would send, for the fields and query parameters a request
// does not attack, so it gets past them and reaches deeper code (payloads.ts makes the hostile ones). Everything is
// drawn from the run's seeded Rng; quote requests' and orders' kinds come from payloads-orders.ts, bookings' from
// payloads-appointments.ts, availability's from payloads-availability.ts, records' from payloads-records.ts, rate lines' from payloads-rates.ts.
import type { IdPools } from "./params";
import { plausibleAppointmentValue } from "./payloads-appointments";
import { plausibleAvailabilityValue } from "./payloads-availability";
import { plausibleRecordValue } from "./payloads-records";
import { plausibleInvoiceValue, plausibleReportMonth } from "./payloads-invoices";
import { plausibleRateValue } from "./payloads-rates";
import { plausibleRatingValue } from "./payloads-ratings";
import { plausibleOrderQuery, plausibleOrderValue, type OrderContext } from "./payloads-orders";
import type { Rng } from "./prng";
import type { FieldKind, QueryKind } from "./surface-kinds";

/** A studio id: a service that exists at the start, or one the campaign's own create-service may have added. */
function contentId(rng: Rng, ids: IdPools): number {
  const highest = Math.max(0, ...ids.serviceIds);
  return ids.serviceIds.length && rng.chance(0.75) ? rng.pick(ids.serviceIds) : rng.int(1, highest + 6);
}

/** What the app's own forms would send: passes validation, so the fuzzed field is the only bad one. */
export function plausible(kind: FieldKind, rng: Rng, ids: IdPools, context: OrderContext = {}): string {
  const order =
    plausibleOrderValue(kind, rng, ids, context) ??
    plausibleAppointmentValue(kind, rng, ids) ??
    plausibleAvailabilityValue(kind, rng, ids, context) ??
    plausibleRecordValue(kind, rng) ??
    plausibleRateValue(kind, rng, ids, context) ??
    plausibleInvoiceValue(kind, rng, ids) ??
    plausibleRatingValue(kind, rng);
  if (order !== null) return order;
  const n = rng.int(1, 99_999);
  switch (kind) {
    // The sample accounts and their real password often enough that some sign-ins succeed: what happens
    // after a success (the redirect to redirectTo, a new session) is attack surface too.
    case "email":
      return rng.chance(0.45) ? rng.pick(["admin@example.com", "interpreter@example.com", "nobody@example.com"]) : `fuzz${n}@example.com`;
    case "password":
      return rng.chance(0.5) ? "ChangeMe-2025!" : `Wrong-${rng.hex(10)}`;
    case "currentPassword":
      return `Wrong-${rng.hex(10)}`;
    case "newPassword":
      return `Fuzz-${rng.hex(12)}`;
    case "role":
      return rng.pick(["admin", "interpreter"]);
    case "name":
      return `Fuzz Name ${n}`;
    case "gender":
      return rng.pick(["Female", "Male", "Other"]);
    case "phone":
      return `+1 307 555 ${String(n % 10_000).padStart(4, "0")}`;
    case "subject":
      return `Fuzz subject ${n}`;
    case "message":
      return `Fuzz message ${n}\r\nsecond line`;
    case "honeypot":
      return "";
    case "captcha":
      return rng.chance(0.5) ? "" : rng.hex(32);
    case "userId":
      return ids.userIds.length && rng.chance(0.8) ? rng.pick(ids.userIds) : `${rng.hex(8)}-${rng.hex(4)}-4${rng.hex(3)}-8${rng.hex(3)}-${rng.hex(12)}`;
    case "languageId":
      return String(ids.languageIds.length && rng.chance(0.8) ? rng.pick(ids.languageIds) : rng.int(1, 5000));
    case "linkId":
      return String(ids.linkIds.length && rng.chance(0.8) ? rng.pick(ids.linkIds) : rng.int(1, 5000));
    case "messageId":
      return String(ids.messageIds.length && rng.chance(0.8) ? rng.pick(ids.messageIds) : rng.int(1, 5000));
    case "token":
      return rng.hex(rng.pick([8, 43, 64]));
    case "redirect":
      return rng.pick(["/Dashboard", "/Dashboard/Profile", "/Dashboard/Inbox?delete=1", ""]);
    case "title":
      return `Fuzz title ${n}`;
    case "description":
      return rng.pick([`Fuzz description ${n}.`, `Fuzz description ${n}\r\nsecond line`]);
    case "address":
      return `${n % 1000} Fuzz Street, Cheyenne, WY`;
    case "url":
      return rng.pick(["", `https://www.facebook.com/fuzz${n}`, `https://www.linkedin.com/company/fuzz-${n}`, `https://instagram.com/fuzz${n}`]);
    case "alt":
      return `Fuzz alt text ${n}`;
    // Versions start at 1 and grow by one a save: small numbers, so some saves name the current one and succeed
    // (a stale one is a 409, itself a rejection that must write nothing). An order's form names the version the
    // set-up left it at, as its page would show.
    case "version":
      if ((context.order ?? context.appointment) && rng.chance(0.6)) return String((context.order ?? context.appointment)!.version);
      return String(
        rng.weighted([
          [6, 1],
          [4, 2],
          [3, 3],
          [2, 4],
          [1, 5],
          [1, 6],
        ]),
      );
    case "direction":
      return rng.pick(["up", "down"]);
    case "record":
      return rng.weighted([
        [2, "company"],
        [2, "about"],
        [3, "service"],
      ]);
    case "contentId":
      return String(contentId(rng, ids));
    // The file part's own value (bytes, name, type) comes from files.ts; this is what a text part holds.
    case "imageFile":
      return "";
    case "locale":
      return rng.pick(["en", "ar"]);
    case "callType":
      return rng.pick(["video", "audio"]);
    case "linkHours":
      return rng.pick(["1", "24", "168"]);
    case "stance":
      return rng.pick(["preferred", "blocked"]);
    case "preferenceRequestId":
      return String(rng.int(1, 20));
    case "preferenceAnswer":
      return rng.pick(["accept", "decline"]);
    default:
      throw new Error(`payloads-plausible.ts has no plausible value of kind ${kind}`);
  }
}

/** A plausible value of a query parameter (hostile ones come from Payloads.hostile). */
export function plausibleQuery(kind: QueryKind, rng: Rng, ids: IdPools): string {
  const order = plausibleOrderQuery(kind, rng, ids) ?? plausibleReportMonth(kind, rng);
  if (order !== null) return order;
  switch (kind) {
    case "page":
      return String(rng.int(1, 4));
    case "sort":
      return rng.pick(["name", "email"]);
    case "direction":
      return rng.pick(["asc", "desc"]);
    case "search":
      return rng.pick(["a", "Linh", "307", "example.com", "zzz"]);
    case "rowId":
      return rng.chance(0.5) && ids.userIds.length ? rng.pick(ids.userIds) : String(rng.int(1, 30));
    case "contentId":
      return String(contentId(rng, ids));
    case "numericList":
      return String(rng.int(1, 8));
    case "redirect":
      return plausible("redirect", rng, ids);
    case "token":
      return rng.hex(43);
    // Well-formed, never signed here: the page says the link is not valid.
    case "callLink":
      return `${btoa(JSON.stringify({ n: `Fuzz ${rng.int(1, 999)}`, l: rng.int(1, 9), t: "video", e: Date.now() + 3_600_000 })).replace(/=+$/, "")}.${rng.hex(43)}`;
    case "routeIds":
      return rng.pick(["root", "routes/dashboard/layout", "routes/dashboard/interpreters", "routes/public/layout,root"]);
    case "flag":
      return "";
    case "month":
      return plausible("invoiceMonth", rng, ids);
    default:
      throw new Error(`payloads-plausible.ts has no plausible query value of kind ${kind}`);
  }
}
