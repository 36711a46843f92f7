import type { Body } from '../http/body.ts';
import type { FaultSwitch } from '../fault-switch.ts';
import { pluginFault, type PluginFault } from './faults.ts';
import type { PluginDoc } from './store.ts';

/*
 * The planted faults of how a create stores its body (self-test only). Each is one small change to
 * the plugin a correct create stores, kept here so that newPlugin stays what the document asks for.
 */

const NAME_COLUMN = 20;

/** The plugin a faulty create would store from `body`, given the one a correct create stores. */
export function withStoredFaults(doc: PluginDoc, body: Body, faults: FaultSwitch): PluginDoc {
  const fault = (id: PluginFault) => pluginFault(faults, id);
  const stored: PluginDoc = { ...doc };
  if (fault('plugins.title-lowercased')) stored.title = doc.title.toLowerCase();
  if (fault('plugins.name-truncated')) stored.name = doc.name.slice(0, NAME_COLUMN);
  if (fault('plugins.tags-first-only')) stored.tags = doc.tags.slice(0, 1);
  if (fault('plugins.os-first-only')) stored.os = doc.os.slice(0, 1);
  if (fault('plugins.human-description-from-ai')) stored.human_description = doc.ai_description;
  if (fault('plugins.ai-description-from-human')) stored.ai_description = doc.human_description;
  if (fault('plugins.parameters-as-string'))
    (stored as unknown as Body).parameters = JSON.stringify(doc.parameters);
  if (fault('plugins.is-anonymous-ignored')) stored.isAnonymous = false;
  if (fault('plugins.is-anonymous-not-required') && doc.isAnonymous === undefined) stored.isAnonymous = false;
  if (fault('plugins.connection-url-null-without-auth') && !doc.authentication_required && doc.connection_url)
    (stored as unknown as Body).connection_url = null;
  if (fault('plugins.logo-path-only') && doc.logo) stored.logo = new URL(doc.logo).pathname;
  if (fault('plugins.agentic-tool-as-boolean'))
    (stored as unknown as Body).is_agentic_tool =
      body.is_agentic_tool === undefined ? false : doc.is_agentic_tool;
  return stored;
}
