import { API_PREFIX } from '../http/operation-route.ts';

/**
 * The path allowlist that judged keys before scoping existed. It predates knowledge bases, so
 * nothing under `/kb` is on it.
 */
const LEGACY_PREFIXES = ['/persona/', '/users/', '/plugin/', '/campaigns', '/channels'].map(
  (p) => API_PREFIX + p,
);

export function isKnowledgeBaseRoute(fastifyUrl: string): boolean {
  const kb = `${API_PREFIX}/kb`;
  return fastifyUrl === kb || fastifyUrl.startsWith(`${kb}/`);
}

export function legacyAllows(fastifyUrl: string): boolean {
  return !isKnowledgeBaseRoute(fastifyUrl) && LEGACY_PREFIXES.some((prefix) => fastifyUrl.startsWith(prefix));
}
