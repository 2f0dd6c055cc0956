// The product dialog's AI button: a new product generated from what the form holds, or a
// saved one regenerated (counted against the plan's regenerations).
import { useState, type Dispatch, type SetStateAction } from "react";
import { useToast } from "../../components/ui/Toast";
import { it } from "../../i18n/it";
import { isSessionLost } from "../../lib/api";
import type { Product } from "../../types";
import { errorCode, generateProduct, regenerateProduct } from "./api";
import { mergeGenerated, type ProductForm } from "./logic";

const t = it.dashboard.product;

export function useProductAi(editing: Product | null, onRegenerated: () => void) {
  const toast = useToast();
  const [generating, setGenerating] = useState(false);

  /** The answer is merged into the form (`setForm`) for the owner to save. */
  const run = async (form: ProductForm, setForm: Dispatch<SetStateAction<ProductForm>>) => {
    if (!form.name.trim()) {
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

  return { generating, run, reset: () => setGenerating(false) };
}
