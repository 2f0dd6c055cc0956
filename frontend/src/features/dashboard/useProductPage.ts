// The dashboard's grid: one page of 20 from the server for the current search, filters and
// order (GET /api/stores/{id}/products). The search is sent once the owner pauses typing;
// a newer request cancels the one before, so an older answer never replaces a newer one.
import { useEffect, useState } from "react";
import { fetchProductPage, isAbort } from "../../lib/catalogue";
import type { ProductPageView } from "../../types";
import { PAGE_SIZE, type ListState } from "./logic";

/** Typing pauses this long before the search is sent. */
export const SEARCH_DELAY_MS = 250;

export type PageLoad = { kind: "loading"; last: ProductPageView | null } | { kind: "ready"; page: ProductPageView } | { kind: "error"; last: ProductPageView | null };

/** The search as the owner typed it, once they pause. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === settled) return;
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, settled, delay]);
  // Clearing the box shows the whole list at once.
  return value.trim() === "" ? value : settled;
}

/** `version` changes after every write (add, edit, delete) so the page is read again. */
export function useProductPage(storeId: number | null, list: ListState, version: number): PageLoad {
  const search = useSettled(list.search, SEARCH_DELAY_MS);
  const { sort, stock, category, page } = list;
  const key = JSON.stringify([storeId, search, sort, stock, category, page, version]);
  const [answer, setAnswer] = useState<{ key: string; page: ProductPageView | null; failed: boolean }>({ key: "", page: null, failed: false });

  useEffect(() => {
    if (storeId === null) return;
    const controller = new AbortController();
    fetchProductPage(storeId, { q: search, sort: search.trim() && sort === "newest" ? "relevance" : sort, stock, category, page, perPage: PAGE_SIZE }, controller.signal)
      .then((result) => setAnswer({ key, page: result, failed: false }))
      .catch((error: unknown) => {
        // A 401 has told the session already (it shows "Sessione scaduta" and goes to /login).
        if (isAbort(error)) return;
        setAnswer((old) => ({ key, page: old.page, failed: true }));
      });
    return () => controller.abort();
  }, [key, storeId, search, sort, stock, category, page]);

  if (answer.key !== key) return { kind: "loading", last: answer.page };
  if (answer.failed || !answer.page) return { kind: "error", last: answer.page };
  return { kind: "ready", page: answer.page };
}

/** What the grid shows: the page's products and the "Mostrando a-b di N" figures. */
export interface PageView {
  items: ProductPageView["items"];
  page: number;
  pages: number;
  total: number;
  from: number;
  to: number;
}

export function pageView(result: ProductPageView | null): PageView {
  if (!result) return { items: [], page: 1, pages: 1, total: 0, from: 0, to: 0 };
  const start = (result.page - 1) * result.per_page;
  return {
    items: result.items,
    page: result.page,
    pages: result.pages,
    total: result.total,
    from: result.items.length ? start + 1 : 0,
    to: start + result.items.length,
  };
}
