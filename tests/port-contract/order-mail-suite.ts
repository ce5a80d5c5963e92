// The port's contract for an order's e-mails (MailOutboxStore): stored with the order, claimed by one run at a time,
// retried, sent. Part of describeOrdersContract (orders-suite.ts), so it runs on both adapters.
import { describe, expect, it } from "vitest";
import type { OrdersHelpers } from "./orders-helpers";

export function describeOrderMailContract({ backend, request }: OrdersHelpers) {
  describe("order e-mails", () => {
    it("are stored, claimed by one run at a time, and listed per order", async () => {
      const { id } = await request();
      const now = Date.now();
      const mail = backend().mail;
      await mail.enqueue(
        [
          { kind: "order-received", to: "lena@example.com", subject: "We have your request", body: "Your link: …", orderId: id },
          { kind: "order-new-for-staff", to: "office@example.com", subject: "New quote request", body: "From Lena", orderId: id },
        ],
        now,
      );
      const listed = await mail.forOrder(id);
      expect(listed.map((item) => [item.kind, item.to, item.status])).toEqual([
        ["order-new-for-staff", "office@example.com", "pending"],
        ["order-received", "lena@example.com", "pending"],
      ]);
      const first = listed[1]!;
      expect((await mail.due(now, 500)).map((item) => item.id)).toContain(first.id);
      const claim = (await mail.claim(first.id, now, 60_000))!;
      expect(claim).toBeTruthy();
      expect(await mail.claim(first.id, now, 60_000)).toBeNull();
      await mail.markAttemptFailed(first.id, claim, "503: down", now + 60_000);
      expect(await mail.get(first.id)).toMatchObject({ status: "pending", attempts: 1, lastError: "503: down", nextAttemptAt: now + 60_000 });
      const again = (await mail.claim(first.id, now + 60_000, 60_000))!;
      await mail.markSent(first.id, again, now + 60_001);
      expect(await mail.get(first.id)).toMatchObject({ status: "sent", attempts: 2, lastError: null, sentAt: now + 60_001 });
    });
  });
}
