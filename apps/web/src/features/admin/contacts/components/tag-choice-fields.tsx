import { useQuery } from "@tanstack/react-query";
import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contactTagsQueryOptions } from "../../../../api/tags";
import type { AddContactFormInput } from "../forms/contact-form-schema";

/** Tick the tags a new contact starts with. */
export function TagChoiceFields() {
  const { t } = useTranslation();
  const tags = useQuery(contactTagsQueryOptions);
  const { register } = useFormContext<AddContactFormInput>();

  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-bold">{t("admin.contacts.form.tagsTitle")}</legend>
      {tags.isPending ? (
        <p className="text-sm text-body/70">{t("common.loading")}</p>
      ) : tags.data?.length ? (
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {tags.data.map((tag) => (
            <label key={tag.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={tag.id} className="size-4 accent-primary" {...register("tags")} />
              {tag.name}
            </label>
          ))}
        </div>
      ) : (
        <p className="text-sm text-body/70">{t("admin.contacts.form.noTags")}</p>
      )}
    </fieldset>
  );
}
