// The port's contract for an order's transitions: the whole way from new to completed, each step a version and an
// entry in the history; a stale version refused; one winner of two changes at once; a cancellation's reason. Part of
// describeOrdersContract (orders-suite.ts), so it runs on both adapters.
import { describe, expect, it } from "vitest";
import type { OrdersHelpers } from "./orders-helpers";
import { unique } from "./target";
import { deliveryBy } from "../fixtures/orders";

export function describeOrderTransitionsContract({ orders, sample, request, quote, change }: OrdersHelpers) {
  describe("transitions", () => {
    it("walks new → quoted → accepted → in progress → delivered → completed, each a version, each in the history", async () => {
      const { id } = await request();
      const interpreter = sample.people.find((person) => person.id !== sample.admin)!;
      const t0 = Date.now();
      expect(await orders().transition(id, change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote, detail: { quote } }), t0)).toEqual({
        ok: true,
        version: 2,
      });
      let detail = (await orders().get(id))!;
      expect(detail.quote).toEqual({ ...quote, quotedAt: t0 });
      expect(detail.status).toBe("quoted");

      const accept = change({ transition: "accept", from: "quoted", to: "accepted", basedOn: 2, actor: "customer", actorId: null });
      expect(await orders().transition(id, accept, t0 + 1)).toEqual({ ok: true, version: 3 });
      const assign = change({
        transition: "assign",
        from: "accepted",
        to: "in_progress",
        basedOn: 3,
        interpreterId: interpreter.id,
        detail: { interpreter: { id: interpreter.id, name: interpreter.fullName } },
      });
      expect(await orders().transition(id, assign, t0 + 2)).toEqual({ ok: true, version: 4 });
      detail = (await orders().get(id))!;
      expect(detail.interpreter).toEqual({ id: interpreter.id, name: interpreter.fullName });

      const delivery = [{ objectKey: `orders/${unique("delivery")}`, fileName: "contract-es.pdf", contentType: "application/pdf", size: 2048 }];
      expect(await orders().transition(id, deliveryBy(interpreter.id, delivery), t0 + 3)).toEqual({ ok: true, version: 5 });
      expect(await orders().transition(id, change({ transition: "complete", from: "delivered", to: "completed", basedOn: 5 }), t0 + 4)).toEqual({
        ok: true,
        version: 6,
      });

      detail = (await orders().get(id))!;
      expect(detail).toMatchObject({ status: "completed", version: 6 });
      expect(detail.files.map((file) => [file.kind, file.fileName])).toEqual([
        ["source", "contract.pdf"],
        ["delivery", "contract-es.pdf"],
      ]);
      expect(detail.events.map((event) => [event.action, event.from, event.to, event.actor])).toEqual([
        ["requested", null, "new", "customer"],
        ["quote", "new", "quoted", "staff"],
        ["accept", "quoted", "accepted", "customer"],
        ["assign", "accepted", "in_progress", "staff"],
        ["deliver", "in_progress", "delivered", "interpreter"],
        ["complete", "delivered", "completed", "staff"],
      ]);
      expect(detail.events[1]!.detail).toEqual({ quote });
      expect(detail.events[3]!.detail).toEqual({ interpreter: { id: interpreter.id, name: interpreter.fullName } });
      expect(detail.events[4]).toMatchObject({ actorName: interpreter.fullName, detail: { files: 1 } });
      expect(detail.events[1]!.actorName).toBe(sample.people.find((person) => person.id === sample.admin)!.fullName);
    });

    it("refuses a stale version or another status, changing nothing; an unknown order is not found", async () => {
      const { id } = await request();
      expect(
        await orders().transition(id, change({ transition: "quote", from: "new", to: "quoted", basedOn: 7, quote, detail: { quote } }), Date.now()),
      ).toEqual({
        ok: false,
        reason: "stale",
      });
      expect(await orders().transition(id, change({ transition: "complete", from: "delivered", to: "completed", basedOn: 1 }), Date.now())).toEqual({
        ok: false,
        reason: "stale",
      });
      const detail = (await orders().get(id))!;
      expect(detail).toMatchObject({ status: "new", version: 1, quote: null });
      expect(detail.events).toHaveLength(1);
      expect(await orders().transition(987_654, change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote, detail: {} }), Date.now())).toEqual(
        {
          ok: false,
          reason: "not-found",
        },
      );
    });

    it("of two changes from the same version in the same instant, exactly one is stored, with its own rows only", async () => {
      const { id } = await request();
      const cheap = { ...quote, amountMinor: 100 };
      const outcomes = await Promise.all([
        orders().transition(id, change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote, detail: { quote } }), Date.now()),
        orders().transition(id, change({ transition: "quote", from: "new", to: "quoted", basedOn: 1, quote: cheap, detail: { quote: cheap } }), Date.now()),
        orders().transition(
          id,
          change({ transition: "cancel", from: "new", to: "cancelled", basedOn: 1, cancelReason: "Duplicate", detail: { reason: "Duplicate" } }),
          Date.now(),
        ),
      ]);
      expect(outcomes.filter((outcome) => outcome.ok)).toEqual([{ ok: true, version: 2 }]);
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
        { ok: false, reason: "stale" },
        { ok: false, reason: "stale" },
      ]);
      const detail = (await orders().get(id))!;
      expect(detail.events).toHaveLength(2);
      const winner = outcomes.findIndex((outcome) => outcome.ok);
      if (winner === 2) expect(detail).toMatchObject({ status: "cancelled", quote: null, cancelReason: "Duplicate" });
      else expect(detail.quote?.amountMinor).toBe([quote, cheap][winner]!.amountMinor);
    });

    it("a cancellation keeps its reason", async () => {
      const { id } = await request();
      const cancel = change({
        transition: "cancel",
        from: "new",
        to: "cancelled",
        basedOn: 1,
        cancelReason: "The customer called to cancel.",
        detail: { reason: "The customer called to cancel." },
      });
      expect(await orders().transition(id, cancel, Date.now())).toEqual({ ok: true, version: 2 });
      expect(await orders().get(id)).toMatchObject({ status: "cancelled", cancelReason: "The customer called to cancel." });
    });
  });
}
