import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { createContext } from './context.ts';
import type { KnowledgeDeps, SharedBaseSeed } from './deps.ts';
import { addDocument } from './documents.ts';
import { installErrorHandler } from './errors.ts';
import { knowledgeFault } from './faults.ts';
import { fetchPage } from './fetch-page.ts';
import { Recrawler } from './refresh.ts';
import { attachmentRoutes } from './routes/attachments.ts';
import { baseRoutes } from './routes/bases.ts';
import { documentRoutes } from './routes/documents.ts';
import { ingestRoutes, UPLOAD_MAX_BYTES } from './routes/ingest.ts';
import { refreshRoutes } from './routes/refresh.ts';
import { installValidator } from './schemas.ts';
import { KnowledgeStore } from './store.ts';

export type { KnowledgeDeps } from './deps.ts';

/**
 * The 16 knowledge-base routes, as a Fastify plugin to register under the `/api/v1` prefix after
 * the auth guard has set `request.caller`. Its state lives as long as the server; closing the
 * server stops every auto-refresh timer and aborts re-crawls in flight.
 */
export async function knowledgeRoutes(app: FastifyInstance, deps: KnowledgeDeps): Promise<void> {
  installErrorHandler(app);
  installValidator(app);
  installLenientJsonParser(app);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES }, throwFileSizeLimit: true });

  const store = new KnowledgeStore();
  const closing = new AbortController();
  const fetcher = deps.fetchPage ?? fetchPage;
  const recrawler = new Recrawler({
    fetchPage: fetcher,
    now: deps.now ?? Date.now,
    skipRecrawl: () => knowledgeFault(deps.faults, 'kb.refresh-now-ignores-urls'),
    recrawlUrlLabels: () => knowledgeFault(deps.faults, 'kb.recrawl-url-labels'),
    fault: (id) => knowledgeFault(deps.faults, id),
  });
  const context = createContext(store, deps, recrawler, fetcher, closing.signal);
  seedSharedBases(store, deps.sharedSeeds ?? [], context.timestamp());

  baseRoutes(app, context);
  ingestRoutes(app, context);
  documentRoutes(app, context);
  attachmentRoutes(app, context);
  refreshRoutes(app, context);

  // preClose runs before Fastify waits for requests in flight, so a fetch that would never end
  // cannot keep the server from closing; onClose then waits for the re-crawls to wind down.
  app.addHook('preClose', (done) => {
    closing.abort();
    recrawler.stop();
    done();
  });
  app.addHook('onClose', async () => {
    await recrawler.close();
  });
}

/**
 * Fastify refuses an empty body sent as `application/json` (a common client habit on DELETE and
 * body-less POSTs); here an empty body is simply no body, and routes that need one say so with a 400.
 */
function installLenientJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}

function seedSharedBases(store: KnowledgeStore, seeds: readonly SharedBaseSeed[], createdAt: string): void {
  for (const seed of seeds) {
    const base = store.create(seed.ownerAccountId, seed.name, seed.description ?? '', createdAt);
    base.grantees.add(seed.granteeAccountId);
    if (seed.text) {
      addDocument(
        base,
        {
          title: seed.name,
          source: 'seed',
          mimeType: 'text/plain',
          text: seed.text,
          fileSize: Buffer.byteLength(seed.text),
          mode: 'vector',
        },
        createdAt,
      );
    }
  }
}
