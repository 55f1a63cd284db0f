/** A key that triggers the button it sits in, shown as a keycap (screen readers get aria-keyshortcuts). */
export function Shortcut({ keyName }: { keyName: string }) {
  return (
    <kbd
      aria-hidden
      className="ml-1 hidden rounded border border-body/25 bg-body/5 px-1.5 font-mono text-xs leading-5 font-semibold text-body/75 sm:inline-block"
    >
      {keyName.toUpperCase()}
    </kbd>
  );
}
