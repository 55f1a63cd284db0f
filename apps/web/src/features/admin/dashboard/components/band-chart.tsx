import { Bar, BarChart, CartesianGrid, ResponsiveContainer, XAxis, YAxis } from "recharts";

export interface BandChartRow {
  label: string;
  members: number;
}

const axisTick = { fontSize: 12, fill: "var(--color-body)" };
const ROW_HEIGHT = 36;

/**
 * The bands as horizontal bars, loaded only with the dashboard (the charting library
 * stays out of every other page). Screen readers get the table beside it instead.
 */
export default function BandChart({ rows }: { rows: BandChartRow[] }) {
  return (
    <div className="overflow-hidden" style={{ height: rows.length * ROW_HEIGHT + 32 }} aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={rows}
          layout="vertical"
          margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tick={axisTick} allowDecimals={false} />
          <YAxis type="category" dataKey="label" tick={axisTick} width={150} />
          <Bar dataKey="members" fill="var(--color-primary)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
