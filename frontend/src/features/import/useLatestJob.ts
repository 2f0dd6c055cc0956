// One asynchronous job at a time: starting a job (or stopping) aborts the previous one's
// request and clears its timers, and its late replies see `current()` false and are ignored.
import { useCallback, useRef } from "react";

export interface Job {
  signal: AbortSignal;
  /** False once another job began or everything was stopped. */
  current: () => boolean;
  /** A repeating timer that lives as long as the job. */
  every: (ms: number, fn: () => void) => void;
  /** A one-off timer that lives as long as the job; runs only while the job is current. */
  after: (ms: number, fn: () => void) => void;
  /** Clears the job's timers, keeping it current. */
  stopTimers: () => void;
}

export function useLatestJob() {
  const run = useRef(0);
  const request = useRef<AbortController | null>(null);
  const timers = useRef<Array<() => void>>([]);

  const clearTimers = useCallback(() => {
    timers.current.forEach((clear) => clear());
    timers.current = [];
  }, []);

  /** Forgets whatever is in flight: pending replies and timers no longer count. */
  const stop = useCallback(() => {
    run.current += 1;
    request.current?.abort();
    request.current = null;
    clearTimers();
  }, [clearTimers]);

  const begin = useCallback((): Job => {
    stop();
    const controller = new AbortController();
    request.current = controller;
    const id = run.current;
    const current = () => run.current === id;
    return {
      signal: controller.signal,
      current,
      every: (ms, fn) => {
        const timer = setInterval(fn, ms);
        timers.current.push(() => clearInterval(timer));
      },
      after: (ms, fn) => {
        const timer = setTimeout(() => current() && fn(), ms);
        timers.current.push(() => clearTimeout(timer));
      },
      stopTimers: clearTimers,
    };
  }, [stop, clearTimers]);

  return { begin, stop };
}
