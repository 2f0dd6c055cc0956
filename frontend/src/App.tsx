import { useMemo, type ReactNode } from "react";
import { useRoutes } from "react-router";
import { Layout } from "./components/layout/Layout";
import { ToastProvider } from "./components/ui/Toast";
import { OwnerSession } from "./features/accounts/components/OwnerSession";
import { CookieConsentProvider } from "./lib/cookie-consent";
import { PageDataContext } from "./lib/page-data";
import { routes } from "./routes";
import type { PageProps } from "./types";

function Pages() {
  const table = useMemo(() => routes.map((r) => ({ path: r.path, element: <r.Component /> })), []);
  return useRoutes(table);
}

/** The contexts every part of a page may read. */
export function AppProviders({ props, children }: { props: PageProps; children: ReactNode }) {
  return (
    <PageDataContext.Provider value={props}>
      <CookieConsentProvider>
        <ToastProvider>
          <OwnerSession enabled={Boolean(props.clientOnly)}>{children}</OwnerSession>
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
