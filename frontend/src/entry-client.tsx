import { StrictMode, startTransition, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter, useLocation } from "react-router";
import { App } from "./App";
import { DEFAULT_OPERATOR } from "./lib/page-data";
import { headFor, matchAppRoute } from "./routes";
import type { PageProps } from "./types";

/** Keeps the tab's title that of the current route when the owner app moves between pages
 * without loading a document (login → dashboard). On a page load it is the title the
 * server wrote already: the same `headFor` with the same props. A wrapper with one child,
 * not a sibling of <App />: a sibling would move every useId and break hydration. */
function DocumentTitle({ props, children }: { props: PageProps; children: ReactNode }) {
  const { pathname } = useLocation();
  // The page answers clicks from now on: said on <html> for scripts that need to know
  // (the browser tests wait for it after a page load).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  useEffect(() => {
    const title = headFor(matchAppRoute(pathname), props).title;
    if (document.title !== title) document.title = title;
  }, [pathname, props]);
  return children;
}

function readProps(): PageProps {
  const node = document.getElementById("__DATA__");
  try {
    const parsed = node?.textContent ? (JSON.parse(node.textContent) as PageProps) : null;
    if (parsed && parsed.site) return parsed;
  } catch {
    /* fall through */
  }
  return { site: { publicUrl: window.location.origin, operator: DEFAULT_OPERATOR } };
}

const props = readProps();
const container = document.getElementById("root");
if (container) {
  const app = (
    <StrictMode>
      <BrowserRouter>
        <DocumentTitle props={props}>
          <App props={props} />
        </DocumentTitle>
      </BrowserRouter>
    </StrictMode>
  );
  const clientOnly = props.clientOnly || matchAppRoute(window.location.pathname).clientOnly || !container.hasChildNodes();
  if (clientOnly) createRoot(container).render(app);
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (a phone's long task); a click meanwhile
  // still hydrates at once and is replayed.
  else startTransition(() => void hydrateRoot(container, app));
}
