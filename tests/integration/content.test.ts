// The D1 adapter's content reads, against the real schema and the sample content.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Backend } from "~/backend/d1/index.server";

const backend = (db: D1Database = env.DB) =>
  createD1Backend({ env: { DB: db, MEDIA: env.MEDIA, FILES: env.FILES }, request: new Request("http://127.0.0.1/"), sessionSecret: env.SESSION_SECRET });
import { isSeeded } from "~/backend/d1/seed.server";
import { sampleContent } from "../../seed/content";
import { sampleTranslations } from "../../seed/content-ar";
import { seed } from "./helpers";

describe("D1 content store on an empty database", () => {
  it("has no company and no about row, and no services", async () => {
    const { content } = backend();
    expect(await content.company()).toBeNull();
    expect(await content.about()).toBeNull();
    expect(await content.services()).toEqual([]);
    expect(await isSeeded(env.DB)).toBe(false);
  });
});

describe("D1 content store with the sample content", () => {
  beforeAll(seed);

  it("maps the first company row from the spec's columns to the app's names", async () => {
    const company = await backend().content.company();
    expect(company).toEqual({
      title: "PUSH",
      description: sampleContent.company.description,
      address: "30 N Gould St, Ste R, Sheridan, WY 82801, USA",
      email: sampleContent.company.email,
      phone: sampleContent.company.phone,
      facebook: sampleContent.company.facebook,
      instagram: sampleContent.company.instegram, // the spec's column is spelt `instegram`
      linkedin: sampleContent.company.linkedin,
      homeCover: { url: "/media/Home/homecover.webp", alt: sampleContent.company.homecover_alt, width: 1280, height: 720 },
      contactCover: { url: "/media/Contactus/contactcover.webp", alt: sampleContent.company.contactcover_alt, width: 1280, height: 560 },
      translations: sampleTranslations.company,
    });
  });

  it("lists every service in order with its image URL in the Services folder", async () => {
    const services = await backend().content.services();
    expect(services.length).toBeGreaterThanOrEqual(6);
    expect(services.map((s) => s.title)).toEqual(sampleContent.services.map((s) => s.title));
    expect(services[0]).toMatchObject({ photo: { url: "/media/Services/document-translation.webp", width: 640, height: 400 } });
    // Stored as JSON text in D1, read back as the same object; the last sample service has no Arabic version.
    expect(services.map((s) => s.translations)).toEqual(sampleContent.services.map((s) => sampleTranslations.service(s.title)));
  });

  it("reads the about row with both photos from the Aboutus folder", async () => {
    expect(await backend().content.about()).toEqual({
      description: sampleContent.about.description,
      photoA: { url: "/media/Aboutus/team-meeting.webp", alt: sampleContent.about.photoa_alt, width: 800, height: 600 },
      photoB: { url: "/media/Aboutus/interpreter-headset.webp", alt: sampleContent.about.photob_alt, width: 800, height: 600 },
      translations: sampleTranslations.about,
    });
  });

  it("answers the layout's and the page's company reads of one request with one query", async () => {
    let queries = 0;
    const counting = new Proxy(env.DB, {
      get(target, key) {
        if (key === "prepare") queries++;
        const value: unknown = Reflect.get(target, key);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const { content } = backend(counting);
    const [a, b] = await Promise.all([content.company(), content.company()]);
    expect(a).toEqual(b);
    expect(queries).toBe(1);
  });

  it("seeds people with language links, one link per (user, language)", async () => {
    const { results } = await env.DB.prepare(
      `SELECT u.email, u.role, COUNT(ul.id) AS links FROM users u LEFT JOIN user_languages ul ON ul.user_id = u.id GROUP BY u.id`,
    ).all<{ email: string; role: string; links: number }>();
    expect(results.length).toBeGreaterThanOrEqual(7);
    expect(results.filter((r) => r.role === "interpreter").length).toBeGreaterThanOrEqual(5);
    expect(results.find((r) => r.email === "admin@example.com")?.role).toBe("admin");
    expect(results.every((r) => r.links > 0)).toBe(true);
    const { count } = (await env.DB.prepare("SELECT COUNT(*) AS count FROM languages").first<{ count: number }>())!;
    expect(count).toBeGreaterThanOrEqual(12);
    await expect(
      env.DB.prepare("INSERT INTO user_languages (user_id, language_id) SELECT user_id, language_id FROM user_languages LIMIT 1").run(),
    ).rejects.toThrow(/UNIQUE/);
  });
});
