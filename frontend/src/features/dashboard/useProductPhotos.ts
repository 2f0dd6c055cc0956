// The product dialog's photos: as the dialog shows them, and as the server has them (what
// "Salva" changes).
import { useEffect, useState } from "react";
import { useToast } from "../../components/ui/Toast";
import { it } from "../../i18n/it";
import type { Product } from "../../types";
import { fetchPhotos } from "./api";
import { productPhotos, releasePreviews, samePhotos, savePhotos, type PhotoEntry } from "./components/PhotoField";

const t = it.dashboard.product;

/** `opening` changes at every opening of the dialog: an edited product's photos are read
 * again each time, and the field waits for them. */
export function useProductPhotos(productId: number | null, opening: unknown) {
  const toast = useToast();
  const [photos, setPhotos] = useState<PhotoEntry[]>([]);
  const [savedPhotos, setSavedPhotos] = useState<PhotoEntry[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (productId == null) return;
    let current = true;
    fetchPhotos(productId)
      .then((reply) => {
        if (!current) return;
        const saved = reply.photos.map((url): PhotoEntry => ({ kind: "saved", url }));
        setPhotos(saved);
        setSavedPhotos(saved);
      })
      .catch(() => {})
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [productId, opening]);

  return {
    photos,
    setPhotos,
    loading,
    changed: !samePhotos(photos, savedPhotos),
    /** A new opening: the previews of the last one freed; an edit waits for its photos. */
    reset: (editing: boolean) => {
      releasePreviews(photos);
      setPhotos([]);
      setSavedPhotos([]);
      setLoading(editing);
    },
    /** The product saved, its photos follow: the new ones uploaded, the list put in order. */
    save: async (saved: Product): Promise<Product> => {
      const { imageUrl, failed } = await savePhotos(productPhotos(saved.id), photos, savedPhotos);
      for (const { name, reason } of failed) toast({ title: t.photoError, description: t.photoSaveFailed(name, reason), destructive: true });
      return imageUrl === undefined ? saved : { ...saved, image_url: imageUrl };
    },
  };
}
