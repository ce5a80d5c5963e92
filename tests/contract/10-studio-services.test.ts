// The content studio's services through the Supabase adapter (docs/decisions/0015): adding, moving and removing a
// service, each ONE function call — the exact requests, the credentials they carry, and the order, versions and
// files left behind.
import { beforeEach, describe, expect, it } from "vitest";
import type { ServiceFields } from "~/domain/studio";
import { ADMIN, backendFor, double, pathOf, step, who } from "./helpers";
import { photo, rowOf, serviceFields, versionsOf } from "./studio-helpers";

beforeEach(() => double.reset());

describe("services: create, move, remove — one function call each", () => {
  it("createService: last in the order, version 1, its first state kept", async () => {
    const fields = serviceFields("Sign Language");
    const { result, requests } = await step(() => backendFor().studio.createService(fields, ADMIN));
    expect(result).toEqual({ id: 7 });
    expect(who(requests)).toEqual(["rpc.push_create_service service"]);
    expect(pathOf(requests[0]!)).toBe("/rest/v1/rpc/push_create_service");
    expect(await rowOf("services", 7)).toMatchObject({
      title: "Sign Language",
      photourl: fields.photo!.file,
      photo_alt: fields.photo!.alt,
      photo_width: 640,
      position: 7,
      version: 1,
    });
    expect(await versionsOf("service", 7)).toEqual([expect.objectContaining({ version: 1, snapshot: fields, saved_by: ADMIN })]);
    expect((await backendFor().content.services()).at(-1)).toMatchObject({ id: 7, title: "Sign Language" });
  });

  it("createService after a service added by hand without a position: still last (the order is renumbered first)", async () => {
    await double.patch("services", { id: 3 }, { position: null });
    const { id } = await backendFor().studio.createService(serviceFields("Appended"), ADMIN);
    expect((await backendFor().studio.services()).map((service) => service.id)).toEqual([1, 2, 4, 5, 6, 3, id]);
  });

  it("moveService swaps with the neighbour and rewrites positions 1..n; false at the ends and for no such service", async () => {
    const { result, requests } = await step(() => backendFor().studio.moveService(3, "up"));
    expect(result).toBe(true);
    expect(who(requests)).toEqual(["rpc.push_move_service service"]);
    expect((await backendFor().content.services()).map((service) => service.id)).toEqual([1, 3, 2, 4, 5, 6]);
    expect(
      (await double.table<{ id: number; position: number }>("services")).sort((a, b) => a.position - b.position).map((row) => [row.id, row.position]),
    ).toEqual([
      [1, 1],
      [3, 2],
      [2, 3],
      [4, 4],
      [5, 5],
      [6, 6],
    ]);

    expect(await backendFor().studio.moveService(3, "down")).toBe(true);
    expect((await backendFor().studio.services()).map((service) => service.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await backendFor().studio.moveService(1, "up")).toBe(false);
    expect(await backendFor().studio.moveService(6, "down")).toBe(false);
    expect(await backendFor().studio.moveService(999, "up")).toBe(false);
    // A move changes the order only: no version of anything.
    expect(await double.table("content_versions")).toEqual([]);
  });

  it("moveService turns gaps and ties into a clean order", async () => {
    await double.patch("services", { id: 1 }, { position: 10 });
    await double.patch("services", { id: 2 }, { position: 10 });
    expect(await backendFor().studio.moveService(5, "down")).toBe(true);
    expect((await double.table<{ id: number; position: number }>("services")).sort((a, b) => a.position - b.position).map((row) => row.id)).toEqual([
      3, 4, 6, 5, 1, 2,
    ]);
  });

  it("removeService: the service and its versions go; its files nothing else refers to are answered", async () => {
    const kept = photo();
    const { id } = await backendFor().studio.createService(serviceFields("Short-lived", photo()), ADMIN);
    await backendFor().studio.save("service", id, serviceFields("Short-lived", kept), 1, ADMIN);
    const [firstVersion] = await versionsOf("service", id);
    // Another service now shows the photo of the current state.
    await double.patch("services", { id: 1 }, { photourl: kept.file });

    const { result, requests } = await step(() => backendFor().studio.removeService(id));
    expect(result).toEqual({ ok: true, title: "Short-lived", orphans: [{ folder: "Services", file: (firstVersion!.snapshot as ServiceFields).photo!.file }] });
    expect(who(requests)).toEqual(["rpc.push_remove_service service"]);
    expect(await rowOf("services", id)).toBeUndefined();
    expect(await versionsOf("service", id)).toEqual([]);
    expect(await backendFor().studio.removeService(id)).toEqual({ ok: false, reason: "not-found" });
  });
});
