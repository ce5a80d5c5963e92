// The shared schemas of the staff's appointment forms (issue 25). Each carries `basedOn`, the appointment's version its
// page showed: a change to an appointment that has moved on since is refused (compare-and-set).
import { z } from "zod";
import { format, localized, type Messages } from "~/i18n";

export const APPOINTMENT_FORM_LIMITS = { reason: 500 } as const;

const basedOn = z.coerce.number().int().positive();

const reason = (t: Messages) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value),
    z
      .string({ error: t.appointments.cancel.reasonRequired })
      .trim()
      .min(1, { error: t.appointments.cancel.reasonRequired })
      .max(APPOINTMENT_FORM_LIMITS.reason, { error: format(t.validation.tooLong, { max: APPOINTMENT_FORM_LIMITS.reason }) }),
  );

/** Staff cancel: the reason the customer reads. */
export const staffCancelSchema = localized((t) => z.object({ basedOn, reason: reason(t) }));
