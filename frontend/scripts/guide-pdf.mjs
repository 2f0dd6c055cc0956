// A small Markdown-to-PDF writer for the import guide: headings (#, ##), paragraphs, bullet
// and numbered lists, **bold** as whole-line emphasis only. The standard Helvetica fonts
// with WinAnsiEncoding cover Italian (à è é ì ò ù, €, typographic quotes), so nothing is
// embedded and nothing is downloaded. Output is deterministic (no dates).
import zlib from "node:zlib";

const PAGE_W = 595.28; // A4
const PAGE_H = 841.89;
const MARGIN = 56;
const TEXT_W = PAGE_W - 2 * MARGIN;

// Helvetica advance widths (1/1000 em), ASCII 32..126, from the standard AFM.
const HELV = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278,
  469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
  334, 584,
];
// Helvetica-Bold, same range.
const HELV_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584,
  611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333,
  584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280,
  389, 584,
];

// Unicode → WinAnsi byte for the characters outside Latin-1 that Italian text uses.
const WIN_ANSI = { "€": 0x80, "‚": 0x82, "„": 0x84, "…": 0x85, "•": 0x95, "–": 0x96, "—": 0x97, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94 };
const EXTRA_WIDTH = { "€": 556, "…": 1000, "•": 350, "–": 556, "—": 1000, "‘": 222, "’": 222, "“": 333, "”": 333, "‚": 222, "„": 333 };

function byteOf(ch) {
  if (WIN_ANSI[ch] !== undefined) return WIN_ANSI[ch];
  const code = ch.codePointAt(0);
  if ((code >= 32 && code <= 126) || (code >= 0xa0 && code <= 0xff)) return code;
  throw new Error(`guide-pdf: character ${JSON.stringify(ch)} (U+${code.toString(16)}) is not in WinAnsiEncoding`);
}

function charWidth(ch, bold) {
  if (EXTRA_WIDTH[ch] !== undefined) return EXTRA_WIDTH[ch];
  const table = bold ? HELV_BOLD : HELV;
  const code = ch.codePointAt(0);
  if (code >= 32 && code <= 126) return table[code - 32];
  // Accented Latin-1 letters are as wide as their base letter.
  const base = ch.normalize("NFD")[0];
  const b = base.codePointAt(0);
  return b >= 32 && b <= 126 ? table[b - 32] : 556;
}

export function textWidth(text, size, bold = false) {
  let w = 0;
  for (const ch of text) w += charWidth(ch, bold);
  return (w * size) / 1000;
}

/** Greedy word wrap to `width` points. */
export function wrap(text, size, bold, width) {
  const words = text.split(/\s+/).filter(Boolean);
  const lines = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size, bold) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const hex = (text) => `<${Buffer.from([...text].map(byteOf)).toString("hex").toUpperCase()}>`;
const clean = (s) => s.replace(/\*\*(.+?)\*\*/g, "$1").replace(/`([^`]+)`/g, "$1");

/** Markdown → blocks: {kind: "h1"|"h2"|"p"|"li", text, marker}. */
export function parseBlocks(md) {
  const blocks = [];
  let para = [];
  const flush = () => {
    if (para.length) blocks.push({ kind: "p", text: clean(para.join(" ")) });
    para = [];
  };
  for (const raw of md.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    let m;
    if (!line) flush();
    else if ((m = line.match(/^(#{1,3})\s+(.*)$/))) {
      flush();
      blocks.push({ kind: m[1].length === 1 ? "h1" : "h2", text: clean(m[2]) });
    } else if ((m = line.match(/^[-*]\s+(.*)$/))) {
      flush();
      blocks.push({ kind: "li", marker: "•", text: clean(m[1]) });
    } else if ((m = line.match(/^(\d+)[.)]\s+(.*)$/))) {
      flush();
      blocks.push({ kind: "li", marker: `${m[1]}.`, text: clean(m[2]) });
    } else if (blocks.length && blocks[blocks.length - 1].kind === "li" && !para.length && /^\s{2,}/.test(raw)) {
      blocks[blocks.length - 1].text += ` ${clean(line)}`; // continuation of a list item
    } else para.push(line);
  }
  flush();
  return blocks;
}

const STYLE = {
  h1: { size: 20, bold: true, before: 0, after: 10, color: "0.11 0.25 0.45" },
  h2: { size: 13.5, bold: true, before: 14, after: 6, color: "0.11 0.25 0.45" },
  p: { size: 10.5, bold: false, before: 0, after: 8, color: "0.16 0.15 0.14" },
  li: { size: 10.5, bold: false, before: 0, after: 4, color: "0.16 0.15 0.14" },
};

/** Lays the blocks out on A4 pages; returns one content-stream string per page. */
function layout(blocks, footer) {
  const pages = [];
  let ops = [];
  let y = PAGE_H - MARGIN;
  const newPage = () => {
    if (ops.length) pages.push(ops);
    ops = [];
    y = PAGE_H - MARGIN;
  };
  const text = (x, yy, s, size, bold, color) => ops.push(`BT ${color} rg /${bold ? "F2" : "F1"} ${size} Tf ${x.toFixed(2)} ${yy.toFixed(2)} Td ${hex(s)} Tj ET`);
  for (const b of blocks) {
    const st = STYLE[b.kind];
    const indent = b.kind === "li" ? 16 : 0;
    const lines = wrap(b.text, st.size, st.bold, TEXT_W - indent);
    const leading = st.size * 1.4;
    const needed = st.before + leading * Math.min(lines.length, b.kind.startsWith("h") ? lines.length + 2 : 2);
    if (y - needed < MARGIN + 24) newPage();
    else if (y < PAGE_H - MARGIN) y -= st.before;
    lines.forEach((line, i) => {
      if (y - leading < MARGIN + 24) newPage();
      y -= leading;
      if (i === 0 && b.kind === "li") text(MARGIN + 2, y, b.marker, st.size, false, st.color);
      text(MARGIN + indent, y, line, st.size, st.bold, st.color);
    });
    if (b.kind === "h1") {
      ops.push(`0.11 0.25 0.45 RG 1 w ${MARGIN} ${(y - 6).toFixed(2)} m ${(PAGE_W - MARGIN).toFixed(2)} ${(y - 6).toFixed(2)} l S`);
      y -= 6;
    }
    y -= st.after;
  }
  if (ops.length) pages.push(ops);
  return pages.map((p, i) => {
    const label = footer(i + 1, pages.length);
    const w = textWidth(label, 8.5);
    return [...p, `BT 0.45 0.43 0.41 rg /F1 8.5 Tf ${((PAGE_W - w) / 2).toFixed(2)} 30 Td ${hex(label)} Tj ET`].join("\n");
  });
}

/** The whole PDF file for a Markdown text. */
export function markdownToPdf(md, { title = "Documento", author = "Vetrina", footer = (n, total) => `${title} · pagina ${n} di ${total}` } = {}) {
  const pages = layout(parseBlocks(md), footer);
  const objects = []; // index i → object number i + 1
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add(null);
  const pagesObj = add(null);
  const f1 = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const f2 = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const kids = [];
  for (const content of pages) {
    const data = zlib.deflateSync(Buffer.from(content, "latin1"), { level: 9 });
    const stream = add(Buffer.concat([Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, "latin1"), data, Buffer.from("\nendstream", "latin1")]));
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R /Lang (it-IT) >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  const info = add(`<< /Title ${hex(title)} /Author ${hex(author)} /Producer (Vetrina build) >>`);

  const chunks = [Buffer.from("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n", "latin1")];
  let offset = chunks[0].length;
  const offsets = [];
  objects.forEach((body, i) => {
    const buf = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, "latin1"), Buffer.isBuffer(body) ? body : Buffer.from(body, "latin1"), Buffer.from("\nendobj\n", "latin1")]);
    offsets.push(offset);
    offset += buf.length;
    chunks.push(buf);
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, "0000000000 65535 f \n", ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)].join("");
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${offset}\n%%EOF\n`, "latin1"));
  return Buffer.concat(chunks);
}
