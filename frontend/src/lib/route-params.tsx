import { createContext, useContext } from "react";
import type { RouteParams } from "./route-match";

/** The params of the matched route (`:email` of /email-verification/:email). */
export const RouteParamsContext = createContext<RouteParams>({});

export const useRouteParams = () => useContext(RouteParamsContext);
