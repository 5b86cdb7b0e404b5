import type { Generated } from 'kysely';
import type { Flag } from '../columns.js';

/** A set of autoresponder templates for one brand, language and customer type. */
export interface AutoresponderPackagesTable {
  id: Generated<number>;
  company_id: number;
  brand_id: number;
  language_id: number;
  customer_type_id: number;
  name: string;
  active: Flag;
  created_at: string;
}

/** One email of a package, sent when its trigger fires; subject and body hold {{variable}} placeholders. */
export interface AutoresponderTemplatesTable {
  id: Generated<number>;
  package_id: number;
  trigger_key: string;
  subject: string;
  body: string;
  active: Flag;
  created_at: string;
  updated_at: string;
}

/** One template sent for one event: unique per (template, source_key), so re-runs and other nodes send once. */
export interface AutoresponderSendsTable {
  id: Generated<number>;
  company_id: number;
  template_id: number;
  trigger_key: string;
  source_key: string;
  customer_id: number | null;
  enrollment_id: number | null;
  prospect_id: number | null;
  /** queued: in the mail outbox; no_recipient: nobody had an email address, nothing was queued. */
  status: string;
  /** Masked recipient, for the list; the outbox holds the address. */
  recipient: string | null;
  subject: string;
  /** JSON list of the variables that had no value and rendered empty. */
  missing_variables: string;
  outbox_id: number | null;
  created_at: string;
}

export interface AutoresponderTables {
  autoresponder_packages: AutoresponderPackagesTable;
  autoresponder_templates: AutoresponderTemplatesTable;
  autoresponder_sends: AutoresponderSendsTable;
}
