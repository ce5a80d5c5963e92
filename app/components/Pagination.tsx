import { Link, useLocation } from "react-router";
import { format } from "~/i18n";
import { useMessages } from "~/platform/page/locale";
import { searchWith } from "~/platform/page/url-state";

type Props = {
  page: number;
  pageCount: number;
  /** The list's heading id. */
  anchor?: string;
  /** The URL parameter of the page number, when a page has two paged lists (the Rates page's ?payPage=). */
  param?: string;
  /** The navigation's name, when a page has two of them (landmarks must differ). */
  label?: string;
};

/** Links to the previous and next page, keeping the list's other URL state. */
export function Pagination({ page, pageCount, anchor = "interpreters-list", param = "page", label }: Props) {
  const t = useMessages().people;
  const { search } = useLocation();
  if (pageCount <= 1) return null;
  const to = (target: number) => searchWith(search, { [param]: target === 1 ? null : target, edit: null, delete: null }, anchor);
  return (
    <nav aria-label={label ?? t.pagination} className="pagination">
      {page > 1 ? <Link to={to(page - 1)}>{t.previous}</Link> : <span aria-hidden="true">{t.previous}</span>}
      <span aria-current="page">{format(t.pageOf, { page, pages: pageCount })}</span>
      {page < pageCount ? <Link to={to(page + 1)}>{t.next}</Link> : <span aria-hidden="true">{t.next}</span>}
    </nav>
  );
}
