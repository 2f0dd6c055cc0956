import { useCallback, useRef, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { Input, Label, Select, inputClass } from "../../../components/ui/Field";
import { useCapLookup } from "../../../hooks/useCapLookup";
import { Modal } from "../../../components/ui/Modal";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { isSessionLost } from "../../../lib/api";
import { osmPlaceUrl } from "../../../lib/paths";
import { formatPosition, parsePosition } from "../../../lib/position";
import type { OpeningSlot, OwnStore, SpecialClosure } from "../../../types";
import { arrangeShopPhotos, messageOf, updateStore, uploadShopPhoto } from "../api";
import { PhotoField, releasePreviews, savePhotos, type PhotoEntry, type PhotoTarget } from "./PhotoField";
import { uploadLogo } from "../../accounts/api";
import { LogoPicker } from "../../accounts/components/LogoPicker";
import { ClosuresEditor } from "./ClosuresEditor";
import { HoursEditor } from "./HoursEditor";

const t = it.dashboard.settings;

const FIELDS = ["name", "partner_group", "description", "telephone", "address", "postal_code", "city", "website_url"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const labels: Record<Field, string> = {
  name: t.name,
  partner_group: t.partnerGroup,
  description: t.description,
  telephone: t.telephone,
  address: t.address,
  postal_code: t.postalCode,
  city: t.city,
  website_url: t.website,
};

const SHOP_PHOTOS: PhotoTarget = { upload: uploadShopPhoto, arrange: arrangeShopPhotos };

/** The logo as the owner left it in the dialog: the shop's own, a new file, or none. */
type LogoChoice = { kind: "kept" } | { kind: "removed" } | { kind: "new"; file: File; preview: string };

const valuesOf = (s: OwnStore): Values => Object.fromEntries(FIELDS.map((f) => [f, (s[f] as string | null) ?? ""])) as Values;

/** "Modifica informazioni": PUT /api/stores/{id}; the server checks the rules of registration. */
export function StoreSettingsDialog({ open, store, onClose, onSaved }: { open: boolean; store: OwnStore; onClose: () => void; onSaved: (s: OwnStore) => void }) {
  const toast = useToast();
  const [values, setValues] = useState<Values>(() => valuesOf(store));
  const [hours, setHours] = useState<OpeningSlot[]>(store.opening_hours);
  const [closures, setClosures] = useState<SpecialClosure[]>(store.special_closures);
  const [logo, setLogo] = useState<LogoChoice>({ kind: "kept" });
  const shopPhotos = (s: OwnStore): PhotoEntry[] => s.photos.map((url) => ({ kind: "saved", url }));
  const [photos, setPhotos] = useState<PhotoEntry[]>(() => shopPhotos(store));
  const chooseLogo = (next: LogoChoice) =>
    setLogo((current) => {
      if (current.kind === "new") URL.revokeObjectURL(current.preview);
      return next;
    });
  const [storeCode, setStoreCode] = useState(store.google_store_code ?? "");
  const [position, setPosition] = useState(formatPosition(store.position));
  const [positionWrong, setPositionWrong] = useState(false);
  const [saving, setSaving] = useState(false);
  // Each opening starts from the shop as it is, set while rendering: a refreshed shop object
  // while the dialog is open must not overwrite what the owner is typing.
  const [openedWith, setOpenedWith] = useState(open);
  if (open !== openedWith) {
    setOpenedWith(open);
    if (open) {
      setValues(valuesOf(store));
      setHours(store.opening_hours);
      setClosures(store.special_closures);
      chooseLogo({ kind: "kept" });
      releasePreviews(photos);
      setPhotos(shopPhotos(store));
      setStoreCode(store.google_store_code ?? "");
      setPosition(formatPosition(store.position));
      setPositionWrong(false);
    }
  }

  // The city follows the CAP as at registration; the shop's own city stays until the CAP is
  // edited.
  const capEdited = useRef(false);
  const setCity = useCallback((city: string) => {
    if (!capEdited.current && city === "") return;
    setValues((v) => (v.city === city ? v : { ...v, city }));
  }, []);
  const cap = useCapLookup(values.postal_code.trim(), setCity, { notFound: it.accounts.register.capNotFound, error: it.accounts.register.capError });
  const change = (f: Field, value: string) => {
    if (f === "postal_code") capEdited.current = true;
    setValues((v) => ({ ...v, [f]: value }));
  };

  const parsedPosition = parsePosition(position);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (parsedPosition === "invalid") {
      setPositionWrong(true);
      document.getElementById("settings-position")?.focus();
      return;
    }
    setSaving(true);
    const body: Record<string, unknown> = { slug: store.slug };
    for (const f of FIELDS) body[f] = values[f].trim() || (f === "name" || f === "description" ? values[f] : null);
    body.opening_hours = hours.map((h) => ({ ...h, opens: h.opens.trim(), closes: h.closes.trim() }));
    body.special_closures = closures.map((c) => ({ from: c.from, to: c.to || c.from, note: c.note?.trim() || null }));
    body.google_store_code = storeCode.trim() || null;
    body.position = parsedPosition;
    try {
      // A new logo is uploaded as at registration (checked and decoded by the server), and
      // the shop then points to it; "kept" sends nothing.
      if (logo.kind === "new") body.logo_img_url = await uploadLogo(logo.file);
      if (logo.kind === "removed") body.logo_img_url = null;
      // The shop's photos first (uploaded, then put in order), so the shop saved shows them.
      const { failed } = await savePhotos(SHOP_PHOTOS, photos, shopPhotos(store));
      for (const { name, reason } of failed) toast({ title: it.dashboard.product.photoError, description: it.dashboard.product.photoErrorText(name, reason), destructive: true });
      const saved = await updateStore(store.id, body);
      onSaved(saved);
      toast({ title: t.done, description: t.doneText });
      onClose();
    } catch (err) {
      if (!isSessionLost(err)) toast({ title: it.dashboard.errorTitle, description: messageOf(err, t.error), destructive: true });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={t.title} className="sm:max-w-2xl" dismissible={!saving}>
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <div key={f} className={f === "description" || f === "name" ? "sm:col-span-2" : ""}>
            <Label htmlFor={`settings-${f}`}>{labels[f]}</Label>
            {f === "description" ? (
              <textarea id={`settings-${f}`} rows={4} className={inputClass} value={values[f]} onChange={(e) => change(f, e.target.value)} />
            ) : f === "city" && cap.towns.length > 1 ? (
              <Select id="settings-city" value={values.city} onChange={(e) => change("city", e.target.value)}>
                <option value="">{it.accounts.register.citySelect}</option>
                {cap.towns.map((town) => (
                  <option key={town} value={town}>
                    {town}
                  </option>
                ))}
              </Select>
            ) : (
              <Input
                id={`settings-${f}`}
                value={values[f]}
                required={f === "name"}
                inputMode={f === "postal_code" ? "numeric" : undefined}
                maxLength={f === "postal_code" ? 5 : undefined}
                readOnly={f === "city"}
                tabIndex={f === "city" ? -1 : undefined}
                onChange={(e) => change(f, e.target.value)}
              />
            )}
            {f === "city" && cap.looking && <p className="mt-1.5 text-xs text-stone-500">{it.accounts.register.capLookup}</p>}
            {f === "city" && cap.message && (
              <p role="alert" className="mt-1.5 text-sm text-red-700">
                {cap.message}
              </p>
            )}
          </div>
        ))}
        <div className="sm:col-span-2">
          <Label htmlFor="settings-logo">{t.logo}</Label>
          <LogoPicker
            id="settings-logo"
            preview={logo.kind === "new" ? logo.preview : logo.kind === "kept" ? store.logo_img_url : null}
            name={logo.kind === "new" ? logo.file.name : logo.kind === "kept" && store.logo_img_url ? t.logoCurrent : null}
            onPick={(file) => chooseLogo({ kind: "new", file, preview: URL.createObjectURL(file) })}
            onRemove={() => chooseLogo({ kind: "removed" })}
          />
        </div>
        <div className="sm:col-span-2">
          <PhotoField photos={photos} onChange={setPhotos} disabled={saving} legend={t.photos} help={t.photosHelp} pendingText={t.photosPending} />
        </div>
        <div className="sm:col-span-2">
          <HoursEditor slots={hours} onChange={setHours} />
        </div>
        <div className="sm:col-span-2">
          <ClosuresEditor closures={closures} onChange={setClosures} />
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor="settings-google_store_code">{t.storeCode}</Label>
          <Input id="settings-google_store_code" value={storeCode} maxLength={64} aria-describedby="settings-store-code-help" onChange={(e) => setStoreCode(e.target.value)} />
          <p id="settings-store-code-help" className="mt-1 text-xs text-stone-500">{t.storeCodeHelp}</p>
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor="settings-position">{t.position}</Label>
          <Input
            id="settings-position"
            value={position}
            inputMode="decimal"
            autoComplete="off"
            placeholder="45.4642, 9.1900"
            aria-invalid={positionWrong || undefined}
            aria-describedby="settings-position-help"
            onChange={(e) => {
              setPosition(e.target.value);
              if (parsePosition(e.target.value) !== "invalid") setPositionWrong(false);
            }}
          />
          {positionWrong && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {t.positionInvalid}
            </p>
          )}
          <p id="settings-position-help" className="mt-1 text-xs text-stone-500">
            {t.positionHelp}
          </p>
          {parsedPosition && parsedPosition !== "invalid" && (
            <a href={osmPlaceUrl(parsedPosition)} target="_blank" rel="noopener noreferrer" className="mt-1 inline-block text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
              {t.positionCheck}
              <span className="sr-only"> {it.common.newTab}</span>
            </a>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
