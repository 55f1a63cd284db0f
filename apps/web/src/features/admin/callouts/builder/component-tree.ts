import type { FormComponent, TabPane } from "@cohort/common/callout-form";
import { isNestable } from "@cohort/common/callout-form";

/** A list that holds components: the slide itself, a panel or well, or one pane of a tabs component. */
export interface ContainerRef {
  /** The nestable that holds the list; null for the slide. */
  parentId: string | null;
  /** The pane of a tabs parent. */
  pane?: number;
}

export interface ComponentPlace {
  container: ContainerRef;
  index: number;
  component: FormComponent;
}

export const slideContainer: ContainerRef = { parentId: null };

export function panesOf(component: FormComponent): TabPane[] {
  return component.type === "tabs" ? ((component.components ?? []) as TabPane[]) : [];
}

/** The component lists inside a nestable, with where each one sits. */
export function containersOf(component: FormComponent): { ref: ContainerRef; components: FormComponent[] }[] {
  if (!isNestable(component)) return [];
  if (component.type === "tabs") {
    return panesOf(component).map((pane, index) => ({
      ref: { parentId: component.id, pane: index },
      components: pane.components ?? [],
    }));
  }
  return [{ ref: { parentId: component.id }, components: (component.components ?? []) as FormComponent[] }];
}

/** Applies `change` to every component of the tree, parents before their children. */
export function mapTree(
  components: readonly FormComponent[],
  change: (component: FormComponent) => FormComponent,
): FormComponent[] {
  return components.map((component) => {
    const next = change(component);
    if (!isNestable(next)) return next;
    if (next.type === "tabs") {
      const panes = panesOf(next).map((pane) => ({ ...pane, components: mapTree(pane.components ?? [], change) }));
      return { ...next, components: panes };
    }
    return { ...next, components: mapTree((next.components ?? []) as FormComponent[], change) };
  });
}

/** Where a component sits in the tree, or undefined. */
export function locate(
  components: readonly FormComponent[],
  id: string,
  container: ContainerRef = slideContainer,
): ComponentPlace | undefined {
  for (const [index, component] of components.entries()) {
    if (component.id === id) return { container, index, component };
    for (const inner of containersOf(component)) {
      const found = locate(inner.components, id, inner.ref);
      if (found) return found;
    }
  }
  return undefined;
}

export function findComponent(components: readonly FormComponent[], id: string): FormComponent | undefined {
  return locate(components, id)?.component;
}

export function sameContainer(a: ContainerRef, b: ContainerRef): boolean {
  return a.parentId === b.parentId && (a.pane ?? 0) === (b.pane ?? 0);
}

/** Gives the list that `container` names to `change` and puts back what it returns. */
export function updateContainer(
  components: FormComponent[],
  container: ContainerRef,
  change: (list: FormComponent[]) => FormComponent[],
): FormComponent[] {
  if (container.parentId === null) return change(components);
  return components.map((component) => {
    if (component.id === container.parentId) {
      if (component.type === "tabs") {
        const panes = panesOf(component).map((pane, index) =>
          index === (container.pane ?? 0) ? { ...pane, components: change(pane.components ?? []) } : pane,
        );
        return { ...component, components: panes };
      }
      return { ...component, components: change((component.components ?? []) as FormComponent[]) };
    }
    if (!isNestable(component)) return component;
    if (component.type === "tabs") {
      const panes = panesOf(component).map((pane) => ({
        ...pane,
        components: updateContainer(pane.components ?? [], container, change),
      }));
      return { ...component, components: panes };
    }
    return {
      ...component,
      components: updateContainer((component.components ?? []) as FormComponent[], container, change),
    };
  });
}

/** Applies `change` to the component with the id, wherever it sits. */
export function updateComponentIn(
  components: FormComponent[],
  id: string,
  change: (component: FormComponent) => FormComponent,
): FormComponent[] {
  const place = locate(components, id);
  if (!place) return components;
  return updateContainer(components, place.container, (list) =>
    list.map((component) => (component.id === id ? change(component) : component)),
  );
}

export function removeComponentFrom(components: FormComponent[], id: string): FormComponent[] {
  const place = locate(components, id);
  if (!place) return components;
  return updateContainer(components, place.container, (list) => list.filter((component) => component.id !== id));
}

export function insertInto(
  components: FormComponent[],
  container: ContainerRef,
  component: FormComponent,
  index?: number,
): FormComponent[] {
  return updateContainer(components, container, (list) => {
    const at = index === undefined ? list.length : Math.max(0, Math.min(index, list.length));
    return [...list.slice(0, at), component, ...list.slice(at)];
  });
}

/** Whether `id` is `ancestorId` or sits somewhere inside it. */
export function isInside(components: readonly FormComponent[], id: string, ancestorId: string): boolean {
  const ancestor = findComponent(components, ancestorId);
  if (!ancestor) return false;
  return ancestor.id === id || containersOf(ancestor).some((inner) => locate(inner.components, id) !== undefined);
}
