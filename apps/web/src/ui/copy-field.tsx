import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, Copy } from "lucide-react";
import { Button } from "./button";

interface CopyFieldProps {
  label: string;
  value: string;
  isCode?: boolean;
}

/** A read-only value with a button that copies it. */
export function CopyField({ label, value, isCode = false }: CopyFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="flex gap-2">
        {isCode ? (
          // The box grows to fit the whole code where the browser can size a field to its content;
          // elsewhere the rows leave room for a long address. Code has few spaces, so it breaks anywhere.
          <textarea
            id={id}
            readOnly
            rows={5}
            value={value}
            onFocus={(event) => event.target.select()}
            className="block field-sizing-content w-full min-w-0 resize-none rounded-lg border border-body/25 bg-canvas px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap"
          />
        ) : (
          <input
            id={id}
            readOnly
            value={value}
            onFocus={(event) => event.target.select()}
            className="block h-9 w-full min-w-0 rounded-lg border border-body/25 bg-canvas px-3 text-sm"
          />
        )}
        <Button
          variant="secondary"
          size="sm"
          icon={state === "copied" ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          onClick={() => void handleCopy()}
          onBlur={() => setState("idle")}
        >
          {t("common.copy")} <span className="sr-only">{label}</span>
        </Button>
      </div>
      <p aria-live="polite" className="text-xs text-body/70">
        {state === "copied" && t("common.copied")}
        {state === "failed" && t("common.copyFailed")}
      </p>
    </div>
  );
}
