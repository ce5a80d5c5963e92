// The port's contract for the contact form's outbox: a message kept in its page's language, claimed by one run,
// retried or given up, read, removed, and the inbox's pages. Part of describePortContract (suite.ts), so it runs on
// both adapters.
import { describe, expect, it } from "vitest";
import type { PortHelpers } from "./port-helpers";
import { unique } from "./target";

export function describeContactOutboxContract({ backend }: PortHelpers) {
  describe("contact outbox", () => {
    const message = () => ({ name: "Ana", email: "ana@example.com", subject: unique("Outbox "), message: "Hello", locale: "en" as const });

    it("keeps the language of the page a message was sent from", async () => {
      const saved = await backend().outbox.save({ ...message(), message: "مرحبا", locale: "ar" }, Date.now());
      expect(saved).toMatchObject({ locale: "ar", message: "مرحبا" });
      expect((await backend().outbox.get(saved.id))?.locale).toBe("ar");
      expect((await backend().outbox.save(message(), Date.now())).locale).toBe("en");
    });

    it("stores a message, lets one run claim it, and records it sent", async () => {
      const now = Date.now();
      const saved = await backend().outbox.save(message(), now);
      expect(saved).toMatchObject({ status: "pending", attempts: 0, readAt: null });
      expect((await backend().outbox.due(now, 500)).map((item) => item.id)).toContain(saved.id);
      const claim = await backend().outbox.claim(saved.id, now, 60_000);
      expect(claim).toBeTruthy();
      expect(await backend().outbox.claim(saved.id, now, 60_000)).toBeNull();
      await backend().outbox.markSent(saved.id, claim!, now + 1);
      expect(await backend().outbox.get(saved.id)).toMatchObject({ status: "sent", attempts: 1, sentAt: now + 1 });
    });

    it("keeps a failed attempt pending until its retry time, then gives up when told", async () => {
      const now = Date.now();
      const saved = await backend().outbox.save(message(), now);
      const first = await backend().outbox.claim(saved.id, now, 60_000);
      await backend().outbox.markAttemptFailed(saved.id, first!, "500: EmailJS is having trouble.", now + 60_000);
      expect(await backend().outbox.get(saved.id)).toMatchObject({ status: "pending", attempts: 1, lastError: "500: EmailJS is having trouble." });
      expect((await backend().outbox.due(now + 1, 500)).map((item) => item.id)).not.toContain(saved.id);
      expect((await backend().outbox.due(now + 60_000, 500)).map((item) => item.id)).toContain(saved.id);
      const second = await backend().outbox.claim(saved.id, now + 60_000, 60_000);
      await backend().outbox.markAttemptFailed(saved.id, second!, "403 Forbidden", null);
      expect(await backend().outbox.get(saved.id)).toMatchObject({ status: "failed", attempts: 2 });
      expect(await backend().outbox.retryNow(saved.id, now + 120_000)).toBe(true);
      expect(await backend().outbox.get(saved.id)).toMatchObject({ status: "pending", nextAttemptAt: now + 120_000 });
    });

    it("counts unread messages, marks them read and removes them", async () => {
      const saved = await backend().outbox.save(message(), Date.now());
      const unread = await backend().outbox.unreadCount();
      expect(unread).toBeGreaterThanOrEqual(1);
      expect(await backend().outbox.setRead(saved.id, true, Date.now())).toBe(true);
      expect(await backend().outbox.unreadCount()).toBe(unread - 1);
      expect((await backend().outbox.page("all", null, 500)).map((item) => item.id)).toContain(saved.id);
      expect(await backend().outbox.remove(saved.id)).toBe(true);
      expect(await backend().outbox.get(saved.id)).toBeNull();
      expect(await backend().outbox.remove(saved.id)).toBe(false);
    });

    it("pages the inbox newest first by keyset, and shows the unread or the failed messages alone (issue 23)", async () => {
      // Far in the future, so these four are the newest of the store whatever the other tests saved.
      const at = Date.UTC(2099, 0, 1);
      const [a, b, c, d] = [
        await backend().outbox.save(message(), at),
        await backend().outbox.save(message(), at + 1000),
        await backend().outbox.save(message(), at + 1000),
        await backend().outbox.save(message(), at + 2000),
      ];
      await backend().outbox.setRead(d.id, true, at + 3000);
      const claim = await backend().outbox.claim(b.id, at + 3000, 60_000);
      await backend().outbox.markAttemptFailed(b.id, claim!, "400 The template is invalid", null);
      const ids = (items: { id: number }[]) => items.map((item) => item.id);
      // Same instant: the higher id first.
      expect(ids(await backend().outbox.page("all", null, 2))).toEqual([d.id, c.id]);
      expect(ids(await backend().outbox.page("all", { receivedAt: c.receivedAt, id: c.id }, 2))).toEqual([b.id, a.id]);
      expect(ids(await backend().outbox.page("unread", null, 3))).toEqual([c.id, b.id, a.id]);
      expect(ids(await backend().outbox.page("unread", { receivedAt: b.receivedAt, id: b.id }, 1))).toEqual([a.id]);
      expect(ids(await backend().outbox.page("failed", null, 1))).toEqual([b.id]);
      for (const item of [a, b, c, d]) await backend().outbox.remove(item.id);
    });
  });
}
