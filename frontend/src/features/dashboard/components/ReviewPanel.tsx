import { useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { Input, Label } from "../../../components/ui/Field";
import { Modal } from "../../../components/ui/Modal";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";
import type { Product, ReviewGroup, ReviewView } from "../../../types";
import { isSessionLost } from "../../../lib/api";
import { acceptProducts, fetchReview, messageOf, updateProduct } from "../api";
import { statusDotClass } from "./DashboardProductCard";
import { PanelLoad } from "./PanelLoad";

const t = it.dashboard.review;

type Load = { kind: "loading" } | { kind: "error" } | { kind: "ready"; view: ReviewView };

/**
 * The review queue: the products the AI was not sure of, grouped by the category it proposes
 * (confirmed, or put in another, for the whole group at once), then by family (the same
 * leading word or code family: confirmed, or put in a category, at once) and otherwise by
 * its reason, newest first. Each can be confirmed or opened for editing; everything confirmed at once.
 * Read when opened and after every confirmation (the next products of a group come up).
 */
export function ReviewPanel({ open, onClose, onEdit, onChanged }: { open: boolean; onClose: () => void; onEdit: (p: Product) => void; onChanged: () => void }) {
  const toast = useToast();
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  /** Bumped to read the queue again (after a confirmation, or "Riprova"). */
  const [reads, setReads] = useState(0);
  const [openedWith, setOpenedWith] = useState(false);
  // Each opening starts from "loading" (set while rendering, not in an effect).
  if (open !== openedWith) {
    setOpenedWith(open);
    if (open) setLoad({ kind: "loading" });
  }
  useEffect(() => {
    if (!open) return;
    let current = true;
    fetchReview().then(
      (view) => current && setLoad({ kind: "ready", view }),
      (err) => current && !isSessionLost(err) && setLoad({ kind: "error" }),
    );
    return () => {
      current = false;
    };
  }, [open, reads]);
  const read = () => setReads((n) => n + 1);

  const accept = async (body: Parameters<typeof acceptProducts>[0]) => {
    setBusy(true);
    try {
      const { accepted } = await acceptProducts(body);
      // A group filed, or products confirmed one by one, teach the shop (not "accept all").
      const teaches = accepted > 0 && ("suggestion" in body || "family" in body || "ids" in body);
      toast({ title: t.accepted(accepted), description: teaches ? t.taught : undefined });
      onChanged();
      read();
    } catch (err) {
      if (!isSessionLost(err)) toast({ title: t.acceptFailed, description: messageOf(err, t.acceptFailed), destructive: true });
    } finally {
      setBusy(false);
    }
  };

  const edit = (p: Product) => {
    onClose();
    onEdit(p);
  };

  /** A quick correction: name, brand and category saved with the product marked checked
   * (a normal product keeps no reason). */
  const fix = async (p: Product, fields: Fix): Promise<boolean> => {
    setBusy(true);
    try {
      const saved = await updateProduct(p.id, { name: fields.name, brand: fields.brand || null, category: fields.category || null, published: fields.published, status: "normal" });
      toast({ title: t.fixed(saved.name), description: saved.category ? t.taught : undefined });
      onChanged();
      read();
      return true;
    } catch (err) {
      if (!isSessionLost(err)) toast({ title: t.fixFailed, description: messageOf(err, t.fixFailed), destructive: true });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={t.title} className="sm:max-w-2xl">
      <p className="text-sm text-stone-600">{t.intro}</p>
      <PanelLoad
        kind={load.kind}
        loading={t.loading}
        error={t.loadError}
        retry={t.retry}
        onRetry={() => {
          setLoad({ kind: "loading" });
          read();
        }}
      />
      {load.kind === "ready" && load.view.total === 0 && (
        <p role="status" className="mt-6 rounded-xl bg-emerald-50 p-4 text-sm font-medium text-emerald-900">
          {t.empty}
        </p>
      )}
      {load.kind === "ready" && load.view.total > 0 && (
        <div className="mt-4 space-y-6" aria-busy={busy}>
          {load.view.groups.map((group) => (
            <Group key={`${group.suggestion ?? ""}|${group.family ?? ""}|${group.reason ?? ""}`} group={group} categories={load.view.categories} busy={busy} onAccept={accept} onEdit={edit} onFix={fix} />
          ))}
          <div className="flex justify-end border-t border-stone-200 pt-4">
            <Button disabled={busy} onClick={() => void accept({ all: true })}>
              {t.acceptAll(load.view.total)}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

type Fix = { name: string; brand: string; category: string; published: boolean };
type Actions = { busy: boolean; onAccept: (body: Parameters<typeof acceptProducts>[0]) => Promise<void>; onEdit: (p: Product) => void; onFix: (p: Product, fields: Fix) => Promise<boolean> };

function Group({ group, categories, ...actions }: { group: ReviewGroup; categories: string[] } & Actions) {
  const hidden = group.count - group.items.length;
  const { suggestion, family } = group;
  return (
    <section className="rounded-xl border border-stone-200" data-review-group={suggestion ? "suggestion" : family ? "family" : "reason"}>
      {suggestion ? (
        <FileHeader
          title={t.suggestedTitle(suggestion)}
          help={t.suggestedHelp}
          confirm={t.acceptSuggestion(suggestion, group.count)}
          onConfirm={() => actions.onAccept({ suggestion, category: suggestion })}
          onMove={(category) => actions.onAccept({ suggestion, category })}
          count={group.count}
          exclude={suggestion}
          categories={categories}
          busy={actions.busy}
        />
      ) : family ? (
        <FileHeader
          title={family.startsWith("c:") ? t.codeFamilyTitle(group.family_label ?? "") : t.familyTitle(group.family_label ?? "")}
          help={t.familyHelp}
          confirm={t.acceptGroup(group.count)}
          onConfirm={() => actions.onAccept({ family })}
          onMove={(category) => actions.onAccept({ family, category })}
          count={group.count}
          categories={categories}
          busy={actions.busy}
        />
      ) : (
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-100 bg-stone-50 px-4 py-3">
          <div className="min-w-0">
            <h3 className="text-sm font-semibold text-stone-900">{group.reason ?? t.noReason}</h3>
            <p className="text-xs text-stone-600">{t.count(group.count)}</p>
          </div>
          <Button variant="secondary" size="sm" disabled={actions.busy} onClick={() => void actions.onAccept({ reason: group.reason ?? null })}>
            {t.acceptGroup(group.count)}
          </Button>
        </header>
      )}
      <ul className="divide-y divide-stone-100">
        {group.items.map((p) => (
          <Item key={p.id} product={p} {...actions} />
        ))}
      </ul>
      {hidden > 0 && <p className="border-t border-stone-100 px-4 py-2 text-xs text-stone-500">{t.more(hidden)}</p>}
    </section>
  );
}

/** A group filed at once: confirmed for all (a proposal, or a family as it is), or all put
 * in a category. */
function FileHeader({
  title,
  help,
  confirm,
  onConfirm,
  onMove,
  count,
  exclude,
  categories,
  busy,
}: {
  title: string;
  help: string;
  confirm: string;
  onConfirm: () => Promise<void>;
  onMove: (category: string) => Promise<void>;
  count: number;
  exclude?: string;
  categories: string[];
  busy: boolean;
}) {
  const [other, setOther] = useState("");
  const selectId = useId();
  return (
    <header className="space-y-3 border-b border-stone-100 bg-brand-50/60 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-stone-900">{title}</h3>
          <p className="text-xs text-stone-600">
            {t.count(count)} · {help}
          </p>
        </div>
        <Button size="sm" disabled={busy} onClick={() => void onConfirm()}>
          {confirm}
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <Label htmlFor={selectId}>{t.moveLabel}</Label>
          <select id={selectId} value={other} onChange={(e) => setOther(e.target.value)} className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900">
            <option value="">—</option>
            {categories
              .filter((c) => c !== exclude)
              .map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
          </select>
        </div>
        <Button variant="secondary" size="sm" disabled={busy || !other} onClick={() => void onMove(other)}>
          {t.moveApply}
        </Button>
      </div>
    </header>
  );
}

/** One product to check: confirmed as it is, or corrected in place (name, brand, category). */
function Item({ product: p, busy, onAccept, onEdit, onFix }: { product: Product } & Actions) {
  const [fields, setFields] = useState<Fix | null>(null);
  const [nameMissing, setNameMissing] = useState(false);
  const field = (key: keyof Fix) => `review-${key}-${p.id}`;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!fields) return;
    if (!fields.name.trim()) {
      setNameMissing(true);
      document.getElementById(field("name"))?.focus();
      return;
    }
    if (await onFix(p, { ...fields, name: fields.name.trim(), brand: fields.brand.trim(), category: fields.category.trim() })) setFields(null);
  };
  return (
    // Corrected in place, the form takes a row of its own under the name.
    <li className={`flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 ${fields ? "" : "sm:flex-nowrap"}`} data-review-item={p.id}>
      {(p.status === "uncertain" || p.status === "incorrect") && <span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${statusDotClass(p.status)}`} />}
      {/* On a phone the name takes the row and the buttons go under it. */}
      <div className={`min-w-0 flex-1 basis-4/5 ${fields ? "" : "sm:basis-0"}`}>
        <p className="truncate text-sm font-semibold text-stone-900" title={p.name}>
          {p.name}
        </p>
        <p className="truncate text-xs text-stone-600">
          {p.brand ?? t.missingBrand} · {p.category ?? t.missingCategory}
          {!p.published && ` · ${it.dashboard.grid.hidden}`}
        </p>
      </div>
      {fields ? (
        <form onSubmit={save} className="grid w-full basis-full gap-3 rounded-lg bg-stone-50 p-3 sm:grid-cols-3" aria-label={t.editAria(p.name)}>
          <div className="sm:col-span-3">
            <Label htmlFor={field("name")}>{t.fixName}</Label>
            <Input
              id={field("name")}
              value={fields.name}
              maxLength={300}
              autoComplete="off"
              aria-invalid={nameMissing || undefined}
              onChange={(e) => {
                setFields({ ...fields, name: e.target.value });
                if (e.target.value.trim()) setNameMissing(false);
              }}
            />
            {nameMissing && <p className="mt-1 text-xs font-medium text-red-700">{t.fixNameMissing}</p>}
          </div>
          <div>
            <Label htmlFor={field("brand")}>{t.fixBrand}</Label>
            <Input id={field("brand")} value={fields.brand} autoComplete="off" onChange={(e) => setFields({ ...fields, brand: e.target.value })} />
          </div>
          <div className="sm:col-span-2">
            <Label htmlFor={field("category")}>{t.fixCategory}</Label>
            <Input id={field("category")} value={fields.category} autoComplete="off" onChange={(e) => setFields({ ...fields, category: e.target.value })} />
          </div>
          {/* A line that is no product of the shop's can stay off the public pages. */}
          <label className="flex items-center gap-2 text-sm font-medium text-stone-800 sm:col-span-3">
            <input type="checkbox" checked={fields.published} onChange={(e) => setFields({ ...fields, published: e.target.checked })} className="h-4 w-4 rounded border-stone-300 accent-brand-700" />
            {it.dashboard.product.published}
          </label>
          <div className="flex flex-wrap items-center justify-end gap-2 sm:col-span-3">
            <Button variant="ghost" size="sm" onClick={() => onEdit(p)}>
              {t.fixAllFields}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setFields(null)} disabled={busy}>
              {t.fixCancel}
            </Button>
            <Button type="submit" size="sm" disabled={busy}>
              {busy ? t.fixSaving : t.fixSave}
            </Button>
          </div>
        </form>
      ) : (
        <div className="ml-auto flex shrink-0 gap-2">
          <Button variant="secondary" size="sm" aria-label={t.editAria(p.name)} onClick={() => setFields({ name: p.name, brand: p.brand ?? "", category: p.category ?? "", published: p.published })}>
            {t.edit}
          </Button>
          <Button size="sm" disabled={busy} aria-label={t.acceptAria(p.name)} onClick={() => void onAccept({ ids: [p.id] })}>
            {t.accept}
          </Button>
        </div>
      )}
    </li>
  );
}
