// The quote request form (/Quote, issue 13): the shared schema its action and its page use. The files are checked
// apart (by their bytes, app/features/orders/document-bytes.server.ts); service and language ids against the tables, in the action.
import { z } from "zod";
import { format, type Messages } from "~/i18n";
import { companyToday, isCalendarDate } from "./orders";
import { isSingleLine } from "./single-line";

export const QUOTE_LIMITS = { name: 100, email: 254, phone: 40, company: 200, details: 5000, targets: 10 } as const;

/** Form fields as the form names them; `targets` is a repeated field (one per chosen language). */
export type QuoteRequestForm = {
  name: string;
  email: string;
  phone: string;
  company: string;
  service: string;
  source: string;
  targets: string[];
  deadline: string;
  details: string;
  consent: string | null;
};

/** Reads the text fields of a posted form (files are read apart). A missing field is "" (or null for consent). */
export function quoteRequestFields(form: FormData): QuoteRequestForm {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const consent = form.get("consent");
  return {
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    company: text("company"),
    service: text("service"),
    source: text("source"),
    targets: form.getAll("targets").filter((value): value is string => typeof value === "string"),
    deadline: text("deadline"),
    details: text("details"),
    consent: typeof consent === "string" ? consent : null,
  };
}

/**
 * The schema for a request sent at `now`: required name and email (SPEC §5's email rule), an optional phone and
 * company, a service, a source and one or more distinct target languages that differ from it, a deadline from today
 * on (the company's calendar: docs/decisions/0018), details within bounds, and consent.
 */
export function quoteRequestSchema(t: Messages, now: Date) {
  const v = t.quote.validation;
  const tooLong = (max: number) => ({ error: format(t.validation.tooLong, { max }) });
  const oneLine = { error: t.validation.oneLine };
  const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, { error: message }).max(max, tooLong(max));
  const id = (message: string) =>
    z
      .string({ error: message })
      .regex(/^[1-9]\d{0,9}$/, { error: message })
      .transform(Number);
  return (
    z
      .object({
        name: required(v.nameRequired, QUOTE_LIMITS.name).refine(isSingleLine, oneLine),
        email: required(v.emailRequired, QUOTE_LIMITS.email).regex(/^[^\s@]+@[^\s@]+$/, { error: v.emailInvalid }),
        phone: z
          .string()
          .trim()
          .max(QUOTE_LIMITS.phone, tooLong(QUOTE_LIMITS.phone))
          .refine(isSingleLine, { ...oneLine, abort: true })
          .refine((phone) => phone === "" || (/^\+?[\d\s().-]+$/.test(phone) && /^(\D*\d){7,15}\D*$/.test(phone)), { error: v.phoneInvalid }),
        company: z.string().trim().max(QUOTE_LIMITS.company, tooLong(QUOTE_LIMITS.company)).refine(isSingleLine, oneLine),
        service: id(v.serviceRequired),
        source: id(v.sourceRequired),
        targets: z
          .array(id(v.targetsRequired))
          .min(1, { error: v.targetsRequired })
          .max(QUOTE_LIMITS.targets, { error: v.targetsRequired })
          .transform((ids) => [...new Set(ids)]),
        deadline: z
          .string({ error: v.deadlineRequired })
          .refine(isCalendarDate, { error: v.deadlineRequired, abort: true })
          .refine((date) => date >= companyToday(now), { error: v.deadlinePast }),
        // Line breaks normalised as on the contact form, so what the textarea's maxlength allows is accepted here.
        details: z.preprocess(
          (text) => (typeof text === "string" ? text.replace(/\r\n?/g, "\n") : text),
          z.string().trim().max(QUOTE_LIMITS.details, tooLong(QUOTE_LIMITS.details)),
        ),
        consent: z.literal("on", { error: v.consentRequired }),
      })
      // Also when other fields are refused, so the visitor sees every problem at once: whenever source and targets
      // themselves passed.
      .refine((request) => !request.targets.includes(request.source), {
        path: ["targets"],
        error: v.sameLanguage,
        when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== "source" && issue.path?.[0] !== "targets"),
      })
  );
}

export type QuoteRequestInput = z.output<ReturnType<typeof quoteRequestSchema>>;
