// The backend port: the one object route code talks to. It is shaped by what the product does,
// not by tables, so the D1 adapter (default) and the Supabase adapter can both stand behind it.
import type { About, Company, MediaFolder, Service } from "~/domain/content";

export interface ContentStore {
  /** The first company row, or null when the table is empty. */
  company(): Promise<Company | null>;
  services(): Promise<Service[]>;
  /** The first about row, or null when the table is empty. */
  about(): Promise<About | null>;
}

export interface MediaStore {
  /** Public URL of an image of one of the four content folders. */
  url(folder: MediaFolder, fileName: string): string;
}

export interface Backend {
  readonly name: "d1" | "supabase";
  readonly content: ContentStore;
  readonly media: MediaStore;
}

/** A failure of the backend itself (database unreachable, query failed), as opposed to bad user input. */
export class BackendError extends Error {
  override name = "BackendError";
}
