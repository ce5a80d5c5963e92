// Ratings (issue 27, build item 4) as attack surface: a requester's rating page of an appointment or a call of their
// organisation, /Account/Rate/<kind>/<id> and its Arabic copy, and its form (a score, a comment). Spread into
// surface.ts's PAGES and surface-forms.ts's FORMS. requireCustomer tops the loader and the action: the campaign's roles
// (anonymous, the sample interpreter and admin) are refused before anything is read (to sign in; 403), and a refused
// post must write nothing. A requester's session joins the campaign with the customer role (issue 27's /Account).
import type { FormEntry, PageEntry } from "./surface-kinds";

const PATHS = [
  "/Account/Rate/appointment/{appointment}",
  "/ar/Account/Rate/appointment/{appointment}",
  "/Account/Rate/call/no-such-call",
  "/Account/Rate/order/1",
  "/Account/Rate/appointment/0x1",
];

export const RATING_PAGES: PageEntry[] = [
  { route: "/Account/Rate/:kind/:id", paths: PATHS.filter((path) => !path.startsWith("/ar/")), access: "signed-in" },
  { route: "/ar/Account/Rate/:kind/:id", paths: PATHS.filter((path) => path.startsWith("/ar/")), access: "signed-in" },
];

export const RATING_FORMS: FormEntry[] = [
  {
    route: "/Account/Rate/:kind/:id",
    path: "/Account/Rate/appointment/{appointment}",
    fields: { score: "ratingScore", comment: "ratingComment" },
    access: "signed-in",
  },
  {
    route: "/ar/Account/Rate/:kind/:id",
    path: "/ar/Account/Rate/appointment/{appointment}",
    fields: { score: "ratingScore", comment: "ratingComment" },
    access: "signed-in",
  },
];
