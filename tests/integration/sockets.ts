// WebSockets the worker accepted, in tests: each is closed after its test, and messages are awaited by type.
import { afterEach, expect } from "vitest";
import { ORIGIN } from "./requests";

const open: WebSocket[] = [];
afterEach(() => {
  for (const ws of open.splice(0)) ws.close(1000);
});

/** The accepted socket of a 101 answer (closed after the test). */
export function accepted(response: Response): WebSocket {
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  open.push(ws);
  return ws;
}

/** The first message of `type` (and shape) on an accepted socket, within 2 s. */
export function firstMessage(ws: WebSocket, type: string, match: (message: Record<string, unknown>) => boolean = () => true): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} message`)), 2000);
    ws.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as Record<string, unknown>;
      if (message.type === type && match(message)) {
        clearTimeout(timer);
        resolve(message);
      }
    });
  });
}

/** A same-site WebSocket handshake to the worker (from one client address, unless headers say otherwise). */
export const socketRequest = (path: string, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, { headers: { Upgrade: "websocket", Origin: ORIGIN, "CF-Connecting-IP": "203.0.113.9", ...headers } });
