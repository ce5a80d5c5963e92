// The Supabase double itself, with raw requests (marked X-Double-Probe, so they never count as the adapter's):
// it is strict — anything outside its table of allowed shapes is refused and recorded — and it answers
// allowed requests in Supabase's own response shapes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleRest } from "../support/supabase-double/postgrest";
import { DoubleState } from "../support/supabase-double/state";
import { bindings, double, fromBase64Url, probe, SAMPLE_PASSWORD } from "./helpers";

const json = { "Content-Type": "application/json" };
const LIST = 'select=id,full_name,email,phone,"Gender",account_type,role,user_languages(language_id,languages(name))&order=full_name_sort.asc,id.asc';
const AUTH = { ...json, "X-Supabase-Api-Version": "2024-01-01" };
const MAIL = { kind: "order-status", to_email: "a@b.c", subject: "S", body: "B", order_id: null, created_at: 1, next_attempt_at: 1 };
const MAIL_COLUMNS = Object.keys(MAIL)
  .map((column) => `"${column}"`)
  .join(",");

/** The violation the double recorded for the last request. */
async function lastViolation() {
  const requests = await double.requests((await double.lastSeq()) - 1);
  return requests[0]!;
}

let countsBefore: string;
beforeAll(async () => {
  await double.reset();
  countsBefore = JSON.stringify((await double.coverage()).spec);
});
afterAll(() => double.reset());

/** The body of a PostgREST error: its code, details and message (no hint). */
const postgrestError = (code: string, details: string, message: string) => ({ code, details, hint: null, message });

describe("strict: a request outside the table is refused and recorded", () => {
  const refused: [string, string, RequestInit & { key?: "anon" | "service" }, RegExp][] = [
    ["all columns of users", "/rest/v1/users?select=*", { key: "service" }, /select=\* does not match/],
    [
      "the interpreter list with the anon key",
      `/rest/v1/users?${LIST}&offset=0&limit=20`,
      { key: "anon", headers: { Prefer: "count=exact" } },
      /expected the service key, got anon/,
    ],
    [
      "the interpreter list without the nesting",
      "/rest/v1/users?select=id,full_name&order=full_name.asc,id.asc&offset=0&limit=20",
      { key: "service", headers: { Prefer: "count=exact" } },
      /select=id,full_name does not match/,
    ],
    ["the interpreter list without its count", `/rest/v1/users?${LIST}&offset=0&limit=20`, { key: "service" }, /Prefer is "", expected "count=exact"/],
    [
      "an insert with a body key too many",
      "/rest/v1/languages?select=id,name",
      { key: "service", method: "POST", headers: { ...json, Prefer: "return=representation" }, body: JSON.stringify({ name: "Xhosa", id: 7 }) },
      /body key "id" is not allowed/,
    ],
    [
      "a language delete without a filter",
      "/rest/v1/languages?select=name",
      { key: "service", method: "DELETE", headers: { Prefer: "return=representation" } },
      /query parameter id is missing/,
    ],
    ["a table the adapter never reads", "/rest/v1/secrets?select=*", { key: "service" }, /no allowed request is GET \/rest\/v1\/secrets/],
    [
      "a bulk insert with a column too many in one row",
      `/rest/v1/mail_outbox?columns=${MAIL_COLUMNS}`,
      { key: "service", method: "POST", headers: json, body: JSON.stringify([MAIL, { ...MAIL, id: 7 }]) },
      /row 1: body key "id" is not allowed/,
    ],
    [
      "a bulk insert of one object instead of rows",
      `/rest/v1/mail_outbox?columns=${MAIL_COLUMNS}`,
      { key: "service", method: "POST", headers: json, body: JSON.stringify(MAIL) },
      /the body is not a JSON array of rows/,
    ],
    [
      "a private file by its public URL",
      "/storage/v1/object/public/order-files/orders/guessed-key",
      { key: "anon" },
      /no allowed request is GET \/storage\/v1\/object\/public\/order-files/,
    ],
    [
      "a sign-up through /signup",
      "/auth/v1/signup",
      { key: "anon", method: "POST", headers: AUTH, body: JSON.stringify({ email: "a@b.c", password: "secret-1" }) },
      /no allowed request is POST \/auth\/v1\/signup/,
    ],
    [
      "an admin call with the anon key",
      "/auth/v1/admin/users",
      { key: "anon", method: "POST", headers: AUTH, body: JSON.stringify({ email: "a@b.c", password: "x", email_confirm: true }) },
      /expected the service key, got anon/,
    ],
    [
      "a password grant without the API version",
      "/auth/v1/token?grant_type=password",
      { key: "anon", method: "POST", headers: json, body: JSON.stringify({ email: "a@b.c", password: "x", gotrue_meta_security: {} }) },
      /X-Supabase-Api-Version is missing/,
    ],
  ];

  it.each(refused)("%s", async (_name, path, init, reason) => {
    const response = await probe(path, init);
    expect(response.status).toBe(400);
    const body = await response.json<{ message: string }>();
    expect(body.message).toMatch(/not allowed by the Supabase double/);
    const recorded = await lastViolation();
    expect(recorded).toMatchObject({ shape: null, probe: true });
    expect(recorded.violation!.join("\n")).toMatch(reason);
  });

  it("a user's own-row read with the service key instead of their token is a violation", async () => {
    await probe(`/rest/v1/users?select=id,full_name,email,phone,"Gender",account_type,role&id=eq.${crypto.randomUUID()}`, { key: "service" });
    expect((await lastViolation()).violation!.join()).toMatch(/expected the user access token, got service/);
  });
});

describe("Supabase's response shapes for allowed requests", () => {
  it("counts: Content-Range with the total, 206 for a part, 416 past the end, HEAD without a body", async () => {
    const whole = await probe(`/rest/v1/users?${LIST}&offset=0&limit=20`, { key: "service", headers: { Prefer: "count=exact" } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-range")).toBe("0-6/7");
    expect((await whole.json<unknown[]>()).length).toBe(7);

    await double.people(Array.from({ length: 14 }, (_, i) => ({ full_name: `Zed ${i}`, email: `zed${i}@example.org` })));
    const part = await probe(`/rest/v1/users?${LIST}&offset=0&limit=20`, { key: "service", headers: { Prefer: "count=exact" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("0-19/21");
    const past = await probe(`/rest/v1/users?${LIST}&offset=40&limit=20`, { key: "service", headers: { Prefer: "count=exact" } });
    expect(past.status).toBe(416);
    expect(await past.json()).toEqual(
      postgrestError("PGRST103", "An offset of 40 was requested, but there are only 21 rows.", "Requested range not satisfiable"),
    );

    const head = await probe("/rest/v1/contact_messages?select=id&read_at=is.null", { key: "service", method: "HEAD", headers: { Prefer: "count=exact" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-range")).toBe("*/0");
    expect(await head.text()).toBe("");
  });

  it("Postgres errors as PostgREST sends them: 23505 and 23503 with 409", async () => {
    const duplicate = await probe("/rest/v1/languages?select=id,name", {
      key: "service",
      method: "POST",
      headers: { ...json, Prefer: "return=representation" },
      body: JSON.stringify({ name: "arabic" }),
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual(
      postgrestError("23505", "Key (lower(name))=(arabic) already exists.", 'duplicate key value violates unique constraint "languages_name_lower_key"'),
    );
    const userId = crypto.randomUUID();
    const orphan = await probe("/rest/v1/user_languages?select=id", {
      key: "service",
      method: "POST",
      headers: { ...json, Prefer: "return=representation" },
      body: JSON.stringify({ user_id: userId, language_id: 1 }),
    });
    expect(orphan.status).toBe(409);
    expect(await orphan.json()).toMatchObject({ code: "23503", details: `Key (user_id)=(${userId}) is not present in table "users".` });
  });

  it("GoTrue: a session with a JWT access token, and errors as { code, message } with the API version", async () => {
    const wrong = await probe("/auth/v1/token?grant_type=password", {
      key: "anon",
      method: "POST",
      headers: AUTH,
      body: JSON.stringify({ email: "admin@example.com", password: "nope", gotrue_meta_security: {} }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(await wrong.json()).toEqual({ code: "invalid_credentials", message: "Invalid login credentials" });

    const right = await probe("/auth/v1/token?grant_type=password", {
      key: "anon",
      method: "POST",
      headers: AUTH,
      body: JSON.stringify({ email: "admin@example.com", password: SAMPLE_PASSWORD, gotrue_meta_security: {} }),
    });
    const session = await right.json<Record<string, unknown> & { access_token: string; user: { id: string } }>();
    expect(Object.keys(session).sort()).toEqual(["access_token", "expires_at", "expires_in", "refresh_token", "token_type", "user"]);
    expect(session).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { email: "admin@example.com", aud: "authenticated" } });
    const claims = JSON.parse(fromBase64Url(session.access_token.split(".")[1]!)) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: session.user.id, role: "authenticated", email: "admin@example.com", exp: session.expires_at });

    // PostgREST checks the token's signature.
    const forged = `${session.access_token.slice(0, -4)}AAAA`;
    const refused = await probe(`/rest/v1/users?select=id,full_name,email,phone,"Gender",account_type,role&id=eq.${session.user.id}`, {
      headers: { apikey: bindings.SUPABASE_ANON_KEY, Authorization: `Bearer ${forged}` },
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "PGRST301" });
  });

  it("single objects (Accept: application/vnd.pgrst.object+json) and PGRST116 for zero or several rows", () => {
    // No allowed shape asks for a single object (postgrest-js 2.109's maybeSingle() reads the array itself),
    // so the PostgREST fake is asked directly here.
    const state = new DoubleState();
    const get = (query: string) =>
      handleRest(state, { method: "GET", table: "languages", params: new URLSearchParams(query), prefer: new Set(), single: true, body: undefined });
    const one = get("select=id,name&name=eq.Arabic");
    expect(one.status).toBe(200);
    expect(one.headers["content-type"]).toMatch(/^application\/vnd\.pgrst\.object\+json/);
    expect(JSON.parse(String(one.body))).toEqual({ id: 1, name: "Arabic" });
    for (const [query, rows] of [
      ["select=id&name=eq.Klingon", 0],
      ["select=id", 14],
    ] as const) {
      const refused = get(query);
      expect(refused.status).toBe(406);
      expect(JSON.parse(String(refused.body))).toEqual(
        postgrestError("PGRST116", `The result contains ${rows} rows`, "Cannot coerce the result to a single JSON object"),
      );
    }
  });

  it("deleting an auth account removes its users row and links (ON DELETE CASCADE) and ends its sessions", async () => {
    const signIn = await probe("/auth/v1/token?grant_type=password", {
      key: "anon",
      method: "POST",
      headers: AUTH,
      body: JSON.stringify({ email: "interpreter@example.com", password: SAMPLE_PASSWORD, gotrue_meta_security: {} }),
    });
    const { access_token: token, user } = await signIn.json<{ access_token: string; user: { id: string } }>();
    const linksOf = async () => (await double.table<{ user_id: string }>("user_languages")).filter((link) => link.user_id === user.id);
    expect(await linksOf()).toHaveLength(3);

    const deleted = await probe(`/auth/v1/admin/users/${user.id}`, {
      key: "service",
      method: "DELETE",
      headers: AUTH,
      body: JSON.stringify({ should_soft_delete: false }),
    });
    expect(deleted.status).toBe(200);
    expect((await double.table<{ id: string }>("users")).map((row) => row.id)).not.toContain(user.id);
    expect(await linksOf()).toEqual([]);
    expect((await double.table<{ userId: string }>("auth.sessions")).filter((session) => session.userId === user.id)).toEqual([]);
    const me = await probe("/auth/v1/user", { headers: { ...AUTH, apikey: bindings.SUPABASE_ANON_KEY, Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(403);
    expect(await me.json()).toEqual({ code: "user_not_found", message: "User from sub claim in JWT does not exist" });
  });

  it("none of these probes counted towards the adapter's coverage", async () => {
    expect(JSON.stringify((await double.coverage()).spec)).toBe(countsBefore);
  });
});
