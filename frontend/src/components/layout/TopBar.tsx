import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { it } from "../../i18n/it";
import { useSession } from "../../lib/session";
import { storePath } from "../../lib/paths";
import { Button, ButtonLink } from "../ui/Button";
import { cn } from "../ui/cn";
import { IconMenu, IconX } from "../ui/Icons";
import { Logo } from "./Logo";

const HIDE_THRESHOLD = 10;
const ALWAYS_LINKS = ["/explore", "/create", "/dashboard", "/pricing"];

function isActiveIn(pathname: string, href: string) {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** What of the top bar depends on the path: which link is the current page. */
export function topBarVariant(pathname: string): string {
  return ALWAYS_LINKS.find((href) => isActiveIn(pathname, href)) ?? "";
}

export function TopBar() {
  const { store, requestLogout } = useSession();
  const { pathname } = useLocation();
  const [scrolledAway, setScrolledAway] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // The bar stays visible while the mobile menu is open (docs/product/routes.md).
  const hidden = scrolledAway && !menuOpen;

  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y <= HIDE_THRESHOLD) setScrolledAway(false);
      else if (y > last) setScrolledAway(true);
      else if (y < last) setScrolledAway(false);
      last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  const links: Array<{ href: string; label: string }> = [{ href: "/explore", label: it.nav.explore }];
  if (store) links.push({ href: "/dashboard", label: it.nav.dashboard });
  else links.push({ href: "/create", label: it.nav.create });
  links.push({ href: "/pricing", label: it.nav.pricing });

  const isActive = (href: string) => isActiveIn(pathname, href);

  return (
    <header
      className={cn(
        "sticky top-0 z-40 border-b border-stone-200/80 bg-white/90 backdrop-blur transition-transform duration-300 supports-[backdrop-filter]:bg-white/80",
        hidden && "-translate-y-full",
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href="/" className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600" aria-label={`${it.brand.name}, ${it.nav.home.toLowerCase()}`}>
          <Logo />
        </a>
        <nav aria-label={it.nav.mainNav} className="hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <a
              key={l.href}
              href={l.href}
              aria-current={isActive(l.href) ? "page" : undefined}
              className={cn(
                "rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-950",
                isActive(l.href) && "text-brand-800",
              )}
            >
              {l.label}
            </a>
          ))}
          {store && requestLogout ? (
            <Button size="sm" variant="secondary" className="ml-3" onClick={requestLogout}>
              {it.nav.logout}
            </Button>
          ) : (
            <ButtonLink href="/login" size="sm" className="ml-3">
              {it.nav.login}
            </ButtonLink>
          )}
        </nav>
        <button
          type="button"
          className="rounded-md p-2 text-stone-700 hover:bg-stone-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? it.nav.closeMenu : it.nav.openMenu}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <IconX /> : <IconMenu />}
        </button>
      </div>
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-stone-200 bg-white md:hidden">
        <nav aria-label={it.nav.mainNav} className="flex flex-col gap-1 px-4 py-3">
          {links.map((l) => (
            <a key={l.href} href={l.href} className="rounded-md px-3 py-2.5 text-base font-medium text-stone-800 hover:bg-stone-100">
              {l.label}
            </a>
          ))}
          {store && (
            <a href={storePath(store)} target="_blank" rel="noopener" className="rounded-md px-3 py-2.5 text-base font-medium text-stone-800 hover:bg-stone-100">
              {it.nav.viewStore}
            </a>
          )}
          {store && requestLogout ? (
            <Button variant="secondary" className="mt-2" onClick={requestLogout}>
              {it.nav.logout}
            </Button>
          ) : (
            <ButtonLink href="/login" className="mt-2">
              {it.nav.login}
            </ButtonLink>
          )}
        </nav>
      </div>
    </header>
  );
}
