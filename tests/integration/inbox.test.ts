// /Dashboard/Inbox (app/routes/dashboard/inbox.tsx): the admin's list of contact messages and its actions
// (mark read / unread, retry now, delete), called the way React Router calls them, against a real D1 with
// the sample people and the loopback fake EmailJS. The sidebar's unread count comes from the dashboard layout.
import { env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { d1OutboxStore } from "~/backend/d1/outbox.server";
import type { ContactMessage } from "~/domain/contact";
import type { Loaded } from "~/request/page-loads.server";
import * as inbox from "~/routes/dashboard/inbox";
import * as dashboardLayout from "~/routes/dashboard/layout";
import { asResponse, failure, redirected, rows, seededAndSignedIn, statusOf, thrown } from "./helpers";
import { browser } from "./requests";
import { envWith, NO_EMAILJS, recorded, setMode } from "./contact-helpers";

const INBOX = "/Dashboard/Inbox";
const NOT_FOUND = "That message no longer exists. The list has been refreshed.";
const MINUTE = 60_000;

/** Form POSTs and GETs from a browser (signed in when given a cookie); a post may carry its own env (and so its own config). */
const { get, post } = browser();

type Row = { id: number; status: string; attempts: number; last_error: string | null; sent_at: number | null; read_at: number | null };
const rowOf = (id: number) => env.DB.prepare("SELECT * FROM contact_messages WHERE id = ?").bind(id).first<Row>();

const outbox = () => d1OutboxStore(env.DB);
/** A stored message received at `at`, then put in the given state. */
async function stored(subject: string, at: number, state: { status?: string; attempts?: number; lastError?: string | null; nextAttemptAt?: number } = {}) {
  const { id } = await outbox().save({ name: "Amina Yusuf", email: "amina.yusuf@example.com", subject, message: `About ${subject}.`, locale: "en" }, at);
  await env.DB.prepare("UPDATE contact_messages SET status = ?, attempts = ?, last_error = ?, next_attempt_at = ? WHERE id = ?")
    .bind(state.status ?? "pending", state.attempts ?? 0, state.lastError ?? null, state.nextAttemptAt ?? at, id)
    .run();
  return id;
}

const cookies = seededAndSignedIn();
beforeEach(async () => {
  await env.DB.exec("DELETE FROM contact_messages");
});
afterEach(() => vi.restoreAllMocks());

describe("views and pages (issue 23: the inbox rendered every message, 62.8 MB at 20,000)", () => {
  it("shows 50 a page with a link to the older ones, the unread or the failed alone, and the unread count over all", async () => {
    const t0 = Date.UTC(2098, 0, 1);
    const ids: number[] = [];
    for (let n = 0; n < 55; n++) ids.push(await stored(`Paged ${n}`, t0 + n * MINUTE, n % 10 === 0 ? { status: "failed", attempts: 8 } : {}));
    await env.DB.prepare("UPDATE contact_messages SET read_at = ? WHERE subject LIKE 'Paged %' AND id % 2 = 0").bind(t0).run();
    type Page = { messages: Loaded<{ page: ContactMessage[]; unread: number; older: string | null }> };
    const read = async (query: string) => {
      const { messages } = (await inbox.loader(get(`${INBOX}${query}`, cookies.admin))) as Page;
      if (!messages.ok) throw new Error("the inbox failed");
      return messages.value;
    };
    const first = await read("");
    expect(first.page).toHaveLength(50);
    expect(first.page[0]!.subject).toBe("Paged 54");
    const unreadInDb = await env.DB.prepare("SELECT COUNT(*) AS n FROM contact_messages WHERE read_at IS NULL").first<{ n: number }>();
    expect(first.unread).toBe(unreadInDb!.n);
    const second = await read(`?before=${first.older}`);
    expect(second.page[0]!.subject).toBe("Paged 4");
    const unread = await read("?show=unread");
    expect(unread.page.every((message) => message.readAt === null)).toBe(true);
    expect(unread.page.filter((message) => message.subject.startsWith("Paged ")).length).toBe(ids.filter((id) => id % 2 !== 0).length);
    const failed = await read("?show=failed");
    expect(failed.page.filter((message) => message.subject.startsWith("Paged ")).map((message) => message.subject)).toEqual([
      "Paged 50",
      "Paged 40",
      "Paged 30",
      "Paged 20",
      "Paged 10",
      "Paged 0",
    ]);
  });
});

describe("the list", () => {
  it("shows every message newest first, with its e-mail status, attempts and last error", async () => {
    const t0 = Date.now() - 60 * MINUTE;
    const sentId = await stored("Oldest, sent", t0, { status: "sent", attempts: 1 });
    const failedId = await stored("Middle, failed", t0 + MINUTE, { status: "failed", attempts: 8, lastError: "500: EmailJS is having trouble. Will retry." });
    const pendingId = await stored("Newest, pending", t0 + 2 * MINUTE, {
      attempts: 2,
      lastError: "429 Too Many Requests: EmailJS's rate limit was hit. Will retry.",
    });

    const { messages, deleteId, toasts } = (await inbox.loader(get(INBOX, cookies.admin))) as {
      messages: Loaded<{ page: ContactMessage[]; unread: number; older: string | null }>;
      deleteId: string | null;
      toasts: unknown[];
    };
    expect(messages.ok).toBe(true);
    const list = messages.ok ? messages.value.page : [];
    expect(list.map(({ id, subject, status, attempts, lastError }) => ({ id, subject, status, attempts, lastError }))).toEqual([
      {
        id: pendingId,
        subject: "Newest, pending",
        status: "pending",
        attempts: 2,
        lastError: "429 Too Many Requests: EmailJS's rate limit was hit. Will retry.",
      },
      { id: failedId, subject: "Middle, failed", status: "failed", attempts: 8, lastError: "500: EmailJS is having trouble. Will retry." },
      { id: sentId, subject: "Oldest, sent", status: "sent", attempts: 1, lastError: null },
    ]);
    expect(list[0]).toMatchObject({ name: "Amina Yusuf", email: "amina.yusuf@example.com", message: "About Newest, pending.", readAt: null });
    expect(deleteId).toBeNull();
    expect(toasts).toEqual([]);

    // ?delete=<id> opens the confirmation for that message.
    expect(((await inbox.loader(get(`${INBOX}?delete=${failedId}`, cookies.admin))) as { deleteId: string | null }).deleteId).toBe(String(failedId));
  });

  it("an interpreter gets 403; an anonymous visitor is sent to sign in", async () => {
    expect(statusOf(await thrown(() => inbox.loader(get(INBOX, cookies.interpreter))))).toBe(403);
    const redirect = asResponse(await thrown(() => inbox.loader(get(INBOX))));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe(`/Login?${new URLSearchParams({ redirectTo: INBOX })}`);
  });

  it("an interpreter's or anonymous POST changes nothing", async () => {
    const id = await stored("Guarded", Date.now());
    for (const intent of ["read", "retry", "delete"]) {
      expect(statusOf(await thrown(() => inbox.action(post(INBOX, { intent, id: String(id) }, cookies.interpreter)))), intent).toBe(403);
      const redirect = asResponse(await thrown(() => inbox.action(post(INBOX, { intent, id: String(id) }))));
      expect(redirect.headers.get("Location"), intent).toBe(`/Login?${new URLSearchParams({ redirectTo: INBOX })}`);
    }
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0, read_at: null });
  });
});

describe("read and unread", () => {
  const unreadOf = async (cookie: string) => ((await dashboardLayout.loader(get("/Dashboard", cookie))) as { unread: number | null }).unread;

  it("mark read / mark unread set read_at, and the sidebar's unread count follows (admins only)", async () => {
    const first = await stored("First", Date.now() - 2_000);
    await stored("Second", Date.now() - 1_000);
    expect(await unreadOf(cookies.admin)).toBe(2);
    expect(await unreadOf(cookies.interpreter)).toBeNull();

    const before = Date.now();
    expect(await redirected(await inbox.action(post(INBOX, { intent: "read", id: String(first) }, cookies.admin)))).toEqual({
      location: `${INBOX}?#message-${first}`,
      toast: expect.objectContaining({ type: "success", message: "Marked as read." }),
    });
    expect((await rowOf(first))!.read_at).toBeGreaterThanOrEqual(before);
    expect(await unreadOf(cookies.admin)).toBe(1);
    expect(await unreadOf(cookies.interpreter)).toBeNull();

    expect(await redirected(await inbox.action(post(INBOX, { intent: "unread", id: String(first) }, cookies.admin)))).toEqual({
      location: `${INBOX}?#message-${first}`,
      toast: expect.objectContaining({ type: "success", message: "Marked as unread." }),
    });
    expect((await rowOf(first))!.read_at).toBeNull();
    expect(await unreadOf(cookies.admin)).toBe(2);
  });

  it("an unknown or malformed id: 404 'That message no longer exists'", async () => {
    for (const id of ["999999", "abc", ""]) {
      const answer = failure(await inbox.action(post(INBOX, { intent: "read", id }, cookies.admin)));
      expect(answer, `id ${JSON.stringify(id)}`).toMatchObject({ status: 404, formError: NOT_FOUND, intent: "read" });
      expect(answer.toast).toMatchObject({ type: "error", message: NOT_FOUND });
    }
  });
});

describe("retry now", () => {
  it("a failed message: 302 'Sending “<subject>” again.', then it is sent when the provider answers", async () => {
    const { env: testEnv, service } = envWith();
    const id = await stored("Interpreter for a hearing", Date.now() - 5 * 60 * MINUTE, {
      status: "failed",
      attempts: 8,
      lastError: "500: EmailJS is having trouble. Will retry.",
      nextAttemptAt: Date.now() - 60 * MINUTE,
    });

    const args = post(`${INBOX}?delete=${id}`, { intent: "retry", id: String(id) }, cookies.admin, { env: testEnv });
    expect(await redirected(await inbox.action(args))).toEqual({
      location: `${INBOX}?#message-${id}`,
      toast: expect.objectContaining({ type: "success", message: "Sending “Interpreter for a hearing” again." }),
    });
    await waitOnExecutionContext(args.ctx);

    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 9, last_error: null });
    expect((await recorded(service)).map((r) => [r.mode, r.fields.subject])).toEqual([["ok", "Interpreter for a hearing"]]);
  });

  it("without a mail provider, Retry now says the message waits here instead of claiming to send it", async () => {
    const unconfigured = { ...env, ...NO_EMAILJS };
    const id = await stored("No provider yet", Date.now() - MINUTE, { attempts: 0 });
    const args = post(INBOX, { intent: "retry", id: String(id) }, cookies.admin, { env: unconfigured });
    expect((await redirected(await inbox.action(args))).toast).toMatchObject({
      type: "blank",
      message: "Mail provider not configured: the message is kept here and will be e-mailed once EmailJS is set up.",
    });
    await waitOnExecutionContext(args.ctx);
    expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("a pending message waiting for its next attempt is sent now", async () => {
    const { env: testEnv, service } = envWith();
    const id = await stored("Waiting an hour", Date.now() - MINUTE, {
      attempts: 7,
      lastError: "500: EmailJS is having trouble. Will retry.",
      nextAttemptAt: Date.now() + 60 * MINUTE,
    });

    const args = post(INBOX, { intent: "retry", id: String(id) }, cookies.admin, { env: testEnv });
    expect((await redirected(await inbox.action(args))).toast).toMatchObject({ type: "success", message: "Sending “Waiting an hour” again." });
    await waitOnExecutionContext(args.ctx);

    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 8, last_error: null });
    expect(await recorded(service)).toHaveLength(1);
  });

  it("a failed message while the provider still fails: failed again, with the new error", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { env: testEnv, service } = envWith();
    await setMode(service, "403");
    const id = await stored("Still blocked", Date.now() - MINUTE, { status: "failed", attempts: 8, lastError: "500: EmailJS is having trouble. Will retry." });

    const args = post(INBOX, { intent: "retry", id: String(id) }, cookies.admin, { env: testEnv });
    expect(asResponse(await inbox.action(args)).status).toBe(302);
    await waitOnExecutionContext(args.ctx);

    const row = (await rowOf(id))!;
    expect(row).toMatchObject({ status: "failed", attempts: 9 });
    expect(row.last_error).toContain("API calls are disabled for non-browser applications");
    expect(await recorded(service)).toHaveLength(1);
  });

  it("a message already sent cannot be retried: 409 'already been sent', and nothing is sent again", async () => {
    const { env: testEnv, service } = envWith();
    const id = await stored("Already delivered", Date.now() - MINUTE, { status: "sent", attempts: 1 });
    const before = await rowOf(id);

    const args = post(INBOX, { intent: "retry", id: String(id) }, cookies.admin, { env: testEnv });
    const answer = failure(await inbox.action(args));
    await waitOnExecutionContext(args.ctx);
    // A stale page can still show Retry for it: the answer says what happened instead.
    expect(answer).toMatchObject({ status: 409, formError: "“Already delivered” has already been sent.", intent: "retry" });
    expect(answer.toast).toMatchObject({ type: "error", message: "“Already delivered” has already been sent." });
    expect(await rowOf(id)).toEqual(before);
    expect(await recorded(service)).toEqual([]);

    // An unknown id: the same 404.
    expect(failure(await inbox.action(post(INBOX, { intent: "retry", id: "999999" }, cookies.admin, { env: testEnv })))).toMatchObject({
      status: 404,
      formError: NOT_FOUND,
    });
  });
});

describe("delete", () => {
  it("302 'Message “<subject>” deleted.' and the message is gone; an unknown id gets 404", async () => {
    const id = await stored("Spam offer", Date.now());
    const keep = await stored("Keep me", Date.now());

    expect(await redirected(await inbox.action(post(`${INBOX}?delete=${id}`, { intent: "delete", id: String(id) }, cookies.admin)))).toEqual({
      location: `${INBOX}?#messages`,
      toast: expect.objectContaining({ type: "success", message: "Message “Spam offer” deleted." }),
    });
    expect(await rowOf(id)).toBeNull();
    expect(await rowOf(keep)).not.toBeNull();
    expect(await rows("contact_messages")).toBe(1);

    // Deleting it again (e.g. from a second tab), or an id that never existed.
    for (const gone of [String(id), "999999"]) {
      const answer = failure(await inbox.action(post(INBOX, { intent: "delete", id: gone }, cookies.admin)));
      expect(answer).toMatchObject({ status: 404, formError: NOT_FOUND, intent: "delete" });
    }
    expect(await rows("contact_messages")).toBe(1);
  });
});
