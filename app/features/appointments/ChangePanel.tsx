// The appointment page's "Change the time or the details" (issue 25): the booking form with the appointment's details
// filled in (its start on the company's wall clock; on the autumn-change night, which of the two 01:30s it is), its
// language kept, sent with the version the page showed. A refused change comes back with what was typed.
import { Panel } from "~/components/Panel";
import type { Appointment } from "~/domain/appointments";
import { companyToday, COMPANY_TIME_ZONE } from "~/domain/orders";
import { instantOf, wallClockOf } from "~/domain/zoned-time";
import type { FormFailure } from "~/platform/page/form-failure";
import { useMessages } from "~/platform/page/locale";
import { BookingForm } from "./BookingForm";

type Changeable = Pick<
  Appointment,
  "version" | "language" | "startsAt" | "minutes" | "mode" | "setting" | "address" | "callNumber" | "contact" | "notes" | "genderPreference"
>;

/** The form's fields as the appointment has them now. */
export function changeValues(appointment: Changeable): Record<string, string> {
  const { date, time } = wallClockOf(appointment.startsAt, COMPANY_TIME_ZONE);
  const start = instantOf({ date, time }, COMPANY_TIME_ZONE);
  const occurrence = start.kind === "repeated" ? (start.earlier === appointment.startsAt ? "earlier" : "later") : "";
  return {
    date,
    time,
    occurrence,
    duration: String(appointment.minutes),
    mode: appointment.mode,
    setting: appointment.setting,
    address: appointment.address,
    callNumber: appointment.callNumber,
    name: appointment.contact.name,
    email: appointment.contact.email,
    phone: appointment.contact.phone,
    organisation: appointment.contact.organisation,
    notes: appointment.notes,
    gender: appointment.genderPreference ?? "",
  };
}

export function ChangePanel({ appointment, failure, now }: { appointment: Changeable; failure: FormFailure | null; now: number }) {
  const c = useMessages().appointments.change;
  return (
    <Panel id="change-heading" heading={c.heading} sectionId="change">
      <p>{c.text}</p>
      <BookingForm
        options={{ languages: [], today: companyToday(new Date(now)), turnstileSiteKey: null }}
        state={failure ?? { values: changeValues(appointment) }}
        variant={{ kind: "change", version: appointment.version, language: appointment.language, formId: "change-form", labelledBy: "change-heading" }}
      />
    </Panel>
  );
}
