// The dashboard guards and the dashboard pages' loaders, called the way React Router calls them, against a real
// D1 and the sample accounts: who is sent to sign in, who is refused (403), and where a sign-in may send a browser.
import { beforeAll, describe, expect, it } from "vitest";
import { landingOf, requireAdmin, requireCustomer, requireSignedIn, requireStaff, safeRedirectPath } from "~/request/guards.server";
import * as callRoom from "~/routes/dashboard/call-room";
import * as calls from "~/routes/dashboard/incoming-calls";
import * as dashboardLayout from "~/routes/dashboard/layout";
import * as notFound from "~/routes/dashboard/not-found";
import * as overview from "~/routes/dashboard/overview";
import * as orders from "~/routes/dashboard/orders";
import * as jobs from "~/routes/dashboard/jobs";
import * as profile from "~/routes/dashboard/profile";
import { ADMIN, authBrowser, INTERPRETER } from "./auth-helpers";
import { asResponse, cookieOf, seed, statusOf, thrown } from "./helpers";
import { addRequester } from "./requester-fixture";
import type { RouteArgs } from "./requests";

// The 10.177.x.x range is this file's own (the other auth route files have theirs).
const { get } = authBrowser(177);

beforeAll(seed);

describe("guards", () => {
  it("requireSignedIn sends an anonymous visitor to sign in, remembering the page (without .data)", async () => {
    for (const path of ["/Dashboard/Profile", "/Dashboard/Profile.data"]) {
      const { url, context } = get(path);
      const redirect = asResponse(await thrown(() => requireSignedIn({ url, context })));
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get("Location")).toBe("/Login?redirectTo=%2FDashboard%2FProfile");
    }
    const { url, context } = get("/Dashboard/Orders?page=2");
    const redirect = asResponse(await thrown(() => requireSignedIn({ url, context })));
    expect(redirect.headers.get("Location")).toBe(`/Login?${new URLSearchParams({ redirectTo: "/Dashboard/Orders?page=2" })}`);
  });

  it("requireAdmin: 403 for an interpreter, the user for an admin", async () => {
    const interpreter = get("/Dashboard/Orders", await cookieOf(INTERPRETER));
    const forbidden = await thrown(() => requireAdmin(interpreter));
    expect(forbidden).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });

    const admin = get("/Dashboard/Orders", await cookieOf(ADMIN));
    expect(await requireAdmin(admin)).toMatchObject({ email: ADMIN, role: "admin", profile: { fullName: "Amira Haddad" } });
  });

  it("a customer's requester is refused the dashboard (403) and let into /Account; staff the other way round", async () => {
    const requester = await addRequester({ organisation: "Clinic A", email: "reception@clinic-a.example", name: "Rana Reception" });
    const customer = get("/Dashboard/Profile", await cookieOf(requester.email, requester.password));
    expect(await thrown(() => requireStaff(customer))).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
    expect(await thrown(() => requireAdmin(customer))).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
    expect(await requireCustomer(customer)).toMatchObject({
      kind: "customer",
      email: requester.email,
      fullName: "Rana Reception",
      organisationId: requester.organisationId,
      organisationName: "Clinic A",
      isOrganisationAdmin: false,
    });
    const admin = get("/Account", await cookieOf(ADMIN));
    expect(await thrown(() => requireCustomer(admin))).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
    expect(await requireStaff(admin)).toMatchObject({ kind: "staff", role: "admin" });
  });

  it("landingOf sends each kind of account to its own pages, whatever redirectTo asks", async () => {
    const customer = await requireSignedIn(
      get("/", await cookieOf((await addRequester({ organisation: "Firm B", email: "desk@firm-b.example" })).email, "Requester-Pass-1")),
    );
    const staff = await requireSignedIn(get("/", await cookieOf(ADMIN)));
    expect(landingOf(customer, undefined)).toBe("/Account");
    expect(landingOf(customer, "/Dashboard/Orders")).toBe("/Account");
    expect(landingOf(customer, "/ar/Dashboard")).toBe("/Account");
    expect(landingOf(customer, "/Account?page=2")).toBe("/Account?page=2");
    expect(landingOf(customer, "//evil.example")).toBe("/Account");
    expect(landingOf(staff, undefined)).toBe("/Dashboard");
    expect(landingOf(staff, "/Account")).toBe("/Dashboard");
    expect(landingOf(staff, "/ar/Account")).toBe("/Dashboard");
    expect(landingOf(staff, "/Dashboard/Orders")).toBe("/Dashboard/Orders");
  });

  it("safeRedirectPath keeps paths on this site and falls back to /Dashboard otherwise", () => {
    expect(safeRedirectPath("/Dashboard/Profile?x=1")).toBe("/Dashboard/Profile?x=1");
    for (const to of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", undefined, "", 42]) {
      expect(safeRedirectPath(to), String(to)).toBe("/Dashboard");
    }
  });

  // Each of these normalises to "//evil.example" (see the login action's test in auth-sign-in-routes.test.ts).
  it("safeRedirectPath rejects a path that normalises to a protocol-relative URL", () => {
    for (const to of ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/x/..//evil.example", "/./\\evil.example"]) {
      expect(safeRedirectPath(to), to).not.toMatch(/^\/\//);
    }
  });
});

describe("dashboard loaders", () => {
  type Page = { name: string; path: string; load: (args: RouteArgs) => unknown };
  const pages: Page[] = [
    { name: "layout", path: "/Dashboard", load: (args) => dashboardLayout.loader(args) },
    { name: "overview", path: "/Dashboard", load: (args) => overview.loader(args) },
    { name: "profile", path: "/Dashboard/Profile", load: (args) => profile.loader(args) },
    { name: "calls", path: "/Dashboard/Dashboardcall", load: (args) => calls.loader(args) },
    { name: "orders", path: "/Dashboard/Orders", load: (args) => orders.loader(args) },
    { name: "jobs", path: "/Dashboard/Jobs", load: (args) => jobs.loader(args) },
    { name: "not-found", path: "/Dashboard/nowhere", load: (args) => notFound.loader({ ...args, params: { "*": "nowhere" } }) },
    { name: "call-room", path: "/call-room/sample", load: (args) => callRoom.loader({ ...args, params: { roomId: "sample" } }) },
  ];
  let adminCookie = "";
  let interpreterCookie = "";
  beforeAll(async () => {
    adminCookie = await cookieOf(ADMIN);
    interpreterCookie = await cookieOf(INTERPRETER);
  });

  it("send an anonymous visitor to sign in", async () => {
    for (const page of pages) {
      const redirect = asResponse(await thrown(() => page.load(get(page.path))));
      expect(redirect.status, page.name).toBe(302);
      expect(redirect.headers.get("Location"), page.name).toBe(`/Login?${new URLSearchParams({ redirectTo: page.path })}`);
    }
  });

  it("give an interpreter every page but the admin-only orders list (403)", async () => {
    for (const page of pages) {
      const run = () => page.load(get(page.path, interpreterCookie));
      if (page.name === "orders") {
        expect(await thrown(run)).toMatchObject({ type: "DataWithResponseInit", init: { status: 403 } });
      } else {
        const value = await run();
        expect(value instanceof Response, page.name).toBe(false);
        expect(statusOf(value), page.name).toBe(page.name === "not-found" ? 404 : undefined);
      }
    }
    const { user } = (await dashboardLayout.loader(get("/Dashboard", interpreterCookie))) as { user: { role: string } };
    expect(user).toMatchObject({ email: INTERPRETER, role: "interpreter" });
  });

  it("give an admin every page", async () => {
    for (const page of pages) {
      const value = await page.load(get(page.path, adminCookie));
      expect(value instanceof Response, page.name).toBe(false);
      expect(statusOf(value), page.name).toBe(page.name === "not-found" ? 404 : undefined);
    }
    expect(await orders.loader(get("/Dashboard/Orders", adminCookie))).toMatchObject({ page: { ok: true, value: { total: 0, items: [] } } });
    expect(await callRoom.loader({ ...get("/call-room/sample", adminCookie), params: { roomId: "sample" } })).toMatchObject({
      call: { roomId: "sample" },
    });
  });

  it("profile returns the user and their languages", async () => {
    const admin = await profile.loader(get("/Dashboard/Profile", adminCookie));
    expect(admin.user).toMatchObject({ email: ADMIN, profile: { fullName: "Amira Haddad", department: "Operations" } });
    expect(admin.languages.ok && admin.languages.value.map((l) => l.name)).toEqual(["Arabic", "English", "French"]);
    expect(admin.toasts).toEqual([]);
    const interpreter = await profile.loader(get("/Dashboard/Profile", interpreterCookie));
    expect(interpreter.languages.ok && interpreter.languages.value.map((l) => l.name)).toEqual(["English", "Portuguese", "Spanish"]);
  });

  it("a call room without one of its parties' keys is a 403, signed in or not (issue 14); an unknown dashboard path answers 404", async () => {
    const missing = await thrown(() => callRoom.loader({ ...get("/call-room/nope", adminCookie), params: { roomId: "nope" } }));
    expect(statusOf(missing)).toBe(403);
    expect(statusOf(await notFound.loader({ ...get("/Dashboard/nowhere", interpreterCookie), params: { "*": "nowhere" } }))).toBe(404);
  });
});
