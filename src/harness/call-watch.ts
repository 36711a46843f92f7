import type { CallObserver } from '../http/client.ts';
import { LedgerWriter } from '../resources/ledger.ts';
import { isWrite, type Spec } from '../spec/openapi.ts';
import type { ProvidedTarget } from '../context/provided.ts';

/** One ledger writer per worker and file, so that its entries' refs never repeat. */
const writers = new Map<string, LedgerWriter>();

function ledgerWriter(target: ProvidedTarget): LedgerWriter | undefined {
  const file = target.ledgerFile;
  if (file === undefined) return undefined;
  let writer = writers.get(file);
  if (writer === undefined) {
    writer = new LedgerWriter(file, target.keyring);
    writers.set(file, writer);
  }
  return writer;
}

/**
 * What watches every request a check's clients send: the run's ledger (each create written down
 * before it is sent) and, on a --read-only run, the guard that skips the check instead of sending
 * a write. A request to a path the document does not describe counts as a write unless it is a GET.
 */
export function callWatch(target: ProvidedTarget, spec: Spec, skip: (note: string) => never): CallObserver {
  const ledger = ledgerWriter(target);
  return {
    sending(call) {
      if (target.readOnly === true) {
        const operation = call.operationId === undefined ? undefined : spec.operation(call.operationId);
        if (operation === undefined ? call.method !== 'GET' : isWrite(operation))
          skip(
            `--read-only: the check would send a write (${operation?.label ?? `${call.method} ${call.path}`})`,
          );
      }
      return ledger?.sending(call);
    },
    answered(call, ref, exchange) {
      ledger?.answered(call, ref, exchange);
    },
  };
}
