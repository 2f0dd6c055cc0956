// What the server sends: page props (docs/decisions/002-ssr-contract.md), API replies and
// error codes. Every shape is generated from the server's Rust types into ./generated
// (server/src/typescript.rs; a Rust test fails when they differ): none is written by hand.
// The names below are the ones the frontend has always used.

export type * from "./generated";
export type {
  /** A shop as anyone sees it (explore, shop and product pages, GET /api/stores/{id}). */
  StoreView as Store,
  /** The owner's shop: the public fields plus trial, usage and limits (GET /api/stores/me,
   * login and every owner call that answers the shop). */
  OwnerStoreView as OwnStore,
  ProductView as Product,
  Plan as PlanKey,
  /** A plan's limits; null means unlimited. */
  Limits as PlanLimits,
} from "./generated";
