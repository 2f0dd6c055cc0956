import { useId, useState, type DragEvent } from "react";
import { cn } from "../../../components/ui/cn";
import { IconUpload } from "../../../components/ui/Icons";
import { it } from "../../../i18n/it";
import { ACCEPT } from "../logic";

const t = it.upload.drop;

/** State "none": drag and drop, or a real file input behind a visible label. */
export function UploadDropZone({ onFile, rejected }: { onFile: (file: File) => void; rejected: string | null }) {
  const id = useId();
  const [over, setOver] = useState(false);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files?.[0];
    if (file) onFile(file);
  };

  return (
    <div>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-dropzone
        className={cn(
          "flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-4 py-10 text-center transition-colors sm:py-14",
          over ? "border-brand-600 bg-brand-50" : "border-stone-300 bg-stone-50",
        )}
      >
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm ring-1 ring-stone-200">
          <IconUpload width={24} height={24} />
        </span>
        <p className="text-base font-semibold text-stone-900">{t.title}</p>
        <p className="text-sm text-stone-500">{t.or}</p>
        <input
          id={id}
          type="file"
          accept={ACCEPT}
          className="peer sr-only"
          aria-describedby={`${id}-formats${rejected ? ` ${id}-error` : ""}`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) onFile(file);
          }}
        />
        <label
          htmlFor={id}
          className="inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
        >
          {t.choose}
        </label>
        <p id={`${id}-formats`} className="text-xs text-stone-500">
          {t.formats}
        </p>
      </div>
      {rejected && (
        <p id={`${id}-error`} role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {rejected}
        </p>
      )}
    </div>
  );
}
