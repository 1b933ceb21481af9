/** The API's version, as published in /openapi.json and sent by the SDK. */
export const API_VERSION = '0.1.0';
