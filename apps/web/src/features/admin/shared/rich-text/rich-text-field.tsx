import { useId } from "react";
import type { Control, FieldValues, Path } from "react-hook-form";
import { useController } from "react-hook-form";
import type { RichTextEditorProps } from "./rich-text-editor";
import { RichTextEditor } from "./rich-text-editor";

type RichTextFieldProps<Values extends FieldValues> = Omit<RichTextEditorProps, "id" | "value" | "onChange"> & {
  /** The form's field holding the HTML. */
  name: Path<Values>;
  /** The form, when the field is not inside its `FormProvider`. */
  control?: Control<Values>;
  id?: string;
};

/** `RichTextEditor` as a field of a react-hook-form form. */
export function RichTextField<Values extends FieldValues>({ name, control, id, ...props }: RichTextFieldProps<Values>) {
  const { field } = useController({ name, ...(control ? { control } : {}) });
  const generatedId = useId();
  return (
    <RichTextEditor
      {...props}
      id={id ?? generatedId}
      value={typeof field.value === "string" ? field.value : ""}
      onChange={field.onChange}
    />
  );
}
