// Calls of the account pages (docs/product/routes.md). Browser only.
import { api, ApiError, errorCode, messageOf } from "../../../lib/api";
import type { Outcome, OwnStore, Registered } from "../../../types";
import type { RegistrationValues } from "../validation";

export { ApiError, errorCode, messageOf };

export type { Registered };
export type { Outcome };

export const fetchMe = () => api.get<OwnStore>("/stores/me");
export const login = (email: string, password: string) => api.post<OwnStore>("/auth/login", { email, password });
export const logout = () => api.post<{ success: boolean }>("/auth/logout");
export const startTrial = (targetPlan: string) => api.post<OwnStore>("/stores/start-trial", { targetPlan });

export function register(values: RegistrationValues, logoUrl: string | null) {
  return api.post<Registered>("/stores", {
    ...values,
    email: values.email.trim(),
    partner_group: values.partner_group.trim() || null,
    website_url: values.website_url.trim() || null,
    logo_img_url: logoUrl,
    slug: "",
    plan: "free",
    counter_csv_imported: 0,
    product_count: 0,
  });
}

export const verifyEmail = (token: string) => api.post<Outcome>("/auth/verify-email", { token });
export const resendVerification = (email: string) => api.post<Outcome>("/auth/resend-verification", { email });
export const requestPasswordReset = (email: string) => api.post<Outcome>("/auth/request-password-reset", { email });
export const confirmPasswordReset = (token: string, password: string, passwordConfirm: string) =>
  api.post<Outcome>("/auth/confirm-password-reset", { token, password, passwordConfirm });

