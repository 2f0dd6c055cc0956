// The dashboard's data: the shop and its products from GET /api/stores/me, kept up to date
// locally after every change (spec section 4, "Product list updates").
import { useCallback, useEffect, useState } from "react";
import type { Product } from "../../types";
import { errorCode, fetchOwnStore, type OwnStore } from "./api";
import { limitsOf, type Limits } from "./logic";

export type LoadState = { kind: "loading" } | { kind: "ready" } | { kind: "unauthorized" } | { kind: "noStore" } | { kind: "error" };

export interface DashboardData {
  load: LoadState;
  store: OwnStore | null;
  products: Product[];
  /** As the server sent them; null until the shop is loaded. */
  limits: Limits | null;
  reload: () => void;
  setStore: (s: OwnStore) => void;
  addProduct: (p: Product) => void;
  replaceProduct: (p: Product) => void;
  removeProducts: (ids: number[]) => void;
  countRegeneration: () => void;
}

function withoutProducts(s: OwnStore): OwnStore {
  const { Products: _ignored, ...rest } = s;
  return rest;
}

export function useDashboard(enabled: boolean): DashboardData {
  const [load, setLoad] = useState<LoadState>({ kind: "loading" });
  const [store, setStoreState] = useState<OwnStore | null>(null);
  const [products, setProducts] = useState<Product[]>([]);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchOwnStore()
      .then((s) => {
        if (!live) return;
        setStoreState(withoutProducts(s));
        setProducts(Array.isArray(s.Products) ? s.Products : []);
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
  const setStore = useCallback((s: OwnStore) => setStoreState((old) => ({ ...old, ...withoutProducts(s) })), []);
  const addProduct = useCallback((p: Product) => {
    setProducts((list) => [...list, p]);
    setStoreState((s) => (s ? { ...s, product_count: s.product_count + 1 } : s));
  }, []);
  const replaceProduct = useCallback((p: Product) => setProducts((list) => list.map((x) => (x.id === p.id ? p : x))), []);
  const removeProducts = useCallback((ids: number[]) => {
    const gone = new Set(ids);
    setProducts((list) => list.filter((x) => !gone.has(x.id)));
    setStoreState((s) => (s ? { ...s, product_count: Math.max(0, s.product_count - ids.length) } : s));
  }, []);
  const countRegeneration = useCallback(
    () => setStoreState((s) => (s ? { ...s, regenerations_this_month: s.regenerations_this_month + 1 } : s)),
    [],
  );

  return { load, store, products, limits: limitsOf(store), reload, setStore, addProduct, replaceProduct, removeProducts, countRegeneration };
}
