import { createContext, useCallback, useContext } from "react";
import { get, useFormContext, useFormState, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { BuilderAction } from "../builder/builder-reducer";
import { builderReducer } from "../builder/builder-reducer";
import { editorMessage } from "./editor-messages";
import type { CalloutEditorValues, EditorTarget } from "./editor-values";

export const EditorTargetContext = createContext<EditorTarget>({ id: null, status: null, starts: null });

/** The callout the editor works on: new, or saved in some state. */
export function useEditorTarget(): EditorTarget {
  return useContext(EditorTargetContext);
}

/** Live callouts keep their link and the keys their answers are stored under. */
export function useIsLive(): boolean {
  const { status } = useEditorTarget();
  return status === "open" || status === "ended";
}

export function useEditorForm() {
  return useFormContext<CalloutEditorValues>();
}

export function useSlides() {
  return useWatch<CalloutEditorValues, "slides">({ name: "slides" });
}

/** Changes the slides through the builder's reducer; fields re-check themselves once a save was tried. */
export function useBuilderDispatch() {
  const { getValues, setValue, formState } = useEditorForm();
  const isSubmitted = formState.isSubmitted;
  return useCallback(
    (action: BuilderAction) => {
      setValue("slides", builderReducer(getValues("slides"), action), {
        shouldDirty: true,
        shouldValidate: isSubmitted,
      });
    },
    [getValues, setValue, isSubmitted],
  );
}

/** The translated error of a field, by its dotted path. */
export function useFieldError(path: string): string | undefined {
  const { t } = useTranslation();
  const { errors } = useFormState<CalloutEditorValues>();
  const error: unknown = get(errors, path);
  const message = typeof error === "object" && error !== null && "message" in error ? error.message : undefined;
  return editorMessage(t, typeof message === "string" ? message : undefined);
}

/** Whether any field under the path has an error. */
export function useHasErrorsUnder(path: string): boolean {
  const { errors } = useFormState<CalloutEditorValues>();
  return get(errors, path) !== undefined;
}
