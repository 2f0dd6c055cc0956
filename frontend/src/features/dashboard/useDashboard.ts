// The dashboard's shop from GET /api/stores/me (usage, limits, product count), kept up to date
// locally after every change (docs/product/states.md, "Product list updates"); the products
// themselves are read a page at a time (useProductPage).
import { useCallback, useEffect, useState } from "react";
import { errorCode, fetchOwnStore, type OwnStore } from "./api";
import { limitsOf, type Limits } from "./logic";

export type LoadState = { kind: "loading" } | { kind: "ready" } | { kind: "unauthorized" } | { kind: "noStore" } | { kind: "error" };

export interface DashboardData {
  load: LoadState;
  store: OwnStore | null;
  /** As the server sent them; null until the shop is loaded. */
  limits: Limits | null;
  reload: () => void;
  /** Reads the shop again without leaving the page (its usage changed in the background). */
  refreshStore: () => void;
  setStore: (s: OwnStore) => void;
  /** A product was added, or `count` were deleted: the shop's count follows. */
  countAdded: () => void;
  countRemoved: (count: number) => void;
  countRegeneration: () => void;
}

export function useDashboard(enabled: boolean): DashboardData {
  const [load, setLoad] = useState<LoadState>({ kind: "loading" });
  const [store, setStoreState] = useState<OwnStore | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchOwnStore()
      .then((s) => {
        if (!live) return;
        setStoreState(s);
        setLoad({ kind: "ready" });
      })
      .catch((err: unknown) => {
        if (!live) return;
        const code = errorCode(err);
        setLoad({ kind: code === "unauthorized" ? "unauthorized" : code === "not_found" ? "noStore" : "error" });
      });
    return () => {
      live = false;
    };
  }, [enabled, attempt]);

  const reload = useCallback(() => {
    setLoad({ kind: "loading" });
    setAttempt((n) => n + 1);
  }, []);
  const refreshStore = useCallback(() => {
    fetchOwnStore().then(
      (s) => setStoreState(s),
      () => {
        // The figures shown stay; the next reading corrects them.
      },
    );
  }, []);
  const setStore = useCallback((s: OwnStore) => setStoreState((old) => ({ ...old, ...s })), []);
  const countAdded = useCallback(() => setStoreState((s) => (s ? { ...s, product_count: s.product_count + 1 } : s)), []);
  const countRemoved = useCallback(
    (count: number) => setStoreState((s) => (s ? { ...s, product_count: Math.max(0, s.product_count - count) } : s)),
    [],
  );
  const countRegeneration = useCallback(
    () => setStoreState((s) => (s ? { ...s, regenerations_this_month: s.regenerations_this_month + 1 } : s)),
    [],
  );

  return { load, store, limits: limitsOf(store), reload, refreshStore, setStore, countAdded, countRemoved, countRegeneration };
}
