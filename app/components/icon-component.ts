import type { ComponentType, SVGProps } from "react";

/** An icon compiled from an installed icon set: `import HouseIcon from "~icons/lucide/house"` (see vite/icon-components.ts). */
export type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;
