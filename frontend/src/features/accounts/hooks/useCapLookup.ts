import { useEffect, useRef, useState } from "react";
import { it } from "../../../i18n/it";
import { lookupCap } from "../../../lib/api";
import { CAP_LOOKUP_DELAY_MS, isCap } from "../../../lib/validation";

export interface CapState {
  looking: boolean;
  towns: string[];
  message: string | null;
}

/** Postal code → towns, 1 s after typing stops on exactly 5 digits (spec section 5). One town
 * is passed to `onCity`; several are returned for a selector; another length clears the city. */
export function useCapLookup(cap: string, onCity: (city: string) => void): CapState {
  const [state, setState] = useState<CapState>({ looking: false, towns: [], message: null });
  const seq = useRef(0);
  const setCity = useRef(onCity);
  setCity.current = onCity;

  useEffect(() => {
    const current = ++seq.current;
    setState({ looking: false, towns: [], message: null });
    setCity.current("");
    if (!isCap(cap)) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState((s) => ({ ...s, looking: true }));
      try {
        const result = await lookupCap(cap, controller.signal);
        if (current !== seq.current) return;
        if (result.kind === "notFound") {
          setState({ looking: false, towns: [], message: it.accounts.register.capNotFound });
        } else if (result.comuni.length === 1) {
          setCity.current(result.comuni[0]);
          setState({ looking: false, towns: [], message: null });
        } else {
          setState({ looking: false, towns: result.comuni, message: null });
        }
      } catch {
        if (current !== seq.current || controller.signal.aborted) return;
        setState({ looking: false, towns: [], message: it.accounts.register.capError });
      }
    }, CAP_LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [cap]);
  return state;
}
