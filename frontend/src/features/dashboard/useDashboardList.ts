// The dashboard's list: what the owner asked for (page, search, filters, order) and the page
// of products the server answered for it.
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { changeList, clearFilters, listFromQuery, listQuery, type ListState } from "./logic";
import { pageView, useProductPage } from "./useProductPage";

/** `version` changes after every write, so the page is read again from the server. */
export function useDashboardList(storeId: number | null, version: number) {
  const location = useLocation();
  // The address holds the page, search, filters and order: a reload or a shared link opens
  // the same list, and going back to the dashboard finds it as it was left.
  const [list, setList] = useState<ListState>(() => listFromQuery(location.search));
  const listing = useProductPage(storeId, list, version);
  const result = listing.kind === "ready" ? listing.page : listing.last;

  useEffect(() => {
    const query = listQuery(list);
    if (window.location.search !== query) window.history.replaceState(window.history.state, "", `${window.location.pathname}${query}`);
  }, [list]);

  // A page past the last (after deletions) shows the last one.
  const lastPage = listing.kind === "ready" && listing.page.page > listing.page.pages ? listing.page.pages : null;
  if (lastPage !== null && list.page !== lastPage) setList({ ...list, page: lastPage });

  return {
    list,
    listing,
    /** The page shown: the answer, or the last one while the next is read or failed. */
    result,
    view: pageView(result),
    categories: (result?.categories ?? []).map((c) => c.name),
    statusCounts: result?.status_counts,
    /** A new search, filter or order: back to the first page. */
    change: (patch: Partial<Omit<ListState, "page">>) => setList((s) => changeList(s, patch)),
    clear: () => setList((s) => clearFilters(s)),
    setPage: (page: number) => {
      setList((s) => ({ ...s, page }));
      window.scrollTo({ top: 0 });
    },
  };
}

export type DashboardList = ReturnType<typeof useDashboardList>;
