import { it } from "../i18n/it";
import { storeAddressQuery, storePath, telHref, websiteHref } from "../lib/paths";
import type { Store } from "../types";
import { MapEmbed } from "./MapEmbed";
import { StoreLogo } from "./StoreLogo";
import { EmailText } from "./ui/EmailText";
import { IconGlobe, IconMail, IconPhone } from "./ui/Icons";

export function SellerBlock({ store }: { store: Store }) {
  const query = storeAddressQuery(store);
  const row = "flex items-center gap-2 text-sm text-stone-700 hover:text-brand-800";
  return (
    <section id="venditore" aria-labelledby="seller-title" className="mt-14 scroll-mt-24 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="seller-title" className="text-sm font-bold uppercase tracking-widest text-brand-700">
        {it.product.seller}
      </h2>
      <div className="mt-5 grid gap-8 md:grid-cols-2">
        <div>
          <div className="flex items-center gap-4">
            <StoreLogo store={store} className="h-16 w-16 text-2xl" lazy />
            <div>
              <a href={storePath(store)} className="text-xl font-bold text-stone-900 hover:text-brand-800">
                {store.name}
              </a>
              {store.partner_group && <p className="text-sm text-stone-600">{store.partner_group}</p>}
            </div>
          </div>
          <ul className="mt-5 space-y-2.5">
            {store.telephone && (
              <li>
                <a className={row} href={telHref(store.telephone)}>
                  <IconPhone className="text-stone-400" /> {store.telephone}
                </a>
              </li>
            )}
            {store.email && (
              <li>
                <a className={row} href={`mailto:${store.email}`}>
                  <IconMail className="shrink-0 text-stone-400" /> <EmailText value={store.email} />
                </a>
              </li>
            )}
            {store.website_url && (
              <li>
                <a className={row} href={websiteHref(store.website_url)} target="_blank" rel="noopener noreferrer">
                  <IconGlobe className="text-stone-400" /> {it.product.visitWebsite}
                  <span className="sr-only"> {it.common.newTab}</span>
                </a>
              </li>
            )}
          </ul>
          <div className="mt-6 flex flex-wrap gap-x-4 gap-y-2 border-t border-stone-100 pt-4 text-sm">
            <a href="/privacy" className="text-stone-600 underline-offset-4 hover:text-brand-800 hover:underline">{it.store.privacy}</a>
            <a href="/cookie" className="text-stone-600 underline-offset-4 hover:text-brand-800 hover:underline">{it.store.cookie}</a>
            <a href="/contacts" className="text-stone-600 underline-offset-4 hover:text-brand-800 hover:underline">{it.store.contacts}</a>
          </div>
        </div>
        {query && (
          <div>
            {store.address && <p className="mb-3 text-sm text-stone-700">{[store.address, [store.postal_code, store.city].filter(Boolean).join(" ")].filter(Boolean).join(", ")}</p>}
            <MapEmbed query={query} title={it.store.mapTitle(store.name)} position={store.position} />
          </div>
        )}
      </div>
    </section>
  );
}
