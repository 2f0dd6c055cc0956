import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { Layout } from "./components/layout/Layout";
import { ToastProvider } from "./components/ui/Toast";
import { OwnerSession } from "./features/accounts/components/OwnerSession";
import { CookieConsentProvider } from "./lib/cookie-consent";
import { PageDataContext } from "./lib/page-data";
import { RouteParamsContext } from "./lib/route-params";
import { SessionContext, type Session } from "./lib/session";
import { matchAppRouteWithParams } from "./routes";
import type { PageProps } from "./types";

/** The page of the current location, matched against the one route table. */
function Pages() {
  const { route, params } = matchAppRouteWithParams(useLocation().pathname);
  return (
    <RouteParamsContext.Provider value={params}>
      <route.Component />
    </RouteParamsContext.Provider>
  );
}

const ANONYMOUS: Session = { store: null };
const IN_BROWSER = typeof window !== "undefined";

/** The contexts every part of a page may read. The server renders every page as anonymous
 * (public pages are cached for everybody) and skips the session's machinery; in the browser
 * the session starts anonymous too, so hydration matches, and then learns who is logged in. */
export function AppProviders({ props, children }: { props: PageProps; children: ReactNode }) {
  return (
    <PageDataContext.Provider value={props}>
      <CookieConsentProvider>
        <ToastProvider>
          {IN_BROWSER ? (
            <OwnerSession>{children}</OwnerSession>
          ) : (
            <SessionContext.Provider value={ANONYMOUS}>{children}</SessionContext.Provider>
          )}
        </ToastProvider>
      </CookieConsentProvider>
    </PageDataContext.Provider>
  );
}

/** The whole application below the router (StaticRouter on the server, BrowserRouter in the browser). */
export function App({ props }: { props: PageProps }) {
  return (
    <AppProviders props={props}>
      <Layout>
        <Pages />
      </Layout>
    </AppProviders>
  );
}
