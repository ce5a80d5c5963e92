// The map of the product: every URL of SPEC §2 in its own spelling, and the same public and sign-in pages in
// Arabic under /ar (app/platform/page/locale.ts). The Arabic routes reuse the same modules under their own ids.
// (React Router matches paths case-insensitively; pages declare a canonical link in this spelling.)
import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/** A route id for the Arabic copy of a module: "ar/routes/public/home". */
const arabic = (file: string) => ({ id: `ar/${file.replace(/\.tsx?$/, "")}` });

/** The sign-in pages, in English (ids from their files) or Arabic (ids prefixed). */
function signInPages(id: (file: string) => { id?: string }) {
  return layout("routes/auth/layout.tsx", id("routes/auth/layout.tsx"), [
    route("Login", "routes/auth/login.tsx", id("routes/auth/login.tsx")),
    route("Forgetpassword", "routes/auth/forgot-password.tsx", id("routes/auth/forgot-password.tsx")),
    route("Resetpassword", "routes/auth/reset-password.tsx", id("routes/auth/reset-password.tsx")),
    // An invitation to sign in for a customer organisation (issue 27): its token in the address.
    route("Invitation/:token", "routes/auth/invitation.tsx", id("routes/auth/invitation.tsx")),
    // An account asked for from a status link (issue 27, docs/decisions/0042): the e-mailed link's token.
    route("Join/:token", "routes/auth/join.tsx", id("routes/auth/join.tsx")),
  ]);
}

/** The public site (SPEC §2's pages and its 404), in English or Arabic. */
function publicSite(id: (file: string) => { id?: string }) {
  return layout("routes/public/layout.tsx", id("routes/public/layout.tsx"), [
    index("routes/public/home.tsx", id("routes/public/home.tsx")),
    route("Services", "routes/public/services.tsx", id("routes/public/services.tsx")),
    route("Aboutus", "routes/public/about.tsx", id("routes/public/about.tsx")),
    route("Contactus", "routes/public/contact.tsx", id("routes/public/contact.tsx")),
    route("Quote", "routes/public/quote.tsx", id("routes/public/quote.tsx")),
    route("Quote/:token", "routes/public/quote-status.tsx", id("routes/public/quote-status.tsx")),
    route("Book", "routes/public/book.tsx", id("routes/public/book.tsx")),
    route("Book/:token", "routes/public/book-status.tsx", id("routes/public/book-status.tsx")),
    route("Call", "routes/public/call.tsx", id("routes/public/call.tsx")),
    route("Invoice/:token", "routes/public/invoice.tsx", id("routes/public/invoice.tsx")),
    route("Privacy", "routes/public/privacy.tsx", id("routes/public/privacy.tsx")),
    route("Terms", "routes/public/terms.tsx", id("routes/public/terms.tsx")),
    route("*", "routes/public/not-found.tsx", id("routes/public/not-found.tsx")),
  ]);
}

/**
 * The customer portal (issue 27), in English or Arabic: a requester's organisation's work. Every loader and action
 * starts with requireCustomer (app/request/guards.server.ts) and reads through the store with its organisation.
 */
function accountPages(id: (file: string) => { id?: string }) {
  return layout("routes/account/layout.tsx", id("routes/account/layout.tsx"), [
    route("Account", "routes/account/home.tsx", id("routes/account/home.tsx")),
    route("Account/Orders/:orderId", "routes/account/order.tsx", id("routes/account/order.tsx")),
    route("Account/Appointments/:appointmentId", "routes/account/appointment.tsx", id("routes/account/appointment.tsx")),
    route("Account/Invoices/:invoiceId", "routes/account/invoice.tsx", id("routes/account/invoice.tsx")),
    // Rating an appointment or a call of the organisation, and People (the organisation's admins only).
    route("Account/Rate/:kind/:id", "routes/account/rate.tsx", id("routes/account/rate.tsx")),
    route("Account/People", "routes/account/people.tsx", id("routes/account/people.tsx")),
    route("Account/Preferences", "routes/account/preferences.tsx", id("routes/account/preferences.tsx")),
  ]);
}

const english = () => ({});

export default [
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),

  signInPages(english),
  ...prefix("ar", [signInPages(arabic)]),
  route("Logout", "routes/auth/logout.tsx"),

  accountPages(english),
  ...prefix("ar", [accountPages(arabic)]),
  // A file of an order of the requester's organisation (no page around it).
  route("Account/Orders/:orderId/files/:fileId", "routes/account/order-file.ts"),
  route("ar/Account/Orders/:orderId/files/:fileId", "routes/account/order-file.ts", { id: "ar/routes/account/order-file" }),
  // One of its appointments as an iCalendar file.
  route("Account/Appointments/:appointmentId/appointment.ics", "routes/account/appointment-ics.ts"),
  route("ar/Account/Appointments/:appointmentId/appointment.ics", "routes/account/appointment-ics.ts", { id: "ar/routes/account/appointment-ics" }),
  // One of its issued invoices as a PDF.
  route("Account/Invoices/:invoiceId/invoice.pdf", "routes/account/invoice-pdf.ts"),
  route("ar/Account/Invoices/:invoiceId/invoice.pdf", "routes/account/invoice-pdf.ts", { id: "ar/routes/account/invoice-pdf" }),

  // A file of a customer's order, by its status link (no page around it).
  route("Quote/:token/files/:fileId", "routes/public/quote-file.ts"),
  route("ar/Quote/:token/files/:fileId", "routes/public/quote-file.ts", { id: "ar/routes/public/quote-file" }),
  // A sent invoice as a PDF, by its private link.
  route("Invoice/:token/invoice.pdf", "routes/public/invoice-pdf.ts"),
  route("ar/Invoice/:token/invoice.pdf", "routes/public/invoice-pdf.ts", { id: "ar/routes/public/invoice-pdf" }),
  // A booked appointment as an iCalendar file, by its private link.
  route("Book/:token/appointment.ics", "routes/public/book-ics.ts"),
  route("ar/Book/:token/appointment.ics", "routes/public/book-ics.ts", { id: "ar/routes/public/book-ics" }),
  // An interpreter's calendar subscription, by its private link (a calendar app sends no cookie).
  route("calendar/:token/appointments.ics", "routes/public/calendar-feed.ts"),

  // Every loader and action below starts with requireStaff or requireAdmin (app/request/guards.server.ts).
  route("Dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/overview.tsx"),
    route("Profile", "routes/dashboard/profile.tsx"),
    route("Dashboardcall", "routes/dashboard/incoming-calls.tsx"),
    route("Calls", "routes/dashboard/call-log.tsx"),
    route("Calls/export", "routes/dashboard/call-log-csv.ts"),
    route("people", "routes/dashboard/people.ts"),
    route("Dashboardcustomers", "routes/dashboard/customers.tsx"),
    route("Dashboardcustomers/:customerId", "routes/dashboard/customer.tsx"),
    route("Organisations/:organisationId/Interpreters", "routes/dashboard/organisation-interpreters.tsx"),
    route("Dashboardusers", "routes/dashboard/users.tsx"),
    route("Organisations", "routes/dashboard/organisations.tsx"),
    route("Organisations/:organisationId", "routes/dashboard/organisation.tsx"),
    route("Orders", "routes/dashboard/orders.tsx"),
    route("Orders/:orderId", "routes/dashboard/order.tsx"),
    route("Orders/:orderId/files/:fileId", "routes/dashboard/order-file.ts"),
    route("Appointments", "routes/dashboard/appointments.tsx"),
    route("Appointments/New", "routes/dashboard/appointment-new.tsx"),
    route("Appointments/:appointmentId", "routes/dashboard/appointment.tsx"),
    route("Rates", "routes/dashboard/rates.tsx"),
    route("Invoices", "routes/dashboard/invoices.tsx"),
    route("Invoices/export", "routes/dashboard/invoices-csv.ts"),
    route("Invoices/payments.csv", "routes/dashboard/payments-csv.ts"),
    route("Invoices/:invoiceId", "routes/dashboard/invoice.tsx"),
    route("Reports", "routes/dashboard/reports.tsx"),
    route("Jobs", "routes/dashboard/jobs.tsx"),
    route("Jobs/Pay", "routes/dashboard/my-pay.tsx"),
    route("Jobs/Pay/:month", "routes/dashboard/my-pay-statement.tsx"),
    route("Pay", "routes/dashboard/pay.tsx"),
    route("Pay/export", "routes/dashboard/pay-csv.ts"),
    route("Pay/:interpreterId/:month", "routes/dashboard/pay-statement.tsx"),
    route("Jobs/:orderId", "routes/dashboard/job.tsx"),
    route("Jobs/appointments/:appointmentId/appointment.ics", "routes/dashboard/job-appointment-ics.ts"),
    route("Interpreter", "routes/dashboard/interpreters.tsx"),
    route("Interpreter/:userId", "routes/dashboard/interpreter.tsx"),
    route("Language", "routes/dashboard/languages.tsx"),
    route("UserLanguages", "routes/dashboard/user-languages.tsx"),
    route("Inbox", "routes/dashboard/inbox.tsx"),
    route("Website", "routes/dashboard/website.tsx"),
    route("*", "routes/dashboard/not-found.tsx"),
  ]),
  route("call-room/:roomId", "routes/dashboard/call-room.tsx"),

  ...prefix("ar", [publicSite(arabic)]),
  publicSite(english),
] satisfies RouteConfig;
