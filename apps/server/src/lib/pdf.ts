import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

/**
 * PDF documents made with pdfkit, written in Open Sans (SIL Open Font
 * License) from the @fontsource package, because pdfkit's built-in fonts
 * cannot show Cyrillic (decision 064). Fontsource ships each script as its
 * own file, so text is written in runs, each in the file that holds its
 * letters.
 */

const require = createRequire(import.meta.url);
const fontFile = (script: Script, weight: Weight) =>
  require.resolve(`@fontsource/open-sans/files/open-sans-${script}-${weight}-normal.woff`);

type Script = "latin" | "latin-ext" | "cyrillic";
type Weight = 400 | 700;
const scripts: readonly Script[] = ["latin", "latin-ext", "cyrillic"];

/** Which of the font's files holds a character (the files' Unicode ranges). */
function scriptOf(codePoint: number): Script {
  if ((codePoint >= 0x0400 && codePoint <= 0x052f) || codePoint === 0x2116 || codePoint === 0x0301) return "cyrillic";
  if (codePoint <= 0xff || (codePoint >= 0x2000 && codePoint <= 0x206f) || codePoint === 0x20ac) return "latin";
  return "latin-ext";
}

/** The text cut into runs of one script each. */
export function scriptRuns(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  for (const char of text) {
    const previous = runs.at(-1);
    const script = scriptOf(char.codePointAt(0) ?? 0);
    if (previous?.script === script) previous.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}

export interface TextOptions {
  x?: number;
  y?: number;
  size?: number;
  bold?: boolean;
  width?: number;
}

/** A PDF being written; `finish` answers its bytes. */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(info: { title: string; author: string; lang: string }) {
    this.doc = new PDFDocument({
      size: "A4",
      margin: 56,
      lang: info.lang,
      info: { Title: info.title, Author: info.author },
      displayTitle: true,
    });
    for (const script of scripts) {
      for (const weight of [400, 700] as const) this.doc.registerFont(`${script}-${weight}`, fontFile(script, weight));
    }
    this.done = new Promise((resolve, reject) => {
      this.doc.on("data", (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on("end", () => resolve(Buffer.concat(this.chunks)));
      this.doc.on("error", reject);
    });
  }

  /** Writes one paragraph, at `x`/`y` when given, else below the last. */
  text(text: string, options: TextOptions = {}): this {
    const weight: Weight = options.bold ? 700 : 400;
    this.doc.fontSize(options.size ?? 10);
    const runs = text === "" ? [{ script: "latin" as Script, text: " " }] : scriptRuns(text);
    const { left, right } = this.doc.page.margins;
    const width = options.width ?? this.doc.page.width - right - (options.x ?? left);
    const layout = { width };
    runs.forEach((run, index) => {
      this.doc.font(`${run.script}-${weight}`);
      const continued = index < runs.length - 1;
      if (index === 0 && options.x !== undefined) {
        this.doc.text(run.text, options.x, options.y ?? this.doc.y, { ...layout, continued });
      } else {
        this.doc.text(run.text, { ...layout, continued });
      }
    });
    return this;
  }

  moveDown(lines = 1): this {
    this.doc.moveDown(lines);
    return this;
  }

  /** A thin line across the page at the current height. */
  rule(): this {
    const { left, right } = this.doc.page.margins;
    const y = this.doc.y + 4;
    this.doc
      .moveTo(left, y)
      .lineTo(this.doc.page.width - right, y)
      .lineWidth(0.5)
      .stroke("#999999");
    this.doc.y = y + 8;
    return this;
  }

  finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}
