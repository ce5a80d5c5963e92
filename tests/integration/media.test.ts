// GET /media/<Folder>/<file> from the MEDIA bucket: long-lived caching, revalidation, and nothing
// outside the four folders.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { serveMedia } from "../../workers/media";

const URL_BASE = "http://127.0.0.1:8787";
const get = (path: string, init?: RequestInit) => serveMedia(new Request(URL_BASE + path, init), env.MEDIA);

describe("media route", () => {
  beforeAll(async () => {
    await env.MEDIA.put("Home/homecover.webp", new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]), {
      httpMetadata: { contentType: "image/webp" },
    });
    await env.MEDIA.put("secret.txt", "not an image");
  });

  it("serves an image with its type and a one-year immutable cache", async () => {
    const response = await get("/media/Home/homecover.webp");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("ETag")).toBeTruthy();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]));
  });

  it("answers 304 to a matching If-None-Match, and HEAD without a body", async () => {
    const etag = (await get("/media/Home/homecover.webp")).headers.get("ETag")!;
    expect((await get("/media/Home/homecover.webp", { headers: { "If-None-Match": etag } })).status).toBe(304);
    const head = await get("/media/Home/homecover.webp", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe("8");
    expect(await head.text()).toBe("");
  });

  it("ignores malformed conditional headers (found by the fuzz campaign: R2 threw, the route answered 500)", async () => {
    for (const [name, value] of [
      ["If-Match", "bytes=0-0"],
      ["If-None-Match", "admin@example.com."],
      ["If-Unmodified-Since", "<fz1>"],
      ["If-Modified-Since", "yesterday"],
    ] as const) {
      expect((await get("/media/Home/homecover.webp", { headers: { [name]: value } })).status, `${name}: ${value}`).toBe(200);
      expect((await get("/media/Home/missing.webp", { headers: { [name]: value } })).status, `${name}: ${value}`).toBe(404);
    }
  });

  it("answers 404 for missing files, unknown folders and anything that tries to leave a folder", async () => {
    for (const path of [
      "/media/Home/missing.webp",
      "/media/Secret/homecover.webp",
      "/media/Home/..%2Fsecret.txt",
      "/media/Home/a/b.webp",
      "/media/secret.txt",
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it("refuses writes", async () => {
    expect((await get("/media/Home/homecover.webp", { method: "PUT", body: "x" })).status).toBe(405);
  });
});
