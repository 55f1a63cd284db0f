import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of every page of a PDF, lines joined by spaces. */
export async function pdfText(body: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise;
  let text = "";
  for (let page = 1; page <= doc.numPages; page++) {
    const content = await (await doc.getPage(page)).getTextContent();
    text += content.items.map((item) => ("str" in item ? item.str : "")).join(" ") + "\n";
  }
  await doc.destroy();
  return text.replace(/\s+/g, " ");
}
