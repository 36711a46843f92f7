import { AccountDirectory } from './accounts.ts';
import { AttachmentStore } from './attachments.ts';
import { ShareLinks } from './assistants/share-links.ts';
import { PersonaStore } from './assistants/store.ts';
import { EventLog } from './events.ts';
import { NO_FAULTS, type FaultSwitch } from './fault-switch.ts';
import { FieldCipher } from './plugins/cipher.ts';
import { PluginStore } from './plugins/store.ts';

/** Everything the reference remembers, in memory, for one server's lifetime. */
export interface ReferenceState {
  accounts: AccountDirectory;
  personas: PersonaStore;
  shareLinks: ShareLinks;
  plugins: PluginStore;
  /** Encrypts plugin `func_run` / `func_schema` at rest with this server's own random key. */
  cipher: FieldCipher;
  attachments: AttachmentStore;
  events: EventLog;
  faults: FaultSwitch;
  now: () => Date;
}

export function createState(options: { faults?: FaultSwitch; now?: () => Date } = {}): ReferenceState {
  return {
    accounts: new AccountDirectory(),
    personas: new PersonaStore(),
    shareLinks: new ShareLinks(),
    plugins: new PluginStore(),
    cipher: FieldCipher.withRandomKey(),
    attachments: new AttachmentStore(),
    events: new EventLog(),
    faults: options.faults ?? NO_FAULTS,
    now: options.now ?? (() => new Date()),
  };
}

/** Route plugins are registered with `{ state }`. */
export interface StateOptions {
  state: ReferenceState;
}
