/** Every API key starts with this; share tokens (`con_sh_`) are something else and never authenticate. */
export const API_KEY_PREFIX = 'svc_ai_';
