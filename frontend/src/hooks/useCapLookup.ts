import { useEffect, useEffectEvent, useState } from "react";
import { lookupCap } from "../lib/api";
import { CAP_LOOKUP_DELAY_MS, isCap } from "../lib/validation";

export interface CapState {
  looking: boolean;
  towns: string[];
  message: string | null;
}

const IDLE: CapState = { looking: false, towns: [], message: null };

/** Postal code → towns, 1 s after typing stops on exactly 5 digits (docs/product/validation.md). One town
 * is passed to `onCity`; several are returned for a selector; any other code clears the city.
 * `messages` are the form's own texts for a code not found and a failed lookup. */
export function useCapLookup(cap: string, onCity: (city: string) => void, messages: { notFound: string; error: string }): CapState {
  // The answer is kept with the code it is for: a newer code shows nothing until its own.
  const [answer, setAnswer] = useState<CapState & { cap: string }>({ cap: "", ...IDLE });
  const setCity = useEffectEvent(onCity);
  const text = useEffectEvent((kind: "notFound" | "error") => messages[kind]);

  useEffect(() => {
    setCity("");
    if (!isCap(cap)) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setAnswer({ cap, ...IDLE, looking: true });
      try {
        const result = await lookupCap(cap, controller.signal);
        if (controller.signal.aborted) return;
        if (result.kind === "notFound") {
          setAnswer({ cap, ...IDLE, message: text("notFound") });
        } else if (result.comuni.length === 1) {
          setCity(result.comuni[0]);
          setAnswer({ cap, ...IDLE });
        } else {
          setAnswer({ cap, ...IDLE, towns: result.comuni });
        }
      } catch {
        if (!controller.signal.aborted) setAnswer({ cap, ...IDLE, message: text("error") });
      }
    }, CAP_LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [cap]);

  return answer.cap === cap ? answer : IDLE;
}
