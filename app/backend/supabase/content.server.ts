// Public content from Supabase (SPEC §7: GET company / services / about, all columns, first row used).
import type { SupabaseClient } from "@supabase/supabase-js";
import type { Company } from "~/domain/content";
import type { SupabaseConfig } from "~/lib/config.server";
import type { ContentStore, MediaStore } from "../port.server";
import { imageUrls, toAbout, toCompany, toService, type AboutRow, type CompanyRow, type ServiceRow } from "../rows/content.server";
import { check } from "./clients.server";

/** Images are in a public Storage bucket, under the four folders. */
export function supabaseMediaStore(config: SupabaseConfig): MediaStore {
  return {
    url: (folder, fileName) =>
      `${config.url}/storage/v1/object/public/${encodeURIComponent(config.mediaBucket)}/${folder}/${encodeURIComponent(fileName)}`,
  };
}

export function supabaseContentStore(anon: SupabaseClient, media: MediaStore): ContentStore {
  let company: Promise<Company | null> | undefined;
  const image = imageUrls(media);

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
      const rows = check<ServiceRow[]>(await anon.from("services").select("*").order("id"));
      return rows.map((row) => toService(row, image));
    },

    async about() {
      const row = check<AboutRow[]>(await anon.from("about").select("*"))[0];
      return row ? toAbout(row, image) : null;
    },
  };
}
