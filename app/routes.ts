// The map of the product: every URL of SPEC §2 in its own spelling.
// (React Router matches paths case-insensitively; pages declare a canonical link in this spelling.)
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),

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
