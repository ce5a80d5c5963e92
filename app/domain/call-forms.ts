// What a caller asks for (issue 14): checked by the worker before a call reaches the switchboard, and by the /Call
// page's form (one schema for both).
import { z } from "zod";
import { CALL_TYPES } from "./switchboard";

export const CALLER_NAME_MAX = 100;

export const callRequestSchema = z.object({
  language: z.string().regex(/^\d{1,9}$/).transform(Number),
  type: z.enum(CALL_TYPES),
  name: z.string().trim().min(1).max(CALLER_NAME_MAX),
});
export type CallRequestInput = z.infer<typeof callRequestSchema>;

/** The languages a caller may choose: those at least one interpreter is linked to, by id, with their names. */
export function callableLanguages(links: { languageId: number; languageName: string }[]): { id: number; name: string }[] {
  const byId = new Map(links.map((link) => [link.languageId, link.languageName]));
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export const CALLBACK_LIMITS = { name: 100, email: 254, phone: 40, note: 1000 } as const;

/** The callback form (/Call): a name, and a phone number or an e-mail address to reach the caller by. */
export function callbackSchema(t: { required: string; email: string; either: string; tooLong: (max: number) => string }) {
  const text = (max: number) => z.string().trim().max(max, { error: t.tooLong(max) });
  return z
    .object({
      name: text(CALLBACK_LIMITS.name).min(1, { error: t.required }),
      email: z.union([z.literal(""), z.email({ error: t.email }).max(CALLBACK_LIMITS.email, { error: t.tooLong(CALLBACK_LIMITS.email) })]),
      phone: text(CALLBACK_LIMITS.phone).regex(/^[+\d\s().-]*$/, { error: t.either }),
      note: text(CALLBACK_LIMITS.note),
      language: z.string().regex(/^\d{0,9}$/).default(""),
      callId: z.string().regex(/^([0-9a-f-]{36})?$/).default(""),
    })
    .refine((value) => value.email !== "" || value.phone !== "", { path: ["phone"], error: t.either });
}
export type CallbackInput = z.infer<ReturnType<typeof callbackSchema>>;
