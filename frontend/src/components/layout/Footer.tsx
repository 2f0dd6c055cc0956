import { WEBSITE_CARBON_URL } from "../../config";
import { it } from "../../i18n/it";
import { useCookieConsent } from "../../lib/cookie-consent";
import { useOperator } from "../../lib/page-data";
import { IconLeaf } from "../ui/Icons";
import { Logo } from "./Logo";

declare const __BUILD_YEAR__: string;

/** Privacy, cookie policy and the cookie settings: on every public page, the site's footer or
 * a Business shop's own. */
export function LegalLinks({ linkClass, listClass }: { linkClass: string; listClass: string }) {
  const { openSettings } = useCookieConsent();
  return (
    <nav aria-label={it.footer.privacy}>
      <ul className={listClass}>
        <li><a className={linkClass} href="/privacy">{it.footer.privacy}</a></li>
        <li><a className={linkClass} href="/cookie">{it.footer.cookie}</a></li>
        <li>
          <button type="button" onClick={openSettings} className={`${linkClass} text-left`}>
            {it.footer.manageCookies}
          </button>
        </li>
      </ul>
    </nav>
  );
}

export function Footer() {
  const operator = useOperator();
  const link = "text-sm text-stone-300 hover:text-white underline-offset-4 hover:underline";
  return (
    <footer className="mt-auto bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr] lg:px-8">
        <div>
          <Logo textClassName="text-white" />
          <p className="mt-3 max-w-sm text-sm text-stone-400">{it.footer.about}</p>
          <a
            href={WEBSITE_CARBON_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-5 inline-flex items-center gap-2 rounded-full border border-emerald-700/60 bg-emerald-950/40 px-3 py-1 text-xs font-medium text-emerald-300 hover:border-emerald-500"
          >
            <IconLeaf width={14} height={14} />
            {it.footer.carbon}
            <span className="sr-only"> {it.common.newTab}</span>
          </a>
        </div>
        <nav aria-label={it.footer.contacts}>
          <ul className="space-y-2">
            <li><a className={link} href="/explore">{it.nav.explore}</a></li>
            <li><a className={link} href="/pricing">{it.nav.pricing}</a></li>
            <li><a className={link} href="/faq">{it.footer.faq}</a></li>
            <li><a className={link} href="/contacts">{it.footer.contacts}</a></li>
          </ul>
        </nav>
        <LegalLinks linkClass={link} listClass="space-y-2" />
      </div>
      <div className="border-t border-stone-800">
        <p className="mx-auto flex max-w-7xl flex-wrap gap-x-4 gap-y-1 px-4 py-5 text-xs text-stone-400 sm:px-6 lg:px-8">
          <span>{it.footer.copyright(__BUILD_YEAR__, operator.name)}</span>
          {operator.address && <span>{operator.address}</span>}
          {operator.vatNumber && <span>{it.footer.vat(operator.vatNumber)}</span>}
        </p>
      </div>
    </footer>
  );
}
