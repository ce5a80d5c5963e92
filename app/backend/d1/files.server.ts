import type { FileStore } from "~/backend/port.server";

/** Orders' private files in the FILES R2 bucket, which no route serves directly (the download routes read it). */
export function d1FileStore(bucket: R2Bucket): FileStore {
  return {
    async put(key, bytes, contentType) {
      await bucket.put(key, bytes, { httpMetadata: { contentType } });
    },

    async get(key) {
      const object = await bucket.get(key);
      // R2's body is a byte stream; workers-types leave its chunks untyped.
      return object ? { body: object.body as ReadableStream<Uint8Array>, size: object.size } : null;
    },

    async remove(keys) {
      if (keys.length > 0) await bucket.delete(keys);
    },
  };
}
