// A shop's logo, shared by registration and the shop settings: the check made before the
// upload (as the server checks it: a picture, at most 5 MB) and the upload itself.
import { it } from "../i18n/it";
import { failure } from "./api";

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** Logo file check before upload: image type, at most 5 MB. */
export function logoProblem(file: { type: string; size: number }): { title: string; text: string } | null {
  const t = it.accounts.register;
  if (!file.type.startsWith("image/")) return { title: t.invalidFileTitle, text: t.invalidFileText };
  if (file.size > LOGO_MAX_BYTES) return { title: t.tooLargeTitle, text: t.tooLargeText };
  return null;
}

/** Uploads a logo (POST /api/uploads/logo); its address on the server. */
export async function uploadLogo(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const res = await fetch("/api/uploads/logo", { method: "POST", body: form, credentials: "include" });
  const body = (await res.json().catch(() => null)) as { url?: string } | null;
  if (!res.ok || !body?.url) throw failure(res.status, body);
  return body.url;
}
