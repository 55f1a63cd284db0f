import type { ReactNode } from "react";
import { useId } from "react";
import { Card } from "../../../../ui/card";

interface AccountFormCardProps {
  title: string;
  /** A sentence under the title, kept close to it. */
  intro?: string;
  /** The larger cards space their parts a little wider. */
  isSpacious?: boolean;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}

/** A card of the account page: one form, named by its title, that the page itself never submits. */
export function AccountFormCard({ title, intro, isSpacious = false, onSubmit, children }: AccountFormCardProps) {
  const titleId = useId();
  const heading = (
    <h2 id={titleId} className="text-lg font-bold">
      {title}
    </h2>
  );
  return (
    <Card>
      <form
        noValidate
        className={isSpacious ? "space-y-5" : "space-y-4"}
        aria-labelledby={titleId}
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {intro ? (
          <div className="space-y-1">
            {heading}
            <p className="text-body/75">{intro}</p>
          </div>
        ) : (
          heading
        )}
        {children}
      </form>
    </Card>
  );
}
