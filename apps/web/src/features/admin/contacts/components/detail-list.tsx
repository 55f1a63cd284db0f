import type { ReactNode } from "react";

export interface DetailRow {
  label: string;
  value: ReactNode;
}

/** Label and value pairs, stacked on phones and side by side from small screens up. */
export function DetailList({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <dl className="divide-y divide-black/5">
      {rows.map((row) => (
        <div key={row.label} className="grid gap-1 py-3 sm:grid-cols-5 sm:gap-4">
          <dt className="text-sm font-semibold text-body/70 sm:col-span-2">{row.label}</dt>
          <dd className="break-words sm:col-span-3">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
