// Staff booking by phone and changing an appointment on the Supabase adapter (issue 25): whole routes, with the exact
// requests they make of Supabase — the booking's two calls (the id, then the booking with the customer's e-mail); a
// change of a requested appointment as one compare-and-set call; a change of a confirmed one that its interpreter
// cannot take (the candidates read, their address, then one call releasing it with both people's e-mails).
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { blockedBy } from "~/domain/appointment-times";
import { addDays } from "~/domain/availability";
import { COMPANY_TIME_ZONE } from "~/domain/orders";
import { instantOf, wallClockOf } from "~/domain/zoned-time";
import { changeValues } from "~/features/appointments/ChangePanel";
import { createRequestContext, routerContextFor } from "~/request/context.server";
import * as appointmentPage from "~/routes/dashboard/appointment";
import * as newPage from "~/routes/dashboard/appointment-new";
import { ADMIN, backendFor, double, idOf, INTERPRETER, ORIGIN, signIn, step, who } from "./helpers";

const GUARD = ["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"];
let cookie = "";
let languageId = 0;
let addresses = 0;

function post(path: string, fields: Record<string, string>, params: Record<string, string> = {}) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `10.219.0.${++addresses}` },
  });
  const ctx = createExecutionContext();
  return {
    args: { request, context: routerContextFor(createRequestContext(request, env, ctx)), params, pattern: path, url: new URL(request.url) } as never,
    ctx,
  };
}

async function book(startsAt: number) {
  const { from, to } = blockedBy({ start: startsAt, minutes: 60, mode: "video" });
  const booked = await backendFor().appointments.request(
    {
      contact: { name: "Ana Ruiz", email: "ana@example.com", phone: "+1 307 555 0100", organisation: "" },
      ...{ languageId, mode: "video", setting: "other", startsAt, minutes: 60, blockedFrom: from, blockedTo: to },
      ...{
        address: "",
        callNumber: "",
        notes: "",
        genderPreference: null,
        locale: "en",
        tokenHash: String(startsAt).padStart(64, "c").slice(-64),
        tokenSealed: "sealed",
      },
    },
    Date.now(),
  );
  if (!booked.ok) throw new Error(booked.reason);
  return booked.id;
}

/** A day `days` ahead on the company's calendar (inside the year a booking may be made for), and 10:00 on it. */
const dayAhead = (days: number) => addDays(wallClockOf(Date.now(), COMPANY_TIME_ZONE).date, days);
const tenOn = (date: string) => (instantOf({ date, time: "10:00" }, COMPANY_TIME_ZONE) as { instant: number }).instant;

const mails = async () =>
  (await double.table<{ kind: string; to_email: string; appointment_id: number }>("mail_outbox")).map((mail) => [mail.kind, mail.to_email]);

beforeAll(async () => {
  await double.reset();
  cookie = (await signIn(ADMIN)).cookie;
  languageId = (await backendFor().links.languages())[0]!.id;
});

describe("staff booking and changes on Supabase", () => {
  it("a booking by phone: the guard, the linked languages and the office's address, then the id and one booking call; the appointment's page next", async () => {
    const { args, ctx } = post("/Dashboard/Appointments/New", {
      ...{ language: String(languageId), mode: "video", setting: "business", date: dayAhead(30), time: "10:00", duration: "60" },
      ...{ address: "", callNumber: "", name: "Omar Haddad", email: "omar@example.com", phone: "+1 307 555 0101", organisation: "" },
      ...{ notes: "", gender: "", consent: "on", locale: "ar" },
    });
    const booked = await step(async () => {
      const answer = (await newPage.action(args)) as Response;
      await waitOnExecutionContext(ctx);
      return answer;
    });
    expect(booked.result.status).toBe(302);
    const names = who(booked.requests);
    expect(names.slice(0, 3)).toEqual(GUARD);
    const write = names.indexOf("rpc.push_request_appointment service");
    expect(names[write - 1]).toBe("rpc.push_next_appointment_id service");
    const [row] = await double.table<{ id: number; locale: string; contact_email: string }>("appointments");
    expect(row).toMatchObject({ locale: "ar", contact_email: "omar@example.com" });
    expect(booked.result.headers.get("Location")).toBe(`/Dashboard/Appointments/${row!.id}`);
    expect(await mails()).toContainEqual(["appointment-received", "omar@example.com"]);
  });

  it("a requested appointment's change: the appointment, then one compare-and-set call with the customer's notice", async () => {
    await double.reset();
    cookie = (await signIn(ADMIN)).cookie;
    const id = await book(tenOn(dayAhead(31)));
    const appointment = (await backendFor().appointments.get(id))!;
    const { args, ctx } = post(
      `/Dashboard/Appointments/${id}`,
      { intent: "change", ...changeValues(appointment), basedOn: "1", notes: "Bring the letter" },
      { appointmentId: String(id) },
    );
    const changed = await step(async () => {
      const answer = (await appointmentPage.action(args)) as Response;
      await waitOnExecutionContext(ctx);
      return answer;
    });
    expect(changed.result.status).toBe(302);
    expect(who(changed.requests).slice(0, 5)).toEqual([...GUARD, "rpc.push_get_appointment service", "rpc.push_change_appointment service"]);
    expect(await backendFor().appointments.get(id)).toMatchObject({ version: 2, notes: "Bring the letter" });
    expect(await mails()).toEqual([["appointment-changed", "ana@example.com"]]);
  });

  it("a confirmed one its interpreter cannot take: the candidates, their address, then one call releasing it, both people told", async () => {
    await double.reset();
    cookie = (await signIn(ADMIN)).cookie;
    const id = await book(tenOn(dayAhead(32)));
    const interpreter = await idOf(INTERPRETER);
    await backendFor().offers.offer(id, { basedOn: 1, interpreterIds: [interpreter], expiresAt: Date.now() + 3_600_000 }, Date.now());
    const [offer] = await backendFor().offers.forAppointment(id);
    expect(await backendFor().offers.accept(offer!.id, interpreter, Date.now())).toMatchObject({ ok: true });
    const appointment = (await backendFor().appointments.get(id))!;
    // No working hours on file: whatever the new time, they cannot take it.
    const { args, ctx } = post(
      `/Dashboard/Appointments/${id}`,
      { intent: "change", ...changeValues(appointment), basedOn: "3", time: "11:00" },
      { appointmentId: String(id) },
    );
    const changed = await step(async () => {
      const answer = (await appointmentPage.action(args)) as Response;
      await waitOnExecutionContext(ctx);
      return answer;
    });
    expect(changed.result.status).toBe(302);
    const names = who(changed.requests);
    expect(names.slice(0, 5)).toEqual([...GUARD, "rpc.push_get_appointment service", "rpc.push_availability_candidates service"]);
    // Then the write, once (what follows it is the outbox's relay, after the answer).
    const write = names.indexOf("rpc.push_change_appointment service");
    expect(write).toBeGreaterThan(4);
    expect(names.filter((name) => name === "rpc.push_change_appointment service")).toHaveLength(1);
    expect(names.slice(5, write).every((name) => !name.startsWith("rpc.push_") && !name.includes("mail_outbox"))).toBe(true);
    expect(await backendFor().appointments.get(id)).toMatchObject({ status: "requested", interpreter: null, version: 4 });
    expect((await mails()).filter(([kind]) => kind === "appointment-changed" || kind === "appointment-released")).toEqual([
      ["appointment-changed", "ana@example.com"],
      ["appointment-released", INTERPRETER],
    ]);
  });
});
