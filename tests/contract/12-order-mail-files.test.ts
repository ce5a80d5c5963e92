// Order e-mails (mail_outbox, relayed as the contact outbox is) and orders' private files (a private Storage bucket)
// through the Supabase adapter: the exact requests, the service role on each, and what the double holds after them.
import { beforeEach, describe, expect, it } from "vitest";
import type { NewMail } from "~/domain/mail";
import { DoubleStorage } from "../support/supabase-double/storage";
import { backendFor, double, paramsOf, pathOf, probe, step, who } from "./helpers";

const T0 = 1_750_000_000_000;

beforeEach(() => double.reset());

describe("order e-mails", () => {
  const mail = () => backendFor().mail;
  const mails = (orderId: number | null): NewMail[] => [
    { kind: "order-received", to: "lena@example.com", subject: "We have your request", body: "Your link: …", orderId },
    { kind: "order-new-for-staff", to: "office@example.com", subject: "New quote request", body: "From Lena", orderId },
  ];

  it("enqueue stores the mails of one event in one insert, pending and due at once; with none, no request", async () => {
    const { requests } = await step(() => mail().enqueue(mails(null), T0));
    expect(who(requests)).toEqual(["rest.mail_outbox.enqueue service"]);
    expect(paramsOf(requests[0]!)).toEqual({ columns: '"kind","to_email","subject","body","order_id","created_at","next_attempt_at"' });
    expect(await double.table("mail_outbox")).toEqual([
      expect.objectContaining({
        id: 1,
        kind: "order-received",
        to_email: "lena@example.com",
        status: "pending",
        attempts: 0,
        created_at: T0,
        next_attempt_at: T0,
        order_id: null,
      }),
      expect.objectContaining({ id: 2, kind: "order-new-for-staff", to_email: "office@example.com", status: "pending" }),
    ]);
    expect((await step(() => mail().enqueue([], T0))).requests).toEqual([]);
  });

  it("forOrder lists an order's mails newest first", async () => {
    const order = await backendFor().orders.create(
      {
        customer: { name: "Lena", email: "lena@example.com", phone: "", company: "" },
        serviceId: 1,
        sourceLanguageId: 1,
        targetLanguageIds: [2],
        deadline: "2031-01-01",
        details: "",
        locale: "en",
        tokenHash: "a".repeat(64),
        tokenSealed: "sealed",
        files: [],
      },
      T0,
    );
    if (!order.ok) throw new Error(order.reason);
    await mail().enqueue(mails(order.id), T0);
    await mail().enqueue(mails(null), T0 + 1);
    const { result, requests } = await step(() => mail().forOrder(order.id));
    expect(who(requests)).toEqual(["rest.mail_outbox.for-order service"]);
    expect(paramsOf(requests[0]!)).toMatchObject({ order_id: `eq.${order.id}`, order: "created_at.desc,id.desc" });
    expect(result.map((item) => [item.id, item.kind, item.orderId])).toEqual([
      [2, "order-new-for-staff", order.id],
      [1, "order-received", order.id],
    ]);
  });

  it("are relayed as the contact outbox is: due, a claim, a failed attempt, sent; waiting without a provider", async () => {
    await mail().enqueue(mails(null), T0);
    const due = await step(() => mail().due(T0, 10));
    expect(who(due.requests)).toEqual(["rest.mail_outbox.due service"]);
    expect(due.result.map((item) => item.id)).toEqual([1, 2]);

    const claim = await step(() => mail().claim(1, T0, 60_000));
    expect(who(claim.requests)).toEqual(["rest.mail_outbox.claim service"]);
    expect(await mail().claim(1, T0, 60_000)).toBeNull();
    const failed = await step(() => mail().markAttemptFailed(1, claim.result!, "503: down", T0 + 60_000));
    expect(who(failed.requests)).toEqual(["rest.mail_outbox.attempts service", "rest.mail_outbox.mark-failed service"]);
    const got = await step(() => mail().get(1));
    expect(who(got.requests)).toEqual(["rest.mail_outbox.get service"]);
    expect(got.result).toMatchObject({ status: "pending", attempts: 1, lastError: "503: down", nextAttemptAt: T0 + 60_000 });

    const again = (await mail().claim(1, T0 + 60_000, 60_000))!;
    const sent = await step(() => mail().markSent(1, again, T0 + 60_001));
    expect(who(sent.requests)).toEqual(["rest.mail_outbox.attempts service", "rest.mail_outbox.mark-sent service"]);
    expect(await mail().get(1)).toMatchObject({ status: "sent", attempts: 2, lastError: null, sentAt: T0 + 60_001 });

    const waiting = await step(() => mail().markWaiting(2, "Mail provider not configured"));
    expect(who(waiting.requests)).toEqual(["rest.mail_outbox.mark-waiting service"]);
    expect(await mail().get(2)).toMatchObject({ status: "pending", attempts: 0, lastError: "Mail provider not configured" });
  });
});

describe("orders' files: the private bucket, with the service role", () => {
  const files = () => backendFor().files;
  const bytes = new TextEncoder().encode("%PDF-1.7 a small test file\n%%EOF");
  const key = () => `orders/${crypto.randomUUID()}`;

  it("put uploads the bytes under their key with their type, never replacing an object; the images' bucket is untouched", async () => {
    const name = key();
    const images = await double.objects();
    const { requests } = await step(() => files().put(name, bytes, "application/pdf"));
    expect(who(requests)).toEqual(["storage.files.upload service"]);
    expect(requests[0]).toMatchObject({ method: "POST", status: 200 });
    expect(pathOf(requests[0]!)).toBe(`/storage/v1/object/order-files/${name}`);
    expect(await double.file(name)).toEqual({ contentType: "application/pdf", bytes });
    expect(await double.files()).toEqual([expect.objectContaining({ bucket: "order-files", name, size: bytes.length, seeded: false })]);
    expect(await double.objects()).toEqual(images);
    await expect(step(() => files().put(name, new Uint8Array([1]), "application/pdf"))).rejects.toThrow("The resource already exists");
    expect((await double.file(name))?.bytes).toEqual(bytes);
  });

  it("get downloads an object's bytes and size; a key that is not there is null", async () => {
    const name = key();
    await files().put(name, bytes, "application/pdf");
    const { result, requests } = await step(() => files().get(name));
    expect(who(requests)).toEqual(["storage.files.download service"]);
    expect(pathOf(requests[0]!)).toBe(`/storage/v1/object/order-files/${name}`);
    expect(result!.size).toBe(bytes.length);
    expect(new Uint8Array(await new Response(result!.body).arrayBuffer())).toEqual(bytes);
    const missing = await step(() => files().get(key()));
    expect(missing.result).toBeNull();
    expect(who(missing.requests)).toEqual(["storage.files.download service"]);
  });

  it("remove deletes the listed keys in one call; a key already gone is no error; nothing to remove, no call", async () => {
    const [a, b] = [key(), key()];
    await files().put(a, bytes, "application/pdf");
    await files().put(b, bytes, "text/plain; charset=utf-8");
    const { requests } = await step(() => files().remove([a, b, key()]));
    expect(who(requests)).toEqual(["storage.files.remove service"]);
    expect(pathOf(requests[0]!)).toBe("/storage/v1/object/order-files");
    expect(await double.files()).toEqual([]);
    expect((await step(() => files().remove([]))).requests).toEqual([]);
  });

  it("has no public URL: asking for one is not an allowed request, and Storage would not serve a private bucket's object", async () => {
    const name = key();
    await files().put(name, bytes, "application/pdf");
    const response = await probe(`/storage/v1/object/public/order-files/${name}`);
    expect(response.status).toBe(400);
    expect((await double.requests((await double.lastSeq()) - 1))[0]).toMatchObject({ shape: null, probe: true });
    const storage = new DoubleStorage("media", "order-files");
    storage.handle({
      method: "POST",
      path: `/object/order-files/${name}`,
      headers: { "content-type": "application/pdf" },
      body: undefined,
      bytes: Buffer.from(bytes),
    });
    const served = storage.handle({ method: "GET", path: `/object/public/order-files/${name}`, headers: {}, body: undefined, bytes: Buffer.alloc(0) });
    expect(served.status).toBe(400);
    expect(JSON.parse(String(served.body))).toEqual({ statusCode: "404", error: "Bucket not found", message: "Bucket not found" });
  });
});
