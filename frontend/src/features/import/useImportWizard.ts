// The import wizard's state machine (spec section 4): none → analyzing → mapping →
// processing → preview, and error from analyzing or processing. Every asynchronous step is a
// job (useLatestJob): a reply that arrives after a reset or a cancellation is ignored.
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useToast } from "../../components/ui/Toast";
import { it } from "../../i18n/it";
import { useSession } from "../../lib/session";
import { analyzeFile, cancelProcessing, errorCode, importProcessed, messageOf, processFile, type Analysis, type ProcessOptions, type Processed } from "./api";
import { useLatestJob } from "./useLatestJob";
import {
  isSupportedFile,
  mappingProblem,
  nextProgress,
  PREVIEW_DELAY_MS,
  PROGRESS_TICK_MS,
  type Mapping,
  type MappingExtras,
  type MappingKey,
  type RowError,
} from "./logic";

const t = it.upload;

interface Loaded {
  file: File;
  analysis: Analysis;
  mapping: Mapping;
  extras: MappingExtras;
  options: ProcessOptions;
}

export type WizardState =
  | { step: "none"; rejected: string | null }
  | { step: "analyzing"; file: File }
  | ({ step: "mapping"; problem: string | null } & Loaded)
  | ({ step: "processing" } & Loaded)
  | ({ step: "preview"; result: Processed; importErrors: RowError[]; expired: boolean; importing: boolean } & Loaded)
  /** `upgrade`: a plan limit (403) refused the file; the state offers a better plan. */
  | { step: "error"; message: string; upgrade: boolean };

const initial: WizardState = { step: "none", rejected: null };

export function useImportWizard() {
  const [state, setState] = useState<WizardState>(initial);
  const [progress, setProgress] = useState(0);
  const jobs = useLatestJob();
  // The server is processing a file for this page: leaving the page must cancel it.
  const processingNow = useRef(false);
  const toast = useToast();
  const navigate = useNavigate();
  const { setStore } = useSession();

  const { begin: beginJob, stop: stopJob } = jobs;
  const stopAll = useCallback(() => {
    stopJob();
    processingNow.current = false;
  }, [stopJob]);
  const begin = useCallback(() => {
    processingNow.current = false;
    return beginJob();
  }, [beginJob]);

  const reset = useCallback(() => {
    stopAll();
    setProgress(0);
    setState(initial);
  }, [stopAll]);

  useEffect(
    () => () => {
      // Leaving the page mid-processing stops the server's work too.
      if (processingNow.current) void cancelProcessing();
      stopAll();
    },
    [stopAll],
  );

  /** Reads the file (again, for another `sheet` of a workbook) and proposes its mapping. */
  const chooseFile = useCallback(
    async (file: File, sheet?: string) => {
      if (!isSupportedFile(file.name, file.type)) {
        stopAll();
        setState({ step: "none", rejected: t.drop.unsupported });
        return;
      }
      const job = begin();
      setState({ step: "analyzing", file });
      try {
        const analysis = await analyzeFile(file, job.signal, sheet);
        if (!job.current()) return;
        setState({
          step: "mapping",
          file,
          analysis,
          mapping: analysis.mapping,
          extras: analysis.extras,
          options: { regenerateName: false, regeneratePresentProducts: false },
          problem: null,
        });
      } catch (err) {
        if (!job.current()) return;
        setState({ step: "error", message: messageOf(err, t.error.analysis), upgrade: isPlanLimit(err) });
      }
    },
    [begin, stopAll],
  );

  const setMapping = useCallback((key: MappingKey, header: string) => {
    setState((s) => {
      if (s.step !== "mapping") return s;
      const mapping = { ...s.mapping };
      if (header) mapping[key] = header;
      else delete mapping[key];
      return { ...s, mapping, problem: s.problem && mappingProblem(mapping) };
    });
  }, []);

  const setExtras = useCallback((change: (e: MappingExtras) => MappingExtras) => {
    setState((s) => (s.step === "mapping" ? { ...s, extras: change(s.extras) } : s));
  }, []);

  const setOption = useCallback((key: keyof ProcessOptions, value: boolean) => {
    setState((s) => (s.step === "mapping" ? { ...s, options: { ...s.options, [key]: value } } : s));
  }, []);

  const runProcessing = useCallback(
    async (loaded: Loaded) => {
      const job = begin();
      processingNow.current = true;
      setProgress(0);
      setState({ step: "processing", ...loaded });
      job.every(PROGRESS_TICK_MS, () => setProgress((p) => nextProgress(p, loaded.analysis.totalRows)));
      try {
        const result = await processFile(loaded.file, loaded.mapping, loaded.extras, loaded.options, job.signal);
        if (!job.current()) return;
        processingNow.current = false;
        job.stopTimers();
        setProgress(100);
        job.after(PREVIEW_DELAY_MS, () => setState({ step: "preview", ...loaded, result, importErrors: [], expired: false, importing: false }));
      } catch (err) {
        if (!job.current()) return;
        stopAll();
        setState({ step: "error", message: messageOf(err, t.error.processing), upgrade: isPlanLimit(err) });
      }
    },
    [begin, stopAll],
  );

  /** "Elabora Prodotti": refuses a mapping without `name`, else starts processing. */
  const submitMapping = useCallback((): boolean => {
    if (state.step !== "mapping") return false;
    const problem = mappingProblem(state.mapping);
    if (problem) {
      setState({ ...state, problem });
      return false;
    }
    const { file, analysis, mapping, extras, options } = state;
    void runProcessing({ file, analysis, mapping, extras, options });
    return true;
  }, [state, runProcessing]);

  /** After the confirmation dialog: stop the server, forget the request, start over. */
  const cancel = useCallback(() => {
    reset();
    void cancelProcessing();
    toast({ title: t.processing.interruptedTitle, description: t.processing.interruptedText, info: true });
  }, [reset, toast]);

  const processAgain = useCallback(() => {
    if (state.step !== "preview") return;
    const { file, analysis, mapping, extras, options } = state;
    void runProcessing({ file, analysis, mapping, extras, options });
  }, [state, runProcessing]);

  /** "Conferma importazione", or with `fitToPlan` the button that imports only what the plan
   * allows (every update and the first new products that fit). */
  const confirmImport = useCallback(async (fitToPlan = false) => {
    if (state.step !== "preview" || state.importing) return;
    const { result } = state;
    const job = begin();
    setState({ ...state, importing: true });
    try {
      const store = await importProcessed(result.processId, fitToPlan);
      if (!job.current()) return;
      setStore?.(store);
      const written = fitToPlan ? result.statistics.fitting : result.statistics.valid;
      toast({ title: t.preview.doneTitle, description: t.preview.doneText(written) });
      navigate("/dashboard");
    } catch (err) {
      if (!job.current()) return;
      const expired = errorCode(err) === "process_expired";
      const detail = messageOf(err, "");
      const entry: RowError = { errors: [t.preview.importError, ...(detail && detail !== t.preview.importError ? [detail] : [])] };
      setState((s) => (s.step === "preview" ? { ...s, importing: false, expired: s.expired || expired, importErrors: [...s.importErrors, entry] } : s));
    }
  }, [state, begin, setStore, toast, navigate]);

  return { state, progress, chooseFile, setMapping, setExtras, setOption, submitMapping, cancel, reset, confirmImport, processAgain };
}

export type ImportWizard = ReturnType<typeof useImportWizard>;

/** A refusal by the plan (monthly imports or products used up). */
const isPlanLimit = (err: unknown) => errorCode(err) === "plan_limit";
