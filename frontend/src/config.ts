// Product-wide constants: external links and contact details. Change them here only.

/** External booking page opened after a demo request (new tab). */
export const DEMO_BOOKING_URL = "https://calendly.com/vetrina-catalogo/demo";
/** External booking page for investors (new tab). */
export const INVESTOR_BOOKING_URL = "https://calendly.com/vetrina-catalogo/investitori";

export const BRAND_NAME = "Vetrina";

export const SALES_EMAIL = "commerciale@vetrina-catalogo.it";
export const SALES_PHONE = "+39 02 8734 1290";
export const SUPPORT_EMAIL = "assistenza@vetrina-catalogo.it";
export const SUPPORT_PHONE = "+39 02 8734 1291";
export const PRIVACY_EMAIL = "privacy@vetrina-catalogo.it";

/** Static files copied from public/ into dist/client/assets/. */
export const LOGO_PATH = "/assets/logo.svg";
export const FAVICON_PATH = "/assets/favicon.svg";

export const WEBSITE_CARBON_URL = "https://www.websitecarbon.com/";
