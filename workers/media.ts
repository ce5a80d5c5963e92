// GET /media/<Folder>/<file>: the content images (the spec's data holds file names only), from the
// MEDIA R2 bucket. File names are treated as immutable (docs/decisions/0002-media-in-r2.md), so
// browsers and the CDN may keep an image for a year; a changed image gets a new file name.
import { MEDIA_FOLDERS, type MediaFolder } from "../app/domain/content";

const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const IMMUTABLE = "public, max-age=31536000, immutable";

export function isMediaRequest(url: URL): boolean {
  return url.pathname.startsWith("/media/");
}

export async function serveMedia(request: Request, bucket: R2Bucket): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  const [, , folder, file, ...rest] = new URL(request.url).pathname.split("/");
  let fileName: string;
  try {
    fileName = decodeURIComponent(file ?? "");
  } catch {
    // Not a path anyone could have been given (a broken %-escape): the request itself is wrong.
    return plain(400, "Bad Request");
  }
  if (!MEDIA_FOLDERS.includes(folder as MediaFolder) || rest.length > 0 || !SAFE_FILE_NAME.test(fileName)) {
    return plain(404, "Not Found");
  }

  const object = await bucket.get(`${folder}/${fileName}`, { onlyIf: validPreconditions(request.headers) });
  if (!object) return plain(404, "Not Found");

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", IMMUTABLE);
  // R2 returns the object without a body when the If-None-Match/If-Modified-Since precondition fails.
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(request.method === "HEAD" ? null : object.body, { headers });
}

const ENTITY_TAGS = /^\s*(\*|(W\/)?"[^"]*"(\s*,\s*(W\/)?"[^"]*")*)\s*$/;

/**
 * The request's conditional headers that R2 can act on. A malformed one (an ETag list that is not one, a date that is
 * not a date) is ignored, as HTTP says a server may (RFC 9110 §13.1), instead of failing the request.
 */
function validPreconditions(headers: Headers): Headers {
  const conditions = new Headers();
  for (const name of ["If-Match", "If-None-Match"]) {
    const value = headers.get(name);
    if (value !== null && ENTITY_TAGS.test(value)) conditions.set(name, value);
  }
  for (const name of ["If-Modified-Since", "If-Unmodified-Since"]) {
    const value = headers.get(name);
    if (value !== null && !Number.isNaN(Date.parse(value))) conditions.set(name, value);
  }
  return conditions;
}

function plain(status: 400 | 404, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
