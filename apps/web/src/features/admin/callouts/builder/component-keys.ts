import type { FormComponent } from "@cohort/common/callout-form";
import { flattenComponents } from "@cohort/common/callout-form";

const KEY_MAX_LENGTH = 50;

/** A Form.io style answer key from a label: "What's your name?" becomes "whatsYourName". */
export function keyFromLabel(label: string): string {
  const words = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .replace(/['’]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const key = words
    .map((word, index) =>
      index === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join("");
  return key.slice(0, KEY_MAX_LENGTH);
}

/** The base itself when it is free, else the base with the lowest free number: name, name1, name2… */
export function uniqueKey(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 1; ; suffix++) {
    const candidate = `${base}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Every key used in a slide, but the one of the component left out. */
export function slideKeys(components: readonly FormComponent[], exceptId?: string): Set<string> {
  return new Set(
    flattenComponents(components)
      .filter((component) => component.id !== exceptId)
      .map((component) => component.key),
  );
}

/** The key the label gives a component in its slide, unique among the slide's other keys. */
export function derivedKey(
  slideComponents: readonly FormComponent[],
  component: Pick<FormComponent, "id" | "type">,
  label: string,
): string {
  return uniqueKey(keyFromLabel(label) || component.type, slideKeys(slideComponents, component.id));
}

/** A key still follows its label while nobody has typed a key of their own. */
export function isKeyDerived(slideComponents: readonly FormComponent[], component: FormComponent): boolean {
  return component.key === derivedKey(slideComponents, component, component.label ?? "");
}

/** Keys used more than once in a slide (answers are grouped by slide, so they would collide). */
export function duplicateKeys(components: readonly FormComponent[]): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const component of flattenComponents(components)) {
    if (seen.has(component.key)) duplicates.add(component.key);
    seen.add(component.key);
  }
  return duplicates;
}
