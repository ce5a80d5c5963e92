import type { MediaStore } from "../port.server";

/** Images live in the MEDIA R2 bucket under <Folder>/<file> and are served by workers/media.ts. */
export function d1MediaStore(): MediaStore {
  return {
    url: (folder, fileName) => `/media/${folder}/${encodeURIComponent(fileName)}`,
  };
}
