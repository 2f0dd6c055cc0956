import { createContext, useContext, type ReactNode } from "react";

/**
 * Parts of a public page that are the same on many pages (top bar and footer on all of them,
 * a shop's seller block on each of its product pages) are rendered once per server worker
 * and their markup reused: on the server a fragment arrives as HTML, in the browser the same
 * component renders and hydrates that markup. Both sides wrap it in the same
 * `display: contents` element, so layout and hydration see the same tree.
 */
export type FragmentMarkup = Partial<Record<FragmentId, string>>;
export type FragmentId = "topbar" | "footer" | "seller";

/** A fragment a page asks the server for: `key` names everything its markup depends on. */
export interface FragmentSpec {
  id: FragmentId;
  key: string;
  node: ReactNode;
}

export const FragmentContext = createContext<FragmentMarkup | null>(null);

export function ServerFragment({ id, children }: { id: FragmentId; children: ReactNode }) {
  const html = useContext(FragmentContext)?.[id];
  return html !== undefined ? (
    <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div className="contents">{children}</div>
  );
}
