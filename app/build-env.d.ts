/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** This build's id, set by the `build-info` Vite plugin (`vite/build-info.ts`). */
  readonly BUILD_ID: string;
}
