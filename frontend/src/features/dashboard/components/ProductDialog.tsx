import { Button, ButtonLink } from "../../../components/ui/Button";
import { IconSparkles } from "../../../components/ui/Icons";
import { Modal } from "../../../components/ui/Modal";
import { it } from "../../../i18n/it";
import type { OwnStore } from "../../../types";
import { limitsOf } from "../logic";
import { useProductDialog, type ProductDialogEvents, type ProductDialogState } from "../useProductDialog";
import { ConfirmDialog } from "./ConfirmDialog";
import { PhotoField } from "./PhotoField";
import { ProductFields, ProductNameField } from "./ProductFields";

const t = it.dashboard.product;

/** The AI's box above the fields: generate (add) or regenerate (edit). A plan without
 * regenerations (Base) says so where the button would be, and how to have them, rather than
 * letting the owner click into a refusal. */
function AiAssist({ mode, store, generating, disabled, onRun }: { mode: "add" | "edit"; store: OwnStore; generating: boolean; disabled: boolean; onRun: () => void }) {
  const noRegenerations = mode === "edit" && limitsOf(store)?.regenerations_per_month === 0;
  return (
    <div className="rounded-xl border border-brand-200 bg-brand-50/60 p-3">
      {noRegenerations ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" data-no-regenerations>
          <p className="text-xs text-stone-700">{t.noRegenerations}</p>
          <ButtonLink href="/pricing" variant="secondary" size="sm" className="shrink-0">
            {store.trial_used ? t.getRegenerations : t.tryRegenerations}
          </ButtonLink>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-stone-700">{t.aiHelp}</p>
          <Button variant="secondary" size="sm" onClick={onRun} disabled={disabled} className="shrink-0">
            <IconSparkles width={16} height={16} />
            {generating ? t.generating : mode === "add" ? t.generate : t.regenerate}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Add or edit one product, with AI generation (add) or regeneration (edit) merged into the
 * form for the owner to save (docs/product/states.md, "Product dialog"). */
export function ProductDialog({ state, store, ...events }: { state: ProductDialogState; store: OwnStore } & ProductDialogEvents) {
  const dialog = useProductDialog(state, store, events);
  if (!state) return null;
  const { mode } = state;
  const { form, set, busy } = dialog;
  return (
    <>
      <Modal open onClose={dialog.requestClose} title={mode === "add" ? t.addTitle : t.editTitle} className="sm:max-w-2xl" dismissible={!busy}>
        <form onSubmit={dialog.submit} className="space-y-4" aria-busy={busy}>
          <ProductNameField name={form.name} sourceName={dialog.editing?.source_name ?? null} onChange={(name) => set("name", name)} />
          <AiAssist mode={mode} store={store} generating={dialog.generating} disabled={busy} onRun={dialog.runAi} />
          <ProductFields
            form={form}
            set={set}
            showImageUrl={dialog.photos.photos.length === 0}
            storedPicture={dialog.initial.image_url.startsWith("/media/") ? dialog.initial.image_url : null}
            listCategory={dialog.editing?.source_category ?? null}
            priceError={dialog.priceError}
            onPriceChange={dialog.changePrice}
          />
          <PhotoField photos={dialog.photos.photos} onChange={dialog.photos.setPhotos} loading={dialog.photos.loading} disabled={busy} />
          <div className="flex flex-col-reverse gap-2 border-t border-stone-100 pt-4 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={dialog.requestClose} disabled={busy}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={busy || (mode === "add" && dialog.nameMissing)}>
              {dialog.saving ? t.saving : mode === "add" ? t.add : t.save}
            </Button>
          </div>
        </form>
      </Modal>
      <ConfirmDialog
        open={dialog.confirmClose}
        title={t.unsavedTitle}
        text={t.unsavedText}
        confirmLabel={t.discard}
        cancelLabel={t.keepEditing}
        onCancel={dialog.keepEditing}
        onConfirm={dialog.discard}
      />
    </>
  );
}
