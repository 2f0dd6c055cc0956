import { it } from "../../i18n/it";
import { storePath, telHref } from "../../lib/paths";
import type { PageProps, Store } from "../../types";
import { StoreLogo } from "../StoreLogo";
import { Container } from "../ui/Container";
import { IconPhone } from "../ui/Icons";
import { LegalLinks } from "./Footer";

/** The shop whose own header and footer replace the site's on its public pages: a Business
 * shop ("rimozione logo"), on its shop, category, brand and product pages. */
export function ownBrandedShop(props: PageProps): Store | null {
  return props.store?.plan === "business" ? props.store : null;
}

/** The site's name after a public page's title, except on a Business shop's pages. */
export function titleFor(title: string, store: Pick<Store, "plan"> | null | undefined): string {
  return store?.plan === "business" ? title : `${title} | ${it.brand.name}`;
}

/** A Business shop's own header: its logo and name leading to its catalogue, and its phone. */
export function ShopHeader({ store }: { store: Store }) {
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur" data-shop-header>
      <Container className="flex h-16 items-center justify-between gap-4">
        <a href={storePath(store)} className="flex min-w-0 items-center gap-3">
          <StoreLogo store={store} className="h-10 w-10 shrink-0 text-lg" />
          <span className="truncate text-lg font-extrabold tracking-tight text-stone-900">{store.name}</span>
        </a>
        {store.telephone && (
          <a href={telHref(store.telephone)} className="inline-flex shrink-0 items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm font-semibold text-stone-800 hover:border-brand-600 hover:text-brand-800">
            <IconPhone width={16} height={16} />
            <span className="hidden sm:inline">{store.telephone}</span>
            <span className="sm:hidden">{it.store.call}</span>
          </a>
        )}
      </Container>
    </header>
  );
}

/** A Business shop's own footer: its name and the legal links every page needs. */
export function ShopFooter({ store }: { store: Store }) {
  const link = "text-sm text-stone-600 hover:text-brand-800 underline-offset-4 hover:underline";
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white" data-shop-footer>
      <Container className="flex flex-col gap-3 py-8 sm:flex-row sm:items-center sm:justify-between">
        <a href={storePath(store)} className="font-semibold text-stone-900 hover:text-brand-800">
          {store.name}
        </a>
        <LegalLinks linkClass={link} listClass="flex flex-wrap gap-x-5 gap-y-2" />
      </Container>
    </footer>
  );
}
