// The allowed requests of the content studio (/Dashboard/Website; app/backend/supabase/studio.server.ts and the
// media store's put/remove in content.server.ts; docs/decisions/0015). SPEC §7 only reads company, services and
// about; the studio's reads extend those lines, everything else is an extension. All carry the service-role key:
// content_versions and the SQL functions (supabase/migrations/20261124000000_push_content_studio.sql) are the
// worker's alone, and only the service role writes the content tables or the bucket.
import { is, type AuthShape, type RestShape, type ValueCheck } from "./match";

const EQ_INT = /^eq\.\d+$/;
const FOLDERS = "(Home|Services|Contactus|Aboutus)";
const STUDIO = "the content studio (docs/decisions/0015)";
const service = "service" as const;

const record = is.literal("company", "about", "service");
const columns = is.object;
const snapshot = is.object;
/** A positive integer (ids, version numbers). */
const positive: ValueCheck = (value) => Number.isSafeInteger(value) && (value as number) > 0;
/** Storage paths of the public bucket's four folders: <Folder>/<file>, at least one. */
const paths: ValueCheck = (value) =>
  Array.isArray(value) && value.length > 0 && value.every((path) => typeof path === "string" && new RegExp(`^${FOLDERS}/[^/]+$`).test(path));

const read = (table: "company" | "about" | "services", shape: Omit<RestShape, "service" | "method" | "table" | "key" | "select">): RestShape => ({
  ...shape,
  service: "rest",
  method: "GET",
  table,
  key: service,
  select: "*",
});

const rpc = (name: string, why: string, body: RestShape["body"]): RestShape => ({
  id: `rpc.${name}`,
  extension: `${STUDIO}: ${why} (supabase/migrations/20261124000000_push_content_studio.sql public.${name}, one transaction, service role only)`,
  service: "rest",
  method: "POST",
  table: `rpc/${name}`,
  key: service,
  body,
});

export const STUDIO_REST_SHAPES: RestShape[] = [
  // ---- What the studio edits: every column, with its version ----
  read("company", {
    id: "rest.company.studio",
    spec: "company",
    extension: `${STUDIO}: the first company row (order=id.asc, limit=1) with its version, the alt texts and sizes of its images`,
    params: { order: "id.asc", limit: "1" },
  }),
  read("about", {
    id: "rest.about.studio",
    spec: "about",
    extension: `${STUDIO}: the first about row (order=id.asc, limit=1) with its version, the alt texts and sizes of its photos`,
    params: { order: "id.asc", limit: "1" },
  }),
  read("services", {
    id: "rest.services.studio",
    spec: "services",
    extension: `${STUDIO}: every service with its version, in the public order (order=position.asc,id.asc)`,
    params: { order: "position.asc,id.asc" },
  }),
  read("company", {
    id: "rest.company.before-save",
    extension: `${STUDIO}: the record a save replaces (its version, and its fields, kept as a version if it has none yet)`,
    params: { id: EQ_INT },
  }),
  read("about", {
    id: "rest.about.before-save",
    extension: `${STUDIO}: the record a save replaces (its version, and its fields, kept as a version if it has none yet)`,
    params: { id: EQ_INT },
  }),
  read("services", {
    id: "rest.services.before-save",
    extension: `${STUDIO}: the record a save replaces (its version, and its fields, kept as a version if it has none yet)`,
    params: { id: EQ_INT },
  }),
  {
    id: "rest.content_versions.history",
    extension: `${STUDIO}: a record's kept versions, newest first, at most 20 (content_versions: the worker's table)`,
    service: "rest",
    method: "GET",
    table: "content_versions",
    key: service,
    select: "version,snapshot,saved_by,saved_at",
    params: { record: /^eq\.(company|about|service)$/, record_id: EQ_INT, order: "version.desc", limit: "20" },
  },

  // ---- The changes: one SQL function call each ----
  rpc("push_save_content", "a save — the conditional write (version = p_based_on), the versions kept, the old ones dropped, the files left behind", {
    required: {
      p_record: record,
      p_id: positive,
      p_columns: columns,
      p_based_on: positive,
      p_snapshot: snapshot,
      p_before: snapshot,
      p_by: is.text,
    },
  }),
  rpc("push_create_service", "a new service, last in the order, at version 1 with its first version kept", {
    required: { p_columns: columns, p_snapshot: snapshot, p_by: is.text },
  }),
  rpc("push_remove_service", "a service and its kept versions removed, the files left behind", { required: { p_id: positive } }),
  rpc("push_move_service", "a service swapped with its neighbour, positions rewritten 1..n", {
    required: { p_id: positive, p_direction: is.literal("up", "down") },
  }),
];

export const STUDIO_STORAGE_SHAPES: AuthShape[] = [
  {
    id: "storage.object.upload",
    extension:
      `${STUDIO}: a new image (JPEG, PNG, WebP or AVIF, checked by its bytes) under a new random name in one of the four ` +
      "folders, never replacing an object (x-upsert: false: a name is never reused, the public URL is cached)",
    service: "storage",
    method: "POST",
    path: new RegExp(`^/object/[^/]+/${FOLDERS}/[^/]+$`),
    key: service,
    headers: { "x-upsert": "false", "content-type": /^image\/(jpeg|png|webp|avif)$/, "cache-control": "max-age=3600" },
    binaryBody: true,
  },
  {
    id: "storage.object.remove",
    extension: `${STUDIO}: the images no record and no kept version refers to any more, or the uploads of a refused save, in one call`,
    service: "storage",
    method: "DELETE",
    path: /^\/object\/[^/]+$/,
    key: service,
    body: { required: { prefixes: paths } },
  },
];
