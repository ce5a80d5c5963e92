// The contact outbox on Supabase (an extension beyond SPEC §7, table contact_messages, the service role):
// save, due, claim with a lease, the outcomes of an attempt, and the staff inbox.
import { beforeAll, describe, expect, it } from "vitest";
import { backendFor, double, step } from "./helpers";

const T0 = 1_750_000_000_000;
const outbox = () => backendFor().outbox;
// Odd messages come from the English contact page, even ones from the Arabic one (the stored language).
const message = (n: number) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.net`,
  subject: `Question ${n}`,
  message: `Hello ${n}`,
  locale: n % 2 === 0 ? ("ar" as const) : ("en" as const),
});

beforeAll(() => double.reset());

describe("outbox", () => {
  it("saves a message as pending, due at once, and every call uses the service role", async () => {
    const { result, requests, shapes } = await step(() => outbox().save(message(1), T0));
    expect(result).toEqual({
      id: expect.any(Number),
      ...message(1),
      receivedAt: T0,
      status: "pending",
      attempts: 0,
      lastError: null,
      nextAttemptAt: T0,
      sentAt: null,
      readAt: null,
    });
    expect(shapes).toEqual(["rest.contact_messages.save"]);
    expect(requests[0]!.credentials).toBe("service");
  });

  it("lists due messages oldest first; a claim holds a message against other runs, also after its lease, until it is settled", async () => {
    const second = await outbox().save(message(2), T0 + 1000);
    const due = await step(() => outbox().due(T0 + 5000, 10));
    expect(due.result.map((item) => item.subject)).toEqual(["Question 1", "Question 2"]);
    expect(due.shapes).toEqual(["rest.contact_messages.due"]);
    expect((await outbox().due(T0 + 500, 10)).map((item) => item.subject)).toEqual(["Question 1"]);

    const claim = await step(() => outbox().claim(second.id, T0 + 5000, 60_000));
    expect(claim.result).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(claim.shapes).toEqual(["rest.contact_messages.claim"]);
    expect(await outbox().claim(second.id, T0 + 6000, 60_000)).toBeNull();
    expect((await outbox().due(T0 + 6000, 10)).map((item) => item.id)).not.toContain(second.id);
    // After the lease, nobody claims it again (the run may have died after EmailJS took it, issue 21): it is settled
    // as unconfirmed, for a person to judge ("Retry now").
    expect(await outbox().claim(second.id, T0 + 70_000, 60_000)).toBeNull();
    expect((await step(() => outbox().settleAbandoned(T0 + 65_000, "unconfirmed"))).result).toBe(0);
    const settled = await step(() => outbox().settleAbandoned(T0 + 70_000, "unconfirmed"));
    expect([settled.result, settled.shapes]).toEqual([1, ["rest.contact_messages.settle-abandoned"]]);
    expect(await outbox().get(second.id)).toMatchObject({ status: "failed", lastError: "unconfirmed", attempts: 0 });
    expect(await outbox().retryNow(second.id, T0 + 71_000)).toBe(true);
  });

  it("marks a sent message with its attempt, releasing the claim; a stale claim changes nothing", async () => {
    const [first] = await outbox().due(T0 + 100_000, 1);
    const claim = (await outbox().claim(first!.id, T0 + 100_000, 60_000))!;
    const { shapes } = await step(() => outbox().markSent(first!.id, claim, T0 + 101_000));
    expect(shapes).toEqual(["rest.contact_messages.attempts", "rest.contact_messages.mark-sent"]);
    expect(await outbox().get(first!.id)).toMatchObject({ status: "sent", attempts: 1, sentAt: T0 + 101_000, lastError: null });
    const stale = await step(() => outbox().markSent(first!.id, crypto.randomUUID(), T0 + 102_000));
    expect(stale.shapes).toEqual(["rest.contact_messages.attempts"]);
    expect(await outbox().get(first!.id)).toMatchObject({ attempts: 1, sentAt: T0 + 101_000 });
  });

  it("a failed attempt is pending again at the retry time, or failed for good", async () => {
    const item = await outbox().save(message(3), T0);
    let claim = (await outbox().claim(item.id, T0, 60_000))!;
    const retry = await step(() => outbox().markAttemptFailed(item.id, claim, "HTTP 500", T0 + 300_000));
    expect(retry.shapes).toEqual(["rest.contact_messages.attempts", "rest.contact_messages.mark-failed"]);
    expect(await outbox().get(item.id)).toMatchObject({ status: "pending", attempts: 1, lastError: "HTTP 500", nextAttemptAt: T0 + 300_000 });
    expect(await outbox().claim(item.id, T0 + 1000, 60_000)).toBeNull(); // not due yet

    claim = (await outbox().claim(item.id, T0 + 300_000, 60_000))!;
    await step(() => outbox().markAttemptFailed(item.id, claim, "HTTP 403", null));
    expect(await outbox().get(item.id)).toMatchObject({ status: "failed", attempts: 2, lastError: "HTTP 403" });
  });

  it("with no provider, an unclaimed message waits with the reason shown (nothing claimed), and can be claimed later", async () => {
    const item = await outbox().save(message(4), T0);
    const { shapes } = await step(() => outbox().markWaiting(item.id, "mail provider not configured"));
    expect(shapes).toEqual(["rest.contact_messages.mark-waiting"]);
    expect(await outbox().get(item.id)).toMatchObject({ status: "pending", attempts: 0, lastError: "mail provider not configured" });
    expect(await outbox().claim(item.id, T0 + 1, 60_000)).toEqual(expect.any(String));
  });

  it("the staff inbox: newest first, one message, read and unread, the unread count, Retry now, delete", async () => {
    const { result: all, shapes } = await step(() => outbox().page("all", null, 500));
    expect(all.map((item) => item.subject)).toEqual(["Question 2", "Question 4", "Question 3", "Question 1"]);
    expect(shapes).toEqual(["rest.contact_messages.list"]);
    // One page, after the last message of the page before, of the unread ones alone (issue 23): what the double was asked.
    const second = all[1]!;
    const paged = await step(() => outbox().page("unread", { receivedAt: second.receivedAt, id: second.id }, 2));
    expect([...new URL(paged.requests[0]!.url, "http://double").searchParams]).toEqual([
      ["select", expect.any(String)],
      ["read_at", "is.null"],
      ["or", `(received_at.lt.${second.receivedAt},and(received_at.eq.${second.receivedAt},id.lt.${second.id}))`],
      ["order", "received_at.desc,id.desc"],
      ["limit", "2"],
    ]);
    expect(paged.result.map((item) => item.subject)).toEqual(["Question 3", "Question 1"]);
    expect((await step(() => outbox().get(999_999))).result).toBeNull();

    const unread = await step(() => outbox().unreadCount());
    expect(unread.result).toBe(4);
    expect(unread.requests[0]).toMatchObject({ method: "HEAD", shape: "rest.contact_messages.unread-count" });
    const first = all.at(-1)!;
    expect((await step(() => outbox().setRead(first.id, true, T0 + 9))).result).toBe(true);
    expect(await outbox().get(first.id)).toMatchObject({ readAt: T0 + 9 });
    expect(await outbox().unreadCount()).toBe(3);
    expect(await outbox().setRead(first.id, false, T0 + 10)).toBe(true);
    expect(await outbox().unreadCount()).toBe(4);
    expect(await outbox().setRead(999_999, true, T0)).toBe(false);

    const failed = all.find((item) => item.subject === "Question 3")!;
    expect((await step(() => outbox().retryNow(failed.id, T0 + 20))).result).toBe(true);
    expect(await outbox().get(failed.id)).toMatchObject({ status: "pending", nextAttemptAt: T0 + 20 });
    expect(await outbox().retryNow(first.id, T0 + 21)).toBe(false); // already sent

    expect((await step(() => outbox().remove(first.id))).result).toBe(true);
    expect(await outbox().remove(first.id)).toBe(false);
    expect((await outbox().page("all", null, 500)).map((item) => item.id)).not.toContain(first.id);
  });
});
