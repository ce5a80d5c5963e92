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
