import { useEffect, useRef, useState, type DragEvent } from "react";
import { cn } from "../../../components/ui/cn";
import { IconCamera, IconStar, IconUpload, IconX } from "../../../components/ui/Icons";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { isSessionLost } from "../../../lib/api";
import { arrangePhotos, fetchPhotos, messageOf, uploadPhoto } from "../api";

const t = it.dashboard.product;

/** As the server allows (`services::photos::PER_PRODUCT`, `api::photos::PHOTO_MAX_BYTES`). */
export const MAX_PHOTOS = 6;
const MAX_BYTES = 10 * 1024 * 1024;

/** A file picker styled as a button (the input inside it is hidden). */
const pickerClass =
  "inline-flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-50 focus-within:outline focus-within:outline-2 focus-within:outline-brand-700";

/** The round buttons on a thumbnail. */
const roundButton = "absolute grid h-8 w-8 place-items-center rounded-full bg-white/95 text-stone-700 shadow ring-1 ring-stone-200";

/** A photo chosen for a product not saved yet: uploaded once the product exists. */
export type PendingPhoto = { file: File; preview: string };

/** Files a person dropped or chose, minus those refused here with the server's own reasons
 * (not a picture, over 10 MB) and those past the product's room. */
function acceptable(files: File[], room: number, refuse: (file: File, reason: string) => void, full: () => void): File[] {
  const ok = files.filter((file) => {
    if (!file.type.startsWith("image/")) refuse(file, t.photoNotImage);
    else if (file.size > MAX_BYTES) refuse(file, t.photoTooLarge);
    else return true;
    return false;
  });
  if (ok.length > room) full();
  return ok.slice(0, Math.max(0, room));
}

/** The product dialog's photos: dropped or chosen (or taken with the phone's camera), shown
 * in order, the first marked as the product's picture. A saved product's photos change on
 * the server at once; a new product's wait for its saving (`pending`). */
export function PhotoField({
  productId,
  pending,
  onPending,
  onSaved,
  disabled,
}: {
  productId: number | null;
  pending: PendingPhoto[];
  onPending: (pending: PendingPhoto[]) => void;
  /** A saved product's photos as the server has them: how many, and the product's picture
   * after a change (undefined when only read). */
  onSaved: (count: number, imageUrl?: string | null) => void;
  disabled?: boolean;
}) {
  const toast = useToast();
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);
  const [dragging, setDragging] = useState(false);
  // One change at a time: an order sent while another is on its way would undo it.
  const [arranging, setArranging] = useState(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    if (productId == null) return;
    fetchPhotos(productId)
      .then((reply) => {
        if (!alive.current) return;
        setPhotos(reply.photos);
        onSaved(reply.photos.length);
      })
      .catch(() => {});
    return () => {
      alive.current = false;
    };
    // Read once per product: onSaved is the dialog's setter, new on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId]);

  const shown = productId == null ? pending.map((p) => p.preview) : photos;
  const room = MAX_PHOTOS - shown.length - uploading;
  const refuse = (file: File, reason: string) =>
    toast({ title: t.photoError, description: t.photoErrorText(file.name, reason), destructive: true });

  const add = async (files: File[]) => {
    const chosen = acceptable(files, room, refuse, () => toast({ title: t.photoError, description: t.photosFull, destructive: true }));
    if (!chosen.length) return;
    if (productId == null) {
      onPending([...pending, ...chosen.map((file) => ({ file, preview: URL.createObjectURL(file) }))]);
      return;
    }
    // One at a time: each is decoded and resized on the server's image thread.
    setUploading(chosen.length);
    for (const file of chosen) {
      try {
        const reply = await uploadPhoto(productId, file);
        if (!alive.current) return;
        setPhotos(reply.photos);
        onSaved(reply.photos.length, reply.image_url);
      } catch (err) {
        if (isSessionLost(err)) return;
        refuse(file, messageOf(err, t.photoFailed));
      }
      if (alive.current) setUploading((n) => n - 1);
    }
  };

  const arrange = async (next: number[]) => {
    if (productId == null) {
      const kept = next.map((i) => pending[i]);
      pending.filter((p) => !kept.includes(p)).forEach((p) => URL.revokeObjectURL(p.preview));
      onPending(kept);
      return;
    }
    setArranging(true);
    try {
      const reply = await arrangePhotos(productId, next.map((i) => photos[i]));
      if (!alive.current) return;
      setPhotos(reply.photos);
      onSaved(reply.photos.length, reply.image_url);
    } catch (err) {
      if (isSessionLost(err)) return;
      toast({ title: it.dashboard.errorTitle, description: messageOf(err, t.photoFailed), destructive: true });
    } finally {
      if (alive.current) setArranging(false);
    }
  };
  const locked = disabled || arranging || uploading > 0;
  const order = shown.map((_, i) => i);
  const makeMain = (index: number) => arrange([index, ...order.filter((i) => i !== index)]);
  const remove = (index: number) => arrange(order.filter((i) => i !== index));

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) void add(Array.from(e.dataTransfer.files));
  };
  const picker = (extra: { capture?: "environment" }) => (
    <input
      type="file"
      accept="image/*"
      multiple={!extra.capture}
      className="sr-only"
      disabled={disabled || arranging || room <= 0}
      onChange={(e) => {
        const files = Array.from(e.target.files ?? []);
        e.target.value = "";
        void add(files);
      }}
      {...extra}
    />
  );

  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-stone-800">{t.photos}</legend>
      <div
        data-photo-drop
        onDragOver={(e) => {
          e.preventDefault();
          if (!dragging) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "rounded-xl border-2 border-dashed p-3 transition",
          dragging ? "border-brand-600 bg-brand-50" : "border-stone-300 bg-stone-50/60",
        )}
      >
        {shown.length > 0 && (
          <ul className="mb-3 grid grid-cols-3 gap-3 sm:grid-cols-4" aria-label={t.photos}>
            {shown.map((src, index) => (
              <li key={src} className="relative">
                <img
                  src={productId == null ? src : src.replace(/-800\.jpg$/, "-160.jpg")}
                  alt={t.photoAlt(index + 1)}
                  className={cn("aspect-square w-full rounded-lg border bg-white object-cover", index === 0 ? "border-brand-700 ring-2 ring-brand-700/30" : "border-stone-200")}
                />
                {index === 0 ? (
                  <span className="absolute bottom-1.5 left-1.5 rounded bg-brand-800/90 px-1.5 py-0.5 text-[11px] font-semibold text-white">{t.photoMain}</span>
                ) : (
                  <button
                    type="button"
                    onClick={() => void makeMain(index)}
                    disabled={locked}
                    aria-label={`${t.photoMakeMain}: ${t.photoAlt(index + 1)}`}
                    title={t.photoMakeMain}
                    className={cn(roundButton, "bottom-1.5 left-1.5 hover:text-brand-800")}
                  >
                    <IconStar width={16} height={16} />
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => void remove(index)}
                  disabled={locked}
                  aria-label={`${t.photoRemove}: ${t.photoAlt(index + 1)}`}
                  title={t.photoRemove}
                  className={cn(roundButton, "right-1.5 top-1.5 hover:text-red-700")}
                >
                  <IconX width={16} height={16} />
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-stone-600">{dragging ? t.photosDrop : room > 0 ? t.photosHelp : t.photosFull}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <label className={cn(pickerClass, (disabled || room <= 0) && "pointer-events-none opacity-50")}>
            {picker({})}
            <IconUpload width={16} height={16} />
            {t.photosChoose}
          </label>
          <label className={cn(pickerClass, "sm:hidden", (disabled || room <= 0) && "pointer-events-none opacity-50")}>
            {picker({ capture: "environment" })}
            <IconCamera width={16} height={16} />
            {t.photosCamera}
          </label>
        </div>
        {(uploading > 0 || (productId == null && pending.length > 0)) && (
          <p className="mt-2 text-xs font-medium text-stone-700" aria-live="polite">
            {uploading > 0 ? t.photosUploading(uploading) : t.photosPending}
          </p>
        )}
      </div>
    </fieldset>
  );
}
