// Staff changes reach the switchboard at once (issue 21): a person locked or deleted is taken off the board and their
// incoming-call screen closed (before, their open socket went on ringing and could accept); a link removed stops
// that language ringing them.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { switchboardOf } from "~/features/calls/switchboard.server";
import * as interpreters from "~/routes/dashboard/interpreters";
import * as userLanguages from "~/routes/dashboard/user-languages";
import * as users from "~/routes/dashboard/users";
import { handleCallSocket } from "../../workers/calls";
import { backendFor, cookieOf, redirected, seed } from "./helpers";
import { browser, ORIGIN } from "./requests";
import { accepted, firstMessage, socketRequest } from "./sockets";

let adminCookie = "";
beforeAll(async () => {
  await seed();
  adminCookie = await cookieOf("admin@example.com");
});

let counter = 0;
/** A new interpreter linked to `languageId`, on the incoming-call screen and Available. */
async function personOnLine(languageId: number) {
  const email = `call-staff-${++counter}-${Date.now().toString(36)}@example.com`;
  const password = "first-Password-1";
  const created = await backendFor().interpreters.create({ fullName: `Person ${counter}`, gender: "Woman", email, phone: "+1 307 555 0190", password });
  if (!created.ok) throw new Error("could not create the person");
  const link = await backendFor().links.link(created.id, languageId);
  if (!link.ok) throw new Error("could not link the person");
  const ws = accepted(await handleCallSocket(socketRequest("/api/calls/interpreter", { Cookie: await cookieOf(email, password) }), env));
  await firstMessage(ws, "presence");
  ws.send(JSON.stringify({ type: "availability", available: true }));
  await firstMessage(ws, "presence", (message) => message.available === true);
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
  return { id: created.id, name: `Person ${counter}`, linkId: link.link.id, ws, closed };
}

const { post } = browser({ headers: { Origin: ORIGIN } });

const availableFor = async (languageId: number) => (await switchboardOf(env).availability())[languageId] ?? [];

async function newLanguage(name: string): Promise<number> {
  const { meta } = await env.DB.prepare("INSERT INTO languages (name) VALUES (?)").bind(name).run();
  return Number(meta.last_row_id);
}

describe("staff changes reach the switchboard", () => {
  it.each([
    [
      "locking a person closes their incoming-call screen and takes them off the board",
      "Kurmanji",
      (id: string) => users.action(post("/Dashboard/Dashboardusers", { intent: "lock", id }, adminCookie)),
    ],
    ["deleting a person does the same", "Tamil", (id: string) => interpreters.action(post("/Dashboard/Interpreter", { intent: "delete", id }, adminCookie))],
  ] as const)("%s", async (_name, languageName, change) => {
    const language = await newLanguage(languageName);
    const person = await personOnLine(language);
    expect(await availableFor(language)).toEqual([person.name]);
    await redirected(await change(person.id));
    expect(await person.closed).toBe(4003);
    expect(await availableFor(language)).toEqual([]);
  });

  it("removing a person's link stops that language ringing them; they stay on line for their others", async () => {
    const language = await newLanguage("Dari");
    const person = await personOnLine(language);
    await backendFor().links.link(person.id, 1);
    await redirected(await userLanguages.action(post("/Dashboard/UserLanguages", { intent: "delete", id: String(person.linkId) }, adminCookie)));
    expect(await availableFor(language)).toEqual([]);
    expect(person.ws.readyState).toBe(WebSocket.OPEN);
  });
});
