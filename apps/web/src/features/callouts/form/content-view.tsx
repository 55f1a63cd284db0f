import type { FormComponent } from "@cohort/common/callout-form";
import { RichText } from "../../../ui/rich-text";
import { useSlideContext } from "./form-context";

/** Text, images and links the newsroom put between the questions. */
export function ContentView({ component }: { component: FormComponent }) {
  const { translate, textLang } = useSlideContext();
  return <RichText html={translate(component.html ?? "")} lang={textLang} />;
}
