"""Driver of scripts/bench-list-categories: a Business shop imports a list of `rows` products
filed under the list's own code "A12" (and a few under "B07"); the owner files two of them
under "Ancoranti"; times the second filing (which files the rest of "A12", in the request)
and how long the `search_terms` job takes until the search finds them by the new category."""

import json
import os
import sys
import time

from bench_http import Client, multipart

url, rows, work, binary = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
client = Client(url, work, binary)
client.shop("bench-codes@vetrina.it")

path = os.path.join(work, "codici.csv")
with open(path, "w", encoding="utf-8") as f:
    f.write("Codice;Descrizione;Prezzo;Codice Categoria\n")
    for i in range(rows):
        code = "B07" if i % 100 == 99 else "A12"
        f.write(f"T{i:06d};Tassello nylon {6 + i % 10} mm serie {i};2,50;{code}\n")

body, ctype = multipart({}, path)
_, analysis = client.call("POST", "/api/file/analyze", body, ctype)
assert analysis["mapping"]["category"] == "Codice Categoria", analysis["mapping"]
body, ctype = multipart({"mapping": json.dumps(analysis["mapping"])}, path)
t_process, processed = client.call("POST", "/api/file/process", body, ctype)
t_import, store = client.call("POST", "/api/file/import", {"processId": processed["processId"]})
print(f"{rows} products imported (process {t_process:.2f} s, import {t_import:.2f} s)")


def product_id(sku):
    _, page = client.call("GET", f"/api/stores/{store['id']}/products?q={sku}")
    return next(p["id"] for p in page["items"] if p["sku"] == sku)


def count(query):
    _, page = client.call("GET", f"/api/stores/{store['id']}/products?{query}")
    return page["total"]


first, second = product_id("T000000"), product_id("T000001")
t_first, _ = client.call("PUT", f"/api/products/{first}", {"category": "Ancoranti"})
t_second, _ = client.call("PUT", f"/api/products/{second}", {"category": "Ancoranti"})
moved = count("category=Ancoranti")
print(f"first filing {t_first * 1000:.0f} ms; second filing, which files the rest: {t_second * 1000:.0f} ms; "
      f"products under Ancoranti: {moved}")
print(f"found by the new category right after the filing: {count('q=ancoranti')}")
started = time.perf_counter()
while count("q=ancoranti") < moved and time.perf_counter() - started < 600:
    time.sleep(0.5)
print(f"search finds all {moved} by the new category after {time.perf_counter() - started:.1f} s (search_terms job)")
