// Choosing the Supabase adapter, a half-set configuration, and the image URLs of the public bucket.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createBackend } from "~/backend/index.server";
import { backendFor, bindings, double, DOUBLE_URL, ORIGIN, step } from "./helpers";

beforeAll(() => double.reset());

describe("createBackend with the Supabase configuration", () => {
  it("builds the Supabase adapter when SUPABASE_URL and both keys are set, without calling Supabase", async () => {
    const { result, requests } = await step(() => Promise.resolve(backendFor()));
    expect(result.name).toBe("supabase");
    expect(requests).toEqual([]);
  });

  it("with only SUPABASE_URL set, throws naming both missing keys", () => {
    const halfSet = { SESSION_SECRET: bindings.SESSION_SECRET, SUPABASE_URL: DOUBLE_URL } as unknown as Env;
    const build = () => createBackend({ env: halfSet, request: new Request(ORIGIN) });
    expect(build).toThrow("Invalid configuration: Supabase is half set up; missing SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY");
  });

  it("with the URL and the service-role key but no anon key, names just that key", () => {
    const halfSet = { ...pick(["SESSION_SECRET", "SUPABASE_URL", "SUPABASE_SERVICE_ROLE_KEY"]) } as unknown as Env;
    expect(() => createBackend({ env: halfSet, request: new Request(ORIGIN) })).toThrow(/missing SUPABASE_ANON_KEY$/);
  });
});

describe("media", () => {
  it("points each image at the public bucket, and the double serves it as WebP", async () => {
    const url = backendFor().media.url("Home", "homecover.webp");
    expect(url).toBe(`${DOUBLE_URL}/storage/v1/object/public/media/Home/homecover.webp`);
    const { result: response, shapes } = await step(() => fetch(url));
    expect(shapes).toEqual(["storage.object.public"]);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe("RIFF");
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe("WEBP");
  });

  it("escapes a file name, and a missing object is Storage's not-found answer", async () => {
    const url = backendFor().media.url("Services", "no such file.webp");
    expect(url).toBe(`${DOUBLE_URL}/storage/v1/object/public/media/Services/no%20such%20file.webp`);
    const { result: response } = await step(() => fetch(url));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: "404", error: "not_found", message: "Object not found" });
  });
});

function pick(names: string[]) {
  const all = env as unknown as Record<string, unknown>;
  return Object.fromEntries(names.map((name) => [name, all[name]]));
}
