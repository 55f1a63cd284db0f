import { NavLink } from "react-router";
import { cx } from "./class-names";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "focus-ring -mb-px block rounded-t-lg border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap",
    isActive ? "border-primary text-primary" : "border-transparent text-body/70 hover:border-body/30 hover:text-body",
  );

export interface TabLink {
  to: string;
  label: string;
  /** Marked only on its own path, not on the paths below it (the area's first tab). */
  end?: boolean;
}

/** A row of tabs that are links, the current one marked; scrolls sideways on narrow screens. */
export function TabLinks({ label, tabs }: { label: string; tabs: readonly TabLink[] }) {
  return (
    <nav aria-label={label} className="overflow-x-auto">
      <ul className="flex min-w-max gap-1 border-b border-black/10">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} end={tab.end ?? false} className={tabClass}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
