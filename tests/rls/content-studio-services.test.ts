// supabase/migrations/20261124000000_push_content_studio.sql: push_create_service, push_move_service and
// push_remove_service on real Postgres — a new service last in the order, a move as a swap with its neighbour, a
// removal with its versions and the files nothing refers to any more. Who may call them: content-studio-access.test.ts.
import type { Transaction } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { serviceRole, within } from "./support/db";
import { save, SERVICE_COLUMNS, serviceColumns, serviceSnapshot, studioDatabase } from "./support/content-studio";
import { call } from "./support/orders";

const db = studioDatabase();

describe("push_create_service, push_move_service, push_remove_service (as the service role)", () => {
  const order = async (tx: Transaction) => (await tx.query<{ id: number }>("select id from public.services order by position, id")).rows.map((row) => row.id);

  it("creates a service last in the order at version 1, with its first state kept", async () => {
    await within(db, serviceRole, async (tx) => {
      const id = await call<number>(tx, "public.push_create_service($1, $2, 'admin@push.test')", [
        SERVICE_COLUMNS,
        serviceSnapshot("Sign Language", "sign.webp"),
      ]);
      expect((await tx.query("select id, title, photo_alt, position, version from public.services where id = $1", [id])).rows).toEqual([
        { id, title: "Sign Language", photo_alt: "Hands signing", position: 3, version: 1 },
      ]);
      expect((await tx.query("select record, record_id, version, saved_by from public.content_versions")).rows).toEqual([
        { record: "service", record_id: id, version: 1, saved_by: "admin@push.test" },
      ]);
      expect(await order(tx)).toEqual([1, 2, id]);
    });
  });

  it("puts a new service after one added by hand without a position (renumbering the order first)", async () => {
    await within(db, serviceRole, async (tx) => {
      await tx.query("insert into public.services (title) values ('Added by hand')");
      const id = await call<number>(tx, "public.push_create_service($1, '{}', 'admin@push.test')", [SERVICE_COLUMNS]);
      expect((await tx.query("select title, position from public.services order by position, id")).rows).toEqual([
        { title: "Document Translation", position: 1 },
        { title: "Medical Interpreting", position: 2 },
        { title: "Added by hand", position: 3 },
        { title: "Sign Language", position: 4 },
      ]);
      expect((await order(tx)).at(-1)).toBe(id);
    });
  });

  it("moves a service by swapping it with its neighbour, positions 1..n; false at the ends or when gone; refuses a bad direction", async () => {
    await within(db, serviceRole, async (tx) => {
      await tx.query("update public.services set position = 7 where id = 1");
      // A tie with service 1 (position 7): the id decides.
      const third = (await tx.query<{ id: number }>("insert into public.services (title, position) values ('Third', 7) returning id")).rows[0]!.id;
      expect(await order(tx)).toEqual([2, 1, third]);
      expect(await call<boolean>(tx, "public.push_move_service($1, 'up')", [third])).toBe(true);
      expect((await tx.query("select id, position from public.services order by position")).rows).toEqual([
        { id: 2, position: 1 },
        { id: third, position: 2 },
        { id: 1, position: 3 },
      ]);
      expect(await call<boolean>(tx, "public.push_move_service(2, 'up')")).toBe(false);
      expect(await call<boolean>(tx, "public.push_move_service(1, 'down')")).toBe(false);
      expect(await call<boolean>(tx, "public.push_move_service(99, 'up')")).toBe(false);
      await expect(tx.query("select public.push_move_service(1, 'left')")).rejects.toMatchObject({ code: "22023" });
    });
  });

  it("removes a service with its versions, answering the row, the snapshots and the files nothing refers to", async () => {
    await within(db, serviceRole, async (tx) => {
      const before = serviceSnapshot("Document Translation", "document-translation.webp");
      await save(tx, "service", 1, serviceColumns("Second", "second.webp"), 1, serviceSnapshot("Second", "second.webp"), before);
      // The about row shows the second photo: it stays referenced.
      await tx.query("update public.about set photoburl = 'second.webp'");
      const answer = await call<Record<string, unknown>>(tx, "public.push_remove_service(1)");
      expect(answer).toMatchObject({
        ok: true,
        row: { id: 1, title: "Second", photourl: "second.webp", version: 2 },
        unreferenced: ["document-translation.webp"],
      });
      expect(answer.versions).toHaveLength(2);
      expect((await tx.query("select count(*)::int as n from public.content_versions")).rows).toEqual([{ n: 0 }]);
      expect(await order(tx)).toEqual([2]);
      expect(await call(tx, "public.push_remove_service(1)")).toEqual({ ok: false });
    });
  });
});
