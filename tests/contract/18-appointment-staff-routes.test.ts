// The staff's appointment screens on the Supabase adapter (issue 25): the list page with its week, one appointment,
// and cancelling it with a reason — whole routes, with the exact requests they make of Supabase.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { createRequestContext, routerContextFor } from "~/request/context.server";
import * as appointmentPage from "~/routes/dashboard/appointment";
import * as appointmentsPage from "~/routes/dashboard/appointments";
import { ADMIN, backendFor, double, ORIGIN, signIn, step, who } from "./helpers";

const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
let cookie = "";
let id = 0;

function routeArgs(path: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  const request = new Request(`${ORIGIN}${path}`, { ...init, headers: { Cookie: cookie, Origin: ORIGIN, ...(init.headers as Record<string, string>) } });
  const ctx = createExecutionContext();
  return {
    args: { request, context: routerContextFor(createRequestContext(request, env, ctx)), params, pattern: path, url: new URL(request.url) } as never,
    ctx,
  };
}

beforeAll(async () => {
  await double.reset();
  cookie = (await signIn(ADMIN)).cookie;
  const language = (await backendFor().links.languages())[0]!;
  const startsAt = Date.parse("2031-09-09T16:00:00Z");
  const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
  const booked = await backendFor().appointments.request(
    {
      contact: { name: "Ana Ruiz", email: "ana@example.com", phone: "+1 307 555 0100", organisation: "" },
      ...{ languageId: language.id, mode: "video", setting: "legal", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
      ...{ address: "", callNumber: "", notes: "", genderPreference: null, locale: "en", tokenHash: "c".repeat(64), tokenSealed: "sealed" },
    },
    Date.now(),
  );
  if (!booked.ok) throw new Error(booked.reason);
  id = booked.id;
});

describe("the staff's appointment screens on Supabase", () => {
  it("the list page: the guard, then the page of the list, the week, the languages and the person field's first suggestions", async () => {
    const { args } = routeArgs("/Dashboard/Appointments?week=2031-09-09&from=2031-09-01&to=2031-09-30");
    const page = await step(() => appointmentsPage.loader(args));
    expect(who(page.requests).slice(0, 3)).toEqual(GUARD);
    expect(who(page.requests).slice(3).sort()).toEqual(
      ["rest.languages.list service", "rest.users.options service", "rpc.push_appointments_between service", "rpc.push_list_appointments service"].sort(),
    );
    const data = page.result as unknown as { page: { value: { items: { id: number }[] } }; calendar: { value: { id: number }[] } };
    expect(data.page.value.items.map((item) => item.id)).toEqual([id]);
    expect(data.calendar.value.map((item) => item.id)).toEqual([id]);
  });

  it("one appointment, and its cancellation with a reason: one compare-and-set call with the customer's e-mail", async () => {
    const params = { appointmentId: String(id) };
    const { args } = routeArgs(`/Dashboard/Appointments/${id}`, {}, params);
    const shown = await step(() => appointmentPage.loader(args));
    // While it is to be filled, who can take it (the candidates in one call), its offers, since when it is unfilled and
    // its record (after the appointment), asked side by side.
    expect(who(shown.requests).slice(0, 4)).toEqual([...GUARD, "rpc.push_get_appointment service"]);
    expect(who(shown.requests).slice(4).sort()).toEqual(
      [
        "rpc.push_availability_candidates service",
        "rpc.push_appointment_offers service",
        "rpc.push_unfilled_since service",
        "rpc.push_appointment_record service",
      ].sort(),
    );
    expect(JSON.stringify(shown.result)).not.toContain("sealed");

    const body = new URLSearchParams({ intent: "cancel", basedOn: "1", reason: "The hearing moved." });
    const { args: post, ctx } = routeArgs(
      `/Dashboard/Appointments/${id}`,
      { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body },
      params,
    );
    const cancelled = await step(async () => {
      const answer = (await appointmentPage.action(post)) as Response;
      await waitOnExecutionContext(ctx);
      return answer;
    });
    expect(cancelled.result.status).toBe(302);
    expect(who(cancelled.requests).slice(0, 5)).toEqual([...GUARD, "rpc.push_get_appointment service", "rpc.push_cancel_appointment service"]);
    const [row] = await double.table<{ status: string; cancel_reason: string; cancelled_by: string }>("appointments");
    expect(row).toMatchObject({ status: "cancelled", cancel_reason: "The hearing moved.", cancelled_by: "staff" });
    const mails = await double.table<{ kind: string; to_email: string; body: string }>("mail_outbox");
    expect(mails.filter((mail) => mail.kind === "appointment-cancelled").map((mail) => mail.to_email)).toEqual(["ana@example.com"]);
  });
});
