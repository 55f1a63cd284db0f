import type { FormComponent } from "@cohort/common/callout-form";
import { useSlideContext } from "./form-context";
import { FormComponentView } from "./form-component-view";

/** The components the respondent sees, one under the other. */
export function ComponentList({ components }: { components: readonly FormComponent[] }) {
  const { visible, errorFor } = useSlideContext();
  // A hidden input (filled from the link) shows once its answer is wrong, or the slide could not be left.
  const shown = components.filter(
    (component) => visible.has(component) && (component.hidden !== true || errorFor(component.key) !== undefined),
  );
  if (shown.length === 0) return null;
  return (
    <div className="space-y-6">
      {shown.map((component) => (
        <FormComponentView key={component.id || component.key} component={component} />
      ))}
    </div>
  );
}
