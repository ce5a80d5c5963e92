// Offers, My jobs and calendar feeds (issue 25) as attack surface: staff offering an appointment to interpreters
// (the version the page showed, the interpreters ticked), an interpreter accepting or declining an offer under My jobs,
// recording what happened at an appointment (and staff approving it),
// making and stopping one's calendar link on Profile, and the feed's private-link route. Spread into surface.ts's PAGES
// and surface-forms.ts's FORMS; coverage.ts checks them against the product like every other entry.
//
// A plausible offer names people the pool draws from, who mostly cannot take the appointment (409, nothing written);
// an offer id is mostly one no interpreter has (404). The feed's route answers 404 to every token here: a real one is
// made and read back in tests/integration/calendar-feed.test.ts.
import type { FieldKind, FormEntry, PageEntry } from "./surface-kinds";
import { UNKNOWN_TOKEN } from "./surface-orders";

const answer: Record<string, FieldKind> = { offer: "offerId" };
const attendance: Record<string, FieldKind> = {
  outcome: "attendanceOutcome",
  date: "actualDay",
  start: "actualTime",
  end: "actualTime",
  travel: "travelMinutes",
};

export const OFFER_PAGES: PageEntry[] = [
  // app/routes/dashboard/job-appointment-ics.ts: the .ics of an appointment confirmed to the signed-in interpreter (the
  // set-up's are nobody's: 404), from the link in their confirmation e-mail.
  {
    route: "/Dashboard/Jobs/appointments/:appointmentId/appointment.ics",
    paths: ["/Dashboard/Jobs/appointments/{appointment}/appointment.ics", "/Dashboard/Jobs/appointments/0x1/appointment.ics"],
    access: "signed-in",
  },
  // app/routes/public/calendar-feed.ts: 404 for anything but a live feed's token.
  {
    route: "/calendar/:token/appointments.ics",
    paths: [`/calendar/${UNKNOWN_TOKEN}/appointments.ics`, `/calendar/${UNKNOWN_TOKEN.slice(1)}/appointments.ics`, "/calendar/%3Cfz-0%3E/appointments.ics"],
    access: "public",
  },
];

export const OFFER_FORMS: FormEntry[] = [
  // app/features/appointments/offers.server.ts: staff offer (eligibility checked again; the e-mails relayed after the answer).
  {
    route: "/Dashboard/Appointments/:appointmentId",
    path: "/Dashboard/Appointments/{appointment:requested}",
    intent: "offer",
    fields: { basedOn: "version", interpreter: "userId" },
    access: "admin",
    background: true,
  },
  // An interpreter's answer, about their own offer only (the confirmation e-mails relayed after an accept).
  { route: "/Dashboard/Jobs", path: "/Dashboard/Jobs", intent: "accept-offer", fields: answer, access: "signed-in", background: true },
  { route: "/Dashboard/Jobs", path: "/Dashboard/Jobs", intent: "decline-offer", fields: answer, access: "signed-in" },
  // app/features/appointments/records.server.ts: after an appointment, the interpreter's record of one of theirs (the
  // set-up's are nobody's: 404), and staff approving it (the set-up's have not started: 409).
  { route: "/Dashboard/Jobs", path: "/Dashboard/Jobs", intent: "record", fields: { appointment: "appointmentId", ...attendance }, access: "signed-in" },
  {
    route: "/Dashboard/Appointments/:appointmentId",
    path: "/Dashboard/Appointments/{appointment:requested}",
    intent: "approve-record",
    fields: { basedOn: "version", ...attendance },
    access: "admin",
  },
  // app/features/appointments/appointment-room.server.ts: Join the call room of one's own confirmed video appointment
  // (none in this campaign: 404 for every id, 409 never reached), which writes nothing to the database.
  { route: "/Dashboard/Jobs", path: "/Dashboard/Jobs", intent: "join-appointment", fields: { appointment: "appointmentId" }, access: "signed-in" },
  // app/features/availability/calendar-feed.server.ts: one's own calendar link, made (shown once) or stopped.
  { route: "/Dashboard/Profile", path: "/Dashboard/Profile", intent: "issue-calendar", fields: {}, access: "signed-in" },
  { route: "/Dashboard/Profile", path: "/Dashboard/Profile", intent: "revoke-calendar", fields: {}, access: "signed-in" },
];
