// Sends one request with node:http, exactly as specified: raw bytes in the body, Latin-1 header bytes,
// no redirects followed, no headers added except Host, Content-Length and Connection: close.
// Each request gets a connection of its own: a kept-alive connection lets one request's leftovers (an
// unread body) fail the next one, which would blame the wrong request and make results order-dependent.
import http from "node:http";

export type Sent = { method: string; target: string; headers: Record<string, string>; body?: Buffer };
export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
  /** Set when no complete answer came (connection refused or reset, timeout). */
  error?: string;
};

const MAX_BODY = 4 * 1024 * 1024;

export function send(port: number, request: Sent, timeoutMs = 10_000): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<Answer, "ms">) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, ms: Date.now() - started });
    };
    const headers: Record<string, string> = { ...request.headers, Connection: "close" };
    if (request.body) headers["Content-Length"] = String(request.body.length);
    let req: http.ClientRequest;
    try {
      // maxHeaderSize: a long Location (a redirect echoing a long query) is an answer, not a failure to answer.
      const options = { host: "127.0.0.1", port, method: request.method, path: request.target, headers, agent: false, maxHeaderSize: 4 * 1024 * 1024 };
      req = http.request(options, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          if (size < MAX_BODY) chunks.push(chunk);
          size += chunk.length;
        });
        res.on("end", () => finish({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", (error) =>
          finish({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), error: `response: ${error.message}` }),
        );
      });
    } catch (error) {
      // Node refused to send it (e.g. a character it does not allow in a path): a bug of the generator.
      throw new Error(`Cannot send ${request.method} ${request.target}: ${(error as Error).message}`);
    }
    req.setTimeout(timeoutMs, () => {
      req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`));
    });
    req.on("error", (error) => finish({ status: 0, headers: {}, body: Buffer.alloc(0), error: error.message }));
    req.end(request.body);
  });
}

/** The redirect an answer asks for: a Location header, or a single-fetch (.data) redirect in the body. */
export function redirectTarget(answer: Answer): string | null {
  const location = answer.headers.location;
  if (location) return location;
  const type = String(answer.headers["content-type"] ?? "");
  if (type.includes("text/x-script") && answer.body.length < 100_000) {
    const body = answer.body.toString("utf8");
    if (body.includes('"SingleFetchRedirect"')) {
      const match = /"redirect","((?:[^"\\]|\\.)*)"/.exec(body);
      if (match) return JSON.parse(`"${match[1]}"`) as string;
    }
  }
  return null;
}
