import { Link } from "react-router";
import { useGeneralContent } from "../../api/content";
import { cx } from "../../ui/class-names";

interface BrandProps {
  /** Where the logo leads. */
  to?: string;
  tone?: "dark" | "light";
  className?: string;
}

/** The organisation's logo, or its name when it has none. */
export function Brand({ to = "/", tone = "dark", className }: BrandProps) {
  const { organisationName, logoUrl } = useGeneralContent();
  return (
    <Link
      to={to}
      className={cx(
        "focus-ring inline-flex min-w-0 items-center gap-3 rounded-lg font-display text-lg font-bold tracking-tight",
        tone === "light" ? "text-white" : "text-primary",
        className,
      )}
    >
      {logoUrl ? (
        <img src={logoUrl} alt={organisationName} className="h-10 w-auto max-w-48 object-contain" />
      ) : (
        <>
          <span
            aria-hidden
            className={cx(
              "grid size-9 shrink-0 place-items-center rounded-xl text-base",
              tone === "light" ? "bg-white text-primary" : "bg-primary text-on-primary",
            )}
          >
            {organisationName.trim().charAt(0).toUpperCase() || "C"}
          </span>
          {/* A long name is cut short rather than pushing the header onto two lines on a phone. */}
          <span className="truncate">{organisationName}</span>
        </>
      )}
    </Link>
  );
}
