// Helpers the server's render pool defines for the bundle (ssr-runtime/src/host.rs): escaping
// in Rust, which QuickJS's regex engine makes slow. Browsers and Node have none, and a helper
// may answer null ("do it yourself"), so every caller keeps its own JavaScript way.

interface VetrinaHost {
  /** `&`, `<`, `>`, `"`, `'` as `&amp;` `&lt;` `&gt;` `&quot;` `&#x27;`, as React does. */
  escapeHtml(text: string): string | null;
  /** `<`, `>`, `&`, U+2028, U+2029 as `\uXXXX`. */
  escapeScriptJson(json: string): string | null;
}

export const host: VetrinaHost | undefined = (globalThis as { vetrinaHost?: VetrinaHost }).vetrinaHost;
