import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Search, X } from "lucide-react";

interface CalloutSearchBoxProps {
  /** The search the list uses now. */
  value: string;
  onSearch: (text: string) => void;
}

const DELAY_MS = 350;

/** Searches callout titles once typing pauses; Enter searches at once. */
export function CalloutSearchBox({ value, onSearch }: CalloutSearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [source, setSource] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A search changed elsewhere (the back button, a shared link) shows up in the box.
  if (source !== value) {
    setSource(value);
    setText(value);
  }

  const search = (next: string, wait: number) => {
    clearTimeout(timer.current);
    if (wait === 0) onSearch(next);
    else timer.current = setTimeout(() => onSearch(next), wait);
  };

  return (
    <form
      role="search"
      className="relative w-full sm:max-w-sm"
      onSubmit={(event) => {
        event.preventDefault();
        search(text, 0);
      }}
    >
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-body/50"
      />
      <input
        type="search"
        value={text}
        aria-label={t("adminCallouts.list.search.label")}
        placeholder={t("adminCallouts.list.search.placeholder")}
        onChange={(event) => {
          setText(event.target.value);
          search(event.target.value, DELAY_MS);
        }}
        className="block h-10 w-full rounded-lg border border-body/25 bg-white pr-9 pl-9 text-sm text-body shadow-xs placeholder:text-body/45 hover:border-body/40 focus:outline-none focus-visible:border-link focus-visible:ring-3 focus-visible:ring-link/25 [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label={t("adminCallouts.list.search.clear")}
          onClick={() => {
            setText("");
            search("", 0);
          }}
          className="focus-ring absolute top-1/2 right-2 -translate-y-1/2 cursor-pointer rounded p-1 text-body/60 hover:text-body"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </form>
  );
}
