import { useSyncExternalStore } from "react";

const never = () => () => {};

/** False on the server and while the browser hydrates the server's markup, true from the next
 * render on: for what only the browser can show, without a hydration mismatch. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
