import { Button, ButtonLink } from "../../../components/ui/Button";
import { Input, Label } from "../../../components/ui/Field";
import { IconCopy, IconMail } from "../../../components/ui/Icons";
import { Modal } from "../../../components/ui/Modal";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import type { Store } from "../../../types";
import { publicStoreUrl, shareLinks } from "../logic";

const t = it.dashboard.share;

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused");
}

/** Copy link, WhatsApp, e-mail and Facebook; messages carry the shop's name and public link. */
export function ShareDialog({ open, onClose, store }: { open: boolean; onClose: () => void; store: Store }) {
  const toast = useToast();
  if (!open) return null;
  const url = publicStoreUrl(window.location.origin, store);
  const links = shareLinks(url, t.message(store.name, url), t.subject(store.name));

  const copy = async () => {
    try {
      await copyText(url);
      toast({ title: t.copied, description: t.copiedText });
    } catch {
      toast({ title: it.dashboard.errorTitle, description: t.copyFailed, destructive: true });
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={t.title}>
      <p className="text-sm text-stone-600">{t.intro}</p>
      <div className="mt-4">
        <Label htmlFor="share-url">{t.linkLabel}</Label>
        <div className="flex gap-2">
          <Input id="share-url" value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Button onClick={copy} className="shrink-0">
            <IconCopy width={16} height={16} />
            {t.copy}
          </Button>
        </div>
      </div>
      <div className="mt-5 grid grid-cols-1 gap-2 sm:grid-cols-3">
        <ButtonLink variant="secondary" href={links.whatsapp} target="_blank" rel="noopener noreferrer">
          {t.whatsapp}
        </ButtonLink>
        <ButtonLink variant="secondary" href={links.email}>
          <IconMail width={16} height={16} />
          {t.email}
        </ButtonLink>
        <ButtonLink variant="secondary" href={links.facebook} target="_blank" rel="noopener noreferrer">
          {t.facebook}
        </ButtonLink>
      </div>
    </Modal>
  );
}
