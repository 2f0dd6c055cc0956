import { useId, useState } from "react";
import { it } from "../../i18n/it";
import { useCookieConsent } from "../../lib/cookie-consent";
import { Button } from "../ui/Button";
import { Modal } from "../ui/Modal";
import { cn } from "../ui/cn";

function Toggle({
  label,
  help,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  help: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-stone-200 p-4">
      <div>
        <label htmlFor={id} className="font-semibold text-stone-900">
          {label}
        </label>
        <p className="mt-1 text-sm text-stone-600">{help}</p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onChange?.(!checked)}
        className={cn(
          "relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70",
          checked ? "bg-brand-700" : "bg-stone-300",
        )}
      >
        <span className={cn("inline-block h-5 w-5 rounded-full bg-white shadow transition-transform", checked ? "translate-x-5" : "translate-x-0.5")} />
      </button>
    </div>
  );
}

export function CookieBanner() {
  const { bannerVisible, settingsOpen, openSettings, closeSettings, save, preferences } = useCookieConsent();
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);

  // Each opening of the settings starts from what is saved (set while rendering, not in an effect).
  const [openedWith, setOpenedWith] = useState(settingsOpen);
  if (settingsOpen !== openedWith) {
    setOpenedWith(settingsOpen);
    if (settingsOpen) {
      setAnalytics(preferences?.analytics ?? false);
      setMarketing(preferences?.marketing ?? false);
    }
  }

  return (
    <>
      {bannerVisible && !settingsOpen && (
        // One row on desktop; on a phone a compact sheet (about a fifth of the screen) whose
        // two main choices sit side by side.
        <section
          aria-label={it.cookies.title}
          className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white/95 shadow-[0_-8px_30px_rgba(0,0,0,0.08)] backdrop-blur"
        >
          <div className="mx-auto flex max-w-7xl flex-col gap-2.5 px-4 py-3 sm:px-6 lg:flex-row lg:items-center lg:gap-6 lg:px-8">
            <div className="min-w-0 flex-1 text-xs leading-snug text-stone-700 sm:text-sm">
              <p className="font-semibold text-stone-900">{it.cookies.title}</p>
              <p>
                {it.cookies.text}{" "}
                <a href="/cookie" className="font-medium text-brand-800 underline underline-offset-2">
                  {it.cookies.policyLink}
                </a>
              </p>
            </div>
            <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex sm:flex-nowrap sm:items-center">
              <Button variant="ghost" size="sm" className="order-last col-span-2 sm:order-none" onClick={openSettings}>
                {it.cookies.customize}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => save({ analytics: false, marketing: false })}>
                {it.cookies.rejectAll}
              </Button>
              <Button size="sm" onClick={() => save({ analytics: true, marketing: true })}>
                {it.cookies.acceptAll}
              </Button>
            </div>
          </div>
        </section>
      )}
      <Modal open={settingsOpen} onClose={closeSettings} title={it.cookies.modalTitle}>
        <p className="mb-4 text-sm text-stone-600">{it.cookies.modalIntro}</p>
        <div className="space-y-3">
          <Toggle label={it.cookies.essential} help={it.cookies.essentialHelp} checked disabled />
          <Toggle label={it.cookies.analytics} help={it.cookies.analyticsHelp} checked={analytics} onChange={setAnalytics} />
          <Toggle label={it.cookies.marketing} help={it.cookies.marketingHelp} checked={marketing} onChange={setMarketing} />
        </div>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={closeSettings}>
            {it.cookies.cancel}
          </Button>
          <Button onClick={() => save({ analytics, marketing })}>{it.cookies.save}</Button>
        </div>
      </Modal>
    </>
  );
}
