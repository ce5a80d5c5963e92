// /Call's callback form (issue 14) through its action, against a real D1: a refusal stores nothing, a callback lands
// in the staff inbox (and is relayed), and an unanswered call it follows is logged as a callback.
import { env, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { switchboardOf } from "~/features/calls/switchboard.server";
import * as callPage from "~/routes/public/call";
import { toHeader } from "../../app/features/calls/protocol";
import { envWith, TURNSTILE } from "./contact-helpers";
import { asResponse, backendFor, failure, languageId, rows, seed } from "./helpers";
import { addressesIn, browser, ORIGIN, settled } from "./requests";

const { upload } = browser({ addresses: addressesIn(92), headers: { Origin: ORIGIN } });

async function postCallback(fields: Record<string, string>, path = "/Call", bindings: Env = env) {
  const args = upload(path, fields, undefined, { env: bindings });
  return settled(callPage.action(args), args);
}

beforeAll(seed);

describe("the callback form", () => {
  it("refuses a request with no phone and no e-mail, a bad e-mail or phone, and a note too long: 400, nothing stored", async () => {
    const before = await rows("contact_messages");
    for (const fields of <Record<string, string>[]>[
      { name: "Ann" },
      { name: "Ann", email: "not-an-email" },
      { name: "Ann", phone: "call me <b>now</b>" },
      { name: "", phone: "+1 555 0100" },
      { name: "Ann", phone: "+1 555 0100", note: "x".repeat(1001) },
      { name: "Ann", phone: "+1 555 0100", callId: "../../switchboard" },
    ]) {
      const result = await postCallback(fields);
      expect(failure(result).status, JSON.stringify(fields)).toBe(400);
    }
    expect(await rows("contact_messages")).toBe(before);
  });

  it("refuses a line break in the name or the phone with the field's message (issue 22); the note may have them", async () => {
    const before = await rows("contact_messages");
    const oneLine = "Please keep this on one line.";
    const refused = failure(await postCallback({ name: "Ann\r\nBcc: list@example.com", phone: "+1 555\r\n0100" }));
    expect([refused.status, refused.errors]).toEqual([400, { name: oneLine, phone: oneLine }]);
    expect(await rows("contact_messages")).toBe(before);
    expect(asResponse(await postCallback({ name: "Ann", phone: "+1 555 0100", note: "Mornings,\r\nnot Fridays" })).status).toBe(302);
    expect(await rows("contact_messages")).toBe(before + 1);
  });

  it("with Turnstile configured, stores nothing without a token that passes (403), and stores one that does", async () => {
    const { env: challenged } = envWith(TURNSTILE);
    const before = await rows("contact_messages");
    for (const token of [undefined, "", "fail"]) {
      const fields = { name: "Challenged", phone: "+1 555 0101", ...(token === undefined ? {} : { "cf-turnstile-response": token }) };
      const refused = failure(await postCallback(fields, "/Call", challenged));
      expect([refused.status, refused.formError]).toEqual([403, "We could not confirm that you are not a robot. Please try again."]);
    }
    expect(await rows("contact_messages")).toBe(before);
    expect(asResponse(await postCallback({ name: "Challenged", phone: "+1 555 0101", "cf-turnstile-response": "pass" }, "/Call", challenged)).status).toBe(302);
    expect(await rows("contact_messages")).toBe(before + 1);
  });

  it("a filled honeypot is thanked and stores nothing", async () => {
    const before = await rows("contact_messages");
    const response = asResponse(await postCallback({ name: "Bot", phone: "+1 555 0100", website: "https://spam.example" }));
    expect(response.status).toBe(302);
    expect(await rows("contact_messages")).toBe(before);
  });

  it("stores the callback in the inbox with the phone, the language and the note, and logs the unanswered call as a callback", async () => {
    const spanish = await languageId("Spanish");
    // An unanswered call on the real switchboard: nobody is available.
    const board = switchboardOf(env);
    const socket = await board.fetch(
      new Request("https://switchboard.internal/", {
        headers: {
          Upgrade: "websocket",
          "X-Push-Socket": "caller",
          "X-Push-Call": toHeader({ languageId: spanish, language: "Spanish", type: "audio", callerName: "Ann" }),
        },
      }),
    );
    const ws = socket.webSocket!;
    ws.accept();
    // The page learns the call's id from the switchboard's first message; here it is read from the board itself.
    await new Promise((resolve) => ws.addEventListener("message", resolve, { once: true }));
    const callId = await callIdOnBoard();
    const response = asResponse(
      await postCallback({ name: "Ann Caller", phone: "+1 307 555 0142", email: "", language: String(spanish), note: "Tomorrow morning", callId }, "/ar/Call"),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/ar/Call#callback");
    const [message] = (await backendFor().outbox.page("all", null, 500)).filter((item) => item.name === "Ann Caller");
    expect(message).toMatchObject({ email: "", locale: "ar", subject: "طلب معاودة اتصال من صفحة المكالمة" });
    expect(message!.message).toContain("+1 307 555 0142");
    expect(message!.message).toContain("Spanish");
    expect(message!.message).toContain("Tomorrow morning");
    const [logged] = await backendFor().calls.page({ from: null, to: null, languageId: spanish, interpreterId: null }, null, 5);
    expect(logged).toMatchObject({ id: callId, outcome: "callback", callerName: "Ann" });
    ws.close(1000);
  });
});

async function callIdOnBoard(): Promise<string> {
  return runInDurableObject(switchboardOf(env), async (_instance, state) => {
    const board = await state.storage.get<{ calls: { id: string }[] }>("board");
    return board!.calls.at(-1)!.id;
  });
}
