import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: string;
  action?: ReactNode;
}

/** What a list shows when it has nothing to show. */
export function EmptyState({ icon: Icon, title, description, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-primary/8 text-primary">
        <Icon aria-hidden className="size-6" />
      </span>
      <p className="text-lg font-bold">{title}</p>
      {description && <p className="max-w-md text-body/75">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
