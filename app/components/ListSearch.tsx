// The search box above a staff list: a GET form (so it works without JavaScript and the search is in the address),
// with a link that clears it. `keep`: other parts of the list's state the search must not lose (its sort).
import { Form, Link } from "react-router";
import { useMessages } from "~/platform/page/locale";

type Props = { id: string; label: string; search: string; maxLength?: number; keep?: Record<string, string | null> };

export function ListSearch({ id, label, search, maxLength = 100, keep = {} }: Props) {
  const t = useMessages().people.interpreters;
  return (
    <Form method="get" role="search" className="search-form">
      <label htmlFor={id}>{label}</label>
      <div className="search-form__row">
        <input id={id} type="search" name="q" defaultValue={search} maxLength={maxLength} />
        {Object.entries(keep).map(([name, value]) => value !== null && <input key={name} type="hidden" name={name} value={value} />)}
        <button type="submit" className="button button--small">
          {t.search}
        </button>
        {search && (
          <Link to="?" className="search-form__clear">
            {t.clearSearch}
          </Link>
        )}
      </div>
    </Form>
  );
}
