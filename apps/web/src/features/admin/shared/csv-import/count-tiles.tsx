import { useTranslation } from "react-i18next";

export interface CountTile {
  key: string;
  label: string;
  value: number;
}

/** Numbers of an import side by side, each under its name. */
export function CountTiles({ counts, className }: { counts: readonly CountTile[]; className: string }) {
  const { i18n } = useTranslation();
  return (
    <dl className={`grid gap-3 ${className}`}>
      {counts.map((count) => (
        <div key={count.key} className="rounded-xl bg-canvas p-3 ring-1 ring-black/5" data-count={count.key}>
          <dt className="text-sm text-body/70">{count.label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{count.value.toLocaleString(i18n.language)}</dd>
        </div>
      ))}
    </dl>
  );
}
