"""Driver of scripts/bench-import: makes the files, registers a business shop, times the
three import calls and reads the server's peak RSS (VmHWM) after each file."""

import json
import os
import sys
import zipfile
from xml.sax.saxutils import escape

from bench_http import Client, multipart

url, rows, work, pid, binary, kind = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6]
# A distributor's list with what makes real ones hard: the code padded with spaces, a list
# price without VAT beside the dealer's and the VAT-inclusive street price, the VAT rate, a
# product listed again under a second category (every tenth row: merged into one product),
# a barcode given to two products (every fiftieth row: the later one imports without it).
HEADERS = ["Codice Prodotto", "Descrizione articolo", "Listino Base", "Netto Cliente", "Street Price Ivato",
           "Iva", "Marca", "Categoria", "Giacenza", "EAN"]
PRICE_COLUMNS = (2, 3, 4)
MERGED = sum(1 for i in range(rows) if i % 10 == 9)
LINES = [
    ("CEM.PORTL. 32,5R KG25", "Buzzi Unicem", "Cementi"),
    ("ADES. C2TE KERAFLEX BIANCO KG25", "Mapei", "Adesivi"),
    ("LASTRA CARTONGESSO 1200X2500 SP.12,5", "Knauf", "Cartongesso"),
    ("PANN. EPS 100 SP.40 MM", "Isolconfort", "Isolanti"),
    ("PITT. LAVABILE BIANCA LT14", "Sikkens", "Pitture"),
    ("TASSELLO NYLON 8X40 CONF.100 PZ", "Fischer", "Ferramenta"),
    ("TRAPANO AVVITATORE 18V 2 BATT.", "Bosch", "Utensili"),
    ("RACCORDO OTTONE 1/2\" F-F", "Tiemme", "Idraulica"),
]


def ean13(body):
    digits = f"{body:012d}"
    s = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(digits)))
    return digits + str((10 - s % 10) % 10)


def euro(cents):
    return f"{cents // 100},{cents % 100:02d}"


def row(i):
    # The tenth row of each ten is the ninth's product again, under another category.
    product = i - 1 if i % 10 == 9 else i
    name, brand, cat = LINES[product % len(LINES)]
    if product != i:
        cat = "Offerte"
    base = (product % 300) * 100 + product % 100 + 100
    ean = ean13(800000000000 + (product - 1 if product % 50 == 25 else product))
    return [f"{product:06d}   ", f"{name} ART.{product}", euro(base), euro(base * 62 // 100),
            euro((base * 122 + 50) // 100), "22", brand, cat, str(product % 9), ean]


# A maker's METEL list: fixed-width records at the manual's positions (maker, code, EAN,
# description, quantities, trade price, public price, multiplier, currency, unit, date,
# families), Windows-1252, CRLF. Cables are priced per 100 m.
METEL_MAKERS = ["BTI", "GEW", "VIM", "SCH", "ABB", "PRY"]


def metel_record(i, ean=True):
    maker = METEL_MAKERS[i % len(METEL_MAKERS)]
    cable = maker == "PRY"
    description = (f"CAVO FG16OR16 3G{1 + i % 6},5 GRIGIO" if cable else f"INTERRUTTORE 1P 16A SERIE {i % 40}")
    public = 590 + (i * 37) % 90_000
    barcode = ean13(801000000000 + i) if ean else ""
    return (f"{maker:<3}{f'C{i:08d}':<16}{barcode:<13}{description:<43}"
            f"{'0001000001000010001001':<22}{public // 2:011}{public:011}{(100 if cable else 1):06}EUR"
            f"{('MT' if cable else 'PZ'):<3}  20260301{'FAM' + str(i % 30):<36}")


# Mark, maker, VAT number, list number, valid from, last change, description, version.
METEL_HEADER = f"{'LISTINO METEL':<20}BTI{'01234567890'}{'000001'}{'20260301'}{'20260301'}{'Listino 2026':<30}{'':<39}021"


def make_metel(path):
    with open(path, "w", encoding="cp1252", newline="") as f:
        f.write(METEL_HEADER + "\r\n")
        for i in range(rows):
            f.write(metel_record(i) + "\r\n")


def make_metelzip(path):
    """The list without barcodes on every other record, zipped with the barcode file that
    gives every record's, as a wholesaler sends them."""
    records = [METEL_HEADER] + [metel_record(i, ean=i % 2 == 0) for i in range(rows)]
    barcodes = [f"{METEL_MAKERS[i % len(METEL_MAKERS)]:<3}{f'C{i:08d}':<16}{ean13(801000000000 + i)}   1"
                for i in range(rows)]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("LSP.TXT", "\r\n".join(records).encode("cp1252"))
        z.writestr("BAR.TXT", "\r\n".join(barcodes).encode("cp1252"))


def make_csv(path):
    with open(path, "w", encoding="utf-8-sig", newline="") as f:
        f.write(";".join(HEADERS) + "\r\n")
        for i in range(rows):
            f.write(";".join(row(i)) + "\r\n")


def cell(ref, value):
    return f'<c r="{ref}" t="inlineStr"><is><t>{escape(value)}</t></is></c>'


def col(n):
    return chr(ord("A") + n)


def make_xlsx(path):
    """A minimal workbook with inline strings (what many management programs export)."""
    parts = ['<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>']
    parts.append('<row r="1">' + "".join(cell(f"{col(c)}1", h) for c, h in enumerate(HEADERS)) + "</row>")
    for i in range(rows):
        r = i + 2
        values = row(i)
        cells = []
        for c, v in enumerate(values):
            if c in PRICE_COLUMNS:
                cells.append(f'<c r="{col(c)}{r}"><v>{v.replace(",", ".")}</v></c>')
            else:
                cells.append(cell(f"{col(c)}{r}", v))
        parts.append(f'<row r="{r}">' + "".join(cells) + "</row>")
    parts.append("</sheetData></worksheet>")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>')
        z.writestr("_rels/.rels", '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>')
        z.writestr("xl/workbook.xml", '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Listino" sheetId="1" r:id="rId1"/></sheets></workbook>')
        z.writestr("xl/_rels/workbook.xml.rels", '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>')
        z.writestr("xl/worksheets/sheet1.xml", "".join(parts))


client = Client(url, work, binary)
call, jar = client.call, client.jar


def rss(field="VmHWM"):
    """The server's peak (VmHWM) or current (VmRSS) resident memory, in MB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field):
                return int(line.split()[1]) // 1024
    return -1


def peak_rss():
    return rss("VmHWM")


shop = client.shop


def run(kind, path):
    shop(f"bench-{kind}@vetrina.it")
    size = os.path.getsize(path) / 1e6
    body, ctype = multipart({}, path)
    t_analyze, analysis = call("POST", "/api/file/analyze", body, ctype)
    assert analysis["totalRows"] == rows, analysis
    mapping = analysis["mapping"]
    expected = (("Prezzo di listino IVA esclusa (per unità)", "Codice METEL") if kind.startswith("metel")
                else ("Street Price Ivato", "Codice Prodotto"))
    assert (mapping["price"], mapping["sku"]) == expected, mapping
    if kind == "metelzip":
        assert f"{rows // 2} prodotti li ricevono" in analysis["formatNote"], analysis["formatNote"]
    merged = 0 if kind.startswith("metel") else MERGED
    before = rss("VmRSS")
    # BENCH_REGENERATE_NAME=1: every row is rewritten (and, with an AI provider, queued for it).
    regenerate = "true" if os.environ.get("BENCH_REGENERATE_NAME") == "1" else "false"
    fields = {"mapping": json.dumps(analysis["mapping"]), "regenerateName": regenerate,
              "regeneratePresentProducts": "false"}
    body, ctype = multipart(fields, path)
    t_process, processed = call("POST", "/api/file/process", body, ctype)
    assert processed["statistics"]["valid"] == rows - merged, processed["statistics"]
    # What the server holds while the processed file waits for its confirmation.
    waiting = rss("VmRSS")
    # Two more shops process the same file and leave it waiting: the server must not grow
    # by a file's worth of rows for each (processed files wait in the database).
    others = []
    for n in (2, 3):
        jar_before = list(jar)
        shop(f"bench-{kind}-{n}@vetrina.it")
        body, ctype = multipart(fields, path)
        call("POST", "/api/file/process", body, ctype)
        others.append(rss("VmRSS"))
        jar.clear()
        for cookie in jar_before:
            jar.set_cookie(cookie)
    t_import, store = call("POST", "/api/file/import", {"processId": processed["processId"]})
    assert store["product_count"] == rows - merged, store["product_count"]
    t_ai, ai = call("GET", "/api/stores/me/ai")
    print(f"{kind:5} {size:6.1f} MB  analyze {t_analyze:6.2f} s  process {t_process:6.2f} s  "
          f"import {t_import:6.2f} s  (left to the AI provider: {ai['total']}, its progress read in {t_ai * 1000:.0f} ms)  server peak RSS {peak_rss()} MB, "
          f"RSS after analyze {before} MB, with 1/2/3 shops' files waiting {waiting}/{others[0]}/{others[1]} MB")


path = os.path.join(work, {"metel": "listino.txt", "metelzip": "listino.zip"}.get(kind, f"listino.{kind}"))
if not os.path.exists(path):
    {"csv": make_csv, "xlsx": make_xlsx, "metel": make_metel, "metelzip": make_metelzip}[kind](path)
if kind in ("csv", "metel"):
    print(f"{rows} rows, business-plan shop, SQLite, release build")
run(kind, path)
