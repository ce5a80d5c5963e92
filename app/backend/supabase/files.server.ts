// Orders' private files in a private Storage bucket (config filesBucket), with the service-role client: the bucket
// has no public URL and no policy, so nothing but the worker reads it, and the worker serves a file only through the
// download routes, which check who asks.
import type { SupabaseClient } from "@supabase/supabase-js";
import type { FileStore } from "~/backend/port.server";
import { failIf } from "./clients.server";

/** Storage's "no such object": HTTP 404, or the legacy 400 whose body says 404. */
const isMissing = (error: { status: number | undefined; statusCode: string | undefined }) => error.status === 404 || error.statusCode === "404";

export function supabaseFileStore(service: SupabaseClient, bucketName: string): FileStore {
  const bucket = () => service.storage.from(bucketName);
  return {
    async put(key, bytes, contentType) {
      // upsert false: keys are random and never reused, so an existing object is an error, not something to replace.
      const { error } = await bucket().upload(key, bytes, { contentType, upsert: false });
      failIf(error);
    },

    async get(key) {
      const { data, error } = await bucket().download(key);
      if (error && isMissing(error)) return null;
      failIf(error);
      return { body: data!.stream(), size: data!.size };
    },

    async remove(keys) {
      if (keys.length === 0) return;
      // One call for all of them; Storage answers only the objects it found, so a key already gone is no error.
      const { error } = await bucket().remove(keys);
      failIf(error);
    },
  };
}
