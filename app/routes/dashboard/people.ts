// /Dashboard/people?q=&languages=1,2 (admins): the suggestions of a person field as the person types (issue 23,
// item 8) — at most PERSON_SUGGESTIONS people whose name or e-mail contains q, linked to every language listed. JSON.
import { PERSON_SUGGESTIONS } from "~/domain/person-choice";
import { appContext } from "~/request/context.server";
import { requireAdmin } from "~/request/guards.server";
import type { Route } from "./+types/people";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const params = args.url.searchParams;
  const text = (params.get("q") ?? "").trim().slice(0, 100);
  const languageIds = (params.get("languages") ?? "")
    .split(",")
    .filter((id) => /^\d{1,9}$/.test(id))
    .map(Number)
    .slice(0, 20);
  const people = await appContext(args.context).backend.interpreters.find({ text, languageIds, limit: PERSON_SUGGESTIONS });
  return Response.json({ people }, { headers: { "Cache-Control": "private, no-store" } });
}
