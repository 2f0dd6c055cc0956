import { useRef, type ChangeEvent } from "react";
import { buttonClass } from "./ui/Button";
import { IconUpload } from "./ui/Icons";
import { useToast } from "./ui/Toast";
import { it } from "../i18n/it";
import { logoProblem } from "../lib/logo";

const t = it.accounts.register;

/** A shop's logo chosen from the device, with its preview, its file name and removal
 * (registration and the shop settings). The file is checked here as the server will
 * (a picture, at most 5 MB); uploading it is the form's business. */
export function LogoPicker({
  id,
  preview,
  name,
  onPick,
  onRemove,
}: {
  id: string;
  /** What the square shows: the chosen file's object URL, or the shop's current logo. */
  preview: string | null;
  /** The chosen file's name, or what stands for the current logo. */
  name: string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) {
      toast({ title: problem.title, description: problem.text, destructive: true });
      e.target.value = "";
      return;
    }
    onPick(file);
  };
  const remove = () => {
    if (input.current) {
      input.current.value = "";
      input.current.focus();
    }
    onRemove();
  };
  return (
    <>
      {/* The real file input, visually hidden but in the tab order; its second label is the
          Italian button, which shows the keyboard focus ring of the input. */}
      <div className="flex items-center gap-4 rounded-xl border border-dashed border-stone-300 bg-stone-50 p-3" data-logo-picker>
        <span className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-stone-200 bg-white text-stone-400">
          {preview ? <img src={preview} alt={t.logoPreview} className="h-full w-full object-contain" data-logo-preview /> : <IconUpload width={24} height={24} />}
        </span>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="relative flex flex-wrap items-center gap-x-3 gap-y-2">
            <input
              ref={input}
              id={id}
              name="logo"
              type="file"
              accept="image/*"
              onChange={pick}
              aria-describedby={`${id}-name ${id}-help`}
              className="peer sr-only"
            />
            <label
              htmlFor={id}
              className={buttonClass("secondary", "sm", "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600")}
            >
              {preview ? t.logoChange : t.logoChoose}
            </label>
            {preview && (
              <button type="button" onClick={remove} className="rounded text-sm font-semibold text-red-700 hover:underline focus-visible:outline-2 focus-visible:outline-red-600">
                {t.logoRemove}
              </button>
            )}
          </div>
          <p id={`${id}-name`} className="mt-1.5 text-sm text-stone-700 [overflow-wrap:anywhere]" data-logo-name>
            {name ?? <span className="text-stone-500">{t.logoNone}</span>}
          </p>
        </div>
      </div>
      <p id={`${id}-help`} className="mt-1.5 text-xs text-stone-500">
        {t.logoHelp}
      </p>
    </>
  );
}
