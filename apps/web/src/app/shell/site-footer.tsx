import { useTranslation } from "react-i18next";
import { useGeneralContent } from "../../api/content";
import { cx } from "../../ui/class-names";

interface SiteFooterProps {
  tone?: "dark" | "light";
  className?: string;
}

/** Legal links and the organisation's own footer links. */
export function SiteFooter({ tone = "dark", className }: SiteFooterProps) {
  const { t } = useTranslation();
  const content = useGeneralContent();
  const links = [
    { text: t("footer.privacy"), url: content.privacyLink },
    { text: t("footer.terms"), url: content.termsLink },
    { text: t("footer.impressum"), url: content.impressumLink },
    ...content.footerLinks,
  ].filter((link) => link.url);

  if (links.length === 0) return null;
  return (
    <footer className={cx("text-sm", tone === "light" ? "text-white/85" : "text-body/70", className)}>
      <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
        {links.map((link) => (
          <li key={`${link.text}-${link.url}`}>
            <a href={link.url} className="focus-ring rounded-sm underline-offset-4 hover:underline">
              {link.text}
            </a>
          </li>
        ))}
      </ul>
    </footer>
  );
}
