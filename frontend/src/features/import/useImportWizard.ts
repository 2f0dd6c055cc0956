// The import wizard's state machine (docs/product/states.md): none → analyzing → mapping →
// processing → preview, and error from analyzing or processing. Every asynchronous step is a
// job (useWizardJobs): a reply that arrives after a reset or a cancellation is ignored. The
// mapping's edits and the final import are hooks of their own.
import { useCallback, useState } from "react";
import { useToast } from "../../components/ui/Toast";
import { it } from "../../i18n/it";
import { analyzeFile, cancelProcessing, errorCode, messageOf, processFile, type Analysis, type ProcessOptions, type Processed } from "./api";
import { isSupportedFile, mappingProblem, nextProgress, PREVIEW_DELAY_MS, PROGRESS_TICK_MS, type Mapping, type MappingExtras, type RowError } from "./logic";
import { useConfirmImport } from "./useConfirmImport";
import { useMappingEdits } from "./useMappingEdits";
import { useWizardJobs } from "./useWizardJobs";

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
  const { begin, beginProcessing, processed, stopAll } = useWizardJobs();
  const toast = useToast();

  const reset = useCallback(() => {
    stopAll();
    setProgress(0);
    setState(initial);
  }, [stopAll]);

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

  const { setMapping, setExtras, setOption } = useMappingEdits(setState);

  const runProcessing = useCallback(
    async (loaded: Loaded) => {
      const job = beginProcessing();
      setProgress(0);
      setState({ step: "processing", ...loaded });
      job.every(PROGRESS_TICK_MS, () => setProgress((p) => nextProgress(p, loaded.analysis.totalRows)));
      try {
        const result = await processFile(loaded.file, loaded.mapping, loaded.extras, loaded.options, job.signal);
        if (!job.current()) return;
        processed();
        job.stopTimers();
        setProgress(100);
        job.after(PREVIEW_DELAY_MS, () => setState({ step: "preview", ...loaded, result, importErrors: [], expired: false, importing: false }));
      } catch (err) {
        if (!job.current()) return;
        stopAll();
        setState({ step: "error", message: messageOf(err, t.error.processing), upgrade: isPlanLimit(err) });
      }
    },
    [beginProcessing, processed, stopAll],
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

  const confirmImport = useConfirmImport(state, setState, begin);

  return { state, progress, chooseFile, setMapping, setExtras, setOption, submitMapping, cancel, reset, confirmImport, processAgain };
}

export type ImportWizard = ReturnType<typeof useImportWizard>;

/** A refusal by the plan (monthly imports or products used up). */
const isPlanLimit = (err: unknown) => errorCode(err) === "plan_limit";
