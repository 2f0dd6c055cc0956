// The preview's import: the processed file written to the shop, then the dashboard; a
// refusal is listed with the preview's errors (an expired processing offers to run it again).
import { useCallback, type Dispatch, type SetStateAction } from "react";
import { useNavigate } from "react-router";
import { useToast } from "../../components/ui/Toast";
import { it } from "../../i18n/it";
import { useSession } from "../../lib/session";
import { errorCode, importProcessed, messageOf } from "./api";
import type { RowError } from "./logic";
import type { WizardState } from "./useImportWizard";
import type { Job } from "./useLatestJob";

const t = it.upload;

export function useConfirmImport(state: WizardState, setState: Dispatch<SetStateAction<WizardState>>, begin: () => Job) {
  const toast = useToast();
  const navigate = useNavigate();
  const { setStore } = useSession();

  /** "Conferma importazione", or with `fitToPlan` the button that imports only what the plan
   * allows (every update and the first new products that fit). */
  return useCallback(
    async (fitToPlan = false) => {
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
    },
    [state, setState, begin, setStore, toast, navigate],
  );
}
