// Inline SVG icons (stroke style), always decorative (aria-hidden).
//
// The drawing is the svg's inner HTML, not React elements: the server renders each element
// and attribute at a real cost in QuickJS (an icon drawn as elements cost as much as a
// dozen ordinary tags), and an icon's paths never change. The browser renders and hydrates
// the same markup.

export interface IconProps {
  width?: number;
  height?: number;
  className?: string;
}

const STROKE = '<g fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">';

function icon(drawing: string) {
  const inner = { __html: `${STROKE}${drawing}</g>` };
  return function Icon({ width = 20, height = 20, className }: IconProps) {
    return <svg width={width} height={height} viewBox="0 0 24 24" aria-hidden="true" className={className} dangerouslySetInnerHTML={inner} />;
  };
}

export const IconPhone = icon(
  '<path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z"/>',
);
export const IconMail = icon(
  '<rect x="2" y="4" width="20" height="16" rx="2"/><path d="m22 7-10 6L2 7"/>',
);
export const IconGlobe = icon(
  '<circle cx="12" cy="12" r="10"/><path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z"/>',
);
export const IconPin = icon(
  '<path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z"/><circle cx="12" cy="10" r="3"/>',
);
export const IconClock = icon(
  '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>',
);
export const IconSearch = icon(
  '<circle cx="11" cy="11" r="8"/><path d="m21 21-4.3-4.3"/>',
);
export const IconChevronLeft = icon(
  '<path d="m15 18-6-6 6-6"/>',
);
export const IconChevronRight = icon(
  '<path d="m9 18 6-6-6-6"/>',
);
export const IconChevronDown = icon(
  '<path d="m6 9 6 6 6-6"/>',
);
export const IconCheck = icon(
  '<path d="M20 6 9 17l-5-5"/>',
);
export const IconX = icon(
  '<path d="M18 6 6 18M6 6l12 12"/>',
);
export const IconMenu = icon(
  '<path d="M4 6h16M4 12h16M4 18h16"/>',
);
export const IconUpload = icon(
  '<path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12"/>',
);
export const IconCamera = icon(
  '<path d="M14.5 4h-5L7 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3z"/><circle cx="12" cy="13" r="3.5"/>',
);
export const IconStar = icon(
  '<path d="m12 2.5 2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z"/>',
);
export const IconSparkles = icon(
  '<path d="M12 3l1.9 5.8L20 10.7l-6.1 1.9L12 18.4l-1.9-5.8L4 10.7l6.1-1.9z"/><path d="M19 3v4M21 5h-4"/>',
);
export const IconStore = icon(
  '<path d="M3 9l1.5-5h15L21 9M3 9h18M3 9v11h18V9M9 20v-6h6v6"/>',
);
export const IconArrowLeft = icon(
  '<path d="M19 12H5M12 19l-7-7 7-7"/>',
);
export const IconArrowRight = icon(
  '<path d="M5 12h14M12 5l7 7-7 7"/>',
);
export const IconCopy = icon(
  '<rect x="9" y="9" width="13" height="13" rx="2"/><path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1"/>',
);
export const IconBox = icon(
  '<path d="M21 8 12 3 3 8v8l9 5 9-5z"/><path d="m3 8 9 5 9-5M12 13v8"/>',
);
export const IconExternal = icon(
  '<path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"/>',
);
export const IconLeaf = icon(
  '<path d="M11 20A7 7 0 0 1 9.8 6.1C15.5 5 17 4.5 19 2c1 2 2 4.2 2 8 0 5.5-4.8 10-10 10z"/><path d="M2 21c0-3 1.9-5.4 5.2-6.1C9.6 14.4 12 13 13 11"/>',
);
