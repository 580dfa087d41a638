/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** This build's id, set by the `build-info` Vite plugin (`vite/build-info.ts`). */
  readonly BUILD_ID: string;
  /** True in a build for the end-to-end suite, which has the pseudo-locale too (`vite/i18n.ts`). */
  readonly PSEUDO_LOCALE: boolean;
}

/** An icon from an installed icon set, compiled to inline SVG by `vite/icon-components.ts`. */
declare module "~icons/*" {
  const Icon: import("react").FC<import("react").SVGProps<SVGSVGElement>>;
  export default Icon;
}
