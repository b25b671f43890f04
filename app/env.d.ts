/// <reference types="vite/client" />

// Browser-visible settings, read at build time (README, "Configuration").
interface ImportMetaEnv {
  readonly PUBLIC_COMPANY_NAME?: string;
  readonly PUBLIC_PHONE?: string;
  readonly PUBLIC_PHONE_E164?: string;
  readonly PUBLIC_EMAIL?: string;
  readonly PUBLIC_CITY?: string;
  readonly PUBLIC_REGION?: string;
  readonly PUBLIC_ANALYTICS_ID?: string;
  readonly PUBLIC_SCHEDULING_URL?: string;
  readonly PUBLIC_SITE_ORIGIN?: string;
  readonly PUBLIC_FACEBOOK_URL?: string;
  readonly PUBLIC_INSTAGRAM_URL?: string;
  readonly PUBLIC_LINKEDIN_URL?: string;
  readonly PUBLIC_YOUTUBE_URL?: string;
  readonly PUBLIC_AUTHOR_NAME?: string;
}
