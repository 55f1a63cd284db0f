import type { FormEvent } from "react";
import { useState } from "react";
import type { DefaultValues, FieldValues, Resolver, UseFormReturn } from "react-hook-form";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { QueryKey } from "@tanstack/react-query";
import { useQueryClient } from "@tanstack/react-query";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { saveSettingsForm } from "./save-settings";

/** What an admin area's settings forms say, as translation keys, and where their field errors go. */
export interface SettingsFormArea {
  /** The toast once saved. */
  saved: string;
  /** The save button. */
  save: string;
  /** The note beside it while there are changes. */
  unsaved: string;
  /** The question before leaving with changes. */
  leave: string;
  /** Whether a field error on a part of a field goes beside that part (see `FieldErrorPlaces`). */
  nestedFieldErrors: boolean;
}

export interface SettingsFormOptions<Input extends FieldValues, Output, Saved> {
  area: SettingsFormArea;
  /** The stored settings, as read. */
  content: Saved;
  /** The form's values for stored settings; after a save, with the values just sent. */
  toValues: (saved: Saved, sent?: Output) => Input;
  resolver?: Resolver<Input, unknown, Output>;
  /** Sends the form's values; answers the settings as stored. */
  save: (values: Output) => Promise<Saved>;
  /** Where the stored settings are kept in the query cache. */
  queryKey: QueryKey;
  /** What else a save changes, once the cache and the form have the saved settings. */
  afterSave?: (saved: Saved) => void | Promise<void>;
  /** The form's top-level fields, where the server's field errors may go. */
  fields: readonly string[];
  /** Turns a property the server names into the form's path. */
  toFormPath?: (property: string) => string;
}

export interface SettingsFormState<Input extends FieldValues, Output> {
  form: UseFormReturn<Input, unknown, Output>;
  area: SettingsFormArea;
  formError: ErrorMessageKey | null;
  setFormError: (message: ErrorMessageKey | null) => void;
  onSubmit: (event?: FormEvent) => void;
}

/**
 * A settings form from its stored settings to a save: the form starts from them, a save
 * stores the answer in the query cache and starts the form again from it (so it is no
 * longer dirty and leaving asks nothing), and a refusal goes beside its fields or above
 * the form. `<SettingsForm>` draws the form around it.
 */
export function useSettingsForm<Input extends FieldValues, Saved, Output = Input>(
  options: SettingsFormOptions<Input, Output, Saved>,
): SettingsFormState<Input, Output> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: options.resolver,
    defaultValues: options.toValues(options.content) as DefaultValues<Input>,
  });
  const { area } = options;

  const handleValid = (values: Output) =>
    saveSettingsForm({
      save: () => options.save(values),
      onSaved: async (saved) => {
        queryClient.setQueryData(options.queryKey, saved);
        form.reset(options.toValues(saved, values));
        await options.afterSave?.(saved);
      },
      savedTitle: t(area.saved),
      places: { fields: options.fields, nested: area.nestedFieldErrors, toFormPath: options.toFormPath },
      setError: form.setError,
      setFormError,
    });

  return {
    form,
    area,
    formError,
    setFormError,
    onSubmit: (event) => void form.handleSubmit(handleValid)(event),
  };
}
