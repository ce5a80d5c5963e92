// One searched list of /Account (issue 27): its search form, then its rows and pages — or the sentence for no rows at
// all, or none matching the search. The orders, the messages and the appointments are each one of these, with their
// own URL parameters, so each keeps its search and page while the others change.
import type { ReactNode } from "react";
import { Pagination } from "~/components/Pagination";
import { AccountSearch } from "./AccountLists";

type ListWords = { search: string; searchHint: string; empty: string; noMatches: string; pages: string };

type Props = {
  /** The panel's id: where the browser lands after a search or a page. */
  anchor: string;
  words: ListWords;
  /** The URL parameter of the search, and of the page (reset by a new search). */
  param: string;
  pageParam: string;
  search: string;
  list: { items: unknown[]; page: number; pageCount: number };
  /** The rows' table. */
  children: ReactNode;
};

export function SearchedList({ anchor, words, param, pageParam, search, list, children }: Props) {
  return (
    <>
      <AccountSearch id={`${anchor}-q`} label={words.search} hint={words.searchHint} param={param} pageParam={pageParam} value={search} anchor={anchor} />
      {list.items.length === 0 ? (
        <p className="empty-state">{search ? words.noMatches : words.empty}</p>
      ) : (
        <>
          {children}
          <Pagination page={list.page} pageCount={list.pageCount} anchor={anchor} param={pageParam} label={words.pages} />
        </>
      )}
    </>
  );
}
