import { useState, type DragEvent } from "react";
import { cn } from "../../../components/ui/cn";
import { IconCamera, IconStar, IconUpload, IconX } from "../../../components/ui/Icons";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { isSessionLost } from "../../../lib/api";
import { arrangePhotos, messageOf, uploadPhoto } from "../api";

const t = it.dashboard.product;

/** As the server allows (`services::photos::PER_PRODUCT`, `api::photos::PHOTO_MAX_BYTES`). */
export const MAX_PHOTOS = 6;
const MAX_BYTES = 10 * 1024 * 1024;

/** A file picker styled as a button (the input inside it is hidden). */
const pickerClass =
  "inline-flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-800 shadow-sm hover:bg-stone-50 focus-within:outline focus-within:outline-2 focus-within:outline-brand-700";

/** The round buttons on a thumbnail. */
const roundButton = "absolute grid h-8 w-8 place-items-center rounded-full bg-white/95 text-stone-700 shadow ring-1 ring-stone-200";

/** One photo of the dialog's list: one the product has on the server, or one chosen in this
 * dialog, uploaded when the owner saves. */
export type PhotoEntry = { kind: "saved"; url: string } | { kind: "new"; file: File; preview: string };

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

/** Whether the browser can decode the file as a picture. */
async function decodes(file: File): Promise<boolean> {
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

/** The same photos in the same order (what "Modifiche non salvate" compares). */
export function samePhotos(a: PhotoEntry[], b: PhotoEntry[]): boolean {
  return a.length === b.length && a.every((e, i) => e.kind === "saved" && b[i].kind === "saved" && e.url === b[i].url);
}

/** Frees the previews of photos that were chosen and never saved. */
export function releasePreviews(entries: PhotoEntry[]) {
  for (const e of entries) if (e.kind === "new") URL.revokeObjectURL(e.preview);
}

/** The product dialog's photos: dropped or chosen (or taken with the phone's camera), shown
 * in order, the first marked as the product's picture. Nothing reaches the server here:
 * the list is part of the product's unsaved changes, uploaded and arranged by "Salva"
 * (`savePhotos`) and forgotten by "Annulla". */
export function PhotoField({
  photos,
  onChange,
  loading,
  disabled,
  legend = t.photos,
  help = t.photosHelp,
  pendingText = t.photosPending,
}: {
  photos: PhotoEntry[];
  onChange: (photos: PhotoEntry[]) => void;
  /** The field's name and help (a product's photos unless said). */
  legend?: string;
  help?: string;
  /** Said while chosen photos wait for "Salva". */
  pendingText?: string;
  /** The saved photos are still being read. */
  loading?: boolean;
  disabled?: boolean;
}) {
  const toast = useToast();
  const [dragging, setDragging] = useState(false);
  const room = MAX_PHOTOS - photos.length;
  const refuse = (file: File, reason: string) =>
    toast({ title: t.photoError, description: t.photoErrorText(file.name, reason), destructive: true });

  const add = async (files: File[]) => {
    const chosen = acceptable(files, room, refuse, () => toast({ title: t.photoError, description: t.photosFull, destructive: true }));
    // Decoded here, as the server will: a file named .jpg that is no picture is told now,
    // not after "Salva".
    const pictures: File[] = [];
    for (const file of chosen) {
      if (await decodes(file)) pictures.push(file);
      else refuse(file, t.photoNotImage);
    }
    if (pictures.length) onChange([...photos, ...pictures.map((file): PhotoEntry => ({ kind: "new", file, preview: URL.createObjectURL(file) }))]);
  };
  const arrange = (next: number[]) => {
    const kept = next.map((i) => photos[i]);
    releasePreviews(photos.filter((p) => !kept.includes(p)));
    onChange(kept);
  };
  const locked = disabled || loading;
  const order = photos.map((_, i) => i);
  const makeMain = (index: number) => arrange([index, ...order.filter((i) => i !== index)]);
  const remove = (index: number) => arrange(order.filter((i) => i !== index));

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!locked) void add(Array.from(e.dataTransfer.files));
  };
  const picker = (extra: { capture?: "environment" }) => (
    <input
      type="file"
      accept="image/*"
      multiple={!extra.capture}
      className="sr-only"
      disabled={locked || room <= 0}
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
      <legend className="mb-1.5 block text-sm font-medium text-stone-800">{legend}</legend>
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
        {photos.length > 0 && (
          <ul className="mb-3 grid grid-cols-3 gap-3 sm:grid-cols-4" aria-label={legend}>
            {photos.map((photo, index) => (
              <li key={photo.kind === "saved" ? photo.url : photo.preview} className="relative" data-photo={photo.kind}>
                <img
                  src={photo.kind === "new" ? photo.preview : photo.url.replace(/-800\.jpg$/, "-160.jpg")}
                  alt={t.photoAlt(index + 1)}
                  className={cn("aspect-square w-full rounded-lg border bg-white object-cover", index === 0 ? "border-brand-700 ring-2 ring-brand-700/30" : "border-stone-200")}
                />
                {index === 0 ? (
                  <span className="absolute bottom-1.5 left-1.5 rounded bg-brand-800/90 px-1.5 py-0.5 text-[11px] font-semibold text-white">{t.photoMain}</span>
                ) : (
                  <button
                    type="button"
                    onClick={() => makeMain(index)}
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
                  onClick={() => remove(index)}
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
        <p className="text-xs text-stone-600">{dragging ? t.photosDrop : room > 0 ? help : t.photosFull}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <label className={cn(pickerClass, (locked || room <= 0) && "pointer-events-none opacity-50")}>
            {picker({})}
            <IconUpload width={16} height={16} />
            {t.photosChoose}
          </label>
          <label className={cn(pickerClass, "sm:hidden", (locked || room <= 0) && "pointer-events-none opacity-50")}>
            {picker({ capture: "environment" })}
            <IconCamera width={16} height={16} />
            {t.photosCamera}
          </label>
        </div>
        {photos.some((p) => p.kind === "new") && (
          <p className="mt-2 text-xs font-medium text-stone-700" aria-live="polite" data-photos-pending>
            {pendingText}
          </p>
        )}
      </div>
    </fieldset>
  );
}

/** "Salva" for the photos: the new ones uploaded one at a time (each is decoded and resized
 * on the server's image thread), then the list put in the dialog's order, which also drops
 * the removed ones. Returns the product's picture after it (undefined when nothing changed)
 * and the new photos the server refused, with its reason. */
/** Where a list of photos lives on the server: a product's, or the shop's. */
export interface PhotoTarget {
  upload: (file: File) => Promise<{ photos: string[]; image_url?: string | null }>;
  arrange: (urls: string[]) => Promise<{ photos: string[]; image_url?: string | null }>;
}

export const productPhotos = (id: number): PhotoTarget => ({ upload: (file) => uploadPhoto(id, file), arrange: (urls) => arrangePhotos(id, urls) });

export async function savePhotos(
  target: PhotoTarget,
  photos: PhotoEntry[],
  before: PhotoEntry[],
): Promise<{ imageUrl?: string | null; failed: { name: string; reason: string }[] }> {
  const failed: { name: string; reason: string }[] = [];
  if (samePhotos(photos, before)) return { failed };
  let onServer = before.flatMap((p) => (p.kind === "saved" ? [p.url] : []));
  let imageUrl: string | null | undefined;
  const urls: string[] = [];
  for (const photo of photos) {
    if (photo.kind === "saved") {
      urls.push(photo.url);
      continue;
    }
    try {
      const reply = await target.upload(photo.file);
      const added = reply.photos.find((url) => !onServer.includes(url));
      onServer = reply.photos;
      imageUrl = reply.image_url;
      if (added) urls.push(added);
    } catch (err) {
      if (isSessionLost(err)) throw err;
      failed.push({ name: photo.file.name, reason: messageOf(err, t.photoFailed) });
    }
  }
  if (urls.length !== onServer.length || urls.some((url, i) => url !== onServer[i])) {
    imageUrl = (await target.arrange(urls)).image_url;
  }
  return { imageUrl, failed };
}
