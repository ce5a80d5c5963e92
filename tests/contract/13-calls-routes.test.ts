// The call routes on the Supabase adapter (issues 21, 22): who may take calls, the call link made by the dashboard's
// form and read by /Call, and a live call's room — whole routes, with the exact requests they make of Supabase.
import { createExecutionContext, env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createRequestContext, routerContextFor } from "~/request/context.server";
import * as callsPage from "~/routes/dashboard/incoming-calls";
import * as callPage from "~/routes/public/call";
import * as callRoom from "~/routes/dashboard/call-room";
import { roomToken } from "~/features/calls/room-token.server";
import { handleCallSocket } from "../../workers/calls";
import { arabic, interpreter, resetCalls } from "./calls-helpers";
import { ADMIN, backendFor, bindings, bookedCustomer, INTERPRETER, ORIGIN, signIn, step, who } from "./helpers";

beforeEach(resetCalls);

describe("who may take calls (issue 22)", () => {
  it("reads the live sessions and the links of the people on the board with the service role, and keys sessions as the session list does", async () => {
    const { cookie } = await signIn(INTERPRETER);
    const listed = (await backendFor(cookie).auth.sessions()).find((session) => session.current)!.key;
    const { result, requests } = await step(() => backendFor().links.callReadiness([interpreter, "00000000-0000-4000-8000-000000000000"]));
    expect(who(requests).sort()).toEqual(["rest.session_devices.call-readiness service", "rest.user_languages.call-readiness service"]);
    expect(result).toHaveLength(1);
    expect(result[0]!.id).toBe(interpreter);
    expect(result[0]!.sessions).toContain(listed);
    const own = (await backendFor(cookie).links.forUser(interpreter)).map((language) => language.id);
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(result[0]!.languages)).toEqual(new Set(own));
  });
});

// The call link for a named customer: made by the dashboard's form and read by /Call, whole routes on this adapter.
describe("call links", () => {
  const routeArgs = (path: string, init: RequestInit = {}) => {
    const request = new Request(`${ORIGIN}${path}`, init);
    const context = routerContextFor(createRequestContext(request, env, createExecutionContext()));
    return { request, context, params: {}, pattern: path, url: new URL(request.url) } as never;
  };

  it("the form checks the administrator, then reads the linked languages once; /Call with the link reads them once", async () => {
    const { cookie } = await signIn(ADMIN);
    const body = new URLSearchParams({ intent: "call-link", name: "Maria López", language: String(arabic), type: "video", validFor: "1", locale: "ar" });
    const headers = { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" };
    const made = await step(() => callsPage.action(routeArgs("/Dashboard/Dashboardcall", { method: "POST", headers, body })));
    // The guard (session, device, the user's row), then the languages someone is linked to, in one call (issue 23).
    const linkedLanguages = ["rpc.push_linked_languages service"];
    expect(who(made.requests)).toEqual(["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user", ...linkedLanguages]);
    const link = new URL((made.result as unknown as { data: { created: { url: string } } }).data.created.url);
    expect(link.pathname).toBe("/ar/Call");

    const opened = await step(() => callPage.loader(routeArgs(`${link.pathname}${link.search}`)));
    expect(who(opened.requests)).toEqual(linkedLanguages);
    expect((opened.result as unknown as { data: { link: unknown } }).data.link).toEqual({
      state: "ok",
      token: link.searchParams.get("link"),
      name: "Maria López",
      languageId: arabic,
      language: "Arabic",
      type: "video",
      customerId: null,
    });
  });

  it("a link billed to a customer finds them by e-mail in one more read, and /Call carries them to the caller socket", async () => {
    const customerId = await bookedCustomer({ name: "Harbor Legal", email: "calls@harbor.example" }, arabic, Date.UTC(2034, 0, 10, 16), "d".repeat(64));
    const { cookie } = await signIn(ADMIN);
    const fields = { intent: "call-link", name: "Harbor Legal", language: String(arabic), type: "audio", validFor: "24", locale: "en" };
    const body = new URLSearchParams({ ...fields, customer: "Calls@Harbor.example" });
    const headers = { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" };
    const made = await step(() => callsPage.action(routeArgs("/Dashboard/Dashboardcall", { method: "POST", headers, body })));
    expect(who(made.requests).slice(3)).toEqual(["rpc.push_linked_languages service", "rpc.push_list_customers service"]);
    const link = new URL((made.result as unknown as { data: { created: { url: string } } }).data.created.url);
    const opened = await step(() => callPage.loader(routeArgs(`${link.pathname}${link.search}`)));
    expect((opened.result as unknown as { data: { link: unknown } }).data.link).toMatchObject({ state: "ok", customerId });
  });
});

// A live call's room (issue 21): the interpreter who accepted is admitted by their own session, read through this
// adapter; the caller by the room's cookie, with no request to Supabase at all; anyone else gets 403.
describe("call rooms", () => {
  const routeArgs = (path: string, cookie?: string) => {
    const request = new Request(`${ORIGIN}${path}`, cookie ? { headers: { Cookie: cookie } } : {});
    const context = routerContextFor(createRequestContext(request, env, createExecutionContext()));
    return { request, context, params: { roomId: path.split("/")[2] }, pattern: path, url: new URL(request.url) } as never;
  };
  const openRoom = async () => {
    const roomId = crypto.randomUUID();
    const switchboardId = env.CALLS.idFromName(`contract-${roomId}`).toString();
    await env.CALL_ROOMS.get(env.CALL_ROOMS.idFromName(roomId)).open({ callId: roomId, interpreterId: interpreter, answeredAt: Date.now(), switchboardId });
    return roomId;
  };

  it("admits the interpreter who accepted by their session; another staff member and a signed-out visitor get 403", async () => {
    const roomId = await openRoom();
    const staff = (await signIn(INTERPRETER)).cookie;
    const admitted = await step(() => callRoom.loader(routeArgs(`/call-room/${roomId}`, staff)));
    expect(who(admitted.requests)).toEqual(["auth.user.get user", "rest.session_devices.seen service", "rest.users.me user"]);
    expect(admitted.result).toMatchObject({ kind: "live", live: { party: "interpreter", ended: false } });
    const other = (await signIn(ADMIN)).cookie;
    await expect(callRoom.loader(routeArgs(`/call-room/${roomId}`, other))).rejects.toMatchObject({ init: { status: 403 } });
    const anonymous = await step(() => callRoom.loader(routeArgs(`/call-room/${roomId}`)).catch((refusal: unknown) => refusal));
    expect(anonymous.result).toMatchObject({ init: { status: 403 } });
  });

  it("admits the caller by the room's cookie without asking Supabase anything", async () => {
    const roomId = await openRoom();
    const key = await roomToken(bindings.SESSION_SECRET, roomId, "caller");
    const entered = await handleCallSocket(
      new Request(`${ORIGIN}/api/calls/room/${roomId}/enter`, { method: "POST", headers: { Origin: ORIGIN }, body: new URLSearchParams({ key }) }),
      env,
    );
    expect(entered.status).toBe(303);
    const cookie = entered.headers.getSetCookie()[0]!.split(";")[0]!;
    const admitted = await step(() => callRoom.loader(routeArgs(`/call-room/${roomId}`, cookie)));
    expect(admitted.requests).toEqual([]);
    expect(admitted.result).toMatchObject({ kind: "live", live: { party: "caller" } });
  });
});
