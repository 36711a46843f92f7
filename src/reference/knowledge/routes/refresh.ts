import type { FastifyInstance } from 'fastify';
import { writableBase, type KnowledgeContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { urlDocuments } from '../refresh.ts';
import { autoRefreshBody, bodySchema, type AutoRefreshBody } from '../schemas.ts';
import { DAY_MS, DEFAULT_INTERVAL_DAYS } from '../store.ts';
import { autoRefreshView } from '../views.ts';

type KbParams = { kbId: string };
const HOUR_MS = 60 * 60 * 1000;

/** PATCH /kb/:kbId/auto-refresh and POST /kb/:kbId/refresh-now */
export function refreshRoutes(app: FastifyInstance, context: KnowledgeContext): void {
  app.patch<{ Params: KbParams; Body: AutoRefreshBody }>(
    '/kb/:kbId/auto-refresh',
    bodySchema(autoRefreshBody, context.fault, [
      ['kb.auto-refresh-enabled-any-type', 'enabled', 'type'],
      ['kb.auto-refresh-enabled-optional', 'enabled', 'required'],
    ]),
    (request, reply) => {
      const base = writableBase(context, request, request.params.kbId, 'kb.auto-refresh-any-account');
      const fault = context.fault;
      const { enabled, intervalHours } = request.body;
      let { intervalDays } = request.body;
      if (fault('kb.days-with-hours-refused') && intervalDays !== undefined && intervalHours !== undefined)
        throw badRequest('give intervalDays or intervalHours, not both');
      if (fault('kb.interval-days-ignored') && intervalHours === undefined) intervalDays = undefined;
      if (fault('kb.interval-days-capped') && intervalDays !== undefined)
        intervalDays = Math.min(intervalDays, 5);
      // The fault works on a copy that is never written back: answered, but not kept.
      const settings = fault('kb.auto-refresh-not-saved') ? { ...base.autoRefresh } : base.autoRefresh;
      if (enabled) settings.intervalMs = intervalMs(intervalDays, intervalHours, settings.intervalMs);
      if (enabled || !fault('kb.disable-ignored')) settings.enabled = enabled;
      // The fault reads any interval sent as a wish to turn auto-refresh on.
      if (fault('kb.interval-implies-enabled') && Boolean(intervalDays || intervalHours))
        settings.enabled = true;
      context.recrawler.schedule(base);
      context.views.wrote('auto-refresh');
      if (fault('kb.auto-refresh-204')) return reply.code(204).send();
      const view = autoRefreshView(settings, fault);
      // The fault answers a disabled schedule without an interval (the list still shows the default).
      const autoRefresh =
        fault('kb.disable-answer-interval-null') && !enabled ? { ...view, intervalDays: null } : view;
      if (fault('kb.auto-refresh-answer-flat')) return { status: 'ok', kbId: base.kbId, ...autoRefresh };
      return { status: 'ok', kbId: base.kbId, autoRefresh };
    },
  );

  app.post<{ Params: KbParams }>('/kb/:kbId/refresh-now', async (request, reply) => {
    const base = writableBase(context, request, request.params.kbId, 'kb.refresh-now-any-account');
    const fault = context.fault;
    const urls = urlDocuments(base);
    // A planted fault rebuilds the schedule from the defaults when a re-crawl is asked for.
    if (fault('kb.refresh-now-resets-interval')) {
      base.autoRefresh.intervalMs = DEFAULT_INTERVAL_DAYS * DAY_MS;
      context.recrawler.schedule(base);
    }
    context.views.wrote('refresh-now');
    const refreshedDocs = fault('kb.refreshed-docs-counts-all') ? base.documents.size : urls.length;
    context.recrawler.queue(base);
    if (fault('kb.refresh-now-waits')) await context.recrawler.idle(base.kbId);
    return reply.code(fault('kb.refresh-now-202') ? 202 : 200).send({
      status: 'ok',
      kbId: base.kbId,
      refreshedDocs: fault('kb.refreshed-docs-list') ? urls.map((doc) => doc.docId) : refreshedDocs,
      autoRefresh: autoRefreshView(base.autoRefresh, fault),
      message:
        refreshedDocs === 0
          ? 'no URL-sourced documents to re-crawl'
          : `re-crawl of ${refreshedDocs} URL-sourced document${refreshedDocs === 1 ? '' : 's'} queued`,
    });
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
