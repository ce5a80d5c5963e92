// Preferred and blocked interpreters (issue 27, docs/decisions/0041): an organisation's stance on an interpreter, set by
// staff; an organisation admin's request for a preference, which staff accept or decline; and the shared schemas of
// their forms. Pure: shared by the store, the routes and the offers' eligibility.
import { z } from "zod";
import { localized, type Messages } from "~/i18n";
import { isUserId } from "./availability";
import { PERSON_FIELD_MAX_LENGTH } from "./people";

export const STANCES = ["preferred", "blocked"] as const;
export type Stance = (typeof STANCES)[number];

/** One interpreter as these lists show them. */
export type PersonRef = { id: string; name: string };

export type InterpreterStance = {
  interpreter: PersonRef;
  stance: Stance;
  setAt: number;
  /** The staff member's name; null once their users row is gone. */
  setBy: string | null;
};

/** A pending request of an organisation admin for a preferred interpreter. */
export type PreferenceRequest = { id: number; interpreter: PersonRef; requestedBy: string; note: string; createdAt: number };

export type PreferenceRequestRefusal = "not-found" | "pending" | "already";

/** The longest note a request carries (the database's CHECK). */
export const PREFERENCE_NOTE_MAX = 500;

/** The default of PREFERRED_OFFER_WINDOW_MINUTES: how long after booking only preferred interpreters may be offered it. */
export const DEFAULT_PREFERRED_WINDOW_MINUTES = 60;

/**
 * Until when only preferred interpreters may be offered an appointment booked at `createdAt`: null when the window
 * does not hold — no preferred interpreter could take it (waiting for nobody helps nobody), or it has passed by `now`.
 */
export function preferredUntil(input: { createdAt: number; windowMinutes: number; now: number; anyPreferredEligible: boolean }): number | null {
  if (!input.anyPreferredEligible || input.windowMinutes <= 0) return null;
  const until = input.createdAt + input.windowMinutes * 60_000;
  return input.now < until ? until : null;
}

const interpreter = (t: Messages) => z.string().refine(isUserId, { error: t.preferences.form.interpreterRequired });

/** Staff's add form: a person field (what was typed or picked, app/features/people/person-choice.server.ts) and the stance. */
export const stanceSchema = localized((t: Messages) =>
  z.object({
    interpreter: z
      .string()
      .trim()
      .min(1, { error: t.preferences.form.interpreterRequired })
      .max(PERSON_FIELD_MAX_LENGTH, { error: t.preferences.form.interpreterRequired }),
    stance: z.enum(STANCES, { error: t.preferences.form.stanceRequired }),
  }),
);

/** Staff's Remove: the interpreter whose stance goes. */
export const removeStanceSchema = localized((t: Messages) => z.object({ interpreter: interpreter(t) }));

/** Staff's answer to a request. */
export const answerRequestSchema = z.object({
  request: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  answer: z.enum(["accept", "decline"]),
});

/** An organisation admin's request: one of their past interpreters, and an optional note. */
export const preferenceRequestSchema = localized((t: Messages) =>
  z.object({
    interpreter: interpreter(t),
    note: z.string().trim().max(PREFERENCE_NOTE_MAX, { error: t.preferences.request.noteTooLong }),
  }),
);

/**
 * A signed-in requester's "the same interpreter as last time" on /Book (0041 "As built"): none (""), or an
 * interpreter's id — which the action then finds among their organisation's past interpreters, or refuses.
 */
export const sameInterpreterSchema = localized((t: Messages) =>
  z.object({
    sameInterpreter: z.string().refine((id) => id === "" || isUserId(id), { error: t.book.validation.sameInterpreterUnknown }),
  }),
);
