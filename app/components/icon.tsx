import { iconToSVG } from "@iconify/utils/lib/svg/build";
import { replaceIDs } from "@iconify/utils/lib/svg/id";
import { useEffect, useMemo, useSyncExternalStore } from "react";
import { cn } from "~/lib/cn";
import { iconLoader, type LoadedIcon } from "~/shell/icon-loader";

type IconProps = {
  /** `collection:name`, e.g. `lucide:house` or `simple-icons:github`. */
  name: string;
  /** Classes for the box; without a `size-`, `w-` or `h-` class it is 1em square, like the text around it. */
  className?: string;
  /** Makes the icon an image with this accessible name; without it the icon is decoration. */
  label?: string;
};

const notLoadedOnServer = () => undefined;

const SIZED = /(^|\s)(size|w|h)-/;

/**
 * An icon whose name is only known at run time (from data, say), fetched
 * from the app's icon endpoint. Its box has its final size from the
 * first paint, on the server too, so nothing moves when the drawing arrives
 * or when it never does. Icons known when writing the code are cheaper as
 * components compiled at build time: `import HouseIcon from "~icons/lucide/house"`.
 */
export function Icon({ name, className, label }: IconProps) {
  const icon = useSyncExternalStore(iconLoader.subscribe, () => iconLoader.peek(name), notLoadedOnServer);
  useEffect(() => {
    void iconLoader.load(name);
  }, [name]);
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <span
      // The box is 1em unless the caller sizes it (no class merging: see cn).
      className={cn(
        "inline-block shrink-0 align-[-0.125em]",
        !SIZED.test(className ?? "") && "size-[1em]",
        className,
      )}
      data-icon={name}
      {...a11y}
    >
      {icon ? <IconSvg icon={icon} /> : null}
    </span>
  );
}

function IconSvg({ icon }: { icon: NonNullable<LoadedIcon> }) {
  const { viewBox, body } = useMemo(() => {
    const { attributes, body } = iconToSVG(icon);
    return { viewBox: attributes.viewBox, body: replaceIDs(body) };
  }, [icon]);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={viewBox}
      width="100%"
      height="100%"
      className="block"
      // The body comes from the installed icon sets through our own endpoint, not from people.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from the app's icon sets
      dangerouslySetInnerHTML={{ __html: body }}
    />
  );
}
