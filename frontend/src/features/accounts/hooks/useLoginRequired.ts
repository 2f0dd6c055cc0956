import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useToast } from "../../../components/ui/Toast";
import { it } from "../../../i18n/it";

/** docs/product/routes.md (`/dashboard`): an owner whose session is gone (or never was, on the dashboard) is told
 * "Sessione scaduta" and taken to /login after 1.5 s. */
export const SESSION_REDIRECT_MS = 1500;

export function useLoginRequired(required: boolean) {
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    if (!required) return;
    toast({ title: it.dashboard.sessionExpired, description: it.dashboard.sessionExpiredText, destructive: true });
    const timer = setTimeout(() => navigate("/login", { replace: true }), SESSION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [required, navigate, toast]);
}
