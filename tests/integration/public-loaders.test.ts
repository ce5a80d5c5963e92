// Loaders of the public pages against a real D1: the content they return, their cache headers,
// and what happens when the backend fails (SPEC §8).
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as about from "~/routes/public/about";
import * as contact from "~/routes/public/contact";
import * as home from "~/routes/public/home";
import * as layout from "~/routes/public/layout";
import * as notFound from "~/routes/public/not-found";
import * as services from "~/routes/public/services";
import * as robots from "~/routes/seo/robots";
import * as sitemap from "~/routes/seo/sitemap";
import { seed, unwrap } from "./helpers";
import { browser } from "./requests";

const { get } = browser();

const PUBLIC_CACHE = "public, max-age=0, s-maxage=60";

describe("public loaders with content", () => {
  beforeAll(seed);

  it("home and layout return the company with a cacheable response and no toast", async () => {
    for (const route of [home, layout, contact]) {
      const { data, headers } = unwrap(await route.loader(get("/")));
      expect(data.company).toMatchObject({ ok: true, value: { title: "PUSH" } });
      expect(data.toasts).toEqual([]);
      expect(headers.get("Cache-Control")).toBe(PUBLIC_CACHE);
    }
  });

  it("services returns every service and the cards opened without JavaScript (?open=<id>)", async () => {
    const { data } = unwrap(await services.loader(get("/Services?open=2&open=nonsense&open=5")));
    expect(data.services.ok && data.services.value.length).toBe(6);
    expect(data.openIds).toEqual([2, 5]);
  });

  it("about returns the about row", async () => {
    const { data } = unwrap(await about.loader(get("/Aboutus")));
    expect(data.about).toMatchObject({ ok: true, value: { photoA: { url: "/media/Aboutus/team-meeting.webp" } } });
  });

  it("an unknown path answers 404", () => {
    const result = notFound.loader() as unknown as { init: ResponseInit };
    expect(result.init.status).toBe(404);
  });

  it("robots.txt keeps crawlers out of the dashboard and points to the sitemap", async () => {
    const body = await robots.loader(get("/robots.txt")).text();
    expect(body).toContain("Disallow: /Dashboard");
    expect(body).toContain("Sitemap: http://127.0.0.1:8787/sitemap.xml");
  });

  it("sitemap.xml lists the six public pages in the spec's spelling", async () => {
    const body = await sitemap.loader(get("/sitemap.xml")).text();
    for (const path of ["/", "/Aboutus", "/Services", "/Contactus", "/Privacy", "/Terms"]) {
      expect(body).toContain(`<loc>http://127.0.0.1:8787${path}</loc>`);
    }
  });
});

describe("public loaders when the backend fails", () => {
  // A real failure of the real adapter: the tables are gone.
  beforeAll(async () => {
    await env.DB.batch(["company", "services", "about"].map((table) => env.DB.prepare(`DROP TABLE IF EXISTS ${table}`)));
  });
  afterEach(() => vi.restoreAllMocks());

  it("the page still loads, with the 'Failed to fetch data ...' toast, a reason with a reference, and the error logged", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { data, headers } = unwrap(await layout.loader(get("/")));
    expect(data.company.ok).toBe(false);
    // Visitors get a short reason and a reference, never the database's own text…
    const reference = data.company.ok ? "" : data.company.reference;
    expect(reference).toMatch(/^[0-9a-f]{8}$/);
    expect(JSON.stringify(data)).not.toMatch(/no such table|SQLITE|D1_ERROR/i);
    expect(data.toasts).toEqual([{ id: "content-fetch-failed", type: "error", message: "Failed to fetch data ..." }]);
    // …and the log line with the full error carries the same reference.
    expect(log).toHaveBeenCalledWith(
      `Failed to fetch company (reference ${reference}):`,
      expect.objectContaining({ message: expect.stringMatching(/no such table: company/) }),
    );
    // A page built from a failed read must not be cached by a CDN.
    expect(headers.get("Cache-Control")).toBe("no-store");
  });

  it("services and about fail the same way", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const servicesResult = unwrap(await services.loader(get("/Services"))).data;
    const aboutResult = unwrap(await about.loader(get("/Aboutus"))).data;
    expect(servicesResult.services.ok).toBe(false);
    expect(aboutResult.about.ok).toBe(false);
    expect(servicesResult.toasts[0]?.message).toBe("Failed to fetch data ...");
    expect(aboutResult.toasts[0]?.message).toBe("Failed to fetch data ...");
  });
});
