/** What a person recognises a login by: the browser and the system it runs on. */
export interface UserAgentSummary {
  browser: string | null;
  system: string | null;
}

/** Checked in order: browsers built on another name their base too (Edge says Chrome and Safari). */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bVivaldi\//, "Vivaldi"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  // Headless Chrome calls itself HeadlessChrome.
  [/(?:\b|Headless)Chrome\/|\b(?:CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, "Windows"],
  [/\b(?:iPhone|iPod)\b/, "iOS"],
  [/\biPad\b/, "iPadOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

function firstMatch(text: string, patterns: [RegExp, string][]): string | null {
  return patterns.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** Names the browser and system in a User-Agent header; null for what it does not recognise. */
export function summariseUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  if (!userAgent) return { browser: null, system: null };
  return { browser: firstMatch(userAgent, BROWSERS), system: firstMatch(userAgent, SYSTEMS) };
}
