import { lazy, Suspense } from "react";
import type { FormComponent } from "@cohort/common/callout-form";
import { Skeleton } from "../../../ui/skeleton";
import { AddressControl } from "./address-control";
import { CheckboxControl } from "./checkbox-control";
import { ChoiceControl } from "./choice-control";
import { ContentView } from "./content-view";
import { DateTimeControl } from "./date-time-control";
import { NestedView } from "./nested-view";
import { SelectControl } from "./select-control";
import { TabsView } from "./tabs-view";
import { TextControl } from "./text-control";

// Uploads and the signature pad are rare in callouts: their code loads when a form shows one,
// so the respond page's first download stays within its budget (decision 008).
const FileControl = lazy(() => import("./file-control").then((module) => ({ default: module.FileControl })));
const SignatureControl = lazy(() =>
  import("./signature-control").then((module) => ({ default: module.SignatureControl })),
);

/** One component of the form, by its type. */
export function FormComponentView({ component }: { component: FormComponent }) {
  switch (component.type) {
    case "content":
      return <ContentView component={component} />;
    case "textfield":
    case "textarea":
    case "email":
    case "url":
    case "phoneNumber":
    case "number":
    case "currency":
      return <TextControl component={component} />;
    case "checkbox":
      return <CheckboxControl component={component} />;
    case "select":
      return <SelectControl component={component} />;
    case "radio":
    case "selectboxes":
      return <ChoiceControl component={component} />;
    case "datetime":
    case "time":
      return <DateTimeControl component={component} />;
    case "address":
      return <AddressControl component={component} />;
    case "file":
      return (
        <Suspense fallback={<Skeleton className="h-24 w-full" />}>
          <FileControl component={component} />
        </Suspense>
      );
    case "signature":
      return (
        <Suspense fallback={<Skeleton className="h-48 w-full" />}>
          <SignatureControl component={component} />
        </Suspense>
      );
    case "panel":
    case "well":
      return <NestedView component={component} />;
    case "tabs":
      return <TabsView component={component} />;
  }
}
