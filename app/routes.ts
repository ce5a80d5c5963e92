// The map of the product: every URL of SPEC §2 in its own spelling.
// (React Router matches paths case-insensitively; pages declare a canonical link in this spelling.)
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),

  layout("routes/auth/layout.tsx", [
    route("Login", "routes/auth/login.tsx"),
    route("Forgetpassword", "routes/auth/forgot-password.tsx"),
    route("Resetpassword", "routes/auth/reset-password.tsx"),
  ]),
  route("Logout", "routes/auth/logout.tsx"),

  // Every loader and action below starts with requireUser or requireAdmin (app/lib/guards.server.ts).
  route("Dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/overview.tsx"),
    route("Profile", "routes/dashboard/profile.tsx"),
    route("Dashboardcall", "routes/dashboard/calls.tsx"),
    route("Dashboardcustomers", "routes/dashboard/placeholder.tsx", { id: "dashboard-customers" }),
    route("Dashboardusers", "routes/dashboard/users.tsx"),
    route("Orders", "routes/dashboard/placeholder.tsx", { id: "dashboard-orders" }),
    route("Interpreter", "routes/dashboard/interpreters.tsx"),
    route("Language", "routes/dashboard/languages.tsx"),
    route("UserLanguages", "routes/dashboard/user-languages.tsx"),
    route("Inbox", "routes/dashboard/inbox.tsx"),
    route("Website", "routes/dashboard/website.tsx"),
    route("*", "routes/dashboard/not-found.tsx"),
  ]),
  route("call-room/:roomId", "routes/dashboard/call-room.tsx"),

  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("Services", "routes/public/services.tsx"),
    route("Aboutus", "routes/public/about.tsx"),
    route("Contactus", "routes/public/contact.tsx"),
    route("Privacy", "routes/public/privacy.tsx"),
    route("Terms", "routes/public/terms.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
] satisfies RouteConfig;
