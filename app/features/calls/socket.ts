// The browser's side of the worker's call sockets (workers/calls.ts): the address on this site (ws: or wss: as the
// page), and the heartbeat the switchboard's and the rooms' alarms read (docs/decisions/0021).
import { HEARTBEAT_MS } from "~/domain/switchboard";

export function callSocket(path: string, params: Record<string, string> = {}): WebSocket {
  const url = new URL(path, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return new WebSocket(url);
}

/** Waits before opening a dropped call socket again, by attempt: 1 s, 2 s, 5 s, then every 10 s. */
export function reconnectDelay(attempt: number): number {
  const schedule = [1000, 2000, 5000, 10_000];
  return schedule[Math.min(attempt, schedule.length - 1)]!;
}

/**
 * Sends "ping" every HEARTBEAT_MS while the socket is open (the runtime answers it); returns the stop. The beat comes
 * from a dedicated worker (public/call-heartbeat.js), whose timer a hidden tab does not slow down (issue 21); where a
 * worker cannot start, the page's own timer beats instead.
 */
export function keepAlive(ws: WebSocket): () => void {
  const ping = () => ws.readyState === WebSocket.OPEN && ws.send("ping");
  try {
    const clock = new Worker("/call-heartbeat.js");
    clock.onmessage = ping;
    clock.postMessage(HEARTBEAT_MS);
    return () => clock.terminate();
  } catch {
    const timer = setInterval(ping, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }
}

/** This tab's own name for a room (kept across its reloads, not shared with other tabs): one live connection per party. */
export function tabName(roomId: string): string {
  const key = `push-room-tab:${roomId}`;
  try {
    const known = sessionStorage.getItem(key);
    if (known) return known;
    const fresh = crypto.randomUUID();
    sessionStorage.setItem(key, fresh);
    return fresh;
  } catch {
    return crypto.randomUUID();
  }
}
