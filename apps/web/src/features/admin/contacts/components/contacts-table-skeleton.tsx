import { Skeleton } from "../../../../ui/skeleton";

const ROWS = 8;
const widths = ["w-36", "w-48", "w-24", "w-24", "w-28", "w-16", "w-20"];

/** Grey rows in the shape of the table while the first page loads. */
export function ContactsTableSkeleton() {
  return (
    <div aria-hidden className="divide-y divide-black/5 overflow-hidden">
      <div className="flex gap-6 bg-canvas px-4 py-3.5">
        {widths.map((width, index) => (
          <Skeleton key={index} className={`h-3 ${index === 0 ? "w-4" : "w-16"}`} />
        ))}
      </div>
      {Array.from({ length: ROWS }, (_, row) => (
        <div key={row} className="flex items-center gap-6 px-4 py-4">
          <Skeleton className="size-4 shrink-0" />
          {widths.map((width, index) => (
            <Skeleton key={index} className={`h-3.5 shrink-0 ${width}`} />
          ))}
        </div>
      ))}
    </div>
  );
}
