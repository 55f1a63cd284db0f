import { useEffect } from "react";
import { useGeneralContent } from "../../api/content";
import { loadFonts } from "./font-loader";
import { themeVariables } from "./theme-variables";

/** Keeps the page's colour and font variables in step with the site settings. */
export function ThemeSync() {
  const { theme } = useGeneralContent();
  useEffect(() => {
    void loadFonts([theme?.fonts?.title, theme?.fonts?.body]);
    const style = document.documentElement.style;
    for (const [name, value] of Object.entries(themeVariables(theme))) style.setProperty(name, value);
  }, [theme]);
  return null;
}
