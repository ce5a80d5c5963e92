// An interpreter's incoming-call screen lives as long as the session it was opened with (issue 22). Before, the
// session was checked only when the socket opened, and the heartbeat kept it alive for days: signed out, signed out
// from another device, or after a password change or reset, the screen went on ringing and could accept.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { switchboardOf } from "~/features/calls/switchboard.server";
import * as resetPassword from "~/routes/auth/reset-password";
import * as logout from "~/routes/auth/logout";
import * as profile from "~/routes/dashboard/profile";
import { handleCallSocket } from "../../workers/calls";
import { asResponse, backendFor, cookieOf, seed } from "./helpers";
import { addressesIn, browser, ORIGIN } from "./requests";
import { accepted, firstMessage, socketRequest } from "./sockets";

const PASSWORD = "first-Password-1";
/** The bound: a screen stops receiving calls within 5 s of the session's end. */
const WITHIN_MS = 5_000;

beforeAll(seed);

let counter = 0;
/** A new interpreter linked to a language of their own. */
async function interpreter() {
  const email = `sessions-${++counter}-${Date.now().toString(36)}@example.com`;
  const created = await backendFor().interpreters.create({
    fullName: `Session Person ${counter}`,
    gender: "Man",
    email,
    phone: "+1 307 555 0191",
    password: PASSWORD,
  });
  if (!created.ok) throw new Error("could not create the person");
  const { meta } = await env.DB.prepare("INSERT INTO languages (name) VALUES (?)").bind(`Language ${counter} ${Date.now()}`).run();
  const languageId = Number(meta.last_row_id);
  if (!(await backendFor().links.link(created.id, languageId)).ok) throw new Error("could not link the person");
  return { email, name: `Session Person ${counter}`, languageId };
}

/** A device of theirs: its own session, and its incoming-call screen open and Available. */
async function device(email: string) {
  const cookie = await cookieOf(email, PASSWORD);
  const ws = accepted(await handleCallSocket(socketRequest("/api/calls/interpreter", { Cookie: cookie }), env));
  await firstMessage(ws, "presence");
  ws.send(JSON.stringify({ type: "availability", available: true }));
  await firstMessage(ws, "presence", (message) => message.available === true);
  let code: number | null = null;
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve((code = event.code))));
  return { cookie, ws, closed, code: () => code };
}

/** The close code within the bound, or "still open". */
const closedWithin = (screen: { closed: Promise<number> }) =>
  Promise.race([screen.closed, new Promise<string>((resolve) => setTimeout(() => resolve("still open"), WITHIN_MS))]);

// This file's own address range, for its posts and its callers.
const freshIp = addressesIn(94);
const { post } = browser({ addresses: freshIp, headers: { Origin: ORIGIN } });

const availableFor = async (languageId: number) => (await switchboardOf(env).availability())[languageId] ?? [];

describe("an incoming-call screen ends with its session", () => {
  it("signing out closes that session's screen (4003); the same person's other device stays on line", async () => {
    const person = await interpreter();
    const phone = await device(person.email);
    const laptop = await device(person.email);
    expect(asResponse(await logout.action(post("/Logout", {}, phone.cookie))).status).toBe(302);
    expect(await closedWithin(phone)).toBe(4003);
    expect(laptop.ws.readyState).toBe(WebSocket.OPEN);
    expect(await availableFor(person.languageId)).toEqual([person.name]);
  });

  it.each([
    ["'sign out everywhere else'", { intent: "sign-out-others" }],
    ["a password change", { intent: "change-password", currentPassword: PASSWORD, newPassword: "second-Password-2", confirmPassword: "second-Password-2" }],
  ])("%s closes the other devices' screens and keeps this one's", async (_, fields) => {
    const person = await interpreter();
    const other = await device(person.email);
    const here = await device(person.email);
    expect(asResponse(await profile.action(post("/Dashboard/Profile", fields, here.cookie))).status).toBe(302);
    expect(await closedWithin(other)).toBe(4003);
    expect(here.ws.readyState).toBe(WebSocket.OPEN);
    expect(await availableFor(person.languageId)).toEqual([person.name]);
  });

  it("a password reset closes every screen of the account and takes them off the board: a call in their language rings nobody", async () => {
    const person = await interpreter();
    const screens = [await device(person.email), await device(person.email)];
    const { token } = (await backendFor().auth.requestPasswordReset(person.email))!;
    const reset = await resetPassword.action(post("/Resetpassword", { token, email: person.email, password: "third-Password-3" }));
    expect(asResponse(reset).status).toBe(302);
    expect(await Promise.all(screens.map(closedWithin))).toEqual([4003, 4003]);
    expect(await availableFor(person.languageId)).toEqual([]);
  });
});

/** A visitor calling in `languageId`; answers the first thing the switchboard tells them ("waiting" or "unanswered"). */
async function callIn(languageId: number, name: string) {
  const path = `/api/calls/caller?language=${languageId}&type=video&name=${encodeURIComponent(name)}`;
  const caller = accepted(await handleCallSocket(socketRequest(path, { "CF-Connecting-IP": freshIp() }), env));
  return new Promise<Record<string, unknown>>((resolve) =>
    caller.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as Record<string, unknown>;
      if (message.type === "waiting" || message.type === "unanswered") resolve(message);
    }),
  );
}

describe("when a call rings, the switchboard asks who may still take it (a change it was not told about)", () => {
  it("an account locked behind its back: the next call closes their screen (4003) and rings nobody", async () => {
    const person = await interpreter();
    const screen = await device(person.email);
    const { id } = (await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(person.email).first<{ id: string }>())!;
    // What locking stores, without the action that also tells the switchboard.
    await env.DB.batch([
      env.DB.prepare("UPDATE accounts SET locked_at = ? WHERE id = ?").bind(Date.now(), id),
      env.DB.prepare("DELETE FROM sessions WHERE account_id = ?").bind(id),
    ]);
    expect(await callIn(person.languageId, "After The Lock")).toMatchObject({ type: "unanswered" });
    expect(await closedWithin(screen)).toBe(4003);
    expect(await availableFor(person.languageId)).toEqual([]);
  });

  it("a link removed behind its back: a call in that language does not ring them; they stay on line", async () => {
    const person = await interpreter();
    const screen = await device(person.email);
    let rung = false;
    screen.ws.addEventListener("message", (event) => (rung ||= String(event.data).includes("Not For You")));
    // Someone else (offline) still speaks it, so the worker lets the call through to the switchboard.
    const other = await env.DB.prepare("SELECT id FROM users WHERE email = 'interpreter@example.com'").first<{ id: string }>();
    await backendFor().links.link(other!.id, person.languageId);
    await env.DB.prepare("DELETE FROM user_languages WHERE language_id = ? AND user_id = (SELECT id FROM accounts WHERE email = ?)")
      .bind(person.languageId, person.email)
      .run();
    expect(await callIn(person.languageId, "Not For You")).toMatchObject({ type: "unanswered" });
    expect(rung).toBe(false);
    expect(screen.ws.readyState).toBe(WebSocket.OPEN);
    expect(await availableFor(person.languageId)).toEqual([]);
  });
});
