// The product dialog's form (docs/product/states.md, "Product dialog"): what it starts from at each
// opening, its checks, saving, and the question before unsaved changes are dropped.
import { useState, type FormEvent } from "react";
import { useToast } from "../../components/ui/Toast";
import { it } from "../../i18n/it";
import { isSessionLost } from "../../lib/api";
import type { OwnStore, Product } from "../../types";
import { createProduct, messageOf, updateProduct } from "./api";
import type { SetField } from "./components/ProductFields";
import { emptyForm, formOf, parsePrice, productPayload, sameForm, type ProductForm } from "./logic";
import { useProductAi } from "./useProductAi";
import { useProductPhotos } from "./useProductPhotos";

const t = it.dashboard.product;

/** Closed, or open to add a product or edit one. */
export type ProductDialogState = { mode: "add" } | { mode: "edit"; product: Product } | null;

const priceValid = (text: string) => !Number.isNaN(parsePrice(text));

export interface ProductDialogEvents {
  onClose: () => void;
  onAdded: (p: Product) => void;
  onUpdated: (p: Product) => void;
  onRegenerated: () => void;
}

export function useProductDialog(state: ProductDialogState, store: OwnStore, { onClose, onAdded, onUpdated, onRegenerated }: ProductDialogEvents) {
  const toast = useToast();
  const editing = state?.mode === "edit" ? state.product : null;
  const [initial, setInitial] = useState<ProductForm>(emptyForm);
  const [form, setForm] = useState<ProductForm>(emptyForm);
  const [saving, setSaving] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const [priceError, setPriceError] = useState(false);
  const [openedFor, setOpenedFor] = useState<ProductDialogState>(null);
  const photos = useProductPhotos(editing?.id ?? null, openedFor);
  const ai = useProductAi(editing, onRegenerated);

  // A new opening starts from its product, set while rendering (not in an effect) so that the
  // dialog never shows, even for one frame, fields that typing could then be lost to.
  if (state !== openedFor) {
    const start = editing ? formOf(editing) : emptyForm;
    setOpenedFor(state);
    setInitial(start);
    setForm(start);
    ai.reset();
    setSaving(false);
    setConfirmClose(false);
    setPriceError(false);
    photos.reset(!!editing);
  }

  const busy = ai.generating || saving;
  const nameMissing = !form.name.trim();
  const set: SetField = (key, value) => setForm((f) => ({ ...f, [key]: value }));

  // An existing product's changes, its photos among them, are asked about (docs/product/states.md, "Product dialog").
  const unsaved = state?.mode === "edit" && (!sameForm(form, initial) || photos.changed);
  const requestClose = () => {
    if (busy) return;
    if (unsaved) setConfirmClose(true);
    else onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
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
        const saved = await photos.save(await updateProduct(editing.id, body));
        onUpdated(saved);
        toast({ title: t.updated, description: t.updatedText(saved.name) });
      } else {
        const saved = await photos.save(await createProduct(body));
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

  return {
    editing,
    initial,
    form,
    set,
    nameMissing,
    photos,
    generating: ai.generating,
    runAi: () => ai.run(form, setForm),
    saving,
    busy,
    priceError,
    changePrice: (price: string) => {
      set("price", price);
      if (priceError && priceValid(price)) setPriceError(false);
    },
    submit,
    requestClose,
    confirmClose,
    keepEditing: () => setConfirmClose(false),
    discard: () => {
      setConfirmClose(false);
      onClose();
    },
  };
}
