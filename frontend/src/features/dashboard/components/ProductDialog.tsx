import { useEffect, useState, type FormEvent } from "react";
import { Button, ButtonLink } from "../../../components/ui/Button";
import { Input, Label } from "../../../components/ui/Field";
import { IconSparkles } from "../../../components/ui/Icons";
import { Modal } from "../../../components/ui/Modal";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { isSessionLost } from "../../../lib/api";
import type { OwnStore, Product } from "../../../types";
import { createProduct, errorCode, fetchPhotos, generateProduct, messageOf, regenerateProduct, updateProduct } from "../api";
import { emptyForm, formOf, limitsOf, mergeGenerated, parsePrice, productPayload, sameForm, type ProductForm } from "../logic";
import { ConfirmDialog } from "./ConfirmDialog";
import { PhotoField, productPhotos, releasePreviews, samePhotos, savePhotos, type PhotoEntry } from "./PhotoField";
import { ProductFields, type SetField } from "./ProductFields";

const t = it.dashboard.product;

export type ProductDialogState = { mode: "add" } | { mode: "edit"; product: Product } | null;

/** Add or edit one product, with AI generation (add) or regeneration (edit) merged into the
 * form for the owner to save (spec section 4, "Product dialog"). */
export function ProductDialog({
  state,
  store,
  onClose,
  onAdded,
  onUpdated,
  onRegenerated,
}: {
  state: ProductDialogState;
  store: OwnStore;
  onClose: () => void;
  onAdded: (p: Product) => void;
  onUpdated: (p: Product) => void;
  onRegenerated: () => void;
}) {
  const toast = useToast();
  const editing = state?.mode === "edit" ? state.product : null;
  const [initial, setInitial] = useState<ProductForm>(emptyForm);
  const [form, setForm] = useState<ProductForm>(emptyForm);
  const [generating, setGenerating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const [priceError, setPriceError] = useState(false);
  /** The photos as the dialog shows them, and as the server has them (what "Salva" changes). */
  const [photos, setPhotos] = useState<PhotoEntry[]>([]);
  const [savedPhotos, setSavedPhotos] = useState<PhotoEntry[]>([]);
  const [photosLoading, setPhotosLoading] = useState(false);

  // A new opening starts from its product, set while rendering (not in an effect) so that the
  // dialog never shows, even for one frame, fields that typing could then be lost to.
  const [openedFor, setOpenedFor] = useState<ProductDialogState>(null);
  if (state !== openedFor) {
    const start = editing ? formOf(editing) : emptyForm;
    setOpenedFor(state);
    setInitial(start);
    setForm(start);
    setGenerating(false);
    setSaving(false);
    setConfirmClose(false);
    setPriceError(false);
    releasePreviews(photos);
    setPhotos([]);
    setSavedPhotos([]);
    setPhotosLoading(!!editing);
  }

  // A saved product's photos, read once per opening; the field waits for them.
  const editingId = editing?.id ?? null;
  useEffect(() => {
    if (editingId == null) return;
    let current = true;
    fetchPhotos(editingId)
      .then((reply) => {
        if (!current) return;
        const saved = reply.photos.map((url): PhotoEntry => ({ kind: "saved", url }));
        setPhotos(saved);
        setSavedPhotos(saved);
      })
      .catch(() => {})
      .finally(() => current && setPhotosLoading(false));
    return () => {
      current = false;
    };
  }, [editingId, openedFor]);

  if (!state) return null;
  const mode = state.mode;
  const set: SetField = (key, value) => setForm((f) => ({ ...f, [key]: value }));
  const priceValid = (text: string) => !Number.isNaN(parsePrice(text));
  const nameMissing = !form.name.trim();
  const hasPhotos = photos.length > 0;

  /** The product saved, its photos follow: the new ones uploaded, the list put in order. */
  const withPhotos = async (saved: Product): Promise<Product> => {
    const { imageUrl, failed } = await savePhotos(productPhotos(saved.id), photos, savedPhotos);
    for (const { name, reason } of failed) toast({ title: t.photoError, description: t.photoSaveFailed(name, reason), destructive: true });
    return imageUrl === undefined ? saved : { ...saved, image_url: imageUrl };
  };

  // An existing product's changes, its photos among them, are asked about (spec: product dialog).
  const unsaved = mode === "edit" && (!sameForm(form, initial) || !samePhotos(photos, savedPhotos));
  const requestClose = () => {
    if (generating || saving) return;
    if (unsaved) setConfirmClose(true);
    else onClose();
  };

  const runAi = async () => {
    if (nameMissing) {
      toast({ title: t.nameRequiredTitle, description: t.nameRequiredText, destructive: true });
      return;
    }
    setGenerating(true);
    const input = {
      name: form.name.trim(),
      brand: form.brand.trim() || null,
      category: form.category.trim() || null,
      description: form.description.trim() || null,
      image_url: form.image_url.trim() || null,
    };
    try {
      if (editing) {
        const g = await regenerateProduct(editing.id, input);
        setForm((f) => mergeGenerated(f, g));
        onRegenerated();
        toast({ title: t.regenerated, description: t.regeneratedText });
      } else {
        const g = await generateProduct(input);
        setForm((f) => mergeGenerated(f, g));
        toast({ title: t.generated, description: t.generatedText });
      }
    } catch (err) {
      if (isSessionLost(err)) return;
      if (errorCode(err) === "plan_limit") toast({ title: t.limitReached, description: t.limitReachedText, destructive: true });
      else if (editing) toast({ title: t.regenerateFailed, description: t.regenerateFailedText, destructive: true });
      else toast({ title: t.generateFailed, description: t.generateFailedText, destructive: true });
    } finally {
      setGenerating(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (generating || saving) return;
    if (nameMissing) {
      toast({ title: t.missingTitle, description: t.missingText, destructive: true });
      return;
    }
    if (!priceValid(form.price)) {
      // What the owner typed is kept and pointed at, never silently dropped.
      setPriceError(true);
      document.getElementById("product-price")?.focus();
      return;
    }
    setSaving(true);
    const body = productPayload(form, store.email);
    try {
      if (editing) {
        const saved = await withPhotos(await updateProduct(editing.id, body));
        onUpdated(saved);
        toast({ title: t.updated, description: t.updatedText(saved.name) });
      } else {
        const saved = await withPhotos(await createProduct(body));
        onAdded(saved);
        toast({ title: t.added, description: t.addedText });
      }
      onClose();
    } catch (err) {
      // A lost session is told by the session itself ("Sessione scaduta", then /login).
      if (isSessionLost(err)) return;
      const fallback = editing ? t.updateError : t.addError;
      toast({ title: it.dashboard.errorTitle, description: messageOf(err, fallback), destructive: true });
      setSaving(false);
    }
  };

  const busy = generating || saving;
  // A plan without regenerations (Base) says so where the button would be, and how to have
  // them, rather than letting the owner click into a refusal.
  const noRegenerations = mode === "edit" && limitsOf(store)?.regenerations_per_month === 0;
  return (
    <>
      <Modal open onClose={requestClose} title={mode === "add" ? t.addTitle : t.editTitle} className="sm:max-w-2xl" dismissible={!busy}>
        <form onSubmit={submit} className="space-y-4" aria-busy={busy}>
          <div>
            <Label htmlFor="product-name">{t.name} *</Label>
            <Input id="product-name" value={form.name} onChange={(e) => set("name", e.target.value)} maxLength={300} autoComplete="off" />
            {editing?.source_name && editing.source_name !== form.name && (
              <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-stone-600" data-source-name>
                <span>
                  {t.sourceName} <span className="font-mono text-stone-800">{editing.source_name}</span>
                </span>
                <button type="button" className="font-semibold text-brand-800 hover:underline" onClick={() => set("name", editing.source_name ?? form.name)}>
                  {t.restoreSourceName}
                </button>
              </p>
            )}
          </div>
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
                <Button variant="secondary" size="sm" onClick={runAi} disabled={busy} className="shrink-0">
                  <IconSparkles width={16} height={16} />
                  {generating ? t.generating : mode === "add" ? t.generate : t.regenerate}
                </Button>
              </div>
            )}
          </div>
          <ProductFields
            form={form}
            set={set}
            showImageUrl={!hasPhotos}
            storedPicture={initial.image_url.startsWith("/media/") ? initial.image_url : null}
            priceError={priceError}
            onPriceChange={(price) => {
              set("price", price);
              if (priceError && priceValid(price)) setPriceError(false);
            }}
          />
          <PhotoField photos={photos} onChange={setPhotos} loading={photosLoading} disabled={busy} />
          <div className="flex flex-col-reverse gap-2 border-t border-stone-100 pt-4 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={requestClose} disabled={busy}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={busy || (mode === "add" && nameMissing)}>
              {saving ? t.saving : mode === "add" ? t.add : t.save}
            </Button>
          </div>
        </form>
      </Modal>
      <ConfirmDialog
        open={confirmClose}
        title={t.unsavedTitle}
        text={t.unsavedText}
        confirmLabel={t.discard}
        cancelLabel={t.keepEditing}
        onCancel={() => setConfirmClose(false)}
        onConfirm={() => {
          setConfirmClose(false);
          onClose();
        }}
      />
    </>
  );
}
