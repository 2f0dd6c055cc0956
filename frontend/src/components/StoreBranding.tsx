import { it } from "../i18n/it";
import type { Store } from "../types";
import { LogoMark, Logo } from "./layout/Logo";
import { StoreLogo } from "./StoreLogo";
import { Container } from "./ui/Container";

/**
 * Branding band of a public shop page, by plan: free and starter show Vetrina's logo and name
 * prominently; pro shows the shop's logo centred with Vetrina's mark at the side; business has
 * none (its pages carry the shop's own header, `ShopHeader`); any other plan value shows a
 * "realizzato con" credit line.
 */
export function StoreBranding({ store }: { store: Store }) {
  if (store.plan === "business") return null;
  if (store.plan === "free" || store.plan === "starter") {
    return (
      <div className="border-b border-brand-100 bg-gradient-to-r from-brand-50 via-orange-50 to-amber-50">
        <Container className="flex items-center justify-between gap-4 py-3">
          <a href="/" aria-label={it.nav.home}>
            <Logo />
          </a>
          <p className="hidden text-sm font-medium text-brand-900 sm:block">{it.store.poweredBy}</p>
        </Container>
      </div>
    );
  }
  if (store.plan === "pro") {
    return (
      <div className="border-b border-stone-200 bg-white">
        <Container className="relative flex items-center justify-center py-4">
          <a href="/" className="absolute left-4 top-1/2 -translate-y-1/2 opacity-80 hover:opacity-100 sm:left-6 lg:left-8" aria-label={it.nav.home}>
            <LogoMark className="h-7 w-7" />
          </a>
          {store.logo_img_url ? (
            <StoreLogo store={store} className="h-14 w-auto max-w-[220px] border-0 p-0" />
          ) : (
            <span className="text-xl font-extrabold tracking-tight text-stone-900">{store.name}</span>
          )}
        </Container>
      </div>
    );
  }
  return (
    <div className="border-b border-stone-200 bg-white">
      <Container className="py-2 text-center text-xs text-stone-500">
        {it.store.madeWith}{" "}
        <a href="/" className="font-semibold text-brand-800 hover:underline">
          {it.brand.name}
        </a>
      </Container>
    </div>
  );
}
