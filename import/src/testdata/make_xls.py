# Regenerates listino.xls (legacy Excel 97-2003) for the import tests.
# Usage: pip install xlwt==1.3.0 && python3 make_xls.py
import datetime
import xlwt

wb = xlwt.Workbook(encoding="utf-8")
ws = wb.add_sheet("Listino")
ws.write(0, 0, "Listino prezzi Ferramenta Rossi")
headers = ["Codice", "Descrizione articolo", "Prezzo", "Giacenza", "EAN", "Aggiornato"]
for c, h in enumerate(headers):
    ws.write(2, c, h)
date_style = xlwt.easyxf(num_format_str="DD/MM/YYYY")
rows = [
    ["00123", "Cemento Portland 25 kg", 12.5, 40, "0801234567890", datetime.date(2024, 3, 5)],
    ["00124", "Calce idrata 25 kg", 9.9, 0, 8012345678901, datetime.date(2024, 3, 6)],
    ["00125", "Sabbia lavata", 1234.5, 3, "", datetime.date(2024, 12, 31)],
]
for r, row in enumerate(rows, start=3):
    for c, v in enumerate(row):
        if isinstance(v, datetime.date):
            ws.write(r, c, v, date_style)
        else:
            ws.write(r, c, v)
wb.save("listino.xls")
