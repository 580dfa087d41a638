import Bowser from "bowser";
import type { DeviceType } from "~/lib/dashboard";
import * as m from "./messages";

/**
 * What the dashboard, notice mails and the activity log say about a
 * browser: never the raw user-agent string. Its `label` is stored with
 * activity entries and compared to tell a new device, so it is always
 * written the same way ("Chrome on macOS"); people read it in their
 * language (`browserInWords`).
 */
export type BrowserSummary = { label: string; deviceType: DeviceType };

const UNKNOWN_BROWSER = "Unknown browser";
const ON = " on ";

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
  if (!text || text.length > MAX_USER_AGENT_LENGTH) return { label: UNKNOWN_BROWSER, deviceType: "unknown" };
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
  if (!os) return { label: browser ?? UNKNOWN_BROWSER, deviceType };
  return { label: `${browser ?? UNKNOWN_BROWSER}${ON}${os}`, deviceType };
}

/**
 * A label as `summarizeUserAgent` writes it (and the activity log keeps
 * it), in the words of the reader's language: "Chrome on macOS" is
 * "Chrome unter macOS" in German. The names stay; anything else (a label
 * written otherwise) is shown as it is.
 */
export function browserInWords(label: string): string {
  if (label === UNKNOWN_BROWSER) return m.unknownBrowser();
  const on = label.lastIndexOf(ON);
  if (on < 0) return label;
  const browser = label.slice(0, on);
  const system = label.slice(on + ON.length);
  if (!KNOWN_SYSTEMS.has(system)) return label;
  if (browser === UNKNOWN_BROWSER) return m.unknownBrowserOn({ system });
  return KNOWN_BROWSERS.has(browser) ? m.browserOn({ browser, system }) : label;
}

function known(names: Set<string>, name: string | undefined): string | undefined {
  return name && names.has(name) ? name : undefined;
}
