import { createContext, useContext, type ReactNode } from "react";

/**
 * Parts of every public page that do not change from page to page (top bar, footer) are
 * rendered once per server worker and their markup reused: on the server a fragment
 * arrives as HTML, in the browser the same component renders and hydrates that markup.
 * Both sides wrap it in the same `display: contents` element, so layout and hydration
 * see the same tree.
 */
export type FragmentMarkup = Partial<Record<FragmentId, string>>;
export type FragmentId = "topbar" | "footer";

export const FragmentContext = createContext<FragmentMarkup | null>(null);

export function ServerFragment({ id, children }: { id: FragmentId; children: ReactNode }) {
  const html = useContext(FragmentContext)?.[id];
  return html !== undefined ? (
    <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div className="contents">{children}</div>
  );
}
