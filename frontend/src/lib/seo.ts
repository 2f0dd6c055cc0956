// Head tags (title, description, canonical, Open Graph, robots, JSON-LD) as an HTML string.
import { FAVICON_PATH } from "../config";
import { host } from "./host";
import { absoluteUrl } from "./paths";

export interface HeadData {
  title: string;
  description: string;
  /** Path of the canonical URL ("/explore"); omitted on pages that must not be indexed. */
  canonicalPath?: string;
  ogType?: "website" | "product" | "business.business";
  /** Absolute or root-relative image URL. */
  image?: string | null;
  noindex?: boolean;
  jsonLd?: object[];
  /** og:site_name: the shop's own name on a Business shop's pages, else "Vetrina". */
  siteName?: string;
}

export function escapeHtml(text: string): string {
  const fast = host?.escapeHtml(text);
  if (fast != null) return fast;
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

/** JSON for a <script> element: nothing in it can close the element or start a comment. */
export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  const fast = host?.escapeScriptJson(json);
  if (fast != null) return fast;
  return json
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function renderHead(data: HeadData, publicUrl: string): string {
  const tags: string[] = [];
  const meta = (attr: "name" | "property", key: string, content: string) =>
    tags.push(`<meta ${attr}="${key}" content="${escapeHtml(content)}">`);

  tags.push(`<title>${escapeHtml(data.title)}</title>`);
  meta("name", "description", data.description);
  if (data.noindex) meta("name", "robots", "noindex");
  const canonical = data.canonicalPath ? absoluteUrl(publicUrl, data.canonicalPath) : null;
  if (canonical) tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`);
  tags.push(`<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">`);
  tags.push(`<meta name="theme-color" content="#9a3412">`);
  meta("property", "og:site_name", data.siteName ?? "Vetrina");
  meta("property", "og:locale", "it_IT");
  meta("property", "og:type", data.ogType ?? "website");
  meta("property", "og:title", data.title);
  meta("property", "og:description", data.description);
  if (canonical) meta("property", "og:url", canonical);
  if (data.image) {
    meta("property", "og:image", absoluteUrl(publicUrl, data.image));
    meta("name", "twitter:card", "summary_large_image");
  } else {
    meta("name", "twitter:card", "summary");
  }
  for (const block of data.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${jsonForScript(block)}</script>`);
  }
  return tags.join("\n");
}
