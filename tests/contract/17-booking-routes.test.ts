// /Book and the customer's page /Book/<token> on the Supabase adapter (issue 25): whole routes, with the exact requests
// they make of Supabase — a booking is read once and stored in one call with its e-mails, a refused one makes no
// request at all, and the customer's cancellation is one compare-and-set call.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { wallClockOf } from "~/domain/zoned-time";
import { createRequestContext, routerContextFor } from "~/request/context.server";
import * as book from "~/routes/public/book";
import * as bookIcs from "~/routes/public/book-ics";
import * as bookStatus from "~/routes/public/book-status";
import { backendFor, double, ORIGIN, step, who } from "./helpers";

const DAY = 24 * 3_600_000;
let address = 0;

/** A route's arguments for a request from a browser on our own site, each from an address of its own (its own limit). */
function routeArgs(path: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  address++;
  const headers = { Origin: ORIGIN, "CF-Connecting-IP": `10.217.0.${address}`, ...(init.headers as Record<string, string> | undefined) };
  const request = new Request(`${ORIGIN}${path}`, { ...init, headers });
  const ctx = createExecutionContext();
  const context = routerContextFor(createRequestContext(request, env, ctx));
  return { args: { request, context, params, pattern: path, url: new URL(request.url) } as never, ctx };
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});

let valid: Record<string, string> = {};

beforeAll(async () => {
  await double.reset();
  const language = (await backendFor().links.languages())[0]!;
  const { date } = wallClockOf(Date.now() + 7 * DAY, COMPANY_TIME_ZONE);
  valid = {
    ...{ language: String(language.id), mode: "video", setting: "legal", date, time: "10:00", duration: "90", address: "", callNumber: "" },
    ...{ name: "Ana Ruiz", email: "Ana@Example.com", phone: "+1 307 555 0100", organisation: "", notes: "", gender: "female", consent: "on" },
  };
});

describe("/Book on Supabase", () => {
  it("reads the linked languages once, then stores the booking and its e-mails in one call; the page reads it by its link", async () => {
    const { args, ctx } = routeArgs("/Book", form(valid));
    const booked = await step(async () => {
      const answer = (await book.action(args)) as Response;
      await waitOnExecutionContext(ctx);
      return answer;
    });
    expect(booked.result.status).toBe(302);
    const token = /\/Book\/([A-Za-z0-9_-]{43})\?received=1$/.exec(booked.result.headers.get("Location")!)![1]!;
    expect(who(booked.requests)).toEqual([
      "rpc.push_linked_languages service",
      "rest.company.read anon",
      "rpc.push_next_appointment_id service",
      "rpc.push_request_appointment service",
      // The relay right after the response: the booking's two mails, left waiting (no mail provider is configured here).
      "rest.mail_outbox.settle-abandoned service",
      "rest.mail_outbox.for-appointment service",
      "rest.mail_outbox.mark-waiting service",
      "rest.mail_outbox.mark-waiting service",
    ]);
    const [stored] = await double.table<{ contact_email: string; status: string; gender_preference: string; minutes: number }>("appointments");
    expect(stored).toMatchObject({ contact_email: "ana@example.com", status: "requested", gender_preference: "female", minutes: 90 });
    const mails = await double.table<{ kind: string; appointment_id: number; body: string }>("mail_outbox");
    expect(mails.map((mail) => mail.kind).sort()).toEqual(["appointment-new-for-staff", "appointment-received"]);
    expect(mails.every((mail) => !mail.body.includes(token))).toBe(true);

    const { args: pageArgs } = routeArgs(`/Book/${token}`, {}, { token });
    const page = await step(() => bookStatus.loader(pageArgs));
    expect(who(page.requests)).toEqual(["rpc.push_appointment_by_token service"]);
    expect((page.result as unknown as { data: { appointment: { status: string; minutes: number } } }).data.appointment).toMatchObject({
      status: "requested",
      minutes: 90,
    });

    // The .ics by the same link: one read, one event with its stable UID.
    const { args: icsArgs } = routeArgs(`/Book/${token}/appointment.ics`, {}, { token });
    const ics = await step(() => bookIcs.loader(icsArgs));
    expect(who(ics.requests)).toEqual(["rpc.push_appointment_by_token service"]);
    const text = await ics.result.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toMatch(/\r\nUID:appointment-\d+@push-languages\r\n/);
    expect(text).toContain("STATUS:TENTATIVE");

    const { args: cancelArgs, ctx: cancelCtx } = routeArgs(`/Book/${token}`, form({ intent: "cancel", basedOn: "1" }), { token });
    const cancelled = await step(async () => {
      const answer = (await bookStatus.action(cancelArgs)) as Response;
      await waitOnExecutionContext(cancelCtx);
      return answer;
    });
    expect(cancelled.result.status).toBe(302);
    expect(who(cancelled.requests)).toEqual([
      "rpc.push_appointment_by_token service",
      "rest.company.read anon",
      "rpc.push_cancel_appointment service",
      // The appointment's due mails after the response: the two cancellation notices and the booking's two, still waiting.
      "rest.mail_outbox.settle-abandoned service",
      "rest.mail_outbox.for-appointment service",
      ...Array<string>(4).fill("rest.mail_outbox.mark-waiting service"),
    ]);
    expect((await double.table<{ status: string }>("appointments"))[0]!.status).toBe("cancelled");
  });

  it("a refused booking makes no request of Supabase at all, and an unknown link reads nothing but its hash's row", async () => {
    const { args } = routeArgs("/Book", form({ ...valid, date: wallClockOf(Date.now() - DAY, COMPANY_TIME_ZONE).date }));
    const refused = await step(() => book.action(args));
    expect((refused.result as unknown as { init: { status: number } }).init.status).toBe(400);
    expect(refused.requests).toEqual([]);
    const token = "B".repeat(43);
    const { args: pageArgs } = routeArgs(`/Book/${token}`, {}, { token });
    const unknown = await step(() => bookStatus.loader(pageArgs).catch((thrown: unknown) => thrown));
    expect((unknown.result as { init: { status: number } }).init.status).toBe(404);
    expect(who(unknown.requests)).toEqual(["rpc.push_appointment_by_token service"]);
  });
});
