// What a caller asks for (issue 14): checked by the worker before a call reaches the switchboard, and by the /Call
// page's form (one schema for both).
import { z } from "zod";
import { format, localized, LOCALES } from "~/i18n";
import { isBillingEmail } from "./rate-forms";
import { isSingleLine } from "./single-line";
import { CALL_TYPES, type CallType } from "./switchboard";

export const CALLER_NAME_MAX = 100;

export const callRequestSchema = z.object({
  language: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
  type: z.enum(CALL_TYPES),
  name: z.string().trim().min(1).max(CALLER_NAME_MAX).refine(isSingleLine),
});
export type CallRequestInput = z.infer<typeof callRequestSchema>;

/** The languages a caller may choose (LinkStore.languages: those at least one interpreter is linked to), by name. */
export function callableLanguages(languages: { id: number; name: string }[]): { id: number; name: string }[] {
  return [...languages].sort((a, b) => a.name.localeCompare(b.name));
}

export const CALLBACK_LIMITS = { name: 100, email: 254, phone: 40, note: 1000 } as const;

/** The callback form (/Call): a name, and a phone number or an e-mail address to reach the caller by. */
export function callbackSchema(t: { required: string; email: string; either: string; oneLine: string; tooLong: (max: number) => string }) {
  const text = (max: number) =>
    z
      .string()
      .trim()
      .max(max, { error: t.tooLong(max) });
  const oneLine = { error: t.oneLine, abort: true };
  return z
    .object({
      name: text(CALLBACK_LIMITS.name).min(1, { error: t.required }).refine(isSingleLine, oneLine),
      // The optional fields may be left out altogether (a script, not the page): as if left empty.
      email: z.union([z.literal(""), z.email({ error: t.email }).max(CALLBACK_LIMITS.email, { error: t.tooLong(CALLBACK_LIMITS.email) })]).default(""),
      phone: text(CALLBACK_LIMITS.phone)
        .refine(isSingleLine, oneLine)
        .regex(/^[+\d\s().-]*$/, { error: t.either })
        .default(""),
      note: text(CALLBACK_LIMITS.note).default(""),
      language: z
        .string()
        .regex(/^\d{0,9}$/)
        .default(""),
      callId: z
        .string()
        .regex(/^([0-9a-f-]{36})?$/)
        .default(""),
    })
    .refine((value) => value.email !== "" || value.phone !== "", { path: ["phone"], error: t.either });
}
export type CallbackInput = z.infer<ReturnType<typeof callbackSchema>>;

/** A good call link as /Call shows it (app/features/calls/call-link.server.ts reads it): who for, which language, what call. */
export type LinkedCallOffer = {
  state: "ok";
  token: string;
  name: string;
  languageId: number;
  language: string;
  type: CallType;
  /** The customer the call is billed to (issue 26), or null: the link named nobody's account. */
  customerId: number | null;
};

/** How long a staff member's call link for a customer works, in hours (the form offers these). */
export const CALL_LINK_HOURS = ["1", "24", "168"] as const;

/** The call link form (/Dashboard/Dashboardcall, administrators): who the link is for, and for what call. */
export const callLinkSchema = localized((t) => {
  const m = t.dashboard.call.link;
  return z.object({
    name: z
      .string({ error: m.nameRequired })
      .trim()
      .min(1, { error: m.nameRequired })
      .max(CALLER_NAME_MAX, { error: format(m.nameTooLong, { max: CALLER_NAME_MAX }) }),
    language: z
      .string({ error: m.languageRequired })
      .regex(/^\d{1,9}$/, { error: m.languageRequired })
      .transform(Number),
    type: z.enum(CALL_TYPES, { error: m.typeRequired }),
    validFor: z.enum(CALL_LINK_HOURS, { error: m.validForRequired }),
    locale: z.enum(LOCALES, { error: m.pageLanguageRequired }),
    // Optional: the customer the call is billed to (issue 26), by the e-mail they are known by; empty: nobody's.
    customer: z
      .string()
      .trim()
      .toLowerCase()
      .default("")
      .refine((email) => email === "" || isBillingEmail(email), { error: m.customerEmail })
      .transform((email) => email || null),
  });
});
