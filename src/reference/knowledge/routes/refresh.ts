import type { FastifyInstance } from 'fastify';
import { ownedBase, type KnowledgeContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { urlDocuments } from '../refresh.ts';
import { autoRefreshBody, type AutoRefreshBody } from '../schemas.ts';
import { DAY_MS, DEFAULT_INTERVAL_DAYS } from '../store.ts';
import { autoRefreshView } from '../views.ts';

type KbParams = { kbId: string };
const HOUR_MS = 60 * 60 * 1000;

/** PATCH /kb/:kbId/auto-refresh and POST /kb/:kbId/refresh-now */
export function refreshRoutes(app: FastifyInstance, context: KnowledgeContext): void {
  app.patch<{ Params: KbParams; Body: AutoRefreshBody }>(
    '/kb/:kbId/auto-refresh',
    { schema: { body: autoRefreshBody } },
    (request) => {
      const base = ownedBase(context, request, request.params.kbId);
      const { enabled, intervalDays, intervalHours } = request.body;
      const settings = base.autoRefresh;
      if (enabled) settings.intervalMs = intervalMs(intervalDays, intervalHours, settings.intervalMs);
      settings.enabled = enabled;
      context.recrawler.schedule(base);
      return { status: 'ok', kbId: base.kbId, autoRefresh: autoRefreshView(settings) };
    },
  );

  app.post<{ Params: KbParams }>('/kb/:kbId/refresh-now', (request) => {
    const base = ownedBase(context, request, request.params.kbId);
    const refreshedDocs = urlDocuments(base).length;
    context.recrawler.queue(base);
    return {
      status: 'ok',
      kbId: base.kbId,
      refreshedDocs,
      autoRefresh: autoRefreshView(base.autoRefresh),
      message:
        refreshedDocs === 0
          ? 'no URL-sourced documents to re-crawl'
          : `re-crawl of ${refreshedDocs} URL-sourced document${refreshedDocs === 1 ? '' : 's'} queued`,
    };
  });
}

/**
 * Days and hours add up; with neither the interval is left as it was (3 days on a base never
 * scheduled). An interval of zero is refused: it would mean re-crawling without pause.
 */
function intervalMs(days: number | undefined, hours: number | undefined, previous: number): number {
  if (days === undefined && hours === undefined) return previous || DEFAULT_INTERVAL_DAYS * DAY_MS;
  const total = (days ?? 0) * DAY_MS + (hours ?? 0) * HOUR_MS;
  if (total <= 0) throw badRequest('intervalDays and intervalHours add up to zero; give a positive interval');
  return total;
}
