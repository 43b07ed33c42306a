/** The sidebar's external Support link (configurable like the server's SUPPORT_URL). */
export const SUPPORT_URL = import.meta.env.VITE_SUPPORT_URL ?? 'mailto:support@limbus.test';
