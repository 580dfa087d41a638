import Bowser from "bowser";
import type { DeviceType } from "~/lib/dashboard";

/** What the dashboard, notice mails and the activity log say about a browser: never the raw user-agent string. */
export type BrowserSummary = { label: string; deviceType: DeviceType };

const DEVICE_TYPES = new Set<string>(["desktop", "mobile", "tablet"]);
/**
 * The only browser and system names a label may carry, as bowser spells
 * them. bowser falls back to whatever a user agent calls itself ("Visit
 * http://evil.example/1.0" is a browser named "Visit http://evil.example"
 * to it), and labels reach notice mails and the activity log: so a name
 * not listed here becomes "Unknown browser", and an unlisted system is
 * left out.
 */
const KNOWN_BROWSERS = new Set([
  "Amazon Silk",
  "Android Browser",
  "Brave",
  "Chrome",
  "Chromium",
  "DuckDuckGo",
  "Epiphany",
  "Firefox",
  "Internet Explorer",
  "LibreWolf",
  "Maxthon",
  "Microsoft Edge",
  "NAVER Whale Browser",
  "Opera",
  "Opera Coast",
  "Pale Moon",
  "Puffin",
  "QQ Browser",
  "Safari",
  "Samsung Internet for Android",
  "SeaMonkey",
  "Sogou Browser",
  "UC Browser",
  "Vivaldi",
  "WeChat",
  "Yandex Browser",
]);
const KNOWN_SYSTEMS = new Set([
  "Android",
  "BlackBerry",
  "Chrome OS",
  "HarmonyOS",
  "iOS",
  "Linux",
  "macOS",
  "Tizen",
  "WebOS",
  "Windows",
  "Windows Phone",
]);
/** Longer user agents are junk or an attack; nothing in them is worth parsing. */
const MAX_USER_AGENT_LENGTH = 512;
/** Parsed user agents kept for reuse: a person's sessions are listed on every dashboard visit. */
const SUMMARY_CACHE_SIZE = 500;
const summaries = new Map<string, BrowserSummary>();

/**
 * "Chrome on macOS", "Safari on iOS", "Firefox", "Unknown browser": the
 * browser's family and the operating system, from its user agent (bowser,
 * server side only). Versions are left out on purpose: they change with
 * every update, and the label also tells whether a sign-in comes from a
 * device seen before.
 */
export function summarizeUserAgent(userAgent: string | null | undefined): BrowserSummary {
  const text = userAgent?.trim() ?? "";
  if (!text || text.length > MAX_USER_AGENT_LENGTH)
    return { label: "Unknown browser", deviceType: "unknown" };
  let summary = summaries.get(text);
  if (!summary) {
    summary = parseUserAgent(text);
    // A full cache starts again: simpler than an LRU, and it never grows past its size.
    if (summaries.size >= SUMMARY_CACHE_SIZE) summaries.clear();
    summaries.set(text, summary);
  }
  return summary;
}

function parseUserAgent(text: string): BrowserSummary {
  const parsed = Bowser.parse(text);
  const browser = known(KNOWN_BROWSERS, parsed.browser.name);
  const os = known(KNOWN_SYSTEMS, parsed.os.name);
  const platform = parsed.platform.type ?? "";
  const deviceType = DEVICE_TYPES.has(platform) ? (platform as DeviceType) : "unknown";
  if (!browser && !os) return { label: "Unknown browser", deviceType };
  if (!browser) return { label: `Unknown browser on ${os}`, deviceType };
  return { label: os ? `${browser} on ${os}` : browser, deviceType };
}

function known(names: Set<string>, name: string | undefined): string | undefined {
  return name && names.has(name) ? name : undefined;
}
