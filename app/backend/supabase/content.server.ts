// Public content from Supabase (SPEC §7: GET company / services / about, all columns, first row used; services in the
// order staff set in the content studio: position, then id).
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Company } from "~/domain/content";
import type { SupabaseConfig } from "~/platform/core/config.server";
import { BackendError, type ContentStore, type MediaStore } from "~/backend/port.server";
import { pictures, toAbout, toCompany, toService, type AboutRow, type CompanyRow, type ServiceRow } from "~/backend/rows/content.server";
import { check, failIf } from "./clients.server";

/**
 * Images are in a public Storage bucket, under the four folders. The content studio stores and deletes them with the
 * service-role client (`service`); without it (a backend that only shows the pages) put/remove fail.
 */
export function supabaseMediaStore(config: SupabaseConfig, service?: SupabaseClient): MediaStore {
  const bucket = () => {
    if (!service) throw new BackendError("The media store has no service-role client to change the bucket with");
    return service.storage.from(config.mediaBucket);
  };
  return {
    url: (folder, fileName) => `${config.url}/storage/v1/object/public/${encodeURIComponent(config.mediaBucket)}/${folder}/${encodeURIComponent(fileName)}`,

    async put(folder, fileName, bytes, contentType) {
      // upsert false: a name is never reused (its public URL is cached for a year), so an existing object is an error.
      const { error } = await bucket().upload(`${folder}/${fileName}`, bytes, { contentType, upsert: false });
      failIf(error);
    },

    async remove(files) {
      if (files.length === 0) return;
      // One call for all of them; Storage answers only the objects it found, so a file already gone is no error.
      const { error } = await bucket().remove(files.map(({ folder, file }) => `${folder}/${file}`));
      failIf(error);
    },
  };
}

export function supabaseContentStore(anon: SupabaseClient, media: MediaStore): ContentStore {
  let company: Promise<Company | null> | undefined;
  const image = pictures(media);

  return {
    company() {
      // One read per request, shared by the layout and the page.
      company ??= (async () => {
        const row = check<CompanyRow[]>(await anon.from("company").select("*"))[0];
        return row ? toCompany(row, image) : null;
      })();
      return company;
    },

    async services() {
      const rows = check<(ServiceRow & { id: number })[]>(await anon.from("services").select("*").order("position").order("id"));
      return rows.map((row) => toService(row, image));
    },

    async about() {
      const row = check<AboutRow[]>(await anon.from("about").select("*"))[0];
      return row ? toAbout(row, image) : null;
    },
  };
}
