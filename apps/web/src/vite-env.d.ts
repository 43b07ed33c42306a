/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** External support link of the sidebar (mailto: or https:). */
  readonly VITE_SUPPORT_URL?: string;
  /** Terms and conditions linked from the sign-up form. */
  readonly VITE_TERMS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
