// Interpreters' availability and credentials (issue 25) as attack surface: the forms of Profile's "Working hours" and
// "Time off" sections (anyone signed in, about themselves), and an interpreter's page /Dashboard/Interpreter/<id> for
// admins with the same forms and the credentials'. Spread into surface.ts's PAGES and surface-forms.ts's FORMS;
// coverage.ts checks them against the product like every other entry.
//
// The person is a placeholder (params.ts): `{person}` is mostly a users row's id, now and then one in capitals, a
// made-up UUID or something that is no UUID (a 404 that must write nothing). The run's set-up (availability.ts) gives
// a few people hours, time off and credentials, so the removes can name real rows, of the person or of someone else
// (a 404 again).
import { hoursField } from "../../app/domain/availability-forms";
import { WEEKDAYS } from "../../app/domain/availability";
import type { FieldKind, FormEntry, PageEntry } from "./surface-kinds";

/** The week's form: one text per weekday, "hours-1" (Monday) … "hours-7". */
const weekFields: Record<string, FieldKind> = Object.fromEntries(WEEKDAYS.map((weekday) => [hoursField(weekday), "workingHours"]));
/** Time off: its first and last day (the last drawn after the first), and a note. */
const timeOffFields: Record<string, FieldKind> = { firstDay: "calendarDay", lastDay: "calendarDay", note: "note" };

const PERSON_PAGE = "/Dashboard/Interpreter/{person}";

export const AVAILABILITY_PAGES: PageEntry[] = [
  // app/routes/dashboard/interpreter.tsx: the guard first (an interpreter gets 403 whatever the id), then 404 for an
  // id that is no UUID or names nobody.
  {
    route: "/Dashboard/Interpreter/:userId",
    paths: [
      PERSON_PAGE,
      "/Dashboard/Interpreter/00000000-0000-4000-8000-000000000000",
      "/Dashboard/Interpreter/not-a-uuid",
      "/Dashboard/Interpreter/1",
      "/Dashboard/Interpreter/%3Cfz-0%3E",
    ],
    access: "admin",
  },
];

export const AVAILABILITY_FORMS: FormEntry[] = [
  // app/features/availability/availability-actions.server.ts: one's own hours and time off on Profile (the person is
  // the session's; an account without a users row is sent back to Profile).
  { route: "/Dashboard/Profile", path: "/Dashboard/Profile", intent: "save-hours", fields: weekFields, access: "signed-in" },
  { route: "/Dashboard/Profile", path: "/Dashboard/Profile", intent: "add-time-off", fields: timeOffFields, access: "signed-in" },
  { route: "/Dashboard/Profile", path: "/Dashboard/Profile", intent: "remove-time-off", fields: { id: "timeOffId" }, access: "signed-in" },
  // The same for the person the admin's URL names, and their credentials (a name, an optional expiry).
  ...(
    [
      { intent: "save-hours", fields: weekFields },
      { intent: "add-time-off", fields: timeOffFields },
      { intent: "remove-time-off", fields: { id: "timeOffId" } },
      { intent: "add-credential", fields: { name: "credentialName", expiresOn: "expiryDay" } },
      { intent: "remove-credential", fields: { id: "credentialId" } },
    ] satisfies { intent: string; fields: Record<string, FieldKind> }[]
  ).map((form): FormEntry => ({ route: "/Dashboard/Interpreter/:userId", path: PERSON_PAGE, ...form, access: "admin" })),
];
