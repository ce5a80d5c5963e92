// The browser's side of the worker's call sockets (workers/calls.ts): the address on this site (ws: or wss: as the
// page), and the heartbeat the switchboard's alarm reads (docs/decisions/0021).
import { HEARTBEAT_MS } from "~/domain/switchboard";

export function callSocket(path: string, params: Record<string, string> = {}): WebSocket {
  const url = new URL(path, window.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return new WebSocket(url);
}

/** Sends "ping" every HEARTBEAT_MS while the socket is open (the runtime answers it); returns the stop. */
export function keepAlive(ws: WebSocket): () => void {
  const timer = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send("ping"), HEARTBEAT_MS);
  return () => clearInterval(timer);
}
