// The worker's call sockets (workers/calls.ts): who may open which, and what reaches the switchboard.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { handleCallSocket } from "../../workers/calls";
import { envWith, TURNSTILE } from "./contact-helpers";
import { cookieOf, languageId, seed } from "./helpers";
import { ORIGIN } from "./requests";
import { accepted, firstMessage, socketRequest } from "./sockets";

beforeAll(async () => {
  await seed();
});

describe("every call socket", () => {
  it("answers a plain GET with 426, a POST with 405, and a handshake from another site with 403", async () => {
    expect((await handleCallSocket(new Request(`${ORIGIN}/api/calls/caller`), env)).status).toBe(426);
    expect((await handleCallSocket(new Request(`${ORIGIN}/api/calls/caller`, { method: "POST" }), env)).status).toBe(405);
    expect((await handleCallSocket(socketRequest("/api/calls/interpreter", { Origin: "https://evil.example" }), env)).status).toBe(403);
    expect((await handleCallSocket(socketRequest("/api/calls/nothing"), env)).status).toBe(404);
  });
});

describe("the interpreter's socket", () => {
  it("needs a session: anonymous gets 401", async () => {
    expect((await handleCallSocket(socketRequest("/api/calls/interpreter"), env)).status).toBe(401);
  });

  it("puts a signed-in interpreter on the board with the languages they are linked to, and nothing a client sends", async () => {
    const cookie = await cookieOf("interpreter@example.com");
    // A header the object trusts, sent by the client, must not reach it.
    const forged = JSON.stringify({ id: "someone-else", name: "Forged", languages: [999] });
    const ws = accepted(await handleCallSocket(socketRequest("/api/calls/interpreter", { Cookie: cookie, "X-Push-Person": forged }), env));
    // (The screen is first told it is Away; the answer to this choice comes after.)
    const presence = firstMessage(ws, "presence", (message) => message.available === true);
    ws.send(JSON.stringify({ type: "availability", available: true }));
    await presence;
    const board = await env.CALLS.get(env.CALLS.idFromName("switchboard")).availability();
    const spanish = await languageId("Spanish");
    expect(board[spanish]).toEqual([expect.any(String)]);
    expect(JSON.stringify(board)).not.toContain("Forged");
    ws.send(JSON.stringify({ type: "availability", available: false }));
  });
});

describe("the caller's socket", () => {
  it("refuses a request it cannot read, and a language nobody is linked to", async () => {
    expect((await handleCallSocket(socketRequest("/api/calls/caller?language=abc&type=video&name=Ann"), env)).status).toBe(400);
    expect((await handleCallSocket(socketRequest("/api/calls/caller?language=1&type=fax&name=Ann"), env)).status).toBe(400);
    expect((await handleCallSocket(socketRequest(`/api/calls/caller?language=1&type=video&name=${"x".repeat(101)}`), env)).status).toBe(400);
    expect((await handleCallSocket(socketRequest("/api/calls/caller?language=999999&type=video&name=Ann"), env)).status).toBe(400);
    // A name on more than one line (issue 22): refused like any unreadable request, in a language someone speaks.
    const spoken = await languageId("Spanish");
    expect(
      (
        await handleCallSocket(
          socketRequest(`/api/calls/caller?language=${spoken}&type=audio&name=Ann%0D%0AMore`, { "CF-Connecting-IP": "203.0.113.201" }),
          env,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await handleCallSocket(
          socketRequest(`/api/calls/caller?language=${spoken}&type=audio&name=Ann%E2%80%A8More`, { "CF-Connecting-IP": "203.0.113.202" }),
          env,
        )
      ).status,
    ).toBe(400);
  });

  it("rings the switchboard for a language an interpreter speaks (nobody available here: the callback offer)", async () => {
    const spanish = await languageId("Spanish");
    const ws = accepted(await handleCallSocket(socketRequest(`/api/calls/caller?language=${spanish}&type=audio&name=Ann`), env));
    expect(await firstMessage(ws, "unanswered")).toEqual({ type: "unanswered" });
  });

  it("with Turnstile configured, rings only with a token that passes (none or a failing one: 403)", async () => {
    const { env: challenged } = envWith(TURNSTILE);
    const spanish = await languageId("Spanish");
    const path = `/api/calls/caller?language=${spanish}&type=audio&name=Ann`;
    const from = { "CF-Connecting-IP": "203.0.113.12" };
    for (const query of ["", "&turnstile=", "&turnstile=fail"])
      expect((await handleCallSocket(socketRequest(`${path}${query}`, from), challenged)).status).toBe(403);
    accepted(await handleCallSocket(socketRequest(`${path}&turnstile=pass`, from), challenged));
  });

  it("can be switched off (PUBLIC_CALLS=off) and is rate limited", async () => {
    const spanish = await languageId("Spanish");
    const path = `/api/calls/caller?language=${spanish}&type=audio&name=Ann`;
    expect((await handleCallSocket(socketRequest(path), { ...env, PUBLIC_CALLS: "off" } as Env)).status).toBe(403);
    const exhausted = { ...env, CALL_LIMITER: { limit: () => Promise.resolve({ success: false }) } };
    expect((await handleCallSocket(socketRequest(path), exhausted)).status).toBe(429);
  });
});
