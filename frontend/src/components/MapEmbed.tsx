import { useEffect, useRef, useState } from "react";
import { it } from "../i18n/it";
import { osmSearchUrl } from "../lib/paths";
import { IconPin } from "./ui/Icons";

/**
 * OpenStreetMap of an address. The server renders a link only; in the browser, once the block is
 * near the viewport, the address is geocoded (Nominatim) and an export embed is loaded lazily.
 */
export function MapEmbed({ query, title }: { query: string; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    const node = box.current;
    if (!node) return;
    let cancelled = false;
    const controller = new AbortController();
    const load = async () => {
      try {
        const res = await fetch(
          `https://nominatim.openstreetmap.org/search?format=json&limit=1&countrycodes=it&q=${encodeURIComponent(query)}`,
          { signal: controller.signal, headers: { Accept: "application/json" } },
        );
        if (!res.ok) return;
        const hits = (await res.json()) as Array<{ lat: string; lon: string }>;
        if (cancelled || !hits.length) return;
        const lat = Number(hits[0].lat);
        const lon = Number(hits[0].lon);
        if (!Number.isFinite(lat) || !Number.isFinite(lon)) return;
        const bbox = [lon - 0.006, lat - 0.0035, lon + 0.006, lat + 0.0035].map((n) => n.toFixed(5)).join(",");
        setSrc(`https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat.toFixed(5)},${lon.toFixed(5)}`);
      } catch {
        /* offline or blocked: the link stays */
      }
    };
    if (typeof IntersectionObserver === "undefined") {
      void load();
      return () => controller.abort();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void load();
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(node);
    return () => {
      cancelled = true;
      observer.disconnect();
      controller.abort();
    };
  }, [query]);

  return (
    <div ref={box} className="overflow-hidden rounded-xl border border-stone-200 bg-stone-100">
      {src ? (
        <iframe title={title} src={src} loading="lazy" className="block h-56 w-full border-0" referrerPolicy="no-referrer-when-downgrade" />
      ) : (
        <a
          href={osmSearchUrl(query)}
          target="_blank"
          rel="noopener noreferrer"
          className="flex h-56 flex-col items-center justify-center gap-2 bg-[radial-gradient(circle_at_1px_1px,#d6d3d1_1px,transparent_0)] [background-size:16px_16px] text-sm font-medium text-stone-700 hover:text-brand-800"
        >
          <IconPin width={28} height={28} className="text-brand-700" />
          {it.store.openMap}
          <span className="sr-only"> {it.common.newTab}</span>
        </a>
      )}
    </div>
  );
}
