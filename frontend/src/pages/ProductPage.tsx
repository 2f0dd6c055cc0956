import { Fragment } from "react";
import { ProductGallery } from "../components/ProductGallery";
import { AvailabilityRequest } from "../components/AvailabilityRequest";
import { ProductVariants, variantPriceRange } from "../components/ProductVariants";
import { isGeneratedPicture } from "../components/ProductImage";
import { RelatedCarousel } from "../components/RelatedCarousel";
import { SellerBlock } from "../components/SellerBlock";
import { StoreLogo } from "../components/StoreLogo";
import { Badge } from "../components/ui/Badge";
import { Container } from "../components/ui/Container";
import { IconArrowLeft, IconMail, IconPhone } from "../components/ui/Icons";
import { it } from "../i18n/it";
import { formatPrice, schemaPrice, truncate } from "../lib/format";
import { isGtin } from "../lib/gtin";
import { usePageData } from "../lib/page-data";
import { absoluteUrl, productPath, storePath, telHref, whatsappHref, whatsappNumber } from "../lib/paths";
import type { HeadData } from "../lib/seo";
import { ServerFragment, type FragmentSpec } from "../lib/server-fragments";
import type { Availability, PageProps, Store } from "../types";
import { NotFoundBlock, PageErrorBlock, pageErrorHead } from "./NotFoundPage";

export const productIsMissing = (props: PageProps) => !!props.notFound || !props.product || !props.store;

export function productHead(props: PageProps): HeadData {
  const { product, store, site } = props;
  if (props.loadError) return pageErrorHead(it.pageError.product);
  if (productIsMissing(props) || !product || !store) {
    return { title: `${it.product.notFound} | ${it.brand.name}`, description: it.product.notFoundText, noindex: true };
  }
  const path = productPath(store, product);
  const url = absoluteUrl(site.publicUrl, path);
  const storeUrl = absoluteUrl(site.publicUrl, storePath(store));
  const image = product.image_url ? absoluteUrl(site.publicUrl, shareableImage(product.image_url)) : null;
  const description = product.description?.trim()
    ? truncate(product.description)
    : truncate(it.product.metaDescriptionFallback(product.name, store.name));

  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description?.trim() || description,
    url,
  };
  const photos = (props.photos ?? []).map((photo) => absoluteUrl(site.publicUrl, photo));
  // A drawn placeholder is never offered to search engines as the product's picture (the
  // link preview above keeps its card).
  if (photos.length) ld.image = photos;
  else if (image && product.image_url && !isGeneratedPicture(product.image_url)) ld.image = [image];
  if (product.brand) ld.brand = { "@type": "Brand", name: product.brand };
  if (product.category) ld.category = product.category;
  if (product.sku) ld.sku = product.sku;
  if (product.ean && isGtin(product.ean)) ld.gtin = product.ean;
  const variants = product.variants ?? [];
  const range = variantPriceRange(variants);
  if (range && range.low !== range.high) {
    // Variants at several prices: one offer spanning them.
    ld.offers = {
      "@type": "AggregateOffer",
      lowPrice: schemaPrice(range.low),
      highPrice: schemaPrice(range.high),
      offerCount: variants.length,
      priceCurrency: "EUR",
      availability: SCHEMA_AVAILABILITY[product.availability],
      url,
      seller: { "@type": "HardwareStore", "@id": `${storeUrl}#negozio`, name: store.name, url: storeUrl },
    };
  } else if (product.price != null) {
    ld.offers = {
      "@type": "Offer",
      price: schemaPrice(product.price),
      priceCurrency: "EUR",
      // Prices are stored VAT included (the import adds it to net price lists).
      priceSpecification: { "@type": "UnitPriceSpecification", price: schemaPrice(product.price), priceCurrency: "EUR", valueAddedTaxIncluded: true },
      availability: SCHEMA_AVAILABILITY[product.availability],
      url,
      // The shop page's HardwareStore, by its @id.
      seller: { "@type": "HardwareStore", "@id": `${storeUrl}#negozio`, name: store.name, url: storeUrl },
    };
  }
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    // The site's home, except on a Business shop's pages; the category's page when it has one.
    itemListElement: [
      store.plan === "business" ? null : { name: it.brand.name, item: absoluteUrl(site.publicUrl, "/") },
      { name: store.name, item: storeUrl },
      product.category && props.links?.categoryPath ? { name: product.category, item: absoluteUrl(site.publicUrl, props.links.categoryPath) } : null,
      { name: product.name, item: url },
    ]
      .filter((crumb) => crumb !== null)
      .map((crumb, i) => ({ "@type": "ListItem", position: i + 1, ...crumb })),
  };
  return {
    title: `${product.name} | ${store.name}`,
    description,
    canonicalPath: path,
    ogType: "product",
    image,
    jsonLd: [ld, breadcrumbs],
    siteName: store.plan === "business" ? store.name : undefined,
  };
}

/** The seller block is the same on every product page of a shop: the server renders it once
 * per version of the shop. */
export function productFragments(props: PageProps): FragmentSpec[] {
  const { store } = props;
  if (productIsMissing(props) || !store) return [];
  return [{ id: "seller", key: `seller:${JSON.stringify(store)}`, node: <SellerBlock store={store} /> }];
}

export function ProductPage() {
  const props = usePageData();
  const { product, store } = props;
  if (props.loadError) return <PageErrorBlock title={it.pageError.product} />;
  if (productIsMissing(props) || !product || !store) {
    return <NotFoundBlock title={it.product.notFound} text={it.product.notFoundText} cta={it.product.home} />;
  }
  const related = (props.related ?? []).slice(0, 15);
  const attributes = props.attributes ?? [];
  // Variants at several prices: the product's price is the lowest.
  const range = variantPriceRange(product.variants ?? []);
  const priceFrom = range !== null && range.low !== range.high;
  const links = props.links;
  return (
    <Container className="py-8 sm:py-10">
      <nav aria-label={it.product.breadcrumb} className="mb-6">
        <a href={storePath(store)} className="inline-flex items-center gap-2 text-sm font-medium text-stone-600 hover:text-brand-800">
          <IconArrowLeft width={16} height={16} />
          {it.product.backToStore(store.name)}
        </a>
      </nav>
      <article className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery name={product.name} picture={product.image_url} photos={props.photos ?? []} />
        <div className="flex flex-col">
          {product.category && (
            <div>
              {links?.categoryPath ? (
                <a href={links.categoryPath} className="rounded-full hover:opacity-80">
                  <Badge tone="brand">{product.category}</Badge>
                </a>
              ) : (
                <Badge tone="brand">{product.category}</Badge>
              )}
            </div>
          )}
          <h1 className="mt-3 text-3xl font-extrabold leading-tight tracking-tight text-stone-900 sm:text-4xl">{product.name}</h1>
          {product.brand && (
            <p className="mt-2 text-base text-stone-600">
              {it.product.brand}:{" "}
              {links?.brandPath ? (
                <a href={links.brandPath} className="font-semibold text-stone-800 underline-offset-2 hover:text-brand-800 hover:underline" title={it.product.allOfBrand(product.brand)}>
                  {product.brand}
                </a>
              ) : (
                <span className="font-semibold text-stone-800">{product.brand}</span>
              )}
            </p>
          )}
          <div className="mt-6 flex flex-wrap items-center gap-4">
            {product.price != null && (
              <p className="text-3xl font-bold text-stone-900">
                {priceFrom && <span className="text-base font-normal text-stone-600">{it.product.priceFrom} </span>}
                {formatPrice(product.price)} <span className="text-sm font-normal text-stone-500">{it.product.vatIncluded}</span>
              </p>
            )}
            <Badge tone={AVAILABILITY_TONE[product.availability].badge} className="text-sm">
              <span className={`h-2 w-2 rounded-full ${AVAILABILITY_TONE[product.availability].dot}`} aria-hidden="true" />
              {it.product.availability[product.availability]}
            </Badge>
          </div>
          <AskTheShop store={store} productId={product.id} name={product.name} url={absoluteUrl(props.site.publicUrl, productPath(store, product))} />
          {product.description?.trim() ? (
            <div className="mt-6 whitespace-pre-line text-base leading-relaxed text-stone-700">{product.description}</div>
          ) : (
            attributes.length === 0 && <p className="mt-6 italic text-stone-500">{it.product.noDescription}</p>
          )}
          {(attributes.length > 0 || product.sku || product.ean) && (
            <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-attributes>
              {attributes.map((a) => (
                <Fragment key={a.label}>
                  <dt className="text-stone-500">{capitalize(a.label)}</dt>
                  <dd className="text-stone-800">{a.value}</dd>
                </Fragment>
              ))}
              {product.sku && (
                <>
                  <dt className="text-stone-500">{it.product.sku}</dt>
                  <dd className="font-mono text-stone-800">{product.sku}</dd>
                </>
              )}
              {product.ean && (
                <>
                  <dt className="text-stone-500">{it.product.ean}</dt>
                  <dd className="font-mono text-stone-800">{product.ean}</dd>
                </>
              )}
            </dl>
          )}
          <ProductVariants variants={product.variants ?? []} />
          <a href="#venditore" className="mt-8 flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm hover:border-brand-300">
            <StoreLogo store={store} className="h-11 w-11 text-lg" />
            <span>
              <span className="block text-xs font-semibold uppercase tracking-wide text-stone-500">{it.product.soldBy}</span>
              <span className="block font-semibold text-stone-900">{store.name}</span>
            </span>
          </a>
        </div>
      </article>
      {related.length > 0 && product.brand && (
        <RelatedCarousel title={it.product.related(product.brand)} products={related} store={store} />
      )}
      {links && links.siblings.length > 0 && product.category && (
        <RelatedCarousel title={it.product.siblings(product.category)} products={links.siblings} store={store} titleId="siblings-title" />
      )}
      <ServerFragment id="seller">
        <SellerBlock store={store} />
      </ServerFragment>
    </Container>
  );
}

/** How to reach the shop about this product, beside its price: a call, WhatsApp when the
 * shop's number is a mobile one, "Chiedi disponibilità" (a form to the owner's inbox), an
 * e-mail with the product named. */
function AskTheShop({ store, productId, name, url }: { store: Store; productId: number; name: string; url: string }) {
  const whatsapp = store.telephone ? whatsappNumber(store.telephone) : null;
  const button = "inline-flex items-center gap-2 rounded-lg border px-4 py-2.5 text-sm font-semibold";
  return (
    <div className="mt-5 flex flex-wrap gap-2" role="group" aria-label={it.product.askTitle} data-ask-shop>
      {store.telephone && (
        <a href={telHref(store.telephone)} className={`${button} border-brand-700 bg-brand-700 text-white hover:bg-brand-800`}>
          <IconPhone width={16} height={16} />
          {it.product.callShop}
        </a>
      )}
      {whatsapp && (
        <a href={whatsappHref(whatsapp, it.product.whatsappText(name, url))} target="_blank" rel="noopener noreferrer" className={`${button} border-emerald-700 text-emerald-800 hover:bg-emerald-50`}>
          {it.product.whatsapp}
          <span className="sr-only"> {it.common.newTab}</span>
        </a>
      )}
      <AvailabilityRequest
        storeId={store.id}
        productId={productId}
        productName={name}
        shopName={store.name}
        className={`${button} border-brand-700 text-brand-800 hover:bg-brand-50`}
      />
      {store.email && (
        <a href={`mailto:${store.email}?subject=${encodeURIComponent(it.product.mailSubject(name))}&body=${encodeURIComponent(url)}`} className={`${button} border-stone-300 text-stone-800 hover:border-brand-600 hover:text-brand-800`}>
          <IconMail width={16} height={16} />
          {it.product.writeShop}
        </a>
      )}
    </div>
  );
}

const SCHEMA_AVAILABILITY: Record<Availability, string> = {
  in_stock: "https://schema.org/InStock",
  limited: "https://schema.org/LimitedAvailability",
  backorder: "https://schema.org/BackOrder",
  out_of_stock: "https://schema.org/OutOfStock",
};

const AVAILABILITY_TONE: Record<Availability, { badge: "green" | "amber" | "red"; dot: string }> = {
  in_stock: { badge: "green", dot: "bg-emerald-500" },
  limited: { badge: "amber", dot: "bg-amber-500" },
  backorder: { badge: "amber", dot: "bg-amber-500" },
  out_of_stock: { badge: "red", dot: "bg-red-500" },
};

/** Link previews and search engines get the PNG card beside a generated SVG tile. */
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function shareableImage(imageUrl: string): string {
  return isGeneratedPicture(imageUrl) ? imageUrl.replace(/\.svg$/, ".png") : imageUrl;
}
