import type { MetaDescriptor } from "react-router";
import { messagesFor } from "./locale";
import { metaLocale } from "./meta";

type MetaArgs = { matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]; location: { pathname: string } };

/** Dashboard pages: their own title in the person's language, and never in a search index. */
export function dashboardMeta(args: MetaArgs, page: (t: ReturnType<typeof messagesFor>) => string): MetaDescriptor[] {
  const t = messagesFor(metaLocale(args.matches, args.location));
  return [{ title: `${page(t)} — ${t.meta.dashboard}` }, { name: "robots", content: "noindex, nofollow" }];
}
