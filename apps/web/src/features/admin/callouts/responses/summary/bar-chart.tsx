import { forwardRef, useId } from "react";

export interface Bar {
  label: string;
  count: number;
  /** The share of the whole, from 0 to 1; left out where a share means nothing. */
  share?: number | undefined;
}

interface BarChartProps {
  title: string;
  bars: readonly Bar[];
  /** A count and a share as the reader's language writes them. */
  formatValue: (bar: Bar) => string;
}

const WIDTH = 520;
const ROW = 28;
const LABEL_WIDTH = 170;
const VALUE_WIDTH = 100;
const MAX_LABEL = 24;

const shorten = (text: string) => (text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text);

/**
 * Horizontal bars drawn as SVG with plain attributes (colours, font), so that
 * the same drawing can be turned into a PNG. Its figures are also a table for
 * screen readers.
 */
export const BarChart = forwardRef<SVGSVGElement, BarChartProps>(function BarChart({ title, bars, formatValue }, ref) {
  const titleId = useId();
  const largest = Math.max(1, ...bars.map((bar) => bar.count));
  const height = Math.max(1, bars.length) * ROW + 8;
  const barSpace = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  return (
    // On a phone the drawing keeps a readable size and scrolls sideways within its box.
    <div className="overflow-x-auto">
      <svg
        ref={ref}
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width={WIDTH}
        height={height}
        className="h-auto w-full max-w-xl min-w-[440px] text-primary"
        fontFamily="system-ui, sans-serif"
        fontSize="13"
      >
        <title id={titleId}>{title}</title>
        {bars.map((bar, index) => {
          const y = index * ROW + 4;
          const width = (bar.count / largest) * barSpace;
          return (
            <g key={`${index}-${bar.label}`}>
              <text x={LABEL_WIDTH - 8} y={y + 17} textAnchor="end" fill="#1f2937">
                {shorten(bar.label)}
              </text>
              <rect x={LABEL_WIDTH} y={y + 3} width={barSpace} height={ROW - 8} rx="3" fill="#e5e7eb" />
              <rect x={LABEL_WIDTH} y={y + 3} width={width} height={ROW - 8} rx="3" fill="currentColor" />
              <text x={LABEL_WIDTH + barSpace + 8} y={y + 17} fill="#1f2937">
                {formatValue(bar)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {bars.map((bar, index) => (
            <tr key={`${index}-${bar.label}`}>
              <th scope="row">{bar.label}</th>
              <td>{formatValue(bar)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
