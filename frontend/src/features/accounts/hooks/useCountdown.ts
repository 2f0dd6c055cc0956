import { useEffect, useState } from "react";

/** Seconds left, ticking down once a second; start(n) restarts it. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const rest = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(rest);
      if (rest === 0) setEndsAt(null);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  return { left, start: (seconds: number) => setEndsAt(Date.now() + seconds * 1000) };
}
