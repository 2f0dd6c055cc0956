// Saves a text file in the browser (CSV export). Browser only.

/** UTF-8 with a byte-order mark, so spreadsheet programs read accented letters correctly. */
export function downloadCsv(csv: string, fileName: string): void {
  const blob = new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
