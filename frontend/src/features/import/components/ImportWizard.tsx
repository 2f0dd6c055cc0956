import { useEffect, useRef } from "react";
import { cn } from "../../../components/ui/cn";
import { it } from "../../../i18n/it";
import { useImportWizard, type WizardState } from "../useImportWizard";
import { ErrorStep } from "./ErrorStep";
import { MappingStep } from "./MappingStep";
import { PreviewStep } from "./PreviewStep";
import { ProcessingStep } from "./ProcessingStep";
import { UploadDropZone } from "./UploadDropZone";

const t = it.upload;

const STEP_INDEX: Record<WizardState["step"], number> = { none: 0, analyzing: 0, mapping: 1, processing: 2, preview: 3, error: -1 };

function titleOf(state: WizardState): string {
  switch (state.step) {
    case "none":
      return t.drop.title;
    case "analyzing":
      return t.analyzing;
    case "mapping":
      return t.mapping.title;
    case "processing":
      return t.processing.title;
    case "preview":
      return t.preview.title;
    case "error":
      return t.error.title;
  }
}

/** Renders one state of the wizard at a time; focus moves to the new state's heading. */
export function ImportWizard() {
  const wizard = useImportWizard();
  const { state, progress } = wizard;
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = useRef(state.step);

  useEffect(() => {
    if (previous.current !== state.step) heading.current?.focus();
    previous.current = state.step;
  }, [state.step]);

  const index = STEP_INDEX[state.step];
  return (
    <section aria-labelledby="import-wizard-title" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6 lg:p-8" data-wizard-step={state.step}>
      <h2 id="import-wizard-title" className="sr-only">
        {t.wizardTitle}
      </h2>
      <ol className="mb-6 grid grid-cols-4 gap-2" aria-label={t.wizardTitle}>
        {t.steps.map((name, i) => (
          <li key={name} aria-current={i === index ? "step" : undefined} className="min-w-0">
            <span className={cn("block h-1.5 rounded-full", i < index ? "bg-brand-600" : i === index ? "bg-brand-400" : "bg-stone-200")} />
            <span className={cn("mt-1.5 hidden truncate text-xs sm:block", i === index ? "font-semibold text-stone-900" : "text-stone-500")}>{name}</span>
          </li>
        ))}
      </ol>
      {index >= 0 && <p className="mb-1 text-xs font-medium uppercase tracking-wide text-stone-500 sm:hidden">{t.stepOf(index + 1, t.steps.length, t.steps[index])}</p>}
      <h3 ref={heading} tabIndex={-1} className="mb-4 text-xl font-bold text-stone-900 outline-none">
        {titleOf(state)}
      </h3>

      {state.step === "none" && <UploadDropZone onFile={(f) => void wizard.chooseFile(f)} rejected={state.rejected} />}
      {state.step === "analyzing" && (
        <div className="flex items-center gap-3 py-6" role="status" aria-live="polite">
          <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" aria-hidden="true" />
          <span className="text-sm text-stone-700">{t.analyzingFile(state.file.name)}</span>
        </div>
      )}
      {state.step === "mapping" && <MappingStep state={state} wizard={wizard} />}
      {state.step === "processing" && <ProcessingStep progress={progress} wizard={wizard} />}
      {state.step === "preview" && <PreviewStep state={state} wizard={wizard} />}
      {state.step === "error" && <ErrorStep message={state.message} upgrade={state.upgrade} wizard={wizard} />}
    </section>
  );
}
