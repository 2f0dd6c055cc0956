import { useState } from "react";
import { it } from "../i18n/it";
import { osmPlaceUrl, osmSearchUrl } from "../lib/paths";
import type { GeoPoint } from "../types";
import { Button } from "./ui/Button";
import { IconPin } from "./ui/Icons";

type MapState = { kind: "idle" } | { kind: "loading" } | { kind: "failed" } | { kind: "shown"; src: string };

/** A drawn street plan behind the address: the map's place before anyone asks for the map. */
function StreetPlan() {
  return (
    <svg aria-hidden="true" viewBox="0 0 320 180" preserveAspectRatio="xMidYMid slice" className="absolute inset-0 h-full w-full">
      <rect width="320" height="180" className="fill-stone-100" />
      <path d="M0 120 L320 95 M40 0 L95 180 M190 0 L160 180 M0 40 L320 60 M250 0 L300 180" className="stroke-white" strokeWidth="14" fill="none" />
      <path d="M0 150 L320 140 M130 0 L120 180" className="stroke-white" strokeWidth="7" fill="none" />
      <rect x="205" y="105" width="38" height="26" rx="3" className="fill-emerald-100" />
      <rect x="20" y="62" width="30" height="40" rx="3" className="fill-emerald-100" />
    </svg>
  );
}

/**
 * The shop's address on a drawn plan, with two clear actions: the map on OpenStreetMap in a new
 * tab, or the map here. Nothing is asked of OpenStreetMap (geocoding, tiles) until the visitor
 * chooses the second. Where the owner placed the shop (`position`), the map shows that point
 * and nothing is geocoded.
 */
export function MapEmbed({ query, title, position }: { query: string; title: string; position?: GeoPoint | null }) {
  const [state, setState] = useState<MapState>({ kind: "idle" });

  const show = async () => {
    setState({ kind: "loading" });
    try {
      let lat = position?.lat ?? NaN;
      let lon = position?.lng ?? NaN;
      if (!position) {
        const res = await fetch(
          `https://nominatim.openstreetmap.org/search?format=json&limit=1&countrycodes=it&q=${encodeURIComponent(query)}`,
          { headers: { Accept: "application/json" } },
        );
        const hits = res.ok ? ((await res.json()) as Array<{ lat: string; lon: string }>) : [];
        lat = Number(hits[0]?.lat);
        lon = Number(hits[0]?.lon);
      }
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) throw new Error("address not found");
      const bbox = [lon - 0.006, lat - 0.0035, lon + 0.006, lat + 0.0035].map((n) => n.toFixed(5)).join(",");
      setState({ kind: "shown", src: `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat.toFixed(5)},${lon.toFixed(5)}` });
    } catch {
      setState({ kind: "failed" });
    }
  };

  if (state.kind === "shown") {
    return (
      <div className="overflow-hidden rounded-xl border border-stone-200 bg-stone-100">
        <iframe title={title} src={state.src} loading="lazy" className="block h-56 w-full border-0" referrerPolicy="no-referrer-when-downgrade" />
      </div>
    );
  }
  return (
    <div className="relative h-56 overflow-hidden rounded-xl border border-stone-200">
      <StreetPlan />
      <div className="relative flex h-full flex-col items-center justify-center gap-3 p-4 text-center">
        <IconPin width={30} height={30} className="text-brand-700 drop-shadow" />
        <p className="rounded-lg bg-white/90 px-3 py-1.5 text-sm font-medium text-stone-800 shadow-sm">{query}</p>
        <div className="flex flex-wrap items-center justify-center gap-2">
          <Button size="sm" variant="secondary" onClick={() => void show()} disabled={state.kind === "loading"} aria-busy={state.kind === "loading"}>
            {state.kind === "loading" ? it.store.mapLoading : it.store.showMap}
          </Button>
          <a
            href={position ? osmPlaceUrl(position) : osmSearchUrl(query)}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-lg bg-white/90 px-2.5 py-1.5 text-sm font-semibold text-brand-800 shadow-sm underline-offset-2 hover:underline"
          >
            {it.store.openMap}
            <span className="sr-only"> {it.common.newTab}</span>
          </a>
        </div>
        {state.kind === "failed" && (
          <p role="alert" className="rounded-lg bg-white/90 px-3 py-1 text-xs text-red-800">
            {it.store.mapFailed}
          </p>
        )}
      </div>
    </div>
  );
}
