/**
 * The lists the API code owns, exported by `node apps/api/dist/cli/export-reference.js` into
 * generated/reference.json before every docs build. Imported at build time, so the pages are
 * server-rendered with the text and the search index covers it. Nothing here is written by hand.
 */
import reference from '@site/generated/reference.json';

export interface Transition {
  readonly to: string;
  readonly actors: readonly string[];
}
export interface EnrollmentStatus {
  readonly status: string;
  readonly id: number;
  readonly meaning: string;
  readonly statusForCustomers: string;
  readonly live: boolean;
  readonly hiddenFromCustomers: boolean;
  readonly next: readonly Transition[];
}
export interface DeliveryCharge {
  readonly name: string;
  readonly type: string;
  readonly charge: number;
  readonly uom_from: number | null;
  readonly uom_to: number | null;
}
export interface Utility {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly formal_name: string;
  readonly commodity: string;
  readonly state: string;
  readonly market: string;
  readonly ldc_label: string;
  readonly ldc_prefix: string | null;
  readonly ldc_length: number;
  readonly ldc_only_numbers: boolean;
  readonly ldc_mask: string | null;
  readonly sample_bill_label: string | null;
  readonly rescission_period: number;
  readonly allow_weekend_start_dates: boolean;
  readonly min_credit_score: number | null;
  readonly etf_windows: number;
  readonly renewal_alert: number;
  readonly switch_types: readonly string[];
  readonly charges_effective_date: string | null;
  readonly delivery_charges: readonly DeliveryCharge[];
}
export interface ProspectTransition {
  readonly from: string;
  readonly to: string;
  readonly by: string;
  readonly effect: string;
}
export interface RolePermission {
  readonly operationId: string;
  readonly action: string;
  readonly roleGroups: readonly string[];
  readonly note?: string;
}
export interface Outcome {
  readonly input: string;
  readonly outcome: string;
}
export interface AutoresponderTrigger {
  readonly key: string;
  readonly source: string;
  readonly fires: string;
  readonly notificationKind: string | null;
  readonly variables: readonly string[];
}
export interface ReplacementVariable {
  readonly name: string;
  readonly description: string;
  readonly example: string;
  readonly sources: readonly string[];
  readonly computed: string;
}
export interface Reference {
  readonly errorCodes: readonly { code: string; status: number; description: string }[];
  readonly planTypes: readonly { id: number; name: string }[];
  readonly billingDeliveryMethods: readonly { id_method_delivery: number; name: string }[];
  readonly timeOfUseShape: {
    readonly summerMonths: readonly number[];
    readonly seasonWeight: Record<string, number>;
    readonly dayTypeWeight: Record<string, number>;
    readonly hourlyShare: Record<string, readonly number[]>;
  };
  readonly utilities: readonly Utility[];
  readonly zipcodes: readonly {
    zipcode: string;
    city: string;
    county: string;
    state: string;
    utility: string;
  }[];
  readonly customerTypes: readonly (Record<string, string | number> & { name: string; code: string })[];
  readonly backgroundTasks: readonly { name: string; description: string; everySeconds: number }[];
  readonly enrollmentStatuses: readonly EnrollmentStatus[];
  readonly agentDefaultQueue: readonly string[];
  readonly dropReasons: readonly { id: number; name: string; etf: boolean }[];
  readonly creditDefaults: Record<string, number>;
  readonly prospects: {
    readonly statuses: readonly string[];
    readonly signingStatuses: readonly string[];
    readonly transitions: readonly ProspectTransition[];
    readonly rolePermissions: readonly RolePermission[];
    readonly signingEvents: Record<string, string>;
    readonly pricingMatrixColumns: readonly string[];
  };
  readonly roleGroups: readonly string[];
  readonly autoresponderTriggers: readonly AutoresponderTrigger[];
  readonly replacementVariables: readonly ReplacementVariable[];
  readonly sandbox: {
    readonly company: string;
    readonly apiKey: string;
    readonly apiSecret: string;
    readonly customer: { readonly username: string; readonly password: string };
    readonly affiliate: { readonly name: string; readonly apiKey: string; readonly apiSecret: string };
    readonly creditBureau: readonly Outcome[];
    readonly billingSystem: readonly Outcome[];
    readonly paymentGateway: readonly Outcome[];
    /** The Operations console's sandbox staff (apps/api/src/db/seed/staff.ts). */
    readonly staff: readonly { email: string; password: string; role: string }[];
  };
  readonly routes: readonly {
    method: string;
    url: string;
    operationId: string;
    access: string;
    roleGroups: readonly string[];
  }[];
  readonly connectorContracts: {
    readonly creditBureau: ContractDocument;
    readonly billingSystem: ContractDocument;
  };
  /** The company file's JSON Schema (apps/api/src/modules/company/company-file.ts). */
  readonly companyFile: Record<string, unknown>;
  /** The Operations console's roles and permissions (apps/api/src/modules/staff/roles.ts) and its operations. */
  readonly consoleAccess: ConsoleAccess;
}

/** A console operation with the permission its route names (`public`: before sign-in; `signed-in`: anyone). */
export interface ConsoleOperation {
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  readonly permission: string;
  readonly summary: string;
  readonly tags: readonly string[];
}

export interface ConsoleAccess {
  readonly permissions: readonly { permission: string; description: string }[];
  readonly roles: readonly { role: string; permissions: readonly string[] }[];
  readonly operations: readonly ConsoleOperation[];
}

/** The OpenAPI document of a connector contract (apps/api/src/adapters/connector-contract/document.ts). */
export interface ContractDocument {
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly paths: Record<
    string,
    {
      readonly post: {
        readonly operationId: string;
        readonly summary: string;
        readonly description: string;
      };
    }
  >;
  readonly components: {
    readonly 'x-error-codes': readonly {
      code: string;
      status: number;
      treatment: 'refused' | 'retried';
      description: string;
    }[];
  };
}

export const data = reference as unknown as Reference;
