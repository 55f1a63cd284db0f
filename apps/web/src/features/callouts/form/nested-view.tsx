import type { FormComponent } from "@cohort/common/callout-form";
import { childComponents } from "@cohort/common/callout-form";
import { ComponentList } from "./component-list";
import { useSlideContext } from "./form-context";

/** A panel (a titled box) or a well (a shaded box) around other components. */
export function NestedView({ component }: { component: FormComponent }) {
  const { translate, textLang } = useSlideContext();
  const children = <ComponentList components={childComponents(component)} />;
  if (component.type === "well") return <div className="rounded-xl bg-body/4 p-4 sm:p-5">{children}</div>;
  const title = component.label ? translate(component.label) : "";
  return (
    <section aria-label={title || undefined} className="rounded-xl ring-1 ring-body/15 ring-inset">
      {title && (
        <h3 lang={textLang} className="border-b border-body/10 px-4 py-3 text-base font-bold sm:px-5">
          {title}
        </h3>
      )}
      <div className="p-4 sm:p-5">{children}</div>
    </section>
  );
}
