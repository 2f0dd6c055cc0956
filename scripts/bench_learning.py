"""Driver of scripts/bench-learning: a list of lines the engines are unsure of is imported
into a Business shop, the model's first reading of the queue is timed, then the owner files
one line of each family and the re-reading of the rest (with the embeddings kept) is timed."""

import json
import os
import sys
import time

from bench_http import Client, multipart

url, rows, work, binary = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
# Families of lines the keywords and the classifier leave unsure, each with the category
# the owner gives it.
FAMILIES = [
    ("SPAZZOLONE PER ESTERNI CM {n}", "Giardino ed esterni"),
    ("SCOPA SAGGINA N.{n} MANICO LEGNO", "Giardino ed esterni"),
    ("SECCHIO MURATORE LT {n} NERO", "Attrezzature da cantiere"),
    ("CARRIOLA RUOTA PIENA LT {n}", "Attrezzature da cantiere"),
]
client = Client(url, work, binary)


def make_csv(path):
    with open(path, "w", encoding="utf-8") as f:
        f.write("Codice;Descrizione;Prezzo\n")
        for i in range(rows):
            line, _ = FAMILIES[i % len(FAMILIES)]
            f.write(f"B{i:06d};{line.format(n=20 + i // len(FAMILIES))};{10 + i % 50},50\n")


def pending():
    return client.call("GET", "/api/stores/me/ai")[1]["categories_pending"]


def read_through(what):
    started = time.perf_counter()
    while pending() > 0:
        time.sleep(0.5)
    return time.perf_counter() - started


def products():
    items, page = [], 1
    while True:
        _, listing = client.call("GET", f"/api/stores/{store_id}/products?per_page=100&page={page}")
        items += listing["items"]
        if page >= listing["pages"]:
            return items
        page += 1


client.shop("bench-learning@vetrina.it")
path = os.path.join(work, "scope.csv")
make_csv(path)
body, ctype = multipart({}, path)
_, analysis = client.call("POST", "/api/file/analyze", body, ctype)
fields = {"mapping": json.dumps(analysis["mapping"]), "regenerateName": "false", "regeneratePresentProducts": "false"}
body, ctype = multipart(fields, path)
_, processed = client.call("POST", "/api/file/process", body, ctype)
t_import, store = client.call("POST", "/api/file/import", {"processId": processed["processId"]})
store_id = store["id"]
first = read_through("first")
before = products()
filed_before = sum(1 for p in before if p.get("category"))
# The owner files the first product of each family.
taught_at = time.perf_counter()
for i, (_, category) in enumerate(FAMILIES):
    code = f"B{i:06d}"
    product = next(p for p in before if p.get("sku") == code)
    client.call("PUT", f"/api/products/{product['id']}", {"category": category, "status": "normal"})
t_teach = time.perf_counter() - taught_at
again = read_through("again")
after = products()
right = sum(1 for i, p in enumerate(sorted(after, key=lambda p: p["sku"]))
            if p.get("category") == FAMILIES[i % len(FAMILIES)][1])
print(f"{rows} lines: import {t_import:.2f} s; first reading of the queue {first:.1f} s "
      f"({rows / first:.0f} lines/s), {filed_before} filed by the engines; "
      f"4 corrections {t_teach * 1000:.0f} ms; re-reading {again:.1f} s ({rows / max(again, 0.001):.0f} lines/s); "
      f"{right} of {rows} now in the owner's category")
