// A call billed to a customer never rings an interpreter their organisation blocks (issue 27), through the worker's
// call sockets (workers/calls.ts → the switchboard Durable Object in workerd): Clinic A blocks the seeded interpreter;
// a call by a Clinic A customer's call link, or by a Clinic A requester from /Call, rings Oli and never them — not when
// it is rung, not when they come back Available while it waits. A call of a walk-in's link rings both.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { callLinkToken } from "~/features/calls/call-link.server";
import { handleCallSocket } from "../../workers/calls";
import { backendFor, cookieOf, idOf, languageId, seed } from "./helpers";
import { addRequester } from "./requester-fixture";
import { accepted, firstMessage, socketRequest } from "./sockets";

const HOUR = 3_600_000;
const PASSWORD = "calls-Password-1";
let spanish = 0;
let clinicCustomer = 0;
let walkInCustomer = 0;
let clinicCookie = "";

/** Every message a socket receives, kept in order. */
function recorded(ws: WebSocket) {
  const messages: Record<string, unknown>[] = [];
  ws.addEventListener("message", (event) => messages.push(JSON.parse(String(event.data)) as Record<string, unknown>));
  return messages;
}
const rangWith = (messages: Record<string, unknown>[], callerName: string) =>
  messages.some((message) => message.type === "ringing" && (message.calls as { callerName: string }[]).some((call) => call.callerName === callerName));

async function availableInterpreter(cookie: string) {
  const ws = accepted(await handleCallSocket(socketRequest("/api/calls/interpreter", { Cookie: cookie }), env));
  const messages = recorded(ws);
  const available = firstMessage(ws, "presence", (message) => message.available === true);
  ws.send(JSON.stringify({ type: "availability", available: true }));
  await available;
  return { ws, messages };
}

async function ringByLink(name: string, customerId: number | null, address: string) {
  const token = await callLinkToken(env.SESSION_SECRET, { name, languageId: spanish, type: "audio", expiresAt: Date.now() + HOUR, customerId });
  return accepted(await handleCallSocket(socketRequest(`/api/calls/caller?link=${encodeURIComponent(token)}`, { "CF-Connecting-IP": address }), env));
}

beforeAll(async () => {
  await seed();
  spanish = await languageId("Spanish");
  const oli = await backendFor().interpreters.create({ fullName: "Oli Calls", gender: "", email: "oli.calls@example.com", phone: "", password: PASSWORD });
  if (!oli.ok) throw new Error(oli.reason);
  await backendFor().links.link(oli.id, spanish);
  const clinic = await addRequester({ organisation: "Clinic A", email: "calls@clinic-a.example" });
  clinicCustomer = clinic.customerId;
  clinicCookie = await cookieOf(clinic.email, clinic.password);
  await backendFor().preferences.set(clinic.organisationId, await idOf("interpreter@example.com"), "blocked", "staff", Date.now());
  walkInCustomer = (await env.DB.prepare(
    "INSERT INTO customers (name, email, created_at) VALUES ('Walk In', 'walk.in.calls@example.com', 0) RETURNING id",
  ).first<{
    id: number;
  }>())!.id;
});

describe("a call billed to Clinic A (by a call link, or by a requester)", () => {
  it("rings Oli, never the interpreter Clinic A blocks — also when they come back Available while it waits", async () => {
    const blocked = await availableInterpreter(await cookieOf("interpreter@example.com"));
    const oli = await availableInterpreter(await cookieOf("oli.calls@example.com", PASSWORD));
    const oliRang = firstMessage(oli.ws, "ringing", (message) => (message.calls as unknown[]).length > 0);
    const caller = await ringByLink("Clinic A caller", clinicCustomer, "203.0.113.130");
    const waiting = firstMessage(caller, "waiting");
    await oliRang;
    expect(await waiting).toMatchObject({ interpreters: 1 });

    const back = firstMessage(blocked.ws, "presence", (message) => message.available === true);
    blocked.ws.send(JSON.stringify({ type: "availability", available: false }));
    blocked.ws.send(JSON.stringify({ type: "availability", available: true }));
    await back;
    expect(rangWith(blocked.messages, "Clinic A caller")).toBe(false);
    expect(rangWith(oli.messages, "Clinic A caller")).toBe(true);
    caller.send(JSON.stringify({ type: "cancel" }));
    for (const person of [blocked, oli]) person.ws.send(JSON.stringify({ type: "availability", available: false }));
  });

  it("a Clinic A requester's own call (no link) rings Oli, never the interpreter Clinic A blocks", async () => {
    const blocked = await availableInterpreter(await cookieOf("interpreter@example.com"));
    const oli = await availableInterpreter(await cookieOf("oli.calls@example.com", PASSWORD));
    const oliRang = firstMessage(oli.ws, "ringing", (message) => (message.calls as unknown[]).length > 0);
    const path = `/api/calls/caller?language=${spanish}&type=audio&name=ignored`;
    const caller = accepted(await handleCallSocket(socketRequest(path, { "CF-Connecting-IP": "203.0.113.132", Cookie: clinicCookie }), env));
    const waiting = firstMessage(caller, "waiting");
    await oliRang;
    expect(await waiting).toMatchObject({ interpreters: 1 });
    const callerName = "calls";
    expect(rangWith(oli.messages, callerName)).toBe(true);
    expect(rangWith(blocked.messages, callerName)).toBe(false);
    caller.send(JSON.stringify({ type: "cancel" }));
    for (const person of [blocked, oli]) person.ws.send(JSON.stringify({ type: "availability", available: false }));
  });

  it("a walk-in's call link rings both", async () => {
    const blocked = await availableInterpreter(await cookieOf("interpreter@example.com"));
    const oli = await availableInterpreter(await cookieOf("oli.calls@example.com", PASSWORD));
    const rang = [blocked, oli].map((person) => firstMessage(person.ws, "ringing", (message) => (message.calls as unknown[]).length > 0));
    const caller = await ringByLink("Walk-in caller", walkInCustomer, "203.0.113.131");
    await Promise.all(rang);
    expect(rangWith(blocked.messages, "Walk-in caller")).toBe(true);
    caller.send(JSON.stringify({ type: "cancel" }));
    for (const person of [blocked, oli]) person.ws.send(JSON.stringify({ type: "availability", available: false }));
  });
});
