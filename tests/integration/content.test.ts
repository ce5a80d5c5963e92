// The D1 adapter's content reads, against the real schema and the sample content: an empty database, the media
// URLs, one query per request for the company, and the sample people as seeded.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Backend } from "~/backend/d1/index.server";
import { isSeeded } from "~/backend/d1/seed.server";
import { sampleContent } from "../../seed/content";
import { seed } from "./helpers";

const backend = (db: D1Database = env.DB) =>
  createD1Backend({ env: { DB: db, MEDIA: env.MEDIA, FILES: env.FILES }, request: new Request("http://127.0.0.1/"), sessionSecret: env.SESSION_SECRET });

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

  // What the reads answer is the port's contract (tests/port-contract/suite.ts); the URLs are this adapter's own.
  it("gives each image its URL under /media/<folder>/", async () => {
    const { content } = backend();
    const company = await content.company();
    expect([company?.homeCover?.url, company?.contactCover?.url]).toEqual(["/media/Home/homecover.webp", "/media/Contactus/contactcover.webp"]);
    expect((await content.services()).map((service) => service.photo?.url)).toEqual(
      sampleContent.services.map((service) => `/media/Services/${service.photourl}`),
    );
    const about = await content.about();
    expect([about?.photoA?.url, about?.photoB?.url]).toEqual(["/media/Aboutus/team-meeting.webp", "/media/Aboutus/interpreter-headset.webp"]);
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
