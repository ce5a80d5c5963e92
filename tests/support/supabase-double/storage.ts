// Supabase Storage, the part the adapter uses, over two in-memory buckets: the public bucket of the images and the
// private bucket of orders' files. The public object URL the browser fetches (GET /object/public/<bucket>/<path>, the
// public bucket only), an authenticated download (GET /object/<bucket>/<path>), an upload (POST
// /object/<bucket>/<path>, the raw bytes with their Content-Type, x-upsert) and a removal (DELETE /object/<bucket>,
// body { prefixes: [path…] }). Answers in Storage's own shapes: an upload `{ Key: "<bucket>/<path>", Id }`, a removal
// the removed objects (a path that is not there is simply not in the list), and errors as `{ statusCode, error,
// message }` with HTTP 400 (Storage's legacy error form, which storage-js turns into a StorageApiError with that
// message and statusCode).
// The public bucket starts with the sample images of seed/media/ (the four folders), whether or not the data is
// seeded; they are read from disk when the bucket is first used (a DoubleState built inside workerd never touches
// them). The private bucket starts empty.
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DoubleResponse } from "./postgrest";

const MEDIA_DIR = fileURLToPath(new URL("../../../seed/media/", import.meta.url));
const TYPES: Record<string, string> = { ".webp": "image/webp", ".png": "image/png", ".jpg": "image/jpeg", ".svg": "image/svg+xml" };

export type StoredObject = {
  id: string;
  bucket: string;
  /** The object's path inside the bucket: <Folder>/<file> (images), orders/<key> (orders' files). */
  name: string;
  contentType: string;
  cacheControl: string | null;
  body: Buffer;
  createdAt: string;
  /** From seed/media/ (not uploaded by a test). */
  seeded: boolean;
};

/** What GET /__double/storage lists (no bytes). */
export type ObjectListing = Omit<StoredObject, "body"> & { size: number };

export type StorageRequest = { method: string; path: string; headers: Record<string, string | undefined>; body: unknown; bytes: Buffer };

const json = (status: number, body: unknown): DoubleResponse => ({ status, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const failure = (statusCode: string, error: string, message: string) => json(400, { statusCode, error, message });

/** Which of the two buckets: the public one of the images, the private one of orders' files. */
export type BucketKind = "media" | "files";

export class DoubleStorage {
  private stored: Record<BucketKind, Map<string, StoredObject>> = { media: new Map(), files: new Map() };
  private loaded = false;

  constructor(
    readonly bucket: string,
    readonly filesBucket = "order-files",
  ) {}

  /** Only the sample images again, and no file of an order. */
  reset() {
    this.stored.media.clear();
    this.stored.files.clear();
    this.loaded = false;
  }

  private objects(kind: BucketKind): Map<string, StoredObject> {
    if (kind === "media" && !this.loaded) {
      this.loaded = true;
      this.loadSamples();
    }
    return this.stored[kind];
  }

  private kindOf(bucket: string): BucketKind | null {
    return bucket === this.bucket ? "media" : bucket === this.filesBucket ? "files" : null;
  }

  private loadSamples() {
    for (const folder of readdirSync(MEDIA_DIR)) {
      for (const file of readdirSync(join(MEDIA_DIR, folder))) {
        this.store(
          "media",
          `${folder}/${file}`,
          readFileSync(join(MEDIA_DIR, folder, file)),
          TYPES[extname(file)] ?? "application/octet-stream",
          "max-age=3600",
          true,
        );
      }
    }
  }

  list(kind: BucketKind = "media"): ObjectListing[] {
    return [...this.objects(kind).values()].map(({ body, ...object }) => ({ ...object, size: body.length }));
  }

  get(name: string, kind: BucketKind = "media"): StoredObject | undefined {
    return this.objects(kind).get(name);
  }

  private store(kind: BucketKind, name: string, body: Buffer, contentType: string, cacheControl: string | null, seeded: boolean): StoredObject {
    const bucket = kind === "media" ? this.bucket : this.filesBucket;
    const object: StoredObject = { id: randomUUID(), bucket, name, contentType, cacheControl, body, createdAt: new Date().toISOString(), seeded };
    this.stored[kind].set(name, object);
    return object;
  }

  handle(request: StorageRequest): DoubleResponse {
    const parts = request.path
      .split("/")
      .slice(1)
      .map((part) => decodeURIComponent(part));
    if (parts[0] !== "object" || parts.length < 2) return failure("404", "not_found", "Route not found");
    if (request.method === "GET" && parts[1] === "public") return this.download(parts[2]!, parts.slice(3).join("/"), true);
    const kind = this.kindOf(parts[1]!);
    if (!kind) return failure("404", "Bucket not found", "Bucket not found");
    const name = parts.slice(2).join("/");
    if (request.method === "GET" && parts.length > 2) return this.download(parts[1]!, name, false);
    if (request.method === "POST") return this.upload(kind, name, request);
    if (request.method === "DELETE" && parts.length === 2) return this.remove(kind, request.body);
    return failure("404", "not_found", "Route not found");
  }

  /** A public URL serves only the public bucket; an authenticated download (the service role's) serves either. */
  private download(bucket: string, name: string, publicUrl: boolean): DoubleResponse {
    const kind = this.kindOf(bucket);
    if (!kind || (publicUrl && kind !== "media")) return failure("404", "Bucket not found", "Bucket not found");
    const object = this.objects(kind).get(name);
    if (!object) return failure("404", "not_found", "Object not found");
    return { status: 200, headers: { "content-type": object.contentType, "cache-control": object.cacheControl ?? "no-cache" }, body: object.body };
  }

  /** Storage's createObject: the raw body is the file; x-upsert "true" replaces an existing object, else 409 Duplicate. */
  private upload(kind: BucketKind, name: string, request: StorageRequest): DoubleResponse {
    if (!name || name.split("/").some((part) => part === "" || part === "." || part === "..")) return failure("400", "InvalidKey", `Invalid key: ${name}`);
    if (this.objects(kind).has(name) && request.headers["x-upsert"] !== "true") return failure("409", "Duplicate", "The resource already exists");
    const contentType = request.headers["content-type"] ?? "application/octet-stream";
    const object = this.store(kind, name, request.bytes, contentType, request.headers["cache-control"] ?? null, false);
    return json(200, { Key: `${object.bucket}/${name}`, Id: object.id });
  }

  /** Storage's deleteObjects: removes what exists of the listed paths and answers those objects. */
  private remove(kind: BucketKind, body: unknown): DoubleResponse {
    const prefixes = (body as { prefixes?: unknown })?.prefixes;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.some((prefix) => typeof prefix !== "string")) {
      return failure("400", "Invalid Input", "body/prefixes must NOT have fewer than 1 items");
    }
    const objects = this.objects(kind);
    const removed = (prefixes as string[]).flatMap((name) => {
      const object = objects.get(name);
      if (!object) return [];
      objects.delete(name);
      return [object];
    });
    return json(
      200,
      removed.map((object) => ({
        name: object.name,
        bucket_id: object.bucket,
        owner: "",
        owner_id: "",
        version: object.id,
        id: object.id,
        updated_at: object.createdAt,
        created_at: object.createdAt,
        last_accessed_at: object.createdAt,
        metadata: {
          eTag: `"${object.id.replace(/-/g, "")}"`,
          size: object.body.length,
          mimetype: object.contentType,
          cacheControl: object.cacheControl ?? "no-cache",
          lastModified: object.createdAt,
          contentLength: object.body.length,
          httpStatusCode: 200,
        },
        user_metadata: null,
      })),
    );
  }
}
