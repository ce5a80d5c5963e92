import type { FileStore } from "~/backend/port.server";

/** Orders' private files in the FILES R2 bucket, which no route serves directly (the download routes read it). */
export function d1FileStore(bucket: R2Bucket): FileStore {
  return {
    async put(key, bytes, contentType) {
      await bucket.put(key, bytes, { httpMetadata: { contentType } });
    },

    async get(key) {
      const object = await bucket.get(key);
      return object ? { body: object.body, size: object.size } : null;
    },

    async remove(keys) {
      if (keys.length > 0) await bucket.delete(keys);
    },
  };
}
