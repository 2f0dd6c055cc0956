// Server bundle for QuickJS (rquickjs): no window, document, process or Node APIs.
// Contract: docs/decisions/002-ssr-contract.md.
import "./polyfills-server";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "./App";
import { renderHead } from "./lib/seo";
import { headFor, matchAppRoute } from "./routes";
import type { PageProps } from "./types";

function pathnameOf(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return path.startsWith("/") ? path : `/${path}`;
}

export function vetrinaRender(url: string, propsJson: string): string {
  const props = (propsJson ? JSON.parse(propsJson) : {}) as PageProps;
  if (!props.site || typeof props.site.publicUrl !== "string") props.site = { publicUrl: "" };
  const route = matchAppRoute(pathnameOf(url));
  const status = route.notFound?.(props) ? 404 : 200;
  const html = route.clientOnly
    ? ""
    : renderToString(
        <StaticRouter location={url}>
          <App props={props} />
        </StaticRouter>,
      );
  const head = renderHead(headFor(route, props), props.site.publicUrl);
  return JSON.stringify({ html, head, status });
}

(globalThis as unknown as { vetrinaRender: typeof vetrinaRender }).vetrinaRender = vetrinaRender;
