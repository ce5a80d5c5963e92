// The booking form (/Book, issue 25): the shared schema its action and its page use. The start is typed as a date and
// a time in the company's zone (docs/decisions/0030): a time the clocks skip is refused, and one they repeat is
// refused until the form says which of the two is meant. The language id is checked against the languages someone is
// linked to, in the action.
import { z } from "zod";
import { format, type Messages } from "~/i18n";
import { DEFAULT_BOOKING_SETTINGS, isDuration, startRefusal, type BookingSettings } from "./appointment-times";
import { APPOINTMENT_MODES, APPOINTMENT_SETTINGS, GENDER_PREFERENCES } from "./appointments";
import { COMPANY_TIME_ZONE } from "./orders";
import { isSingleLine } from "./single-line";
import { instantOf } from "./zoned-time";

export const BOOKING_LIMITS = { name: 100, email: 254, phone: 40, organisation: 200, address: 300, notes: 2000 } as const;

/** The form's fields, by the names the form gives them. */
export const BOOKING_FIELDS = [
  "language",
  "mode",
  "setting",
  "date",
  "time",
  "occurrence",
  "duration",
  "address",
  "callNumber",
  "name",
  "email",
  "phone",
  "organisation",
  "notes",
  "gender",
  "consent",
] as const;
export type BookingForm = Record<(typeof BOOKING_FIELDS)[number], string>;

/** Reads the fields of a posted form; a missing one is "". */
export function bookingFields(form: FormData): BookingForm {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(BOOKING_FIELDS.map((name) => [name, text(name)])) as BookingForm;
}

/** A check's `when`: run it only if none of these fields was refused already (zod runs it despite other fields' issues). */
const passed =
  (...fields: string[]) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));

const PHONE = (phone: string) => /^\+?[\d\s().-]+$/.test(phone) && /^(\D*\d){7,15}\D*$/.test(phone);

/**
 * The schema for a booking sent at `now`. Its output carries the start as an instant (`startsAt`); every refusal is a
 * field message (the start's on `date`, or on `time` for a time the clocks skip or repeat).
 */
export function bookingRequestSchema(
  t: Messages,
  now: number,
  settings: BookingSettings = DEFAULT_BOOKING_SETTINGS,
  zone = COMPANY_TIME_ZONE,
  /** Staff booking by phone confirm the customer agreed, and are told so in their own words. */
  consentRequired = t.book.validation.consentRequired,
) {
  const v = t.book.validation;
  const tooLong = (max: number) => ({ error: format(t.validation.tooLong, { max }) });
  const oneLine = { error: t.validation.oneLine };
  const text = (max: number) => z.string().trim().max(max, tooLong(max)).refine(isSingleLine, oneLine);
  const required = (message: string, max: number) =>
    z.string({ error: message }).trim().min(1, { error: message }).max(max, tooLong(max)).refine(isSingleLine, oneLine);
  /** The start the form names, as an instant, or the field message that refuses it. */
  const startOf = (form: { date: string; time: string; occurrence: string }): { startsAt: number } | { field: "date" | "time"; refused: string } => {
    const start = instantOf({ date: form.date, time: form.time }, zone);
    if (start.kind === "invalid") return { field: "date", refused: v.dateRequired };
    if (start.kind === "skipped") return { field: "time", refused: v.timeSkipped };
    if (start.kind === "repeated" && form.occurrence === "") return { field: "time", refused: v.timeRepeated };
    const startsAt = start.kind === "exact" ? start.instant : form.occurrence === "earlier" ? start.earlier : start.later;
    const refusal = startRefusal(startsAt, now, settings);
    if (!refusal) return { startsAt };
    const messages = { past: v.startPast, lead: format(v.startTooSoon, { hours: settings.leadMinutes / 60 }), horizon: v.startTooFar };
    return { field: "date", refused: messages[refusal] };
  };
  return (
    z
      .object({
        language: z
          .string()
          .regex(/^[1-9]\d{0,9}$/, { error: v.languageRequired })
          .transform(Number),
        mode: z.enum(APPOINTMENT_MODES, { error: v.modeRequired }),
        setting: z.enum(APPOINTMENT_SETTINGS, { error: v.settingRequired }),
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: v.dateRequired }),
        time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: v.timeRequired }),
        occurrence: z.enum(["", "earlier", "later"]).catch(""),
        duration: z
          .string()
          .regex(/^\d{2,3}$/, { error: v.durationRequired })
          .transform(Number)
          .refine(isDuration, { error: v.durationRequired }),
        address: text(BOOKING_LIMITS.address),
        callNumber: text(BOOKING_LIMITS.phone),
        name: required(v.nameRequired, BOOKING_LIMITS.name),
        email: required(v.emailRequired, BOOKING_LIMITS.email).regex(/^[^\s@]+@[^\s@]+$/, { error: v.emailInvalid }),
        phone: required(v.phoneRequired, BOOKING_LIMITS.phone).refine(PHONE, { error: v.phoneInvalid }),
        organisation: text(BOOKING_LIMITS.organisation),
        // Line breaks normalised as on the other forms, so what the textarea's maxlength allows is accepted here.
        notes: z.preprocess(
          (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value),
          z.string().trim().max(BOOKING_LIMITS.notes, tooLong(BOOKING_LIMITS.notes)),
        ),
        gender: z.enum(["", ...GENDER_PREFERENCES], { error: v.genderUnknown }),
        consent: z.literal("on", { error: consentRequired }),
      })
      // Also when other fields are refused, so the visitor sees every problem at once: whenever the fields each check reads passed.
      .superRefine(
        (form, context) => {
          if (form.mode === "on_site" && form.address === "") context.addIssue({ code: "custom", path: ["address"], message: v.addressRequired });
          if (form.mode === "phone" && !PHONE(form.callNumber)) context.addIssue({ code: "custom", path: ["callNumber"], message: v.callNumberRequired });
        },
        { when: passed("mode", "address", "callNumber") },
      )
      .superRefine(
        (form, context) => {
          const start = startOf(form);
          if ("refused" in start) context.addIssue({ code: "custom", path: [start.field], message: start.refused });
        },
        { when: passed("date", "time", "occurrence") },
      )
      .transform((form) => {
        const start = startOf(form);
        // Every refusal was an issue above, so the transform (which zod runs only without issues) has an instant.
        const startsAt = "startsAt" in start ? start.startsAt : 0;
        return {
          languageId: form.language,
          mode: form.mode,
          setting: form.setting,
          startsAt,
          minutes: form.duration,
          address: form.mode === "on_site" ? form.address : "",
          callNumber: form.mode === "phone" ? form.callNumber : "",
          // Lower-cased, as the customer it is found or created by: the mails go to the address on file.
          contact: { name: form.name, email: form.email.toLowerCase(), phone: form.phone, organisation: form.organisation },
          notes: form.notes,
          genderPreference: form.gender === "" ? null : form.gender,
        };
      })
  );
}

export type BookingRequestInput = z.output<ReturnType<typeof bookingRequestSchema>>;

/**
 * What staff change of an appointment (issue 25; docs/decisions/0032) is read by the same schema, without the lead time:
 * a change to work already arranged is often a late one (the clinic runs an hour late), and the interpreter, if one is
 * assigned, is asked again by the eligibility rule. A start in the past or beyond the horizon is still refused.
 */
export const STAFF_CHANGE_SETTINGS: BookingSettings = { ...DEFAULT_BOOKING_SETTINGS, leadMinutes: 0 };

/**
 * A change form's fields as the booking schema reads them: the language is not changed there (it stays what was
 * booked) and the customer agreed when they booked, so the two fields the form does not have are filled in.
 */
export const changeFields = (form: FormData): BookingForm => ({ ...bookingFields(form), language: "1", consent: "on" });
