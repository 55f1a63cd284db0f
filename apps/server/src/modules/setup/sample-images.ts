import sharp from "sharp";

/**
 * Small pictures for the sample callout, drawn here so the loader needs no
 * files of its own: street scenes for the photo answers and pen strokes for
 * the signatures. `random` makes them the same on every load.
 */

const SKIES = ["#9cc9e8", "#f3c98b", "#b8c4cf", "#d9b8d6", "#a9d8c8", "#f0a98f"];
const WALLS = ["#c8553d", "#f2d0a4", "#588b8b", "#ffd5c2", "#93a8ac", "#e0a458", "#6d597a", "#b5838d"];

const round = (value: number) => Math.round(value * 10) / 10;

function streetScene(random: () => number, sky: string): string {
  const houses: string[] = [];
  let x = -10;
  while (x < 480) {
    const width = 60 + Math.floor(random() * 50);
    const height = 110 + Math.floor(random() * 90);
    const wall = WALLS[Math.floor(random() * WALLS.length)]!;
    const top = 280 - height;
    houses.push(
      `<rect x="${x}" y="${top}" width="${width}" height="${height}" fill="${wall}"/>`,
      `<polygon points="${x - 4},${top} ${x + width / 2},${top - 30} ${x + width + 4},${top}" fill="#5b3a29"/>`,
      `<rect x="${x + width / 2 - 9}" y="${250}" width="18" height="30" fill="#3d2c2e"/>`,
      `<rect x="${x + 10}" y="${top + 18}" width="14" height="18" fill="#fdf6e3"/>`,
      `<rect x="${x + width - 24}" y="${top + 18}" width="14" height="18" fill="#fdf6e3"/>`,
    );
    x += width + 4;
  }
  const sun = `<circle cx="${round(60 + random() * 360)}" cy="${round(30 + random() * 30)}" r="20" fill="#fff4b0"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">
<rect width="480" height="360" fill="${sky}"/>${sun}${houses.join("")}
<rect y="280" width="480" height="80" fill="#6b6b6b"/>
<line x1="0" y1="320" x2="480" y2="320" stroke="#f5f5f5" stroke-width="5" stroke-dasharray="30 20"/>
</svg>`;
}

/** JPEG street scenes, one per sky colour. */
export async function sampleStreetPictures(random: () => number): Promise<Buffer[]> {
  const scenes = SKIES.map((sky) => streetScene(random, sky));
  return Promise.all(scenes.map((svg) => sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer()));
}

/** PNG data URLs of handwritten-looking strokes, as the signature pad stores them. */
export async function sampleSignatures(random: () => number, count: number): Promise<string[]> {
  const strokes = Array.from({ length: count }, () => {
    let path = `M ${round(20 + random() * 20)} ${round(50 + random() * 20)}`;
    for (let step = 1; step <= 6; step++) {
      const x = 20 + step * 40;
      path += ` Q ${round(x - 20)} ${round(10 + random() * 80)} ${round(x)} ${round(40 + random() * 30)}`;
    }
    return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="${path}" fill="none" stroke="#1d2b53" stroke-width="3" stroke-linecap="round"/></svg>`;
  });
  const pictures = await Promise.all(
    strokes.map((svg) => sharp(Buffer.from(svg)).png({ palette: true, colours: 4 }).toBuffer()),
  );
  return pictures.map((bytes) => `data:image/png;base64,${bytes.toString("base64")}`);
}
