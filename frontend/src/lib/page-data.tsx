import { createContext, useContext } from "react";
import { BRAND_NAME, PRIVACY_EMAIL } from "../config";
import type { Operator, PageProps } from "../types";

/** Who runs the site when the server did not say (a page rendered without its props). */
export const DEFAULT_OPERATOR: Operator = { name: BRAND_NAME, address: null, vatNumber: null, email: PRIVACY_EMAIL };

export const PageDataContext = createContext<PageProps>({ site: { publicUrl: "", operator: DEFAULT_OPERATOR } });

/** The props the server rendered this page with (the same object on server and client). */
export const usePageData = () => useContext(PageDataContext);

/** Who runs the site (`--operator-*` on the server): the legal pages and the footer name them. */
export const useOperator = (): Operator => usePageData().site.operator ?? DEFAULT_OPERATOR;

/** "Vetrina S.r.l., Via Roma 1, 20121 Milano, P. IVA 01234567890": the lines that are set. */
export function operatorLine(operator: Operator): string {
  return [operator.name, operator.address, operator.vatNumber ? `P. IVA ${operator.vatNumber}` : null].filter(Boolean).join(", ");
}
