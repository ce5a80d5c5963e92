// The shared schemas of the offer forms (issue 25): staff offering an appointment (the version their page showed and
// the interpreters ticked, a repeated field), and an interpreter answering one of their offers.
import { z } from "zod";
import { localized, type Messages } from "~/i18n";
import { isUserId } from "./availability";

/** At most this many interpreters in one offer: more than any language has, few enough to write in one go. */
export const OFFER_LIMIT = 200;

export const offerSchema = localized((t: Messages) =>
  z.object({
    basedOn: z.coerce.number().int().positive(),
    interpreters: z
      .array(z.string().refine(isUserId, { error: t.offers.panel.chooseRequired }))
      .min(1, { error: t.offers.panel.chooseRequired })
      .max(OFFER_LIMIT, { error: t.offers.panel.chooseRequired }),
  }),
);

/** What the offer form posts: `interpreter` once per box ticked. */
export const offerFields = (form: FormData) => ({ basedOn: form.get("basedOn"), interpreters: form.getAll("interpreter") });

/** Accept or decline: the offer's id (the handler answers only the signed-in interpreter's own). */
export const offerAnswerSchema = z.object({ offer: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** An interpreter's Join of one of their appointments: its id (the handler admits only their own). */
export const appointmentChoiceSchema = z.object({ appointment: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
