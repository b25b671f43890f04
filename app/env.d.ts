/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly PUBLIC_COMPANY_NAME?: string;
  readonly PUBLIC_ANALYTICS_ID?: string;
  readonly PUBLIC_SCHEDULING_URL?: string;
  readonly PUBLIC_SITE_ORIGIN?: string;
}
