// The owner's changes to the mapping step: a field's column, the values beside the columns,
// the AI options. Outside that step they change nothing.
import { useCallback, type Dispatch, type SetStateAction } from "react";
import type { ProcessOptions } from "./api";
import { mappingProblem, type MappingExtras, type MappingKey } from "./logic";
import type { WizardState } from "./useImportWizard";

export function useMappingEdits(setState: Dispatch<SetStateAction<WizardState>>) {
  /** An empty `header` leaves the field out; a problem shown follows the mapping. */
  const setMapping = useCallback(
    (key: MappingKey, header: string) => {
      setState((s) => {
        if (s.step !== "mapping") return s;
        const mapping = { ...s.mapping };
        if (header) mapping[key] = header;
        else delete mapping[key];
        return { ...s, mapping, problem: s.problem && mappingProblem(mapping) };
      });
    },
    [setState],
  );

  const setExtras = useCallback(
    (change: (e: MappingExtras) => MappingExtras) => {
      setState((s) => (s.step === "mapping" ? { ...s, extras: change(s.extras) } : s));
    },
    [setState],
  );

  const setOption = useCallback(
    (key: keyof ProcessOptions, value: boolean) => {
      setState((s) => (s.step === "mapping" ? { ...s, options: { ...s.options, [key]: value } } : s));
    },
    [setState],
  );

  return { setMapping, setExtras, setOption };
}
