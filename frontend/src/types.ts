// Shapes of the props the server passes to every page (docs/decisions/002-ssr-contract.md).

export type PlanKey = "free" | "starter" | "pro" | "business";

export interface Store {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  partner_group: string | null;
  logo_img_url: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  website_url: string | null;
  telephone: string | null;
  email: string | null;
  plan: PlanKey | string;
  trial_used: boolean;
  trial_ends_at: string | null;
  created: string;
  counter_csv_imported: number;
  regenerations_this_month: number;
  product_count: number;
}

/** A plan's limits as the server sends them with the owner's shop (`limits` of
 * GET /api/stores/me and every owner reply); null means unlimited. */
export interface PlanLimits {
  products: number | null;
  imports_per_month: number | null;
  regenerations_per_month: number | null;
}

export interface Product {
  id: number;
  store_id: number;
  slug: string;
  name: string;
  price: number | null;
  description: string | null;
  category: string | null;
  brand: string | null;
  image_url: string | null;
  in_stock: boolean;
  status: "normal" | "uncertain" | "incorrect" | string;
  sku: string | null;
  ean: string | null;
  created: string;
}

export interface Site {
  publicUrl: string;
}

export interface PageProps {
  site: Site;
  store?: Store;
  product?: Product;
  related?: Product[];
  products?: Product[];
  stores?: Store[];
  notFound?: boolean;
  /** Set by the server when the page's data could not be read (database down): the page
   * shows its error state and the server answers 503 (docs/decisions/012-public-page-errors.md). */
  loadError?: boolean;
  /** Set by the server on owner pages: the client renders from scratch (no hydration). */
  clientOnly?: boolean;
  /** Owner pages: whether the request carried a session cookie. When false the client does
   * not ask for the current shop (an anonymous visitor is not an expired session). */
  hasSession?: boolean;
}
