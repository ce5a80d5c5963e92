import type { MetaDescriptor } from "react-router";
import { en } from "~/i18n";

/** Dashboard pages: their own title, and never in a search index. */
export function dashboardMeta(page: string): MetaDescriptor[] {
  return [{ title: `${page} — ${en.meta.dashboard}` }, { name: "robots", content: "noindex, nofollow" }];
}
