// Matching a pathname against the route table's patterns ("/store/:storeId/:storeSlug", "*").
// The patterns are split once when the table loads; react-router's matchRoutes flattens,
// ranks and compiles every pattern on each call, which in the server's QuickJS engine cost
// about a tenth of a product page's render.

export type RouteParams = Readonly<Record<string, string>>;

type Segment = { param: string } | { text: string };

export interface CompiledPattern {
  /** null for "*": any path. */
  segments: Segment[] | null;
}

/** "/store/3/x/" → ["store", "3", "x"]. (No regex: QuickJS's costs hundreds of
 * instructions per character.) */
export function pathSegments(path: string): string[] {
  let start = 0;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === 47) start++;
  while (end > start && path.charCodeAt(end - 1) === 47) end--;
  return start === end ? [] : path.slice(start, end).split("/");
}

export function compilePattern(pattern: string): CompiledPattern {
  if (pattern === "*") return { segments: null };
  return {
    segments: pathSegments(pattern).map((part) => (part.startsWith(":") ? { param: part.slice(1) } : { text: part.toLowerCase() })),
  };
}

function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The params when the path (its `pathSegments`) fits the pattern, else null. As react-router
 * does: static segments compare without case, a trailing slash is ignored, a param is one
 * non-empty segment, percent-decoded.
 */
export function matchPattern(compiled: CompiledPattern, parts: string[]): RouteParams | null {
  if (compiled.segments === null) return {};
  if (parts.length !== compiled.segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const segment = compiled.segments[i];
    const part = parts[i];
    if (part === "") return null;
    if ("param" in segment) params[segment.param] = decodeSegment(part);
    else if (part.toLowerCase() !== segment.text) return null;
  }
  return params;
}
