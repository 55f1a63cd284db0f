import { CircleAlert } from "lucide-react";

interface FieldMessageProps {
  id: string;
  hint?: string;
  hintId: string;
  /** The hint's `lang`, when it is in another language than the page. */
  hintLang?: string | undefined;
  error?: string;
}

/** The hint and the error shown under an input. */
export function FieldMessage({ id, hint, hintId, hintLang, error }: FieldMessageProps) {
  return (
    <>
      {hint && (
        <p id={hintId} lang={hintLang} className="mt-1.5 text-sm text-body/70">
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
