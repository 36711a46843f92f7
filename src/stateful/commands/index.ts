import fc from 'fast-check';
import type { AccountModel, AttachBody } from '../model.ts';
import type { ViewerRole, World } from '../world.ts';
import { Attach } from './attach.ts';
import { CheckViews } from './check-views.ts';
import { ASSISTANT_PLATFORMS, CreateAssistant } from './create-assistant.ts';
import { CreateBase } from './create-base.ts';
import { CreatePlugin, PLUGIN_PLATFORMS } from './create-plugin.ts';
import { DeleteAssistant } from './delete-assistant.ts';
import { DeleteBase } from './delete-base.ts';
import { DeleteDocument } from './delete-document.ts';
import { DeletePlugin } from './delete-plugin.ts';
import { Detach } from './detach.ts';
import { IngestFile } from './ingest-file.ts';
import { IngestText, LENGTHS } from './ingest-text.ts';
import { IngestUrl } from './ingest-url.ts';
import { ListAssistants } from './list-assistants.ts';
import { PatchAttachment } from './patch-attachment.ts';
import { PublishAssistant } from './publish-assistant.ts';
import { RecreateAssistant } from './recreate-assistant.ts';
import { RecreatePlugin } from './recreate-plugin.ts';
import { RenameAssistant, type Renamed } from './rename-assistant.ts';
import { RewritePlugin } from './rewrite-plugin.ts';
import { VIEW_LIMITS } from '../views/index.ts';
import { VIEW_STRIDE } from '../views/read.ts';
import { QueryBase } from './query.ts';
import { ReferencePlugin } from './reference-plugin.ts';
import { ScopedWriteRefused, type ScopedWrite } from './scoped-write.ts';
import { SearchAssistants } from './search-assistants.ts';
import { ShareAssistant } from './share-assistant.ts';
import { TransferAssistant } from './transfer-assistant.ts';
import { UpdateAssistant } from './update-assistant.ts';
import { UpdatePlugin } from './update-plugin.ts';
import { BaseStats } from './stats.ts';
// ---- the knowledge views and the histories around them
import { AttachAroundTheLimit, type Freeing } from './attach-around-the-limit.ts';
import { CheckKnowledgeViews } from './check-knowledge-views.ts';
import { CreateBaseReusingName } from './create-base-reusing-name.ts';
import { IngestChangingPage } from './ingest-changing-page.ts';
import { IngestReusedTitle } from './ingest-reused-title.ts';
import { RefreshNow } from './refresh-now.ts';
import { SetAutoRefresh } from './set-auto-refresh.ts';

type Command = fc.Arbitrary<fc.AsyncCommand<AccountModel, World>>;

/** Picks among the live resources of a kind (by remainder): any small number will do. */
const pick = fc.nat({ max: 11 });

/** The page size a checkpoint walks pages with: 1, 2, 3 or the documented default. */
export const viewLimit = fc.constantFrom(...VIEW_LIMITS);

/** Which share of the views a checkpoint reads (views/read.ts `due`). */
export const viewTurn = fc.nat({ max: VIEW_STRIDE - 1 });

/** Any subset of grounding_mode and enabled, as an attach or patch body may carry. */
const attachBody: fc.Arbitrary<AttachBody> = fc.record(
  { grounding_mode: fc.constantFrom('strict' as const, 'supplemental' as const), enabled: fc.boolean() },
  { requiredKeys: [] },
);

/**
 * The command a step is drawn from, by weight. Creates, attaches, ingests and document deletes come
 * more often than the rest, so that sequences often reach three attached bases and try a fourth,
 * attach a base again, and delete and query documents of bases in every state. A scoped write is
 * drawn only for the view keys the keyring has, a transfer only when the keyring names account B
 * (its `other` key and `accounts.other.email`).
 */
export function accountCommands(viewers: ReadonlySet<ViewerRole>, transfer: boolean): Command {
  const attach = fc
    .tuple(pick, pick, fc.boolean(), attachBody)
    .map(([a, b, fresh, body]) => new Attach(a, b, fresh, body));
  const ingest = fc
    .tuple(
      pick,
      fc.constantFrom('vector' as const, 'inline' as const, 'auto' as const),
      fc.constantFrom(...(Object.keys(LENGTHS) as Array<keyof typeof LENGTHS>)),
    )
    .map(([b, mode, length]) => new IngestText(b, mode, length));
  const weighted: Array<[number, Command]> = [
    [
      3,
      fc
        .tuple(fc.boolean(), fc.constantFrom(...ASSISTANT_PLATFORMS), fc.nat({ max: 3 }))
        .map(([isPublic, os, kind]) => new CreateAssistant(isPublic, os, kind === 0)),
    ],
    [
      1,
      fc
        .tuple(pick, fc.boolean(), fc.option(fc.boolean(), { nil: undefined }))
        .map(([a, rename, isPublic]) => new UpdateAssistant(a, rename, isPublic)),
    ],
    [1, pick.map((a) => new DeleteAssistant(a))],
    [1, fc.integer({ min: 1, max: 4 }).map((limit) => new ListAssistants(limit))],
    [1, fc.integer({ min: 1, max: 4 }).map((limit) => new SearchAssistants(limit))],
    [1, fc.tuple(pick, fc.boolean()).map(([a, deleted]) => new ShareAssistant(a, deleted))],
    [
      2,
      fc
        .tuple(fc.boolean(), fc.constantFrom(...PLUGIN_PLATFORMS))
        .map(([isPublic, os]) => new CreatePlugin(isPublic, os)),
    ],
    // Histories across operations, then judged in every view at the checkpoints.
    [1, fc.tuple(viewLimit, viewTurn).map(([limit, turn]) => new CheckViews(limit, turn))],
    [2, fc.tuple(pick, fc.boolean()).map(([d, isPublic]) => new RecreateAssistant(d, isPublic))],
    [3, fc.tuple(pick, fc.boolean()).map(([p, isPublic]) => new RecreatePlugin(p, isPublic))],
    [
      1,
      fc
        .tuple(pick, fc.constantFrom<Renamed>('name', 'title', 'name and title'))
        .map(([a, renamed]) => new RenameAssistant(a, renamed)),
    ],
    [1, pick.map((a) => new PublishAssistant(a))],
    [
      2,
      fc.tuple(pick, fc.boolean(), pick).map(([p, flip, platforms]) => new RewritePlugin(p, flip, platforms)),
    ],
    [
      1,
      fc
        .tuple(pick, fc.boolean(), fc.boolean())
        .map(([p, rename, redescribe]) => new UpdatePlugin(p, rename, redescribe)),
    ],
    [2, fc.tuple(pick, pick).map(([a, p]) => new ReferencePlugin(a, p))],
    [2, pick.map((p) => new DeletePlugin(p))],
    [4, fc.constant(new CreateBase())],
    [1, pick.map((b) => new DeleteBase(b))],
    [5, ingest],
    [
      1,
      fc
        .tuple(pick, fc.constantFrom('txt' as const, 'md' as const))
        .map(([b, type]) => new IngestFile(b, type)),
    ],
    [1, pick.map((b) => new IngestUrl(b))],
    [5, pick.map((d) => new DeleteDocument(d))],
    [
      2,
      fc
        .tuple(pick, pick, fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }))
        .map(([b, doc, topK]) => new QueryBase(b, doc, topK)),
    ],
    [1, pick.map((b) => new BaseStats(b))],
    [10, attach],
    [1, fc.tuple(pick, attachBody).map(([p, body]) => new PatchAttachment(p, body))],
    [1, pick.map((p) => new Detach(p))],
  ];
  // ---- the knowledge views and the histories around them: a checkpoint of every view; the
  // schedule, then other writes; a page that changed, re-crawled; a deleted document's title and a
  // deleted base's name given again; an assistant filled to the limit, a slot freed each way.
  weighted.push(
    [1, fc.constant(new CheckKnowledgeViews())],
    [
      1,
      fc
        .tuple(pick, fc.boolean(), fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }))
        .map(([b, enabled, days]) => new SetAutoRefresh(b, enabled, days)),
    ],
    [1, pick.map((b) => new IngestChangingPage(b))],
    [1, pick.map((b) => new RefreshNow(b))],
    [2, fc.tuple(pick, pick).map(([b, d]) => new IngestReusedTitle(b, d))],
    [2, pick.map((b) => new CreateBaseReusingName(b))],
    [
      1,
      fc
        .tuple(pick, fc.constantFrom<Freeing>('detach', 'delete base', 'delete assistant'), pick)
        .map(([a, freeing, freed]) => new AttachAroundTheLimit(a, freeing, freed)),
    ],
  );
  if (transfer)
    weighted.push([
      1,
      fc
        .tuple(pick, fc.option(fc.boolean(), { nil: undefined }), viewLimit, viewTurn)
        .map(([a, keepAccess, limit, turn]) => new TransferAssistant(a, keepAccess, transfer, limit, turn)),
    ]);
  if (viewers.size > 0)
    weighted.push([
      1,
      fc
        .tuple(
          fc.constantFrom<ScopedWrite>('rename assistant', 'ingest text', 'delete base', 'attach base'),
          pick,
          pick,
        )
        .map(([write, a, b]) => new ScopedWriteRefused(write, a, b, viewers)),
    ]);
  return fc.oneof(...weighted.map(([weight, arbitrary]) => ({ weight, arbitrary })));
}
