import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { Label } from "../../../components/ui/Field";
import { Modal } from "../../../components/ui/Modal";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import { isSessionLost } from "../../../lib/api";
import type { OwnStore } from "../../../types";
import { arrangeShopPhotos, messageOf, updateStore, uploadShopPhoto } from "../api";
import { shopPhotos, useStoreSettingsForm } from "../useStoreSettingsForm";
import { PhotoField, savePhotos, type PhotoTarget } from "./PhotoField";
import { LogoPicker } from "../../../components/LogoPicker";
import { uploadLogo } from "../../../lib/logo";
import { ClosuresEditor } from "./ClosuresEditor";
import { HoursEditor } from "./HoursEditor";
import { PositionField, ShopInfoFields, StoreCodeField } from "./StoreSettingsFields";

const t = it.dashboard.settings;

const SHOP_PHOTOS: PhotoTarget = { upload: uploadShopPhoto, arrange: arrangeShopPhotos };

/** "Modifica informazioni": PUT /api/stores/{id}; the server checks the rules of registration. */
export function StoreSettingsDialog({ open, store, onClose, onSaved }: { open: boolean; store: OwnStore; onClose: () => void; onSaved: (s: OwnStore) => void }) {
  const toast = useToast();
  const form = useStoreSettingsForm(open, store);
  const { logo, chooseLogo } = form;
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (form.parsedPosition === "invalid") {
      form.refusePosition();
      document.getElementById("settings-position")?.focus();
      return;
    }
    setSaving(true);
    const body = form.body();
    try {
      // A new logo is uploaded as at registration (checked and decoded by the server), and
      // the shop then points to it; "kept" sends nothing.
      if (logo.kind === "new") body.logo_img_url = await uploadLogo(logo.file);
      if (logo.kind === "removed") body.logo_img_url = null;
      // The shop's photos first (uploaded, then put in order), so the shop saved shows them.
      const { failed } = await savePhotos(SHOP_PHOTOS, form.photos, shopPhotos(store));
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
        <ShopInfoFields values={form.values} cap={form.cap} onChange={form.change} />
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
          <PhotoField photos={form.photos} onChange={form.setPhotos} disabled={saving} legend={t.photos} help={t.photosHelp} pendingText={t.photosPending} />
        </div>
        <div className="sm:col-span-2">
          <HoursEditor slots={form.hours} onChange={form.setHours} />
        </div>
        <div className="sm:col-span-2">
          <ClosuresEditor closures={form.closures} onChange={form.setClosures} />
        </div>
        <StoreCodeField value={form.storeCode} onChange={form.setStoreCode} />
        <PositionField value={form.position} parsed={form.parsedPosition} wrong={form.positionWrong} onChange={form.changePosition} />
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
