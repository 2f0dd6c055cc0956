//! The picture of a product that has none. Pages show a square tile: the category's
//! pictogram large on a calm tint of its own, no text (the name is beside it in every
//! card), so a grid of them looks deliberate. Link previews get a 1200×630 card (the Open
//! Graph size) with the same tile, the name and the brand, drawn as PNG with the DejaVu
//! Sans fonts embedded in the binary, so it looks the same on every server.

use std::sync::{Arc, LazyLock};

use domain::xml;
use resvg::{tiny_skia, usvg};

pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 630;
/// Side of the square tile, in SVG units.
const TILE: u32 = 600;

const FONT_REGULAR: &[u8] = include_bytes!("../../../server/assets/fonts/DejaVuSans.ttf");
const FONT_BOLD: &[u8] = include_bytes!("../../../server/assets/fonts/DejaVuSans-Bold.ttf");
const FONT_FAMILY: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

const NAME_SIZE: f32 = 50.0;
const NAME_LINES: usize = 4;
const BRAND_SIZE: f32 = 34.0;
const TEXT_LEFT: f32 = 600.0;
const TEXT_WIDTH: f32 = 540.0;

/// Fonts are parsed once.
static FONTS: LazyLock<Arc<usvg::fontdb::Database>> = LazyLock::new(|| {
    let mut db = usvg::fontdb::Database::new();
    db.load_font_data(FONT_REGULAR.to_vec());
    db.load_font_data(FONT_BOLD.to_vec());
    db.set_sans_serif_family("DejaVu Sans");
    Arc::new(db)
});

/// Lines of a 64×64 drawing, stroked in white, one per pictogram key of the taxonomy.
fn pictogram_paths(key: &str) -> &'static str {
    match key {
        "sacco-cemento" => "M18 12h28l6 10v30a4 4 0 0 1-4 4H16a4 4 0 0 1-4-4V22zM12 22h40M22 34h20M22 42h14",
        "spatola-dentata" => "M10 30h44v12l-4 6-4-6-4 6-4-6-4 6-4-6-4 6-4-6-4 6-4-6-4 6-4-6zM26 30V20h12v10M29 20v-10h6v10",
        "lastra" => "M10 14h44v36H10zM10 26h44M10 38h44M18 20h0M46 44h0",
        "pannello-isolante" => "M8 18h48v28H8zM8 32q6-9 12 0t12 0 12 0 12 0",
        "goccia" => "M32 8C24 22 16 30 16 40a16 16 0 0 0 32 0c0-10-8-18-16-32zM24 42a8 8 0 0 0 6 7",
        "pennello" => "M28 6h8v18h-8zM24 24h16v8H24zM24 32h16l3 22H21z",
        "mattone" => "M8 18h48v28H8zM8 32h48M24 18v14M40 18v14M16 32v14M32 32v14M48 32v14",
        "vite" => "M20 8h24v8H20zM28 16h8v30l-4 10-4-10zM28 24l8 4M28 32l8 4M28 40l8 4",
        "trapano" => "M8 16h36v16H8zM44 21h8v6h-8zM52 23h6v2M16 32h12l4 22H20z",
        "martello" => "M10 10h30v14H10zM40 14l10 4-10 4M22 24h8v32h-8z",
        "rubinetto" => "M8 26h32a10 10 0 0 1 10 10v4H40v-4H8zM22 26v-8M14 16h16M45 46v4M45 54v2",
        "lampadina" => "M32 8a16 16 0 0 0-10 28c3 3 4 6 4 9h12c0-3 1-6 4-9A16 16 0 0 0 32 8zM26 50h12M28 56h8",
        "wc" => "M16 8h14v22H16zM12 30h40a18 18 0 0 1-18 18h-2l2 8H20l2-10A16 16 0 0 1 12 30z",
        "piastrelle" => "M10 10h20v20H10zM34 10h20v20H34zM10 34h20v20H10zM34 34h20v20H34z",
        "tavola" => "M6 22h52v20H6zM12 28q10-4 20 0t20 0M12 36q10-3 20 0",
        "casco" => "M10 42a22 22 0 0 1 44 0zM6 42h52v6H6zM28 20v-6h8v6",
        "foglia" => "M12 52C12 24 30 12 54 10c-2 24-14 42-42 42zM12 52L38 26",
        "cartuccia" => "M18 18h24v38H18zM27 18l3-12h4l3 12M18 28h24",
        "tondino" => "M6 18h52M6 32h52M6 46h52M14 14l4 8M26 14l4 8M38 14l4 8M50 14l4 8M20 28l4 8M32 28l4 8M44 28l4 8M14 42l4 8M26 42l4 8M38 42l4 8",
        "betoniera" => "M14 18l28-8 8 24-28 8zM26 40l-8 14M40 36l8 18M10 54h44M50 22l8-4",
        _ => "M12 22l20-10 20 10v24L32 56 12 46zM12 22l20 10 20-10M32 32v24",
    }
}

/// Background, halo and ink of a tile: calm, and distinct between neighbouring trades.
struct Tint {
    background: &'static str,
    halo: &'static str,
    ink: &'static str,
}

fn tint(pictogram: &str) -> Tint {
    let (background, halo, ink) = match pictogram {
        // building materials: sand
        "sacco-cemento" | "mattone" | "spatola-dentata" | "betoniera" => {
            ("#f4ecdf", "#ead9bf", "#8a5a22")
        }
        // boards and insulation: oat
        "lastra" | "pannello-isolante" | "tavola" => ("#f1eee6", "#e2dccd", "#6b5e45"),
        // water: sky
        "goccia" | "rubinetto" | "wc" => ("#e5eff6", "#cfe1ee", "#2c5f86"),
        // colour: terracotta
        "pennello" | "cartuccia" => ("#f7e6df", "#efcfc2", "#9b4a2e"),
        // metal and tools: slate
        "vite" | "trapano" | "martello" | "tondino" => ("#e9ecf0", "#d7dce3", "#455262"),
        // electricity: amber
        "lampadina" => ("#f9efd6", "#f1dfaf", "#8a6312"),
        // floors and tiles: heather
        "piastrelle" => ("#eeeaf4", "#ddd5ea", "#5a4a84"),
        // safety: rust
        "casco" => ("#f8e9dc", "#f0d3ba", "#9a5418"),
        // garden: sage
        "foglia" => ("#e7efe6", "#d0e2ce", "#3e6b45"),
        _ => ("#efece7", "#e0dbd2", "#5f574c"),
    };
    Tint {
        background,
        halo,
        ink,
    }
}

/// The tile's drawing at (`x`, `y`), `side` wide: halo and pictogram, no background.
fn tile_drawing(pictogram: &str, x: f32, y: f32, side: f32) -> String {
    let t = tint(pictogram);
    let centre = side / 2.0;
    // the 64-unit pictogram fills half the tile
    let scale = side * 0.5 / 64.0;
    let offset = centre - 32.0 * scale;
    format!(
        r##"<g transform="translate({x} {y})"><circle cx="{centre}" cy="{centre}" r="{r}" fill="{halo}"/><g transform="translate({offset} {offset}) scale({scale})" fill="none" stroke="{ink}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"><path d="{paths}"/></g></g>"##,
        r = side * 0.34,
        halo = t.halo,
        ink = t.ink,
        paths = pictogram_paths(pictogram),
    )
}

/// The square tile shown on pages, as SVG text. Nothing in it comes from the user.
pub fn product_tile(pictogram: &str) -> String {
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{TILE}" height="{TILE}" viewBox="0 0 {TILE} {TILE}"><rect width="{TILE}" height="{TILE}" fill="{}"/>{}</svg>"##,
        tint(pictogram).background,
        tile_drawing(pictogram, 0.0, 0.0, TILE as f32)
    )
}

/// The link-preview card as SVG text: the tile on the left, name and brand on the right.
/// Name and brand are escaped; nothing else comes from the user.
pub fn product_card(name: &str, brand: Option<&str>, pictogram: &str) -> String {
    let lines = wrap(name, NAME_SIZE, TEXT_WIDTH, NAME_LINES);
    let line_height = NAME_SIZE * 1.2;
    let brand = brand.map(str::trim).filter(|b| !b.is_empty());
    let block = lines.len() as f32 * line_height + if brand.is_some() { 70.0 } else { 0.0 };
    let mut y = (HEIGHT as f32 - block) / 2.0 + NAME_SIZE;
    let mut text = String::new();
    for line in &lines {
        text.push_str(&format!(
            r##"<text x="{TEXT_LEFT}" y="{y:.0}" font-size="{NAME_SIZE}" font-weight="bold" fill="#1d2329">{}</text>"##,
            xml::escape(line)
        ));
        y += line_height;
    }
    if let Some(brand) = brand {
        let brand = truncate_to_width(brand, BRAND_SIZE, TEXT_WIDTH);
        text.push_str(&format!(
            r##"<text x="{TEXT_LEFT}" y="{:.0}" font-size="{BRAND_SIZE}" fill="#b5541c">{}</text>"##,
            y + 30.0,
            xml::escape(&brand)
        ));
    }
    let side = 530.0;
    let margin = (HEIGHT as f32 - side) / 2.0;
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="{FONT_FAMILY}"><rect width="{WIDTH}" height="{HEIGHT}" fill="#fbfaf7"/><rect x="{margin}" y="{margin}" width="{side}" height="{side}" rx="36" fill="{}"/>{}{text}</svg>"##,
        tint(pictogram).background,
        tile_drawing(pictogram, margin, margin, side)
    )
}

/// The card drawn as PNG.
pub fn render_png(svg: &str) -> anyhow::Result<Vec<u8>> {
    let options = usvg::Options {
        fontdb: FONTS.clone(),
        font_family: "DejaVu Sans".to_owned(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options)?;
    let mut pixmap = tiny_skia::Pixmap::new(WIDTH, HEIGHT)
        .ok_or_else(|| anyhow::anyhow!("canvas {WIDTH}x{HEIGHT} not allocated"))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    Ok(pixmap.encode_png()?)
}

/// Rough advance of a character in ems, DejaVu Sans Bold: enough to wrap without
/// measuring glyphs.
fn char_width(c: char) -> f32 {
    match c {
        'i' | 'l' | 'j' | '\'' | '.' | ',' | ':' | ';' | '|' | '!' => 0.34,
        ' ' | 'f' | 't' | 'r' | 'I' | '(' | ')' | '-' | '/' => 0.45,
        'm' | 'w' | 'M' | 'W' => 1.0,
        c if c.is_uppercase() => 0.78,
        c if c.is_ascii_digit() => 0.7,
        _ => 0.68,
    }
}

fn text_width(s: &str, size: f32) -> f32 {
    s.chars().map(char_width).sum::<f32>() * size
}

/// Words into at most `max_lines` lines of `width`; what does not fit ends in "…".
fn wrap(text: &str, size: f32, width: f32, max_lines: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() {
            word.to_owned()
        } else {
            format!("{current} {word}")
        };
        if text_width(&candidate, size) <= width || current.is_empty() {
            current = candidate;
        } else {
            lines.push(std::mem::replace(&mut current, word.to_owned()));
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    let cut = lines.len() > max_lines;
    lines.truncate(max_lines);
    for line in lines.iter_mut() {
        *line = truncate_to_width(line, size, width);
    }
    if cut {
        if let Some(last) = lines.last_mut() {
            let shortened = truncate_to_width(&format!("{last}…"), size, width);
            *last = if shortened.ends_with('…') {
                shortened
            } else {
                format!("{}…", shortened.trim_end_matches('…'))
            };
        }
    }
    lines
}

/// One line cut to `width`, ending in "…" when it was cut.
fn truncate_to_width(text: &str, size: f32, width: f32) -> String {
    if text_width(text, size) <= width {
        return text.to_owned();
    }
    let budget = width - char_width('…') * size;
    let mut used = 0.0;
    let mut out = String::new();
    for c in text.chars() {
        used += char_width(c) * size;
        if used > budget {
            break;
        }
        out.push(c);
    }
    format!("{}…", out.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_carries_name_brand_and_pictogram_escaped() {
        let svg = product_card(
            "Silicone <bianco> & trasparente",
            Some("Mapei"),
            "cartuccia",
        );
        assert!(svg.contains("Silicone &lt;bianco&gt;") && svg.contains("&amp;"));
        assert!(svg.contains(">Mapei</text>"));
        assert!(svg.contains(pictogram_paths("cartuccia")));
        assert!(!svg.contains("<bianco>"));
    }

    #[test]
    fn long_names_wrap_and_end_in_an_ellipsis() {
        let name = "Pittura murale traspirante per interni ed esterni bianca opaca lavabile antimuffa extra 14 litri confezione risparmio";
        let lines = wrap(name, NAME_SIZE, TEXT_WIDTH, NAME_LINES);
        assert_eq!(lines.len(), NAME_LINES);
        assert!(lines.iter().all(|l| text_width(l, NAME_SIZE) <= TEXT_WIDTH));
        assert!(lines.last().is_some_and(|l| l.ends_with('…')));
        let one_word = wrap(&"X".repeat(80), NAME_SIZE, TEXT_WIDTH, NAME_LINES);
        assert_eq!(one_word.len(), 1);
        assert!(one_word[0].ends_with('…'));
    }

    #[test]
    fn every_pictogram_draws_and_the_png_has_the_open_graph_size() {
        for key in ai::builtin::categories()
            .map(ai::builtin::pictogram_for)
            .chain(["generico"])
        {
            let png = render_png(&product_card("Prodotto", Some("Marca"), key)).expect(key);
            let img = image::load_from_memory(&png).expect("png decodes");
            assert_eq!((img.width(), img.height()), (WIDTH, HEIGHT));
            let tile = product_tile(key);
            assert!(tile.contains(pictogram_paths(key)), "{key}");
            assert!(!tile.contains("<text"), "{key}: the tile carries no text");
        }
    }

    #[test]
    fn the_text_is_drawn_with_the_embedded_font() {
        let with_text =
            render_png(&product_card("Cemento", Some("Buzzi"), "generico")).expect("png");
        let without = render_png(&product_card("", None, "generico")).expect("png");
        let dark = |png: &[u8]| {
            image::load_from_memory(png)
                .expect("decodes")
                .to_rgb8()
                .pixels()
                .filter(|p| p.0.iter().all(|&c| c < 80))
                .count()
        };
        assert!(dark(&with_text) > dark(&without) + 500);
    }

    #[test]
    fn a_name_with_noncharacters_and_controls_still_makes_a_card() {
        // Stored before names were cleaned at the boundary: the card must still render.
        let name = "Vite\u{fffe} M8\u{ffff}\u{1}\u{85} zincata";
        let svg = product_card(name, Some("Fischer\u{fffe}"), "generico");
        assert!(
            svg.contains("Vite M8 zincata") || svg.contains("Vite M8"),
            "{svg}"
        );
        render_png(&svg).expect("the card renders");
    }
}
