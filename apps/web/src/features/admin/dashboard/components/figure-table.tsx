import type { ReactNode } from "react";
import { useFormatters } from "../../../../app/i18n/use-formatters";

export interface FigureRow {
  key: string;
  name: ReactNode;
  first: number;
  second: number;
}

interface FigureTableProps {
  /** The headers of the name column and of the two counts. */
  headers: { name: string; first: string; second: string };
  rows: readonly FigureRow[];
  isBusy: boolean;
}

/** The period card's small tables: a name and two counts per row, scrolling sideways on narrow screens. */
export function FigureTable({ headers, rows, isBusy }: FigureTableProps) {
  const format = useFormatters();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-busy={isBusy}>
        <thead>
          <tr className="border-b border-black/10 text-body/70">
            <th scope="col" className="py-2 pr-4 font-semibold">
              {headers.name}
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-semibold">
              {headers.first}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              {headers.second}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-black/5">
              <td className="py-2 pr-4 break-words">{row.name}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{format.number(row.first)}</td>
              <td className="py-2 text-right tabular-nums">{format.number(row.second)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
