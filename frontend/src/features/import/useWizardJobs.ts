// The wizard's jobs, one at a time (useLatestJob), and whether one of them is the server
// processing a file for this page: leaving the page then stops the server's work too.
import { useCallback, useEffect, useRef } from "react";
import { cancelProcessing } from "./api";
import { useLatestJob } from "./useLatestJob";

export function useWizardJobs() {
  const { begin: beginJob, stop: stopJob } = useLatestJob();
  const processingNow = useRef(false);

  /** Forgets whatever is in flight. */
  const stopAll = useCallback(() => {
    stopJob();
    processingNow.current = false;
  }, [stopJob]);
  const begin = useCallback(() => {
    processingNow.current = false;
    return beginJob();
  }, [beginJob]);
  /** A job that has the server process a file, until `processed()`. */
  const beginProcessing = useCallback(() => {
    const job = begin();
    processingNow.current = true;
    return job;
  }, [begin]);
  const processed = useCallback(() => {
    processingNow.current = false;
  }, []);

  useEffect(
    () => () => {
      // Leaving the page mid-processing stops the server's work too.
      if (processingNow.current) void cancelProcessing();
      stopAll();
    },
    [stopAll],
  );

  return { begin, beginProcessing, processed, stopAll };
}
