// A loopback fake of EmailJS's REST API (and of Cloudflare Turnstile's siteverify), for the tests.
// It records each request it receives and answers as told, so tests can assert the exact fields the
// worker sends and how it handles every kind of provider failure.
//
//   POST /api/v1.0/email/send-form   the relay's endpoint: recorded, then answered per the current mode
//   POST /turnstile/siteverify       success when the token is "pass"
//   PUT  /__mode?service=ID[&template=T]   body: ok | 400 | 403 | 423 | 429 | 500 | drop
//   GET  /__requests?service=ID      every recorded send-form request: [{ at, mode, fields }]
//   DELETE /__requests?service=ID    forget them (and go back to mode ok)
//
// Modes and records are kept per EmailJS service_id (and a mode may name one template), so tests
// running in parallel, each with its own service id or template, never see or disturb each other.
//
// Run on its own (for the e2e server): npx tsx tests/support/fake-emailjs.ts --port 8799
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeMode = "ok" | "400" | "403" | "423" | "429" | "500" | "drop";
export type RecordedRequest = { at: number; mode: FakeMode; fields: Record<string, string> };

const ANSWERS: Record<Exclude<FakeMode, "ok" | "drop">, string> = {
  "400": "The service ID is invalid",
  "403": "API calls are disabled for non-browser applications",
  "423": "The account is blocked",
  "429": "Too many requests",
  "500": "Internal server error",
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Parses a multipart or urlencoded body with the platform's own parser. */
async function formFields(request: IncomingMessage, body: Buffer): Promise<Record<string, string>> {
  const parsed = await new Request("http://fake/", {
    method: "POST",
    headers: { "content-type": request.headers["content-type"] ?? "" },
    body: new Uint8Array(body),
  }).formData();
  return Object.fromEntries([...parsed.entries()].map(([key, value]) => [key, typeof value === "string" ? value : value.name]));
}

export async function startFakeEmailJs(port = 0): Promise<{ url: string; server: Server }> {
  const modes = new Map<string, FakeMode>();
  let recorded: (RecordedRequest & { service: string })[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname;
    const service = url.searchParams.get("service") ?? "";
    const send = (status: number, text: string, type = "text/plain") => {
      response.writeHead(status, { "content-type": type });
      response.end(text);
    };

    if (path === "/api/v1.0/email/send-form" && request.method === "POST") {
      const fields = await formFields(request, body);
      const mode = modes.get(`${fields.service_id}/${fields.template_id}`) ?? modes.get(fields.service_id ?? "") ?? "ok";
      recorded.push({ at: Date.now(), mode, fields, service: fields.service_id ?? "" });
      if (mode === "drop") return request.socket.destroy();
      return mode === "ok" ? send(200, "OK") : send(Number(mode), ANSWERS[mode]);
    }
    if (path === "/turnstile/siteverify" && request.method === "POST") {
      const fields = await formFields(request, body);
      return send(200, JSON.stringify({ success: fields.response === "pass" }), "application/json");
    }
    if (path === "/__mode" && request.method === "PUT") {
      const template = url.searchParams.get("template");
      modes.set(template ? `${service}/${template}` : service, body.toString().trim() as FakeMode);
      return send(204, "");
    }
    const mine = (item: { service: string }) => !service || item.service === service;
    if (path === "/__requests" && request.method === "GET") {
      return send(200, JSON.stringify(recorded.filter(mine).map(({ at, mode, fields }) => ({ at, mode, fields }))), "application/json");
    }
    if (path === "/__requests" && request.method === "DELETE") {
      recorded = recorded.filter((item) => !mine(item));
      if (!service) modes.clear();
      for (const key of [...modes.keys()]) if (key === service || key.startsWith(`${service}/`)) modes.delete(key);
      return send(204, "");
    }
    send(404, "not part of the fake");
  };
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${bound}`, server };
}

// As a program: npx tsx tests/support/fake-emailjs.ts --port N
if (process.argv[1]?.endsWith("fake-emailjs.ts")) {
  const index = process.argv.indexOf("--port");
  const { url } = await startFakeEmailJs(index > 0 ? Number(process.argv[index + 1]) : 0);
  console.log(`Fake EmailJS listening on ${url}`);
}
