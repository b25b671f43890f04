// The Google tag's measurement ID (PUBLIC_ANALYTICS_ID at build time; empty: no analytics). A module of its
// own, without imports: every page's inlined frame script reads it, and importing config/site.ts there
// would pull the navigation and the forms' registry into that script (docs/decisions/027).
export const analyticsId: string = import.meta.env.PUBLIC_ANALYTICS_ID ?? "";
