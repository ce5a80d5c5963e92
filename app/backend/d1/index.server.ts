import type { Backend } from "../port.server";
import { d1ContentStore } from "./content.server";
import { d1MediaStore } from "./media.server";

/** The embedded default: SQLite through the DB binding, images in the MEDIA bucket. */
export function createD1Backend(env: Pick<Env, "DB">): Backend {
  const db = env.DB;
  const media = d1MediaStore();
  return { name: "d1", media, content: d1ContentStore(db, media) };
}
