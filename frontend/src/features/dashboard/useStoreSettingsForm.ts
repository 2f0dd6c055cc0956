// What the "Modifica informazioni" dialog holds while the owner edits it: the shop's details,
// logo, photos, hours, closures, store code and position, each opening starting from the
// shop as it is.
import { useCallback, useRef, useState } from "react";
import { useCapLookup } from "../../hooks/useCapLookup";
import { it } from "../../i18n/it";
import { formatPosition, parsePosition } from "../../lib/position";
import type { OpeningSlot, OwnStore, SpecialClosure } from "../../types";
import { releasePreviews, type PhotoEntry } from "./components/PhotoField";

export const SHOP_FIELDS = ["name", "partner_group", "description", "telephone", "address", "postal_code", "city", "website_url"] as const;
export type ShopField = (typeof SHOP_FIELDS)[number];
export type ShopValues = Record<ShopField, string>;

/** The logo as the owner left it in the dialog: the shop's own, a new file, or none. */
export type LogoChoice = { kind: "kept" } | { kind: "removed" } | { kind: "new"; file: File; preview: string };

const valuesOf = (s: OwnStore): ShopValues => Object.fromEntries(SHOP_FIELDS.map((f) => [f, (s[f] as string | null) ?? ""])) as ShopValues;

/** The shop's photos as the photo field lists them (what "Salva" compares with). */
export const shopPhotos = (s: OwnStore): PhotoEntry[] => s.photos.map((url) => ({ kind: "saved", url }));

export function useStoreSettingsForm(open: boolean, store: OwnStore) {
  const [values, setValues] = useState<ShopValues>(() => valuesOf(store));
  const [hours, setHours] = useState<OpeningSlot[]>(store.opening_hours);
  const [closures, setClosures] = useState<SpecialClosure[]>(store.special_closures);
  const [logo, setLogo] = useState<LogoChoice>({ kind: "kept" });
  const [photos, setPhotos] = useState<PhotoEntry[]>(() => shopPhotos(store));
  const chooseLogo = (next: LogoChoice) =>
    setLogo((current) => {
      if (current.kind === "new") URL.revokeObjectURL(current.preview);
      return next;
    });
  const [storeCode, setStoreCode] = useState(store.google_store_code ?? "");
  const [position, setPosition] = useState(formatPosition(store.position));
  const [positionWrong, setPositionWrong] = useState(false);
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
  const change = (f: ShopField, value: string) => {
    if (f === "postal_code") capEdited.current = true;
    setValues((v) => ({ ...v, [f]: value }));
  };

  const parsedPosition = parsePosition(position);
  return {
    values,
    change,
    cap,
    hours,
    setHours,
    closures,
    setClosures,
    logo,
    chooseLogo,
    photos,
    setPhotos,
    storeCode,
    setStoreCode,
    position,
    parsedPosition,
    positionWrong,
    changePosition: (text: string) => {
      setPosition(text);
      if (parsePosition(text) !== "invalid") setPositionWrong(false);
    },
    refusePosition: () => setPositionWrong(true),
    /** PUT /api/stores/{id}'s body, but for the logo (uploaded first when new). */
    body: (): Record<string, unknown> => {
      const body: Record<string, unknown> = { slug: store.slug };
      for (const f of SHOP_FIELDS) body[f] = values[f].trim() || (f === "name" || f === "description" ? values[f] : null);
      body.opening_hours = hours.map((h) => ({ ...h, opens: h.opens.trim(), closes: h.closes.trim() }));
      body.special_closures = closures.map((c) => ({ from: c.from, to: c.to || c.from, note: c.note?.trim() || null }));
      body.google_store_code = storeCode.trim() || null;
      body.position = parsedPosition;
      return body;
    },
  };
}

export type StoreSettingsForm = ReturnType<typeof useStoreSettingsForm>;
