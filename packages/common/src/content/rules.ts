/** Symbols already looked up: making a number format is slow, and the settings ask on every read. */
const symbols = new Map<string, string>();

export function currencySymbol(currencyCode: string): string {
  let symbol = symbols.get(currencyCode);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat("en", { style: "currency", currency: currencyCode }).formatToParts(0);
    symbol = parts.find((part) => part.type === "currency")?.value ?? currencyCode;
    // Codes come from the configuration, so there are few; a bad one throws above and is not kept.
    symbols.set(currencyCode, symbol);
  }
  return symbol;
}
