import type { FormComponent } from "@cohort/common/callout-form";
import { AddressControl } from "./address-control";
import { CheckboxControl } from "./checkbox-control";
import { ChoiceControl } from "./choice-control";
import { ContentView } from "./content-view";
import { DateTimeControl } from "./date-time-control";
import { FileControl } from "./file-control";
import { NestedView } from "./nested-view";
import { SelectControl } from "./select-control";
import { SignatureControl } from "./signature-control";
import { TabsView } from "./tabs-view";
import { TextControl } from "./text-control";

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
      return <FileControl component={component} />;
    case "signature":
      return <SignatureControl component={component} />;
    case "panel":
    case "well":
      return <NestedView component={component} />;
    case "tabs":
      return <TabsView component={component} />;
  }
}
