import { useTranslation } from "react-i18next";
import { ArrowLeft, ArrowRight } from "lucide-react";
import type { SlideNavigation as SlideNavigationTexts } from "@cohort/common/callout-form";
import type { CalloutDefaultTextName } from "@cohort/common/callouts";
import { isCalloutDefaultText } from "@cohort/common/callouts";
import { Button } from "../../../ui/button";

interface SlideNavigationProps {
  navigation: SlideNavigationTexts | undefined;
  /** The `lang` of the callout's own button texts, when it is not the page's. */
  textLang?: string | undefined;
  isFirst: boolean;
  isLast: boolean;
  /** Work under way (an upload, the submit): the buttons wait. */
  isBusy: boolean;
  isSubmitting: boolean;
  isPreview: boolean;
  onBack: () => void;
}

/**
 * The callout's own wording of a button, or undefined where it kept a default ("Next", "Weiter"):
 * a default is the interface's, so it follows the page's language, not the callout's.
 */
const ownText = (
  navigation: SlideNavigationTexts | undefined,
  name: Exclude<CalloutDefaultTextName, "thanksTitle">,
) => {
  const text = navigation?.[name];
  return text && !isCalloutDefaultText(name, text) ? text : undefined;
};

/** Back, and Next or Submit, with the callout's own button texts when it has them. */
export function SlideNavigation({
  navigation,
  textLang,
  isFirst,
  isLast,
  isBusy,
  isSubmitting,
  isPreview,
  onBack,
}: SlideNavigationProps) {
  const { t } = useTranslation();
  const prevText = ownText(navigation, "prevText");
  const nextText = ownText(navigation, "nextText");
  const submitText = ownText(navigation, "submitText");
  return (
    <div className="space-y-3 border-t border-body/10 pt-6">
      {isLast && isPreview && <p className="text-sm text-body/70">{t("callouts.form.previewNote")}</p>}
      <div className="flex flex-wrap-reverse items-center justify-between gap-3">
        {isFirst ? (
          <span />
        ) : (
          <Button
            variant="secondary"
            icon={<ArrowLeft aria-hidden className="size-4" />}
            onClick={onBack}
            disabled={isBusy}
          >
            {prevText ? <span lang={textLang}>{prevText}</span> : t("callouts.form.back")}
          </Button>
        )}
        {isLast ? (
          <Button type="submit" isLoading={isSubmitting} disabled={isBusy || isPreview}>
            {submitText ? <span lang={textLang}>{submitText}</span> : t("callouts.form.submit")}
          </Button>
        ) : (
          <Button type="submit" disabled={isBusy}>
            {nextText ? <span lang={textLang}>{nextText}</span> : t("callouts.form.next")}
            <ArrowRight aria-hidden className="size-4" />
          </Button>
        )}
      </div>
    </div>
  );
}
