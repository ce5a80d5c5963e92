// Every request body the worker accepts is checked here, before any route reads it: its size (by
// Content-Length when sent, and by counting the stream, which a client can leave unannounced or lie about),
// its type, and that it can be read as a form. Routes then only ever see a bounded, readable form.

import { isLoopbackHost } from "../app/platform/core/transport.server";

/** What a form may weigh unless its route declares more (docs/decisions/0010). */
export const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Routes whose forms may be larger than FORM_BODY_LIMIT (uploads), by path. The studio's largest form carries two
 * images of at most 5 MB each (the studio then refuses any single image over 5 MB with its own message).
 */
const LARGER_BODIES: { path: RegExp; bytes: number }[] = [{ path: /^\/Dashboard\/Website(\.data)?$/i, bytes: 11 * 1024 * 1024 }];

/**
 * Upload forms of orders (issue 13): a quote request and a delivery carry up to 5 documents of 10 MB. Their bodies
 * are not held here: bounded by Content-Length and by a counting stream, they reach the route as they arrive, so a
 * 50 MB request is in memory once (in the route's form), not three times, within a Worker's 128 MB. Their route
 * answers an unreadable form itself (app/request/forms.server.ts readForm).
 */
export const UPLOAD_BODY_LIMIT = 5 * 10 * 1024 * 1024 + 1024 * 1024;
const STREAMED_BODIES: RegExp[] = [/^(\/ar)?\/Quote(\.data)?$/i, /^\/Dashboard\/(Orders|Jobs)\/\d{1,9}(\.data)?$/i];

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type Refusal = { status: 400 | 413 | 415; reason: "too-large" | "not-a-form" | "unreadable"; limit: number };
export type Admission = { ok: true; request: Request } | ({ ok: false } & Refusal);

function bodyLimitFor(pathname: string): number {
  if (STREAMED_BODIES.some((path) => path.test(pathname))) return UPLOAD_BODY_LIMIT;
  return LARGER_BODIES.find((route) => route.path.test(pathname))?.bytes ?? FORM_BODY_LIMIT;
}

/** Passes a body through, failing it as soon as it has carried more than `limit` bytes. */
function atMost(limit: number): TransformStream<Uint8Array, Uint8Array> {
  let total = 0;
  return new TransformStream({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (total > limit) controller.error(new RangeError(`The body is larger than ${limit} bytes`));
      else controller.enqueue(chunk);
    },
  });
}

export async function admitRequest(request: Request): Promise<Admission> {
  if (!METHODS_WITH_BODY.has(request.method.toUpperCase())) return { ok: true, request };
  const limit = bodyLimitFor(new URL(request.url).pathname);
  const refuse = async (status: Refusal["status"], reason: Refusal["reason"]): Promise<Admission> => {
    await discardRest(request);
    return { ok: false, status, reason, limit };
  };

  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) return await refuse(415, "not-a-form");
  const declared = request.headers.get("Content-Length");
  if (declared !== null && !(Number(declared) <= limit)) return await refuse(413, "too-large");
  if (STREAMED_BODIES.some((path) => path.test(new URL(request.url).pathname))) {
    return { ok: true, request: new Request(request, { body: request.body?.pipeThrough(atMost(limit)) ?? null }) };
  }

  const body = await readAtMost(request.body, limit);
  if (body === null) return await refuse(413, "too-large");
  const admitted = new Request(request, { body });
  // A form that cannot be parsed (a broken multipart boundary, say) is refused here, not as an error later.
  try {
    await admitted.clone().formData();
  } catch {
    return { ok: false, status: 400, reason: "unreadable", limit };
  }
  return { ok: true, request: admitted };
}

/**
 * A refused body is not read any further: on Cloudflare the rest of the upload is dropped and the answer goes out
 * at once. Only on this machine (loopback: local development and the tests) is the rest drained, unread, because
 * wrangler's local proxy answers 503 instead of the worker's 413 when the worker stops reading mid-upload.
 */
export async function discardRest(request: Request): Promise<void> {
  const stream = request.body;
  if (!stream || stream.locked) return;
  if (isLoopbackHost(new URL(request.url).hostname)) await stream.pipeTo(new WritableStream()).catch(() => {});
  else await stream.cancel().catch(() => {});
}

/** The whole stream if it holds at most `limit` bytes; null (and the stream cancelled) as soon as it holds more. */
export async function readAtMost(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<ArrayBuffer | null> {
  if (!stream) return new ArrayBuffer(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.releaseLock(); // the caller discards the rest
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}
