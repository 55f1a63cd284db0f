import { useEffect, useRef, useState } from "react";
import { Search, X } from "lucide-react";

interface SearchBoxProps {
  /** The search the list uses now. */
  value: string;
  onSearch: (text: string) => void;
  /** Accessible name of the box, e.g. "Search contacts". */
  label: string;
  placeholder?: string;
  /** Accessible name of the button that empties the box. */
  clearLabel: string;
  /** Milliseconds of quiet typing before the search runs. */
  delay?: number;
  className?: string;
}

/** Searches as you type, once typing pauses; Enter searches at once. */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  clearLabel,
  delay = 350,
  className = "relative w-full sm:w-auto sm:min-w-0 sm:flex-1",
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [source, setSource] = useState(value);
  const [emitted, setEmitted] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A search changed elsewhere (back button, a shared link) shows up in the box.
  if (source !== value) {
    setSource(value);
    if (value !== emitted) setText(value);
  }

  const search = (next: string, wait: number) => {
    clearTimeout(timer.current);
    const run = () => {
      setEmitted(next);
      onSearchRef.current(next);
    };
    if (wait === 0) run();
    else timer.current = setTimeout(run, wait);
  };

  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        search(text, 0);
      }}
    >
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-body/70"
      />
      <input
        type="search"
        value={text}
        aria-label={label}
        placeholder={placeholder}
        onChange={(event) => {
          setText(event.target.value);
          search(event.target.value, delay);
        }}
        className="block h-10 w-full rounded-lg border border-body/25 bg-white pr-9 pl-9 text-sm text-body shadow-xs placeholder:text-body/45 hover:border-body/40 focus:outline-none focus-visible:border-focus focus-visible:ring-3 focus-visible:ring-focus/25 [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label={clearLabel}
          onClick={() => {
            setText("");
            search("", 0);
          }}
          className="focus-ring absolute top-1/2 right-2 -translate-y-1/2 cursor-pointer rounded p-1 text-body/70 hover:text-body"
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </form>
  );
}
