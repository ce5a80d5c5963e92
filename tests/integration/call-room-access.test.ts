// Who gets into a live call's room (issue 21, defect 12): the interpreter who accepted, by their own session; the
// caller, by the room's key exchanged for a cookie scoped to the room. The address holds no secret: opened signed
// out, by another staff member, or with a key in its query string, it answers 403.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { roomToken } from "~/features/calls/room-token.server";
import * as callRoom from "~/routes/dashboard/call-room";
import { handleCallSocket } from "../../workers/calls";
import { idOf, seededAndSignedIn, statusOf, thrown } from "./helpers";
import { browser, ORIGIN } from "./requests";
import { accepted, firstMessage, socketRequest } from "./sockets";
import { freshSwitchboard, roomStub } from "./switchboard-sockets";

const cookies = seededAndSignedIn();

/** A room the switchboard opened for the sample interpreter's answer. */
async function openRoom(): Promise<string> {
  const roomId = crypto.randomUUID();
  const interpreterId = await idOf("interpreter@example.com");
  await roomStub(roomId).open({ callId: roomId, interpreterId, answeredAt: Date.now(), switchboardId: freshSwitchboard().id.toString() });
  return roomId;
}

const { get } = browser();
const page = (roomId: string, init: { cookie?: string; query?: string } = {}) =>
  callRoom.loader(get(`/call-room/${roomId}${init.query ?? ""}`, init.cookie, { params: { roomId } }));

const post = (path: string, body: Record<string, string>, headers: Record<string, string> = { Origin: ORIGIN }) =>
  handleCallSocket(new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(body) }), env);

/** The caller's page posts the room's key: the answer's cookie (name=value) and its Set-Cookie lines. */
async function enterAsCaller(roomId: string): Promise<{ cookie: string; lines: string[]; response: Response }> {
  const response = await post(`/api/calls/room/${roomId}/enter`, { key: await roomToken(env.SESSION_SECRET, roomId, "caller") });
  const lines = response.headers.getSetCookie();
  return { cookie: lines[0]?.split(";")[0] ?? "", lines, response };
}

describe("the room's page", () => {
  it("opens for the interpreter who accepted, by their session; signed out or as another staff member: 403", async () => {
    const roomId = await openRoom();
    expect(await page(roomId, { cookie: cookies.interpreter })).toMatchObject({ kind: "live", live: { party: "interpreter", ended: false } });
    expect(statusOf(await thrown(() => page(roomId)))).toBe(403);
    expect(statusOf(await thrown(() => page(roomId, { cookie: cookies.admin })))).toBe(403);
  });

  it("a key in the address opens nothing (it would land in logs and history): 403", async () => {
    const roomId = await openRoom();
    const key = await roomToken(env.SESSION_SECRET, roomId, "caller");
    expect(statusOf(await thrown(() => page(roomId, { query: `?key=${encodeURIComponent(key)}` })))).toBe(403);
  });

  it("the caller's key, posted, becomes an HttpOnly cookie scoped to the room, and the room opens with it", async () => {
    const roomId = await openRoom();
    const { cookie, lines, response } = await enterAsCaller(roomId);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/call-room/${roomId}`);
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => line.match(/Path=([^;]+)/)?.[1]).sort()).toEqual([`/api/calls/room/${roomId}`, `/call-room/${roomId}`]);
    for (const line of lines) {
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/SameSite=Strict/i);
    }
    expect(await page(roomId, { cookie })).toMatchObject({ kind: "live", live: { party: "caller" } });
    // Another room's cookie opens nothing here.
    const other = await openRoom();
    expect(statusOf(await thrown(() => page(other, { cookie })))).toBe(403);
  });

  it("refuses a wrong key (403), a post from another site (403) and a GET (405)", async () => {
    const roomId = await openRoom();
    const otherKey = await roomToken(env.SESSION_SECRET, crypto.randomUUID(), "caller");
    expect((await post(`/api/calls/room/${roomId}/enter`, { key: otherKey })).status).toBe(403);
    expect((await post(`/api/calls/room/${roomId}/enter`, { key: "A".repeat(43) })).status).toBe(403);
    const key = await roomToken(env.SESSION_SECRET, roomId, "caller");
    expect((await post(`/api/calls/room/${roomId}/enter`, { key }, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await handleCallSocket(new Request(`${ORIGIN}/api/calls/room/${roomId}/enter`), env)).status).toBe(405);
  });
});

describe("the room's socket", () => {
  it("opens for its two parties only: the caller's cookie, the interpreter's session; nobody else (403)", async () => {
    const roomId = await openRoom();
    const { cookie } = await enterAsCaller(roomId);
    const path = `/api/calls/room/${roomId}?tab=one`;
    const callerSide = accepted(await handleCallSocket(socketRequest(path, { Cookie: cookie }), env));
    await firstMessage(callerSide, "joined");
    const interpreterSide = accepted(await handleCallSocket(socketRequest(path, { Cookie: cookies.interpreter }), env));
    expect(await firstMessage(interpreterSide, "joined")).toMatchObject({ peerPresent: true });
    const key = await roomToken(env.SESSION_SECRET, roomId, "caller");
    for (const headers of [{}, { Cookie: cookies.admin }] as Record<string, string>[])
      expect((await handleCallSocket(socketRequest(path, headers), env)).status).toBe(403);
    expect((await handleCallSocket(socketRequest(`${path}&key=${key}`), env)).status).toBe(403);
    expect((await handleCallSocket(socketRequest(`/api/calls/room/not-a-room`, { Cookie: cookie }), env)).status).toBe(404);
  });

  it("a hang-up over HTTP (the page's socket was down) ends the call for the other side", async () => {
    const roomId = await openRoom();
    const interpreterSide = accepted(await handleCallSocket(socketRequest(`/api/calls/room/${roomId}?tab=one`, { Cookie: cookies.interpreter }), env));
    await firstMessage(interpreterSide, "joined");
    const { cookie } = await enterAsCaller(roomId);
    expect((await post(`/api/calls/room/${roomId}/hangup`, {}, { Origin: ORIGIN, Cookie: "push_room=nothing" })).status).toBe(403);
    const ended = firstMessage(interpreterSide, "ended");
    expect((await post(`/api/calls/room/${roomId}/hangup`, {}, { Origin: ORIGIN, Cookie: cookie })).status).toBe(204);
    await ended;
    expect(await page(roomId, { cookie: cookies.interpreter })).toMatchObject({ live: { ended: true } });
    // A page that comes back to an ended room only hears that it has ended.
    const late = accepted(await handleCallSocket(socketRequest(`/api/calls/room/${roomId}`, { Cookie: cookies.interpreter }), env));
    await firstMessage(late, "ended");
  });
});
