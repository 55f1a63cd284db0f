import type { NewsletterSchema } from "@cohort/common/callouts";
import { CheckboxField } from "../../../ui/checkbox-field";

export interface NewsletterChoice {
  optIn: boolean;
  groups: string[];
}

/** The groups ticked at first: those the newsroom marked. */
export function initialNewsletterChoice(schema: NewsletterSchema): NewsletterChoice {
  return { optIn: false, groups: schema.groups.filter((group) => group.checked).map((group) => group.id) };
}

interface NewsletterOptInProps {
  schema: NewsletterSchema;
  choice: NewsletterChoice;
  onChange: (choice: NewsletterChoice) => void;
}

/** An invitation to the newsletter, with the lists to join once the person says yes. */
export function NewsletterOptIn({ schema, choice, onChange }: NewsletterOptInProps) {
  const toggleGroup = (id: string, isChecked: boolean) =>
    onChange({
      ...choice,
      groups: isChecked ? [...choice.groups, id] : choice.groups.filter((group) => group !== id),
    });
  return (
    <fieldset className="space-y-3 rounded-xl bg-body/4 p-4 sm:p-5">
      <legend className="float-left mb-1 w-full text-base font-bold">{schema.title}</legend>
      {schema.text && <p className="clear-both text-sm whitespace-pre-line text-body/75">{schema.text}</p>}
      <CheckboxField
        className="clear-both"
        label={schema.optIn}
        checked={choice.optIn}
        onChange={(event) => onChange({ ...choice, optIn: event.target.checked })}
      />
      {choice.optIn && schema.groups.length > 0 && (
        <div className="space-y-2 pl-8">
          {schema.groups.map((group) => (
            <CheckboxField
              key={group.id}
              label={group.label}
              checked={choice.groups.includes(group.id)}
              onChange={(event) => toggleGroup(group.id, event.target.checked)}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}
