import type { MediaStore } from "~/backend/port.server";

/** Images live in the MEDIA R2 bucket under <Folder>/<file> and are served by workers/media.ts. */
export function d1MediaStore(bucket: R2Bucket): MediaStore {
  return {
    url: (folder, fileName) => `/media/${folder}/${encodeURIComponent(fileName)}`,

    async put(folder, fileName, bytes, contentType) {
      await bucket.put(`${folder}/${fileName}`, bytes, { httpMetadata: { contentType } });
    },

    async remove(files) {
      if (files.length > 0) await bucket.delete(files.map(({ folder, file }) => `${folder}/${file}`));
    },
  };
}
