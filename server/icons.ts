import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { getIcons } from "@iconify/utils/lib/icon-set/get-icons";
import { Hono } from "hono";
import { etag } from "hono/etag";
import { ICONS_MAX_PER_REQUEST } from "~/lib/constants";
import { isValidIconName } from "~/lib/icon-name";

/**
 * Icon answers change only when an icon-set package is updated: a week in
 * caches, then a day of serving the old answer while revalidating (ETag).
 */
const ICONS_CACHE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

const ICONS_STALE_WHILE_REVALIDATE_SECONDS = 24 * 60 * 60;

type IconifyJSON = NonNullable<ReturnType<typeof getIcons>>;
type ReadText = (path: string) => Promise<string>;

/**
 * The icon sets the endpoint serves, by collection name. An explicit list:
 * the file read is never built from the request. To add a set, install its
 * `@iconify-json/*` package as a dependency and add a line here.
 */
export const INSTALLED_ICON_SETS: ReadonlyMap<string, string> = new Map([
  ["lucide", "@iconify-json/lucide/icons.json"],
  // Monochrome brand logos (GitHub, Google, OpenID…) drawn in currentColor.
  ["simple-icons", "@iconify-json/simple-icons/icons.json"],
]);

const CACHE_CONTROL = `public, max-age=${ICONS_CACHE_MAX_AGE_SECONDS}, stale-while-revalidate=${ICONS_STALE_WHILE_REVALIDATE_SECONDS}`;

const badRequest = (error: string) => ({ error });

/**
 * Reads an icon set once, on first use, and keeps it in memory. The maps get
 * no prototype, so a name such as `constructor` is simply not found instead
 * of matching `Object.prototype`.
 */
function createIconSetCache(sets: ReadonlyMap<string, string>, readText: ReadText) {
  const require = createRequire(import.meta.url);
  const loaded = new Map<string, Promise<IconifyJSON>>();

  async function read(specifier: string): Promise<IconifyJSON> {
    const set = JSON.parse(await readText(require.resolve(specifier))) as IconifyJSON;
    const icons = Object.assign(Object.create(null), set.icons);
    const aliases = set.aliases && Object.assign(Object.create(null), set.aliases);
    return { ...set, icons, aliases };
  }

  return (collection: string): Promise<IconifyJSON> | undefined => {
    const specifier = sets.get(collection);
    if (!specifier) return undefined;
    let set = loaded.get(collection);
    if (!set) {
      set = read(specifier);
      // A failed read is not kept: the next request tries again.
      set.catch(() => loaded.delete(collection));
      loaded.set(collection, set);
    }
    return set;
  };
}

/**
 * `GET /api/_icons/{collection}.json?icons=a,b,c`: the Iconify JSON
 * of those icons (aliases resolved to their parents), unknown names under
 * `not_found`. Long-cached with revalidation: the answer changes only when a
 * set package is updated, and the ETag makes that revalidation cheap.
 */
export function iconsApi(
  sets: ReadonlyMap<string, string> = INSTALLED_ICON_SETS,
  readText: ReadText = (path) => readFile(path, "utf8"),
) {
  const getIconSet = createIconSetCache(sets, readText);
  return new Hono()
    .use(etag({ weak: true }))
    .get("/:file", async (c) => {
      const file = c.req.param("file");
      const set = file.endsWith(".json") ? getIconSet(file.slice(0, -".json".length)) : undefined;
      if (!set) return c.json({ error: "Unknown icon collection" }, 404);

      const query = c.req.query("icons");
      if (query === undefined) return c.json(badRequest("Missing icons parameter"), 400);
      const names = query.split(",");
      if (names.length > ICONS_MAX_PER_REQUEST) {
        return c.json(badRequest(`At most ${ICONS_MAX_PER_REQUEST} icons per request`), 400);
      }
      if (!names.every(isValidIconName)) {
        return c.json(badRequest("Icon names are lower-case letters, digits and dashes"), 400);
      }

      const icons = getIcons(await set, [...new Set(names)], true);
      c.header("Cache-Control", CACHE_CONTROL);
      return c.json(icons);
    })
    .all("/:file", (c) => c.json({ error: "Method Not Allowed" }, 405, { Allow: "GET, HEAD" }));
}
