// Customer organisations and invitations (issue 27) as attack surface: the admins' Organisations list (search, pages,
// add) and an organisation's page (add a customer by e-mail, invite, remove a person), the public invitation link's
// page and its password form (the password reset's rate limit) and a status link's claim page (/Join, the same form), in
// both languages, and an organisation admin's People page (no campaign role is a requester: each gets 403, and nothing
// is written). Spread into surface.ts's PAGES and surface-forms.ts's FORMS. An organisation's id is a number in the address; one that is not there is a 404, and an
// unknown invitation token a 404 page and form, whatever they send.
import type { FormEntry, PageEntry } from "./surface-kinds";

/** A well-formed invitation token that no invitation has, and one that is not a token at all. */
const TOKENS = ["Fuzz-unknown-invitation-token_AAAAAAAAAAAAA", "%3Cfz%3E"];
const ORGANISATIONS = ["/Dashboard/Organisations/1", "/Dashboard/Organisations/999999", "/Dashboard/Organisations/0x1"];

export const CUSTOMER_ACCOUNT_PAGES: PageEntry[] = [
  // app/routes/dashboard/organisations.tsx: the list, searched (?q=) a page at a time (?page=), read by organisationQueryFrom.
  { route: "/Dashboard/Organisations", paths: ["/Dashboard/Organisations"], access: "admin", query: { q: "search", page: "page" } },
  // app/routes/dashboard/organisation.tsx: one organisation.
  { route: "/Dashboard/Organisations/:organisationId", paths: ORGANISATIONS, access: "admin" },
  // app/routes/auth/invitation.tsx: an invitation link, in both languages.
  ...["", "/ar"].map((prefix): PageEntry => ({
    route: `${prefix}/Invitation/:token`,
    paths: TOKENS.map((token) => `${prefix}/Invitation/${token}`),
    access: "public",
  })),
  // app/routes/auth/join.tsx: a claim's link from a status page's "Create an account" (docs/decisions/0042).
  ...["", "/ar"].map((prefix): PageEntry => ({ route: `${prefix}/Join/:token`, paths: TOKENS.map((token) => `${prefix}/Join/${token}`), access: "public" })),
  // app/routes/account/people.tsx: an organisation admin's colleagues (requesters only), in both languages.
  ...["", "/ar"].map((prefix): PageEntry => ({ route: `${prefix}/Account/People`, paths: [`${prefix}/Account/People`], access: "signed-in" })),
];

export const CUSTOMER_ACCOUNT_FORMS: FormEntry[] = [
  { route: "/Dashboard/Organisations", path: "/Dashboard/Organisations", intent: "create", fields: { name: "name" }, access: "admin" },
  ...ORGANISATIONS.flatMap((path): FormEntry[] => [
    { route: "/Dashboard/Organisations/:organisationId", path, intent: "add-customer", fields: { email: "email" }, access: "admin" },
    // Its success stores the invitation and its e-mail, and relays the due e-mails after the response.
    {
      route: "/Dashboard/Organisations/:organisationId",
      path,
      intent: "invite",
      fields: { fullName: "name", email: "email", isAdmin: "consent" },
      access: "admin",
      background: true,
    },
    { route: "/Dashboard/Organisations/:organisationId", path, intent: "remove", fields: { accountId: "userId" }, access: "admin" },
  ]),
  ...["", "/ar"].flatMap((prefix): FormEntry[] => [
    ...TOKENS.map((token): FormEntry => ({
      route: `${prefix}/Invitation/:token`,
      path: `${prefix}/Invitation/${token}`,
      fields: { password: "newPassword" },
      access: "public",
      rateLimited: true,
    })),
    // A claim's link: the invitation's form and limit; an unknown token is a 404 whatever is sent.
    ...TOKENS.map((token): FormEntry => ({
      route: `${prefix}/Join/:token`,
      path: `${prefix}/Join/${token}`,
      fields: { password: "newPassword" },
      access: "public",
      rateLimited: true,
    })),
    {
      route: `${prefix}/Account/People`,
      path: `${prefix}/Account/People`,
      intent: "invite",
      fields: { fullName: "name", email: "email", isAdmin: "consent" },
      access: "signed-in",
    },
    { route: `${prefix}/Account/People`, path: `${prefix}/Account/People`, intent: "remove", fields: { accountId: "userId" }, access: "signed-in" },
  ]),
];
