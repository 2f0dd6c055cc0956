import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { matchAppRoute } from "./routes";
import type { PageProps } from "./types";

function readProps(): PageProps {
  const node = document.getElementById("__DATA__");
  try {
    const parsed = node?.textContent ? (JSON.parse(node.textContent) as PageProps) : null;
    if (parsed && parsed.site) return parsed;
  } catch {
    /* fall through */
  }
  return { site: { publicUrl: window.location.origin } };
}

const props = readProps();
const container = document.getElementById("root");
if (container) {
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App props={props} />
      </BrowserRouter>
    </StrictMode>
  );
  const clientOnly = props.clientOnly || matchAppRoute(window.location.pathname).clientOnly || !container.hasChildNodes();
  if (clientOnly) createRoot(container).render(app);
  else hydrateRoot(container, app);
}
