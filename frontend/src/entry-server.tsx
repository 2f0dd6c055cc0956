// Server bundle for QuickJS (rquickjs): no window, document, process or Node APIs.
// Contract: docs/decisions/002-ssr-contract.md.
import "./polyfills-server";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { ReactNode } from "react";
import { App, AppProviders } from "./App";
import { Footer } from "./components/layout/Footer";
import { TopBar, topBarVariant } from "./components/layout/TopBar";
import { DEFAULT_OPERATOR } from "./lib/page-data";
import { FragmentContext, type FragmentMarkup } from "./lib/server-fragments";
import { renderHead } from "./lib/seo";
import { headFor, matchAppRoute } from "./routes";
import type { PageProps } from "./types";

/** What the render pool reads back (docs/decisions/002-ssr-contract.md). */
interface RenderedPage {
  html: string;
  head: string;
  status: number;
}

function pathnameOf(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return path.startsWith("/") ? path : `/${path}`;
}

// Markup of fragments (top bar and footer per variant, seller blocks per shop version), the
// most recently used kept for the life of this worker.
const fragments = new Map<string, string>();
const MAX_FRAGMENTS = 64;
// React writes a preload for an eager image at the start of its output. Inside a fragment's
// wrapper the browser would find a <link> where it hydrates the fragment's first element.
const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*>)+/;

function fragment(key: string, pathname: string, props: PageProps, node: ReactNode): string {
  let html = fragments.get(key);
  if (html === undefined) {
    html = renderToString(
      <StaticRouter location={pathname}>
        <AppProviders props={props}>{node}</AppProviders>
      </StaticRouter>,
    ).replace(LEADING_PRELOADS, "");
    if (fragments.size >= MAX_FRAGMENTS) fragments.delete(fragments.keys().next().value as string);
  } else {
    fragments.delete(key);
  }
  fragments.set(key, html);
  return html;
}

export function vetrinaRender(url: string, propsJson: string): RenderedPage {
  const props = (propsJson ? JSON.parse(propsJson) : {}) as PageProps;
  if (!props.site || typeof props.site.publicUrl !== "string") props.site = { publicUrl: "", operator: DEFAULT_OPERATOR };
  const pathname = pathnameOf(url);
  const route = matchAppRoute(pathname);
  // A page whose data the server could not read shows its error state (decision 012).
  const status = props.loadError ? 503 : route.notFound?.(props) ? 404 : 200;
  let html = "";
  if (!route.clientOnly) {
    const markup: FragmentMarkup = {
      topbar: fragment(`topbar:${topBarVariant(pathname)}`, pathname, props, <TopBar />),
      footer: fragment("footer", pathname, props, <Footer />),
    };
    for (const spec of route.fragments?.(props) ?? []) markup[spec.id] = fragment(spec.key, pathname, props, spec.node);
    html = renderToString(
      <StaticRouter location={url}>
        <FragmentContext.Provider value={markup}>
          <App props={props} />
        </FragmentContext.Provider>
      </StaticRouter>,
    );
  }
  const head = renderHead(headFor(route, props), props.site.publicUrl);
  return { html, head, status };
}

(globalThis as unknown as { vetrinaRender: typeof vetrinaRender }).vetrinaRender = vetrinaRender;
