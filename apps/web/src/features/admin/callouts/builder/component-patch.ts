import type { FormComponent } from "@cohort/common/callout-form";
import { derivedKey, isKeyDerived } from "./component-keys";

/** A copy of the object with the property set, or left out when the value is empty. */
export function withProperty<T extends object>(object: T | undefined, name: string, value: unknown): T {
  const copy = { ...(object ?? {}) } as Record<string, unknown>;
  if (value === undefined || value === "" || value === null) delete copy[name];
  else copy[name] = value;
  return copy as T;
}

/** A number field's text as a number, or undefined when it is empty or not a number. */
export function numberOrUndefined(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * The change a new label makes: the key follows the label while it still
 * matches the label, unless the key may not change any more.
 */
export function labelPatch(
  slideComponents: readonly FormComponent[],
  component: FormComponent,
  label: string,
  isKeyLocked: boolean,
): Partial<FormComponent> {
  if (isKeyLocked || !isKeyDerived(slideComponents, component)) return { label };
  return { label, key: derivedKey(slideComponents, component, label) };
}
