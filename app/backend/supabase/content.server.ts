// Public content from Supabase (SPEC §7: GET company / services / about, all columns, first row used).
import type { SupabaseClient } from "@supabase/supabase-js";
import type { About, Company, MediaFolder, Service } from "~/domain/content";
import type { SupabaseConfig } from "~/lib/config.server";
import type { ContentStore, MediaStore } from "../port.server";
import { check } from "./clients.server";

type CompanyRow = {
  title: string;
  description: string | null;
  homecover: string | null;
  address: string | null;
  email: string | null;
  phone?: string | null;
  linkedin: string | null;
  facebook: string | null;
  instegram: string | null;
  contactcover: string | null;
};
type ServiceRow = { id: number; title: string; description: string | null; photourl: string | null };
type AboutRow = { description: string | null; photoaurl: string | null; photoburl: string | null };

/** Images are in a public Storage bucket, under the four folders. */
export function supabaseMediaStore(config: SupabaseConfig): MediaStore {
  return {
    url: (folder, fileName) =>
      `${config.url}/storage/v1/object/public/${encodeURIComponent(config.mediaBucket)}/${folder}/${encodeURIComponent(fileName)}`,
  };
}

export function supabaseContentStore(anon: SupabaseClient, media: MediaStore): ContentStore {
  let company: Promise<Company | null> | undefined;
  const image = (folder: MediaFolder, file: string | null) => (file ? media.url(folder, file) : null);

  return {
    company() {
      // One read per request, shared by the layout and the page.
      company ??= (async () => {
        const row = check<CompanyRow[]>(await anon.from("company").select("*"))[0];
        return row
            ? {
                title: row.title,
                description: row.description ?? "",
                address: row.address ?? "",
                email: row.email ?? "",
                phone: row.phone ?? null,
                facebook: row.facebook,
                instagram: row.instegram,
                linkedin: row.linkedin,
                homeCoverUrl: image("Home", row.homecover),
                contactCoverUrl: image("Contactus", row.contactcover),
              }
            : null;
      })();
      return company;
    },

    async services() {
      const rows = check<ServiceRow[]>(await anon.from("services").select("*").order("id"));
      return rows.map(
        (row): Service => ({ id: row.id, title: row.title, description: row.description ?? "", photoUrl: image("Services", row.photourl) }),
      );
    },

    async about() {
      const row = check<AboutRow[]>(await anon.from("about").select("*"))[0];
      return row
        ? ({ description: row.description ?? "", photoAUrl: image("Aboutus", row.photoaurl), photoBUrl: image("Aboutus", row.photoburl) } satisfies About)
        : null;
    },
  };
}
