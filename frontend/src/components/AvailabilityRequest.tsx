import { useId, useState, type FormEvent } from "react";
import { it } from "../i18n/it";
import { api, ApiError } from "../lib/api";
import { Button } from "./ui/Button";
import { inputClass, Input, Label } from "./ui/Field";
import { Modal } from "./ui/Modal";

const t = it.product.inquiry;
/** The server's limits (api::inquiries), told before sending. */
const NAME_CHARS = 80;
const CONTACT_CHARS = 120;
const MESSAGE_CHARS = 1000;

type Fields = Partial<Record<"name" | "contact" | "message", string>>;
type Status = { kind: "editing" } | { kind: "sending" } | { kind: "sent"; contact: string } | { kind: "failed"; text: string };

/** "Chiedi disponibilità": a short form (no account) whose request reaches the owner by
 * e-mail and in the dashboard's inbox. */
export function AvailabilityRequest({ storeId, productId, productName, shopName, className }: {
  storeId: number;
  productId: number;
  productName: string;
  shopName: string;
  className: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [contact, setContact] = useState("");
  const [message, setMessage] = useState(() => t.messageText(productName));
  const [fields, setFields] = useState<Fields>({});
  const [status, setStatus] = useState<Status>({ kind: "editing" });

  const close = () => {
    setOpen(false);
    // A sent request leaves an empty form for the next one; an unsent one is kept.
    if (status.kind === "sent") {
      setStatus({ kind: "editing" });
      setMessage(t.messageText(productName));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: Fields = {};
    if (!name.trim()) missing.name = t.nameRequired;
    if (!contact.trim()) missing.contact = t.contactRequired;
    if (!message.trim()) missing.message = t.messageRequired;
    setFields(missing);
    if (Object.keys(missing).length) return;
    setStatus({ kind: "sending" });
    try {
      await api.post(`/stores/${storeId}/inquiries`, { productId, name, contact, message });
      setStatus({ kind: "sent", contact: contact.trim() });
    } catch (err) {
      const server = err instanceof ApiError ? err : null;
      const wrong = (server?.fields as Fields | null) ?? {};
      setFields(wrong);
      // Field errors are told under their fields; anything else (a limit, the network) above the button.
      if (Object.keys(wrong).length) setStatus({ kind: "editing" });
      else setStatus({ kind: "failed", text: server?.serverMessage && server.code !== "internal" ? server.serverMessage : t.failed });
    }
  };

  /** A field changed: its old error no longer applies. */
  const edit = (field: keyof Fields, set: (value: string) => void) => (value: string) => {
    set(value);
    if (fields[field]) setFields(({ [field]: _gone, ...rest }) => rest);
  };

  const fieldError = (field: keyof Fields) =>
    fields[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1.5 text-sm text-red-700">
        {fields[field]}
      </p>
    ) : null;
  const described = (field: keyof Fields, help?: string) => (fields[field] ? `${id}-${field}-error` : help);

  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} data-ask-availability>
        {t.button}
      </button>
      <Modal open={open} onClose={close} title={t.title}>
        {status.kind === "sent" ? (
          <div role="status">
            <p className="font-semibold text-emerald-900">{t.sent}</p>
            <p className="mt-2 text-sm text-stone-700">{t.sentText(shopName, status.contact)}</p>
            <Button className="mt-6 w-full" onClick={close}>
              {t.close}
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4">
            <p className="text-sm text-stone-600">{t.intro(shopName, productName)}</p>
            <div>
              <Label htmlFor={`${id}-name`}>{t.name}</Label>
              <Input id={`${id}-name`} autoComplete="name" maxLength={NAME_CHARS} value={name} onChange={(e) => edit("name", setName)(e.target.value)}
                aria-invalid={fields.name ? true : undefined} aria-describedby={described("name")} />
              {fieldError("name")}
            </div>
            <div>
              <Label htmlFor={`${id}-contact`}>{t.contact}</Label>
              <Input id={`${id}-contact`} autoComplete="email" maxLength={CONTACT_CHARS} value={contact} onChange={(e) => edit("contact", setContact)(e.target.value)}
                aria-invalid={fields.contact ? true : undefined} aria-describedby={described("contact", `${id}-contact-help`)} />
              {fieldError("contact") ?? (
                <p id={`${id}-contact-help`} className="mt-1.5 text-xs text-stone-500">
                  {t.contactHelp}
                </p>
              )}
            </div>
            <div>
              <Label htmlFor={`${id}-message`}>{t.message}</Label>
              <textarea id={`${id}-message`} rows={4} maxLength={MESSAGE_CHARS} className={inputClass} value={message} onChange={(e) => edit("message", setMessage)(e.target.value)}
                aria-invalid={fields.message ? true : undefined} aria-describedby={described("message", `${id}-message-count`)} />
              {fieldError("message") ?? (
                <p id={`${id}-message-count`} className="mt-1 text-right text-xs text-stone-500">
                  {message.length}/{MESSAGE_CHARS}
                </p>
              )}
            </div>
            {status.kind === "failed" && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
                {status.text}
              </p>
            )}
            <Button type="submit" className="w-full" disabled={status.kind === "sending"}>
              {status.kind === "sending" ? t.sending : t.send}
            </Button>
            <p className="text-xs text-stone-500">{t.privacy}</p>
          </form>
        )}
      </Modal>
    </>
  );
}
