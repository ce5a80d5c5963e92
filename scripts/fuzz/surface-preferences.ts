// Preferred and blocked interpreters (issue 27) as attack surface: staff's page of an organisation's interpreters
// (set a stance by the person field, remove it, answer a request) and an organisation admin's request form. Spread
// into surface.ts's PAGES and surface-forms.ts's FORMS; coverage.ts checks them against the product.
//
// The campaign makes no organisation and signs in no customer: staff's page answers 404 for every organisation id
// here (its action too, before any intent), and /Account/Preferences sends the anonymous to sign in and answers staff
// 403. Their success paths are tested in tests/integration/preferences-routes.test.ts.
import type { FormEntry, PageEntry } from "./surface-kinds";

const STAFF_PAGE = "/Dashboard/Organisations/:organisationId/Interpreters";
const STAFF_PATHS = [
  "/Dashboard/Organisations/1/Interpreters",
  "/Dashboard/Organisations/0x1/Interpreters",
  "/Dashboard/Organisations/%3Cfz-0%3E/Interpreters",
];
const ACCOUNT_PAGE = "/Account/Preferences";

export const PREFERENCE_PAGES: PageEntry[] = [
  { route: STAFF_PAGE, paths: STAFF_PATHS, access: "admin" },
  { route: ACCOUNT_PAGE, paths: [ACCOUNT_PAGE], access: "signed-in" },
  { route: "/ar/Account/Preferences", paths: ["/ar/Account/Preferences"], access: "signed-in" },
];

export const PREFERENCE_FORMS: FormEntry[] = [
  // app/features/preferences/staff-preferences.server.ts
  { route: STAFF_PAGE, path: STAFF_PATHS[0]!, intent: "set", fields: { interpreter: "userId", stance: "stance" }, access: "admin" },
  { route: STAFF_PAGE, path: STAFF_PATHS[0]!, intent: "remove", fields: { interpreter: "userId" }, access: "admin" },
  {
    route: STAFF_PAGE,
    path: STAFF_PATHS[0]!,
    intent: "answer",
    fields: { request: "preferenceRequestId", answer: "preferenceAnswer" },
    access: "admin",
  },
  // app/features/preferences/preference-request.server.ts: customers who administer their organisation only.
  { route: ACCOUNT_PAGE, path: ACCOUNT_PAGE, intent: "request", fields: { interpreter: "userId", note: "note" }, access: "signed-in" },
  {
    route: "/ar/Account/Preferences",
    path: "/ar/Account/Preferences",
    intent: "request",
    fields: { interpreter: "userId", note: "note" },
    access: "signed-in",
  },
];
