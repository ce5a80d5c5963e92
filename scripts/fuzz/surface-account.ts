// The customer portal (issue 27, /Account and /ar/Account) as attack surface: the home's four lists (each with its
// search and page in the address, ?when=), an order's page with its accept/decline and message, an appointment's
// with its cancel, an invoice's with Pay now, and their files. The campaign's sessions are staff and anonymous (a
// requester session joins once the invitations make requesters through the app): every request here meets
// requireCustomer — anonymous to sign in, staff 403 — and must answer no 5xx, reflect nothing and write nothing.
// Spread into surface.ts's PAGES and surface-forms.ts's FORMS.
import type { FormEntry, PageEntry } from "./surface-kinds";

const PREFIXES = ["", "/ar"];

export const ACCOUNT_PAGES: PageEntry[] = PREFIXES.flatMap((prefix): PageEntry[] => [
  // app/routes/account/layout.tsx and home.tsx: the organisation's orders, their messages, appointments and invoices.
  {
    route: `${prefix}/Account`,
    paths: [`${prefix}/Account`],
    access: "signed-in",
    query: {
      orders: "search",
      ordersPage: "page",
      messages: "search",
      messagesPage: "page",
      appointments: "search",
      appointmentsPage: "page",
      when: "flag",
      invoicesPage: "page",
    },
  },
  { route: `${prefix}/Account/Orders/:orderId`, paths: [`${prefix}/Account/Orders/{order}`, `${prefix}/Account/Orders/999999`], access: "signed-in" },
  { route: `${prefix}/Account/Orders/:orderId/files/:fileId`, paths: [`${prefix}/Account/Orders/{order}/files/{file}`], access: "signed-in" },
  {
    route: `${prefix}/Account/Appointments/:appointmentId`,
    paths: [`${prefix}/Account/Appointments/{appointment}`, `${prefix}/Account/Appointments/abc`],
    access: "signed-in",
  },
  {
    route: `${prefix}/Account/Appointments/:appointmentId/appointment.ics`,
    paths: [`${prefix}/Account/Appointments/{appointment}/appointment.ics`],
    access: "signed-in",
  },
  { route: `${prefix}/Account/Invoices/:invoiceId`, paths: [`${prefix}/Account/Invoices/{invoice}`], access: "signed-in" },
  { route: `${prefix}/Account/Invoices/:invoiceId/invoice.pdf`, paths: [`${prefix}/Account/Invoices/{invoice}/invoice.pdf`], access: "signed-in" },
]);

export const ACCOUNT_FORMS: FormEntry[] = PREFIXES.flatMap((prefix): FormEntry[] => [
  { route: `${prefix}/Account/Orders/:orderId`, path: `${prefix}/Account/Orders/{order}`, intent: "message", fields: { body: "message" }, access: "signed-in" },
  {
    route: `${prefix}/Account/Orders/:orderId`,
    path: `${prefix}/Account/Orders/{order}`,
    intent: "accept",
    fields: { basedOn: "version" },
    access: "signed-in",
  },
  {
    route: `${prefix}/Account/Orders/:orderId`,
    path: `${prefix}/Account/Orders/{order}`,
    intent: "decline",
    fields: { basedOn: "version" },
    access: "signed-in",
  },
  {
    route: `${prefix}/Account/Appointments/:appointmentId`,
    path: `${prefix}/Account/Appointments/{appointment}`,
    intent: "cancel",
    fields: { basedOn: "version" },
    access: "signed-in",
  },
  {
    route: `${prefix}/Account/Appointments/:appointmentId`,
    path: `${prefix}/Account/Appointments/{appointment}`,
    intent: "join",
    fields: {},
    access: "signed-in",
  },
  { route: `${prefix}/Account/Invoices/:invoiceId`, path: `${prefix}/Account/Invoices/{invoice}`, intent: "pay", fields: {}, access: "signed-in" },
]);
