import { CircleAlert } from "lucide-react";

interface FieldMessageProps {
  id: string;
  hint?: string;
  hintId: string;
  error?: string;
}

/** The hint and the error shown under an input. */
export function FieldMessage({ id, hint, hintId, error }: FieldMessageProps) {
  return (
    <>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-body/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
    </>
  );
}
