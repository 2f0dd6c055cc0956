import { createContext, useContext } from "react";
import type { PageProps } from "../types";

export const PageDataContext = createContext<PageProps>({ site: { publicUrl: "" } });

/** The props the server rendered this page with (the same object on server and client). */
export const usePageData = () => useContext(PageDataContext);
