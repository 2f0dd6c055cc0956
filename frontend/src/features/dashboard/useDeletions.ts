import { useState } from "react";
import { useNavigate } from "react-router";
import { useToast } from "../../components/ui/Toast";
import { it } from "../../i18n/it";
import { isSessionLost } from "../../lib/api";
import { useSession } from "../../lib/session";
import type { Product } from "../../types";
import { ApiError, bulkDelete, deleteAccount, deleteProduct, messageOf } from "./api";
import type { BulkKind } from "./logic";
import type { DashboardData } from "./useDashboard";

const t = it.dashboard;

export type Pending = { kind: "product"; product: Product } | { kind: "bulk"; bulk: BulkKind; count: number } | { kind: "account" } | null;

/** How many products each bulk delete would remove, as the server counted them. */
export type BulkCounts = Record<BulkKind, number>;

/** The dashboard's deletions, each confirmed first (docs/product/routes.md, "Dialogs"): one product,
 * the bulk deletes by status (one server call each, whatever the size of the shop), and
 * the account. `onDeleted` runs after products are gone. */
export function useDeletions(data: Pick<DashboardData, "countRemoved">, counts: BulkCounts | null, onDeleted: () => void) {
  const toast = useToast();
  const navigate = useNavigate();
  const { setStore } = useSession();
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  // The account's deletion asks for the password; a wrong one is said under the field.
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const askBulk = (bulk: BulkKind) => {
    const count = counts?.[bulk] ?? 0;
    if (!count) {
      toast({ title: t.errorTitle, description: t.bulk.nothing, destructive: true });
      return;
    }
    setPending({ kind: "bulk", bulk, count });
  };

  const confirmPending = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === "product") {
        await deleteProduct(pending.product.id);
        data.countRemoved(1);
        onDeleted();
        toast({ title: t.product.deleted, description: t.product.deletedText(pending.product.name) });
      } else if (pending.kind === "bulk") {
        const { deleted } = await bulkDelete(pending.bulk);
        data.countRemoved(deleted);
        onDeleted();
        toast({ title: t.bulk.done, description: t.bulk.doneText(deleted) });
      } else {
        if (!password) {
          setPasswordError(t.account.passwordRequired);
          return;
        }
        await deleteAccount(password);
        toast({ title: t.account.deleted, description: t.account.deletedText });
        navigate("/");
        setStore?.(null);
        return;
      }
      setPending(null);
    } catch (err) {
      if (isSessionLost(err)) return;
      const wrongPassword = pending.kind === "account" && err instanceof ApiError ? err.fields?.password : undefined;
      if (wrongPassword) {
        setPasswordError(wrongPassword);
        return;
      }
      const fallback = pending.kind === "product" ? t.product.deleteError : pending.kind === "bulk" ? t.bulk.error : t.account.deleteError;
      toast({ title: t.errorTitle, description: messageOf(err, fallback), destructive: true });
    } finally {
      setBusy(false);
    }
  };

  const text =
    pending?.kind === "product"
      ? t.confirm.deleteProduct(pending.product.name)
      : pending?.kind === "bulk"
        ? pending.bulk === "incorrect"
          ? t.confirm.bulkIncorrect(pending.count)
          : pending.bulk === "uncertain"
            ? t.confirm.bulkUncertain(pending.count)
            : t.confirm.bulkAll(pending.count)
        : t.account.deleteText;

  return {
    pending,
    busy,
    text,
    askProduct: (product: Product) => setPending({ kind: "product", product }),
    askBulk,
    askAccount: () => {
      setPassword("");
      setPasswordError(null);
      setPending({ kind: "account" });
    },
    password,
    passwordError,
    typePassword: (value: string) => {
      setPassword(value);
      setPasswordError(null);
    },
    cancel: () => setPending(null),
    confirm: confirmPending,
  };
}

export type Deletions = ReturnType<typeof useDeletions>;
