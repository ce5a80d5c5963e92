// supabase/migrations/20261129000000_push_order_files_private.sql on real Postgres (issue 22): only the service role
// reaches the objects of the private `order-files` bucket, even in a project whose own policies allow everyone
// everything in Storage. Media stays as the project's policies have it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anon, asSuperuser, createMigrated, fileDatabase, run, serviceRole, signedIn, type Actor } from "./support/db";

const SOMEONE = signedIn("7c9e6679-7425-40de-944b-e07fc1f90ae7", "a signed-in account");
const FILE = "orders/1/contract.pdf";

const db = fileDatabase(createMigrated, async () => {
  await asSuperuser(db, "insert into storage.buckets (id, name, public) values ('media', 'media', true)");
  await asSuperuser(db, `insert into storage.objects (bucket_id, name) values ('order-files', '${FILE}'), ('media', 'Home/hero.webp')`);
});

const objectsSeenBy = async (actor: Actor, bucket: string) => {
  const outcome = await run(db, actor, "select name from storage.objects where bucket_id = $1", [bucket]);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.rows.map((row) => row.name);
};

describe("the order-files bucket", () => {
  it("is private after the migrations", async () => {
    expect(await asSuperuser(db, "select public from storage.buckets where id = 'order-files'")).toEqual([{ public: false }]);
  });

  it("is reached by the service role (the worker)", async () => {
    expect(await objectsSeenBy(serviceRole, "order-files")).toEqual([FILE]);
    const upload = await run(db, serviceRole, "insert into storage.objects (bucket_id, name) values ('order-files', 'orders/2/a.pdf')");
    expect(upload).toMatchObject({ ok: true, affected: 1 });
  });

  describe("even where the project's own policy lets everyone do everything in Storage", () => {
    beforeAll(async () => {
      await asSuperuser(db, `create policy "project: everything for everyone" on storage.objects for all to public using (true) with check (true)`);
    });
    afterAll(async () => {
      await asSuperuser(db, `drop policy "project: everything for everyone" on storage.objects`);
    });

    it.each([
      ["anon", anon],
      ["authenticated", SOMEONE],
    ] as const)("%s reads, adds, changes and removes nothing in order-files; media stays as the project allows", async (_, actor) => {
      expect(await objectsSeenBy(actor, "order-files")).toEqual([]);
      expect(await objectsSeenBy(actor, "media")).toEqual(["Home/hero.webp"]);
      const added = await run(db, actor, "insert into storage.objects (bucket_id, name) values ('order-files', 'orders/1/planted.pdf')");
      expect(added).toMatchObject({ ok: false, code: "42501" });
      const moved = await run(db, actor, "update storage.objects set bucket_id = 'order-files' where bucket_id = 'media'");
      expect(moved).toMatchObject({ ok: false, code: "42501" });
      expect(await run(db, actor, "update storage.objects set name = 'renamed.pdf' where bucket_id = 'order-files'")).toMatchObject({ ok: true, affected: 0 });
      expect(await run(db, actor, "delete from storage.objects where bucket_id = 'order-files'")).toMatchObject({ ok: true, affected: 0 });
    });
  });

  it.each([
    ["anon", anon],
    ["authenticated", SOMEONE],
  ] as const)("without any project policy, %s reaches no object at all", async (_, actor) => {
    expect(await objectsSeenBy(actor, "order-files")).toEqual([]);
    expect(await objectsSeenBy(actor, "media")).toEqual([]);
  });
});
