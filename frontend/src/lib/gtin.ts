/** A GS1 barcode (GTIN-8, -12, -13 or -14) whose check digit holds. Shops type barcodes by
 * hand and spreadsheets mangle them: only valid ones reach search engines as `gtin`, the
 * others stay the owner's text. The server's `import::is_gtin` is the same rule. */
export function isGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() ?? 0;
  // Weights 3, 1, 3, … from the rightmost digit before the check digit.
  const sum = digits.reverse().reduce((total, d, i) => total + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
