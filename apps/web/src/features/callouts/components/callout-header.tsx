import type { ReactNode } from "react";
import type { Callout } from "@cohort/common/callouts";
import { useCalloutLang } from "../hooks/use-callout-lang";

/** The cover image, when there is one, and the title of a callout. */
export function CalloutHeader({ callout, children }: { callout: Callout; children?: ReactNode }) {
  const lang = useCalloutLang(callout);
  return (
    <header className="space-y-5">
      {callout.image && (
        <img src={callout.image} alt="" className="aspect-[16/9] w-full rounded-2xl bg-body/5 object-cover shadow-sm" />
      )}
      <h1 lang={lang} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {callout.title}
      </h1>
      {children}
    </header>
  );
}
