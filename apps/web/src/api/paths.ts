/** Where the API answers: every call's path is relative to it. */
export const API_BASE = '/api/v1';
