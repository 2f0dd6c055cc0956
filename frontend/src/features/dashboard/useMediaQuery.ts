import { useEffect, useState } from "react";

/** True when the media query matches (always false before mount). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia(query);
    const update = () => setMatches(mq.matches);
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, [query]);
  return matches;
}

/** The 1024 px breakpoint (docs/product/limits.md): menus above, dialogs below. */
export const useIsDesktop = () => useMediaQuery("(min-width: 1024px)");

/** The window's width, 1280 before mount. */
export function useWindowWidth(): number {
  const [width, setWidth] = useState(1280);
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return width;
}
